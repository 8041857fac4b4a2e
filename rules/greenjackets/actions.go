package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// An Outcome is a ruling and the notes of what it changed on the roster.
type Outcome struct {
	Ruling rules.Ruling
	Notes  []string
}

// An ObserveOrder is an officer's observation roll (G6).
type ObserveOrder struct {
	Actor rules.Actor
	Spotting
}

// Observe resolves an observation and records what the officer spots this turn.
func (b *Board) Observe(src dice.Source, o ObserveOrder) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		s := o.Spotting
		c := b.Character(s.Officer)
		if c == nil {
			return Outcome{}, rules.Breachf("There is no character called %s on the roster.", rules.Inert(s.Officer))
		}
		if err := mayCommand(o.Actor, c, "observe for "+c.Name); err != nil {
			return Outcome{}, err
		}
		if err := b.inSight(o.Actor, s.Target); err != nil {
			return Outcome{}, err
		}
		if b.Running() && c.Observed == b.Turn.Number && !s.Contact {
			return Outcome{}, rules.Breachf("%s has already made his observation roll this move (G6: one per officer per move).", c.Name)
		}
		ord, err := b.orderFor(c, nil, 0, actObserve)
		if err != nil {
			return Outcome{}, err
		}
		sec, onRoster := b.sectionNamed(s.Target)
		if onRoster && !sec.enemy(c) {
			return Outcome{}, rules.Breachf("%s is on %s's own side: observe an enemy section.", sec.label(), c.Name)
		}
		s.Officer = c.Name
		r, spot, err := Spot(src, s)
		if err != nil {
			return Outcome{}, err
		}
		if b.Running() && !s.Contact {
			c.Observed = b.Turn.Number
		}
		notes := []string{spottedNote(c, sec, onRoster, spot.Spotted, b.Running())}
		if b.Running() && onRoster && spot.Spotted {
			c.spot(sec.key, s.Contact)
		}
		if onRoster && spot.Spotted {
			b.spotted(c, sec.key) // G6: his side sees it now
			if t := b.Character(sec.key); t != nil && s.Contact {
				b.spotted(t, c.Name) // contact: and it sees his
			}
		}
		return Outcome{Ruling: r, Notes: append(notes, ord.pay(b))}, nil
	})
}

// spottedNote says what an observation leaves recorded for fire and melee (G6).
func spottedNote(c *Character, sec section, onRoster, spotted, running bool) string {
	switch {
	case !onRoster:
		return "Name an enemy squad, figure or character on the roster (target:) to record what he spots."
	case !running:
		return "No turn is running: the sighting is not recorded."
	case spotted:
		return fmt.Sprintf("%s is spotted: %s's squads may fire at it this turn.", sec.label(), c.Name)
	}
	return fmt.Sprintf("%s is not spotted: %s's squads may not fire at it or close with it this turn unless they move into contact.", sec.label(), c.Name)
}

// stepped runs an action with no dice on each squad of cmd: apply says what it
// did and the steps (no dice) to show.
func (b *Board) stepped(cmd Command, k kind, title string, readings []rules.Reading, apply func(b *Board, s *Squad) (string, []rules.Step, error)) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		o, err := b.command(cmd, k)
		if err != nil {
			return Outcome{}, err
		}
		r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("%s: %s", title, squadNames(o.squads)), Readings: append([]rules.Reading{reading("G3")}, readings...)}
		if cmd.Distance > 6 {
			r.Readings = append(r.Readings, reading("G4"))
		}
		var parts []string
		for _, s := range o.squads {
			p, steps, err := apply(b, s)
			if err != nil {
				return Outcome{}, err
			}
			parts = append(parts, p)
			r.Steps = append(r.Steps, steps...)
		}
		r.Result = strings.Join(parts, " ")
		return Outcome{Ruling: r, Notes: []string{o.pay(b)}}, nil
	})
}

// simple is stepped for an action that shows no steps.
func (b *Board) simple(cmd Command, k kind, title string, apply func(b *Board, s *Squad) (string, error)) (Outcome, error) {
	return b.stepped(cmd, k, title, nil, func(b *Board, s *Squad) (string, []rules.Step, error) {
		p, err := apply(b, s)
		return p, nil, err
	})
}

func squadNames(squads []*Squad) string {
	var ns []string
	for _, s := range squads {
		ns = append(ns, s.Name)
	}
	return strings.Join(ns, ", ")
}

// TakeCover has the squads get down and use the cover: prone.
func (b *Board) TakeCover(cmd Command) (Outcome, error) {
	return b.simple(cmd, actCover, "Take cover", func(b *Board, s *Squad) (string, error) {
		for _, f := range s.Living() {
			f.Prone = true
		}
		return s.Name + " gets down and makes use of the cover (prone: −2 to be hit, −2 to be spotted).", nil
	})
}

