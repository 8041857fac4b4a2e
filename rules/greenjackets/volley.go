package greenjackets

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Target movements a fire order may give (G8a): still, running or charging.
const (
	TargetStill    = "still"
	TargetRunning  = "running"
	TargetCharging = "charging"
)

// TargetMovings lists the target movements, still first.
var TargetMovings = []string{TargetStill, TargetRunning, TargetCharging}

// A FireOrder is one squad's small arms fire (G8–G10).
type FireOrder struct {
	Command
	// Target is what is fired at; a name on the roster takes the hits.
	Target FireTarget
	// Speed is the firers' speed as given; nil takes it from the record (G8a).
	Speed *Speed
	// TargetMoving is the target's movement as given; "" takes it from the record (G8a).
	TargetMoving string
	// Figures, when given, are the only figures that fire.
	Figures []string
	// Range is every firer's range; Ranges, when given, each firer's in order.
	Range  float64
	Ranges []float64
	// FigureRanges, when the fire was measured on the battle's table (not
	// nil), are the ranges of the figures placed apart from their squad, by
	// name; the others fire at Range, their squad's. A typed Ranges the table
	// contradicts is refused.
	FigureRanges map[string]float64
	// Measured is how the battle's table measured the fire, for its ruling.
	Measured []string
	Chances  int
	// Choose is "rider" or "horse" for a rifle within 20" (G12).
	Choose string
}

// recordedPace is the unit's last move order in the current turn, if any.
func (b *Board) recordedPace(turn int, p Pace) Pace {
	if !b.Running() || turn != b.Turn.Number {
		return ""
	}
	return p
}

// firersSpeed is the firers' speed from the order or the record, with the reading to show.
func (b *Board) firersSpeed(s *Squad, given *Speed) (Speed, []rules.Reading) {
	p := b.recordedPace(s.MovedTurn, s.Pace)
	record := Still
	switch p {
	case PaceJog:
		record = Jog
	case PaceRun, PaceCharge:
		record = Run
	}
	moved := s.Name + " has not moved this move"
	if p != "" {
		moved = fmt.Sprintf("%s moved at %s this move", s.Name, p)
	}
	switch {
	case given != nil && b.Running():
		return *given, []rules.Reading{{ID: "G8a", Text: fmt.Sprintf("the firers' speed is taken as given (%s), not from the record (%s).", nameOr(string(*given), "still"), moved)}}
	case given != nil:
		return *given, nil
	case record == Jog || record == Run:
		return record, []rules.Reading{{ID: "G8a", Text: fmt.Sprintf("from the record: %s.", moved)}}
	}
	return Still, nil
}

// targetMoving sets ft's movement from the order or from the record of the
// target's unit this turn, and says which.
func (b *Board) targetMoving(ft *FireTarget, t *target, given string) string {
	var p Pace
	if t != nil {
		if t.char != nil {
			p = b.recordedPace(t.char.MovedTurn, t.char.Pace)
		} else {
			p = b.recordedPace(t.squad.MovedTurn, t.squad.Pace)
		}
	}
	moved := ""
	if t != nil {
		moved = t.unit() + " has not run or charged this turn"
		if p == PaceRun || p == PaceCharge {
			moved = fmt.Sprintf("%s %s this turn", t.unit(), map[Pace]string{PaceRun: "ran", PaceCharge: "charged"}[p])
		}
	}
	if given != "" {
		ft.Running, ft.Charging = given == TargetRunning, given == TargetCharging
		if t == nil || !b.Running() {
			return ""
		}
		return fmt.Sprintf("the target's movement is taken as given (%s), not from the record (%s).", given, moved)
	}
	ft.Running, ft.Charging = p == PaceRun, p == PaceCharge
	if ft.Running || ft.Charging {
		return "from the record: " + moved + "."
	}
	return ""
}

