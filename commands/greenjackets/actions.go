package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Observe is /greenjackets observe: an officer's spotting roll (G6).
func (*Ruleset) Observe(tx *battle.Tx) (interaction.Response, error) {
	rng, err := required(tx, optRange, "distance to the enemy section")
	if err != nil {
		return interaction.Response{}, err
	}
	cv, err := cover(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	sp, err := speed(tx, optSpeed)
	if err != nil {
		return interaction.Response{}, err
	}
	s := gj.Spotting{Officer: tx.Req.String(optOfficer), Target: tx.Req.String(optTarget), Distance: rng, Cover: cv, Speed: sp,
		EnemyFiring: tx.Req.Bool(optEnemyFiring), EnemyProne: tx.Req.Bool(optEnemyProne), Contact: tx.Req.Bool(optContact)}
	if !rosterMode(tx, optOfficer) {
		r, _, err := gj.Spot(tx.Dice(), s)
		if err != nil {
			return interaction.Response{}, err
		}
		return reply(tx, r), nil
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	c := b.Character(s.Officer)
	if c == nil {
		return interaction.Response{}, interaction.Refusef("There is no character called %s on the roster.", render.Inert(s.Officer))
	}
	if err := mayCommand(tx, c, "observe for "+c.Name); err != nil {
		return interaction.Response{}, err
	}
	running := b.Turn.Number > 0 && !b.Turn.Ended
	if running && c.Observed == b.Turn.Number && !s.Contact {
		return interaction.Response{}, rules.Breachf("%s has already made his observation roll this move (G6: one per officer per move).", c.Name)
	}
	o, err := orderFor(tx, b, c, nil, 0, actObserve)
	if err != nil {
		return interaction.Response{}, err
	}
	sec, onRoster := sectionNamed(b, s.Target)
	if onRoster && !sec.enemy(c) {
		return interaction.Response{}, rules.Breachf("%s is on %s's own side: observe an enemy section.", sec.label(), c.Name)
	}
	s.Officer = c.Name
	r, out, err := gj.Spot(tx.Dice(), s)
	if err != nil {
		return interaction.Response{}, err
	}
	if running && !s.Contact {
		c.Observed = b.Turn.Number
	}
	notes := []string{spottedNote(c, sec, onRoster, out.Spotted, running)}
	if running && onRoster && out.Spotted {
		c.spot(sec.key, s.Contact)
	}
	notes = append(notes, o.pay(b))
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r, notes...), nil
}

// spottedNote says what an observation leaves recorded for fire and melee (G6).
func spottedNote(c *Character, sec section, onRoster, spotted, running bool) string {
	switch {
	case !onRoster:
		return "Name an enemy squad, figure or character on the roster (target:) to record what he spots."
	case !running:
		return "No turn is running: the sighting is not recorded."
	case spotted:
		return fmt.Sprintf("%s is spotted: %s's squads may fire at it this turn.", render.Inert(sec.label()), render.Inert(c.Name))
	}
	return fmt.Sprintf("%s is not spotted: %s's squads may not fire at it or close with it this turn unless they move into contact.",
		render.Inert(sec.label()), render.Inert(c.Name))
}

// Move is /greenjackets move (G7).
func (*Ruleset) Move(tx *battle.Tx) (interaction.Response, error) {
	sp, err := speed(tx, optSpeed)
	if err != nil {
		return interaction.Response{}, err
	}
	inch, hasInch, err := number(tx, optInches)
	if err != nil {
		return interaction.Response{}, err
	}
	if !rosterMode(tx, optSquad) {
		arm, err := gj.ParseArm(tx.Req.String(optArm))
		if err != nil {
			return interaction.Response{}, err
		}
		moved, _, err := number(tx, optMoved)
		if err != nil {
			return interaction.Response{}, err
		}
		m := gj.Move{Squad: tx.Req.String(optSquad), Arm: arm, Speed: sp, Road: tx.Req.Bool(optRoad), Wounded: tx.Req.Bool(optWounded),
			Woods: tx.Req.Bool(optWoods), WoodsPassable: tx.Req.Bool(optWoodsPassable), Moved: moved,
			TurnsSinceRun: tx.Req.IntOr(optRanAgo, 0), Limbered: tx.Req.Bool(optLimbered) || !tx.Req.Has(optLimbered)}
		r, _, err := gj.Allowance(m)
		if err != nil {
			return interaction.Response{}, err
		}
		return reply(tx, r), nil
	}
	b, squads, err := rosterSquads(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	o, _, err := orderSquads(tx, b, squads, actMove)
	if err != nil {
		return interaction.Response{}, err
	}
	turn := b.Turn.Number
	all := rules.Ruling{Ruleset: gj.ID, Title: fmt.Sprintf("Move: %s at %s", squadNames(squads), sp)}
	var notes []string
	for _, s := range squads {
		switch s.Morale {
		case gj.Pinned:
			return interaction.Response{}, rules.Breachf("%s is pinned and may not move: rally it first.", s.Name)
		case gj.Running, gj.Routing:
			return interaction.Response{}, rules.Breachf("%s is %s and out of its officer's hand: rally it first.", s.Name, s.Morale)
		}
		var movers []string
		wounded := false
		for _, f := range s.Living() {
			if b.Stunned(f.StunnedUntil) {
				notes = append(notes, render.Inert(f.Name)+" is stunned and stays put.")
				continue
			}
			if f.Destroyed {
				notes = append(notes, render.Inert(f.Name)+" is destroyed and cannot be moved.")
				continue
			}
			if f.Wheel {
				notes = append(notes, render.Inert(f.Name)+" has lost a wheel and cannot be moved.")
				continue
			}
			if f.Serious > 0 {
				wounded = true
			}
			movers = append(movers, f.Name)
		}
		if len(movers) == 0 {
			return interaction.Response{}, rules.Breachf("No one in %s is able to move.", s.Name)
		}
		moved := 0.0
		if s.MovedTurn == turn {
			moved = s.Moved
		}
		ago := 0 // running again in the turn it ran is the same move
		if s.RanTurn > 0 && s.RanTurn != turn {
			ago = turn - s.RanTurn
		}
		arm := s.Arm
		if s.Gun() != nil {
			arm = gj.Artillery
		}
		m := gj.Move{Squad: s.Name, Arm: arm, Speed: sp, Road: tx.Req.Bool(optRoad), Wounded: wounded, Woods: tx.Req.Bool(optWoods),
			WoodsPassable: tx.Req.Bool(optWoodsPassable), Moved: moved, TurnsSinceRun: ago, Limbered: s.Limbered || s.Gun() == nil}
		r, out, err := gj.Allowance(m)
		if err != nil {
			return interaction.Response{}, err
		}
		goes := out.Inches
		if hasInch {
			if inch > out.Inches {
				return interaction.Response{}, rules.Breachf("%s can move at most %s with this order.", s.Name, inches(out.Inches))
			}
			goes = inch
		}
		all.Steps = append(all.Steps, r.Steps...)
		all.Readings = r.Readings
		s.Moved, s.MovedTurn = moved+goes, turn
		if sp == gj.Run {
			s.RanTurn, s.Charged = turn, turn
		}
		for _, f := range s.Living() {
			if slices.Contains(movers, f.Name) {
				f.Aimed = false
			}
		}
		line := fmt.Sprintf("%s moves %s (%s of %s this turn).", s.Name, inches(goes), inches(s.Moved), inches(out.Max))
		if wounded {
			line += " Wounded men halve its movement."
		}
		all.Result = strings.TrimSpace(all.Result + " " + line)
	}
	notes = append(notes, o.pay(b))
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, all, notes...), nil
}

func squadNames(squads []*Squad) string {
	var ns []string
	for _, s := range squads {
		ns = append(ns, s.Name)
	}
	return strings.Join(ns, ", ")
}

// simple runs an action with no dice that changes each squad's figures.
func simple(tx *battle.Tx, k kind, title string, apply func(b *Board, s *Squad) (string, error)) (interaction.Response, error) {
	return stepped(tx, k, title, nil, func(b *Board, s *Squad) (string, []rules.Step, error) {
		p, err := apply(b, s)
		return p, nil, err
	})
}

// stepped is simple with steps (no dice) shown for each squad.
func stepped(tx *battle.Tx, k kind, title string, readings []rules.Reading, apply func(b *Board, s *Squad) (string, []rules.Step, error)) (interaction.Response, error) {
	b, squads, err := rosterSquads(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	o, dist, err := orderSquads(tx, b, squads, k)
	if err != nil {
		return interaction.Response{}, err
	}
	r := rules.Ruling{Ruleset: gj.ID, Title: fmt.Sprintf("%s: %s", title, squadNames(squads)), Readings: append([]rules.Reading{gj.Readings["G3"]}, readings...)}
	if dist > 6 {
		r.Readings = append(r.Readings, gj.Readings["G4"])
	}
	var parts []string
	for _, s := range squads {
		p, steps, err := apply(b, s)
		if err != nil {
			return interaction.Response{}, err
		}
		parts = append(parts, p)
		r.Steps = append(r.Steps, steps...)
	}
	r.Result = strings.Join(parts, " ")
	note := o.pay(b)
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r, note), nil
}

// Cover is /greenjackets cover: take cover / go prone.
func (*Ruleset) Cover(tx *battle.Tx) (interaction.Response, error) {
	return simple(tx, actCover, "Take cover", func(b *Board, s *Squad) (string, error) {
		for _, f := range s.Living() {
			f.Prone = true
		}
		return s.Name + " gets down and makes use of the cover (prone: −2 to be hit, −2 to be spotted).", nil
	})
}

// GetUp is /greenjackets getup.
func (*Ruleset) GetUp(tx *battle.Tx) (interaction.Response, error) {
	return simple(tx, actGetUp, "Get up", func(b *Board, s *Squad) (string, error) {
		any := false
		for _, f := range s.Living() {
			any = any || f.Prone
			f.Prone = false
		}
		if !any {
			return "", rules.Breachf("%s is not prone.", s.Name)
		}
		return s.Name + " gets up.", nil
	})
}

// Limber is /greenjackets limber.
func (*Ruleset) Limber(tx *battle.Tx) (interaction.Response, error) {
	return simple(tx, actLimber, "Limber", func(b *Board, s *Squad) (string, error) {
		g := s.Gun()
		switch {
		case g == nil:
			return "", rules.Breachf("%s has no gun to limber.", s.Name)
		case s.Limbered:
			return "", rules.Breachf("%s's gun is already limbered.", s.Name)
		case g.Destroyed || g.Wheel:
			return "", rules.Breachf("%s's gun cannot be moved (%s).", s.Name, figureState(b, s, g))
		}
		s.Limbered = true
		return s.Name + " limbers the gun to its horses: it may jog and run, not fire.", nil
	})
}

// Unlimber is /greenjackets unlimber.
func (*Ruleset) Unlimber(tx *battle.Tx) (interaction.Response, error) {
	return simple(tx, actUnlimber, "Unlimber", func(b *Board, s *Squad) (string, error) {
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

// Aim is /greenjackets aim.
func (*Ruleset) Aim(tx *battle.Tx) (interaction.Response, error) {
	only := names(tx.Req.String(optFigures))
	return simple(tx, actAim, "Take aim", func(b *Board, s *Squad) (string, error) {
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

func containsName(list []string, name string) bool {
	return slices.ContainsFunc(list, func(n string) bool { return same(n, name) })
}

// Reload is /greenjackets reload: one reloading action for every figure not loaded (G11).
func (*Ruleset) Reload(tx *battle.Tx) (interaction.Response, error) {
	if !rosterMode(tx, optSquad) {
		w, err := gj.ParseWeapon(tx.Req.String(optWeapon))
		if err != nil {
			return interaction.Response{}, err
		}
		st, out, err := gj.ReloadStep(gj.Reload{Weapon: w, Tap: tx.Req.Bool(optTap), CrewLost: tx.Req.IntOr(optCrewLost, 0), Done: tx.Req.IntOr(optDone, 0)})
		if err != nil {
			return interaction.Response{}, err
		}
		r := rules.Ruling{Ruleset: gj.ID, Title: "Reload: " + string(w), Steps: []rules.Step{st}, Readings: []rules.Reading{gj.Readings["G11"]},
			Result: fmt.Sprintf("%d of %d reloading actions done.", out.Done, out.Needed)}
		if out.Loaded {
			r.Result = "Loaded: " + r.Result
		}
		return reply(tx, r), nil
	}
	only := names(tx.Req.String(optFigures))
	var ammo gj.Ammo
	if tx.Req.Has(optAmmo) {
		a, err := gj.ParseAmmo(tx.Req.String(optAmmo))
		if err != nil {
			return interaction.Response{}, err
		}
		ammo = a
	}
	return stepped(tx, actReload, "Reload", []rules.Reading{gj.Readings["G11"]}, func(b *Board, s *Squad) (string, []rules.Step, error) {
		var steps []rules.Step
		if s.Charged == b.Turn.Number && b.Turn.Number > 0 && !b.Turn.Ended {
			return "", nil, rules.Breachf("%s charged this move and cannot reload in it.", s.Name)
		}
		crewLost := s.CrewLost()
		var done, loaded []string
		for _, f := range s.Living() {
			if len(only) > 0 && !containsName(only, f.Name) || f.Loaded || f.Weapon == gj.None {
				continue
			}
			if b.Stunned(f.StunnedUntil) {
				continue
			}
			if f.Weapon == gj.Cannon {
				if ammo == "" && f.Ammo == "" {
					return "", nil, interaction.Refusef("Say what %s is loading: ammo:roundshot, canister, shell or shrapnel.", render.Inert(f.Name))
				}
				if ammo != "" {
					f.Ammo = ammo
				}
			}
			tap := f.Weapon == gj.Rifle && (tx.Req.Bool(optTap) || f.Tap)
			st, out, err := gj.ReloadStep(gj.Reload{Name: f.Name, Weapon: f.Weapon, Tap: tap, CrewLost: crewLost, Done: f.Reloading})
			if err != nil {
				return "", nil, err
			}
			steps = append(steps, st)
			f.Reloading, f.Tap = out.Done, tap
			done = append(done, f.Name)
			if out.Loaded {
				f.Loaded, f.Reloading = true, 0
				loaded = append(loaded, f.Name)
			}
		}
		if len(done) == 0 {
			return "", nil, rules.Breachf("No one in %s needs to (or can) reload.", s.Name)
		}
		if len(loaded) == 0 {
			return fmt.Sprintf("%s reloading; no one is loaded yet.", strings.Join(done, ", ")), steps, nil
		}
		return fmt.Sprintf("Loaded: %s.", strings.Join(loaded, ", ")), steps, nil
	})
}

// Rally is /greenjackets rally (G22).
func (*Ruleset) Rally(tx *battle.Tx) (interaction.Response, error) {
	near := tx.Req.Bool(optOfficerNear)
	if !rosterMode(tx, optSquad) {
		st, err := gj.ParseMorale(tx.Req.String(optState))
		if err != nil {
			return interaction.Response{}, err
		}
		r, _, err := gj.RallySquad(tx.Dice(), gj.Rally{State: st, OfficerNear: near})
		if err != nil {
			return interaction.Response{}, err
		}
		return reply(tx, r), nil
	}
	b, s, err := rosterSquad(tx, rules.Breachf("Each squad must be rallied individually (section 12)."))
	if err != nil {
		return interaction.Response{}, err
	}
	o, _, err := orderSquads(tx, b, []*Squad{s}, actRally)
	if err != nil {
		return interaction.Response{}, err
	}
	r, st, err := gj.RallySquad(tx.Dice(), gj.Rally{Squad: s.Name, State: s.Morale, OfficerNear: near})
	if err != nil {
		return interaction.Response{}, err
	}
	var notes []string
	if s.Morale == gj.Routing && o.char != nil && b.Turn.Number > 0 {
		o.char.RallyOnly = b.Turn.Number
		notes = append(notes, render.Inert(o.char.Name)+" may only move and rally for the rest of this turn.")
	}
	s.Morale = st
	notes = append(notes, o.pay(b))
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r, notes...), nil
}

// Morale is /greenjackets morale (G21): a test, or the umpire calling one.
func (*Ruleset) Morale(tx *battle.Tx) (interaction.Response, error) {
	literal := tx.HouseRule(gj.HouseMoraleDead) == "literal"
	if !rosterMode(tx, optSquad) {
		q, err := quality(tx, optQuality, gj.Trained)
		if err != nil {
			return interaction.Response{}, err
		}
		r, _ := gj.Test(tx.Dice(), gj.MoraleTest{Quality: q, Dead: tx.Req.IntOr(optDead, 0), Literal: literal})
		return reply(tx, r), nil
	}
	b, s, err := rosterSquad(tx, rules.Breachf("Squads test morale one at a time."))
	if err != nil {
		return interaction.Response{}, err
	}
	if tx.Req.Bool(optCall) {
		if err := tx.RequireUmpire("call a morale test"); err != nil {
			return interaction.Response{}, err
		}
		s.Called = true
		if err := roster.Save(tx, b, "morale test called for "+s.Name); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Say(fmt.Sprintf("The umpire calls a morale test for **%s**: it is resolved first in its officer's next move (G5).", render.Inert(s.Name))), nil
	}
	if _, err := giveOrder(tx, b, []*Squad{s}, 0, actMorale); err != nil {
		return interaction.Response{}, err
	}
	if s.Owed == 0 && !s.Called && !tx.IsUmpire() {
		return interaction.Response{}, rules.Breachf("%s owes no morale test: a test follows a friend's death or the umpire's call (G5).", s.Name)
	}
	r, st := gj.Test(tx.Dice(), gj.MoraleTest{Squad: s.Name, Quality: s.Quality, Dead: s.DeadCount(), Literal: literal})
	rank := map[gj.Morale]int{gj.Steady: 0, gj.Pinned: 1, gj.Running: 2, gj.Routing: 3}
	note := fmt.Sprintf("%s stays %s.", render.Inert(s.Name), s.Morale)
	if rank[st] > rank[s.Morale] {
		s.Morale = st
		note = fmt.Sprintf("%s is now %s.", render.Inert(s.Name), st)
	}
	s.Owed, s.Called = 0, false
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r, note), nil
}

// Hit is /greenjackets hit: the effect of hits on a figure or character (G12, G13).
func (*Ruleset) Hit(tx *battle.Tx) (interaction.Response, error) {
	n := tx.Req.IntOr(optHits, 1)
	if n < 1 || n > 20 {
		return interaction.Response{}, interaction.Refuse("Give between 1 and 20 hits.")
	}
	choose := tx.Req.String(optChoose)
	if !rosterMode(tx, optTarget) || len(targetsIn(tx)) == 0 {
		t := gj.HitTarget{Name: tx.Req.String(optTarget), Character: tx.Req.Bool(optCharacter), Mounted: tx.Req.Bool(optMounted),
			SeriouslyWounded: tx.Req.Bool(optWounded), Choose: choose}
		r, _ := gj.Hits(tx.Dice(), t, n)
		return reply(tx, r), nil
	}
	if err := tx.RequireUmpire("apply hits to the roster"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	ts := targets(b, tx.Req.String(optTarget))
	if len(ts) != 1 {
		return interaction.Response{}, interaction.Refuse("Name one figure or character to take the hits.")
	}
	t := ts[0]
	if t.dead() {
		return interaction.Response{}, rules.Breachf("%s is already dead.", t.name())
	}
	ht := t.hitTarget()
	if ht.Mounted {
		ht.Choose = choose
	}
	r, hits := gj.Hits(tx.Dice(), ht, n)
	var notes []string
	for _, h := range hits {
		notes = append(notes, applyHit(b, t, h))
	}
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r, notes...), nil
}

// targetsIn reports the roster targets named by the target option, if any.
func targetsIn(tx *battle.Tx) []target {
	b, err := load(tx)
	if err != nil {
		return nil
	}
	return targets(b, tx.Req.String(optTarget))
}

// mover is the invoker's character on the move (the umpire: the first on the move).
func mover(tx *battle.Tx, b *Board) (*Character, error) {
	if b.Turn.Number == 0 || b.Turn.Ended {
		return nil, interaction.Refuse("No turn is being played.")
	}
	for _, n := range b.Turn.Order {
		c := b.Character(n)
		if c != nil && (c.Player == tx.Req.User.ID || (tx.IsUmpire() && (c.Player == "" || same(n, b.Turn.Order[0])))) {
			return c, nil
		}
	}
	return nil, interaction.Refuse("None of your characters is on the move.")
}

// Pass is /greenjackets pass: end the move with AP unspent.
func (*Ruleset) Pass(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	c, err := mover(tx, b)
	if err != nil {
		return interaction.Response{}, err
	}
	left := c.AP
	c.State, c.AP = Acted, 0
	b.Turn.Order = slices.DeleteFunc(b.Turn.Order, func(n string) bool { return same(n, c.Name) })
	if err := roster.Save(tx, b, c.Name+" ends his move"); err != nil {
		return interaction.Response{}, err
	}
	msg := fmt.Sprintf("**%s** ends his move with %s unspent.", render.Inert(c.Name), plural(left, "AP", "AP"))
	if len(b.Turn.Order) > 0 {
		msg += fmt.Sprintf(" **%s** may go on.", render.Inert(b.Turn.Order[0]))
	}
	return interaction.Say(msg), nil
}