// GetUp has prone squads get up.
func (b *Board) GetUp(cmd Command) (Outcome, error) {
	return b.simple(cmd, actGetUp, "Get up", func(b *Board, s *Squad) (string, error) {
		prone := false
		for _, f := range s.Living() {
			prone = prone || f.Prone
			f.Prone = false
		}
		if !prone {
			return "", rules.Breachf("%s is not prone.", s.Name)
		}
		return s.Name + " gets up.", nil
	})
}

// Limber limbers a squad's gun to its horses.
func (b *Board) Limber(cmd Command) (Outcome, error) {
	return b.simple(cmd, actLimber, "Limber", func(b *Board, s *Squad) (string, error) {
		g := s.Gun()
		switch {
		case g == nil:
			return "", rules.Breachf("%s has no gun to limber.", s.Name)
		case s.Limbered:
			return "", rules.Breachf("%s's gun is already limbered.", s.Name)
		case g.Destroyed || g.Wheel:
			return "", rules.Breachf("%s's gun cannot be moved (%s).", s.Name, b.FigureState(s, g))
		}
		s.Limbered = true
		return s.Name + " limbers the gun to its horses: it may jog and run, not fire.", nil
	})
}

// Unlimber unlimbers a squad's gun and sets it up.
func (b *Board) Unlimber(cmd Command) (Outcome, error) {
	return b.simple(cmd, actUnlimber, "Unlimber", func(b *Board, s *Squad) (string, error) {
		switch {
		case s.Gun() == nil:
			return "", rules.Breachf("%s has no gun to unlimber.", s.Name)
		case !s.Limbered:
			return "", rules.Breachf("%s's gun is already unlimbered.", s.Name)
		}
		s.Limbered = false
		return s.Name + " unlimbers and sets up the gun.", nil
	})
}

// Aim has the loaded figures of the squads (only those named, when any are) take aim.
func (b *Board) Aim(cmd Command, only []string) (Outcome, error) {
	return b.simple(cmd, actAim, "Take aim", func(b *Board, s *Squad) (string, error) {
		var aimed []string
		for _, f := range s.Living() {
			if len(only) > 0 && !containsName(only, f.Name) {
				continue
			}
			if f.Loaded && !b.Stunned(f.StunnedUntil) {
				f.Aimed = true
				aimed = append(aimed, f.Name)
			}
		}
		if len(aimed) == 0 {
			return "", rules.Breachf("No one in %s has a loaded weapon to aim.", s.Name)
		}
		return fmt.Sprintf("%s take aim (+2 to their next shot).", strings.Join(aimed, ", ")), nil
	})
}

// A ReloadOrder is one reloading action for every figure of the squads not
// loaded (only those named, when any are).
type ReloadOrder struct {
	Command
	Figures []string
	// Tap: rifles are tap-loaded (G10).
	Tap bool
	// Ammo is what a gun is loaded with ("": what it was loading).
	Ammo Ammo
}

// Reload resolves a reloading action (G11) and returns each figure's loading.
func (b *Board) Reload(o ReloadOrder) (Outcome, []ReloadOutcome, error) {
	var loads []ReloadOutcome
	out, err := b.stepped(o.Command, actReload, "Reload", []rules.Reading{reading("G11")}, func(b *Board, s *Squad) (string, []rules.Step, error) {
		if s.Charged == b.Turn.Number && b.Running() {
			return "", nil, rules.Breachf("%s charged this move and cannot reload in it.", s.Name)
		}
		var steps []rules.Step
		crewLost := s.CrewLost()
		var done, loaded []string
		for _, f := range s.Living() {
			if len(o.Figures) > 0 && !containsName(o.Figures, f.Name) || f.Loaded || f.Weapon == None || b.Stunned(f.StunnedUntil) {
				continue
			}
			if f.Weapon == Cannon {
				if o.Ammo == "" && f.Ammo == "" {
					return "", nil, rules.Breachf("Say what %s is loading: ammo:roundshot, canister, shell or shrapnel.", f.Name)
				}
				if o.Ammo != "" {
					f.Ammo = o.Ammo
				}
			}
			tap := f.Weapon == Rifle && (o.Tap || f.Tap)
			st, ro, err := ReloadStep(Reload{Name: f.Name, Weapon: f.Weapon, Tap: tap, CrewLost: crewLost, Done: f.Reloading})
			if err != nil {
				return "", nil, err
			}
			steps = append(steps, st)
			loads = append(loads, ro)
			f.Reloading, f.Tap = ro.Done, tap
			done = append(done, f.Name)
			if ro.Loaded {
				f.Loaded, f.Reloading = true, 0
				loaded = append(loaded, f.Name)
			}
		}
		switch {
		case len(done) == 0:
			return "", nil, rules.Breachf("No one in %s needs to (or can) reload.", s.Name)
		case len(loaded) == 0:
			return fmt.Sprintf("%s reloading; no one is loaded yet.", strings.Join(done, ", ")), steps, nil
		}
		return fmt.Sprintf("Loaded: %s.", strings.Join(loaded, ", ")), steps, nil
	})
	if err != nil {
		return Outcome{}, nil, err
	}
	return out, loads, nil
}