// Fire resolves a squad's fire figure by figure and, against the roster, the
// effect of each hit (G12, G13), loads and casualties.
func (b *Board) Fire(src dice.Source, o FireOrder, h House) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		squads, err := b.squadsNamed(o.Squads)
		if err != nil {
			return Outcome{}, err
		}
		if len(squads) > 1 {
			return Outcome{}, rules.Breachf("Fire one squad at a time (each figure fires separately).")
		}
		s := squads[0]
		switch s.Morale {
		case Pinned:
			return Outcome{}, rules.Breachf("%s is pinned and may not fire: rally it first.", s.Name)
		case Running, Routing:
			return Outcome{}, rules.Breachf("%s is %s and will not fire: rally it first.", s.Name, s.Morale)
		}
		sp, readings := b.firersSpeed(s, o.Speed)
		firing, notes, err := b.firingFigures(s, o.Figures, sp)
		if err != nil {
			return Outcome{}, err
		}
		var victims []target
		if err := b.inSight(o.Actor, o.Target.Name); err != nil {
			return Outcome{}, err
		}
		if o.Target.Name != "" {
			victims = b.targets(o.Target.Name)
			if len(victims) == 0 && b.Squad(o.Target.Name) != nil {
				return Outcome{}, rules.Breachf("Every man of %s is already down.", o.Target.Name)
			}
		}
		ord, err := b.giveOrder(o.Actor, squads, o.Distance, actFire)
		if err != nil {
			return Outcome{}, err
		}
		rs, err := o.figureRanges(firing)
		if err != nil {
			return Outcome{}, err
		}
		inRange := false
		for i, f := range firing {
			if n, err := FireNeed(Firer{Weapon: f.Weapon, TapLoaded: f.Tap, Range: rs[i]}, o.Target, h.LightWounds); err == nil && n.InRange {
				inRange = true
			}
		}
		if !inRange && !ord.free {
			return Outcome{}, rules.Breachf("The target is out of range of every loaded weapon in %s: nothing is fired and no AP spent.", s.Name)
		}
		var secs []section
		for _, t := range victims {
			secs = append(secs, b.sectionOf(t))
		}
		spotted, err := b.mustSpot(h, ord.char, secs, false, actFire)
		if err != nil {
			return Outcome{}, err
		}
		v, aimAt, moving := b.volley(s, firing, victims, rs, sp, o, h)
		r, shots, err := Fire(src, v)
		if err != nil {
			return Outcome{}, err
		}
		r.Readings = append(append(append(r.Readings, readings...), moving...), spotted...)
		notes = append(notes, b.takeShots(src, &r, s, firing, shots, aimAt, rs, o.Choose)...)
		b.revealAll(s.Name, o.Target.Name) // firing: both are seen by all
		if len(victims) == 0 && o.Target.Name != "" {
			notes = append(notes, fmt.Sprintf("%s is not on the roster: roll the hits' effect with /greenjackets hit.", o.Target.Name))
		}
		r.Measured = o.Measured
		return Outcome{Ruling: r, Notes: append(notes, ord.pay(b))}, nil
	})
}

// figureRanges are the ranges of the figures firing, in order: typed, or
// measured on the table, where a typed one must agree with the measure.
func (o FireOrder) figureRanges(firing []*Figure) ([]float64, error) {
	rs := make([]float64, len(firing))
	for i, f := range firing {
		rs[i] = o.Range
		typed := i < len(o.Ranges)
		if typed {
			rs[i] = o.Ranges[i]
		}
		if o.FigureRanges == nil {
			continue
		}
		measured, apart := o.FigureRanges[f.Name]
		if !apart {
			measured = o.Range
		}
		if typed && !tabletop.Agree(o.Ranges[i], measured) {
			return nil, rules.Breachf("The map says otherwise than the `ranges:` typed: %s stands %s from %s, not %s. Leave `ranges:` out and the referee takes each figure's from the map.",
				f.Name, inches(tabletop.Tenth(measured)), rules.Inert(o.Target.Name), inches(o.Ranges[i]))
		}
		rs[i] = tabletop.Tenth(measured)
	}
	return rs, nil
}