// A RallyOrder is a rally action on one squad (G22).
type RallyOrder struct {
	Command
	// OfficerNear: its officer or a hero is in contact or within 3".
	OfficerNear bool
}

// Rally resolves a rally action (G22).
func (b *Board) Rally(src dice.Source, o RallyOrder) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		ord, err := b.commandOne(o.Command, actRally, "Each squad must be rallied individually (section 12).")
		if err != nil {
			return Outcome{}, err
		}
		s := ord.squads[0]
		r, st, err := RallySquad(src, Rally{Squad: s.Name, State: s.Morale, OfficerNear: o.OfficerNear})
		if err != nil {
			return Outcome{}, err
		}
		var notes []string
		if s.Morale == Routing && ord.char != nil && b.Turn.Number > 0 {
			ord.char.RallyOnly = b.Turn.Number
			notes = append(notes, ord.char.Name+" may only move and rally for the rest of this turn.")
		}
		s.Morale = st
		return Outcome{Ruling: r, Notes: append(notes, ord.pay(b))}, nil
	})
}

// CallMorale records the umpire's call of a morale test for a squad (G5).
func (b *Board) CallMorale(squad string) (*Squad, error) {
	return atomically(b, func(b *Board) (*Squad, error) {
		squads, err := b.squadsNamed([]string{squad})
		if err != nil {
			return nil, err
		}
		squads[0].Called = true
		return squads[0], nil
	})
}

var moraleRank = map[Morale]int{Steady: 0, Pinned: 1, Running: 2, Routing: 3}

// Morale resolves a squad's morale test (G21): owed after a friend's death,
// or called by the umpire (who may also test a squad that owes none).
func (b *Board) Morale(src dice.Source, cmd Command, h House) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		ord, err := b.commandOne(cmd, actMorale, "Squads test morale one at a time.")
		if err != nil {
			return Outcome{}, err
		}
		s := ord.squads[0]
		if s.Owed == 0 && !s.Called && !cmd.Actor.Umpire {
			return Outcome{}, rules.Breachf("%s owes no morale test: a test follows a friend's death or the umpire's call (G5).", s.Name)
		}
		r, st := Test(src, MoraleTest{Squad: s.Name, Quality: s.Quality, Dead: s.DeadCount(), Literal: h.MoraleLiteral})
		notes := []string{fmt.Sprintf("%s stays %s.", s.Name, s.Morale)}
		if moraleRank[st] > moraleRank[s.Morale] {
			s.Morale = st
			notes[0] = fmt.Sprintf("%s is now %s.", s.Name, st)
		}
		if st == Running || st == Routing {
			if away := b.moveAway(s.Name); len(away) > 0 {
				notes = append(notes, fmt.Sprintf("%s runs out of contact with %s (G6a).", s.Name, strings.Join(away, ", ")))
			}
		}
		s.Owed, s.Called = 0, false
		return Outcome{Ruling: r, Notes: notes}, nil
	})
}

// A HitOrder is the effect of hits on one figure or character (G12, G13).
type HitOrder struct {
	Target string
	Hits   int
	// Choose is "rider" or "horse" when a rifle within 20" picks (G12).
	Choose string
}

// Hit rolls the effect of each hit on the target and records it.
func (b *Board) Hit(src dice.Source, o HitOrder) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		ts := b.targets(o.Target)
		if len(ts) != 1 {
			return Outcome{}, rules.Breachf("Name one figure or character to take the hits.")
		}
		t := ts[0]
		if t.dead() {
			return Outcome{}, rules.Breachf("%s is already dead.", t.name())
		}
		ht := t.hitTarget()
		if ht.Mounted {
			ht.Choose = o.Choose
		}
		r, hits := Hits(src, ht, o.Hits)
		var notes []string
		for _, h := range hits {
			notes = append(notes, b.applyHit(t, h))
		}
		return Outcome{Ruling: r, Notes: notes}, nil
	})
}