// firingFigures are the figures of s that fire (those named, when any are):
// loaded, not stunned, and not mounted at the charge (section 6); notes say
// who cannot.
func (b *Board) firingFigures(s *Squad, only []string, sp Speed) ([]*Figure, []string, error) {
	var firing []*Figure
	var notes []string
	unloaded := 0
	for _, f := range s.Living() {
		switch {
		case len(only) > 0 && !containsName(only, f.Name), f.Weapon == None || f.Weapon == Cannon:
		case b.Stunned(f.StunnedUntil):
			notes = append(notes, f.Name+" is stunned and cannot fire.")
		case !f.Loaded:
			unloaded++
			notes = append(notes, f.Name+" is not loaded.")
		case s.Mounted(f) && sp == Run:
			return nil, nil, rules.Breachf("Cavalry fire their carbines only at a slow walk or trot (section 6), not at the charge.")
		default:
			firing = append(firing, f)
		}
	}
	switch {
	case len(firing) > 0:
		return firing, notes, nil
	case unloaded > 0:
		return nil, nil, rules.Breachf("%s cannot fire: no one is loaded. Reload first (/greenjackets reload).", s.Name)
	}
	return nil, nil, rules.Breachf("No one in %s is able to fire.", s.Name)
}

// volley is the fire of the firing figures, each at range rs[i] and, against
// the roster, at the victims in turn; it returns whom each aims at and the
// readings of the target's movement (G8a).
func (b *Board) volley(s *Squad, firing []*Figure, victims []target, rs []float64, sp Speed, o FireOrder, h House) (Volley, []target, []rules.Reading) {
	v := Volley{Squad: s.Name, Target: o.Target, LightWounds: h.LightWounds}
	var readings []rules.Reading
	say := func(line string) {
		if line != "" && !slices.ContainsFunc(readings, func(r rules.Reading) bool { return r.Text == line }) {
			readings = append(readings, rules.Reading{ID: "G8a", Text: line})
		}
	}
	if len(victims) == 0 {
		say(b.targetMoving(&v.Target, nil, o.TargetMoving))
	}
	aimAt := make([]target, len(firing))
	for i, f := range firing {
		fr := Firer{Name: f.Name, Weapon: f.Weapon, Quality: f.Quality, Sharpshooter: f.Sharpshooter, SeriouslyWounded: f.Serious > 0,
			LightWounds: f.Light, Speed: sp, Aimed: f.Aimed, TapLoaded: f.Tap, European: f.European, Range: rs[i], Chances: o.Chances}
		ft := v.Target
		if len(victims) > 0 {
			t := victims[i%len(victims)]
			aimAt[i] = t
			ft.Name = t.name()
			if t.fig != nil {
				ft.Prone = t.fig.Prone
			}
			say(b.targetMoving(&ft, &t, o.TargetMoving))
			fr.At = ft.Name
		}
		v.Firers = append(v.Firers, fr)
		v.Targets = append(v.Targets, ft)
	}
	return v, aimAt, readings
}

// takeShots unloads the figures that fired, records their misfires and, on
// the roster, rolls and records the effect of each hit (G12, G13), adding the
// steps and odds to r; it returns the notes.
func (b *Board) takeShots(src dice.Source, r *rules.Ruling, s *Squad, firing []*Figure, shots []Shot, aimAt []target, rs []float64, choose string) []string {
	var notes []string
	var effects []rules.Chance
	for i, sh := range shots {
		f := firing[i]
		if !sh.Fired {
			continue
		}
		unload(f)
		if sh.Misfire != NoMisfire {
			notes = append(notes, b.applyMisfire(s, f, sh.Misfire))
		}
		t := aimAt[i]
		for h := 0; h < sh.Hits && (t.fig != nil || t.char != nil); h++ {
			if t.dead() {
				notes = append(notes, fmt.Sprintf("A hit on %s finds him already dead.", t.name()))
				break
			}
			ht := t.hitTarget()
			if ht.Mounted && f.Weapon == Rifle && !f.Tap && rs[i] <= 20 {
				ht.Choose = choose
			}
			st, hit := EffectOfHit(src, ht)
			r.Steps = append(r.Steps, st)
			notes = append(notes, b.applyHit(t, hit))
			if effects == nil {
				effects = EffectOdds(ht)
			}
		}
	}
	if len(effects) > 0 {
		for _, c := range effects {
			r.Odds = append(r.Odds, rules.Chance{Outcome: "each hit: " + c.Outcome, P: c.P})
		}
		r.Readings = append(r.Readings, reading("G12"))
	}
	return notes
}
