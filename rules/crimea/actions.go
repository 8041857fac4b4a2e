package crimea

import (
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Calibre rolls an officer's calibre on the calibre table (C3) and gives it him.
func (b *Board) Calibre(src dice.Source, officer string) (rules.Ruling, Officer, error) {
	o, err := b.Officer(officer)
	if err != nil {
		return rules.Ruling{}, Officer{}, err
	}
	r, c := RollCalibre(src, o.Name)
	o.Calibre = c
	return r, *o, nil
}

// A MoraleOrder is a morale test of a unit, or with Officer an officer morale
// test (C5).
type MoraleOrder struct {
	Actor   rules.Actor
	Unit    string
	Officer string
}

// Morale rolls a unit's morale test or an officer's officer morale test at
// their rating (C5); a dead officer tests nothing.
func (b *Board) Morale(src dice.Source, mo MoraleOrder, h House) (rules.Ruling, MoraleOutcome, error) {
	if mo.Unit != "" {
		u, err := b.Unit(mo.Unit)
		if err != nil {
			return rules.Ruling{}, MoraleOutcome{}, err
		}
		if err := b.actFor(mo.Actor, u); err != nil {
			return rules.Ruling{}, MoraleOutcome{}, err
		}
		return MoraleTest(src, u.Name, u.Morale, false, h.Morale)
	}
	o, err := b.Officer(mo.Officer)
	if err != nil {
		return rules.Ruling{}, MoraleOutcome{}, err
	}
	if err := b.actForOfficer(mo.Actor, o); err != nil {
		return rules.Ruling{}, MoraleOutcome{}, err
	}
	if o.Dead {
		return rules.Ruling{}, MoraleOutcome{}, rules.Breachf("%s is dead.", o.Name)
	}
	return MoraleTest(src, o.Name, o.Morale, true, h.Morale)
}

// A FireOrder is a unit's fire at an enemy unit (C7), with any target
// multipliers the umpire names.
type FireOrder struct {
	Actor rules.Actor
	// Side is, under fog of war, the side the actor plays: a target it has not
	// seen is no target. "" (fog off, or the umpire) sees every unit.
	Side        Side
	Unit        string
	Target      string
	Ammo        Ammo
	Multipliers []Multiplier
}

// A FireResult is a fire and what it did to the target: Lost is the stands it
// lost, at most those it had, and Target the unit after them.
type FireResult struct {
	Ruling rules.Ruling
	FireOutcome
	Target Unit
	Lost   int
}

// Fire is a unit's fire by stands at an enemy unit (C7); the stands removed
// come off the target and count as lost to fire this turn. Firing reveals the
// firer and the target to all.
func (b *Board) Fire(src dice.Source, fo FireOrder) (FireResult, error) {
	u, err := b.unitSeen(fo.Side, fo.Unit)
	if err != nil {
		return FireResult{}, err
	}
	if err := b.actFor(fo.Actor, u); err != nil {
		return FireResult{}, err
	}
	if fo.Target == "" {
		return FireResult{}, rules.Breachf("Name the unit %s fires at: `target:`.", u.Name)
	}
	t, err := b.inSight(fo.Side, fo.Target, u)
	if err != nil {
		return FireResult{}, err
	}
	switch {
	case t.Side == u.Side:
		return FireResult{}, rules.Breachf("%s and %s are on the same side.", u.Name, t.Name)
	case u.Stands == 0:
		return FireResult{}, rules.Breachf("%s is destroyed.", u.Name)
	case t.Stands == 0:
		return FireResult{}, rules.Breachf("%s is already destroyed.", t.Name)
	}
	in := FireInput{Firers: []FireGroup{{Name: u.Name, Nationality: u.Nationality, Type: u.Type, Ammo: fo.Ammo, Stands: u.Stands}},
		Target: t.Name, TargetColumn: t.Formation == Column, Multipliers: fo.Multipliers}
	r, out, err := Fire(src, in)
	if err != nil {
		return FireResult{}, err
	}
	lost := min(out.Hits, t.Stands)
	t.Stands -= lost
	t.LostToFire += lost
	u.RevealAll()
	t.RevealAll()
	return FireResult{Ruling: r, FireOutcome: out, Target: *t, Lost: lost}, nil
}

// opponent is the unit called name that u acts against: another unit than u
// when one has the name (a quick ruling's board may give both the same name),
// else u itself, whom the move then refuses.
func (b *Board) opponent(name string, u *Unit) (*Unit, error) {
	for i := range b.Units {
		if o := &b.Units[i]; o != u && sameName(o.Name, name) {
			return o, nil
		}
	}
	return b.Unit(name)
}

// A CombatOrder is a close combat (C8): the attacker charges the defender on
// the face given, each with an officer attached if named.
type CombatOrder struct {
	Actor rules.Actor
	// Side is, under fog of war, the side the actor plays, as in a FireOrder.
	Side                             Side
	Attacker, Defender               string
	AttackerOfficer, DefenderOfficer string
	Facing                           Facing
	Uphill                           bool
}

// A CombatResult is a close combat and the two units after it, with the
// officers attached ("" for none).
type CombatResult struct {
	Ruling rules.Ruling
	CombatOutcome
	Attacker, Defender               Unit
	AttackerOfficer, DefenderOfficer string
}

// Combat resolves a close combat between two units of the roster (C8). A charge
// is a move: in a turn a player's unit charges only after its order to move.
// Each side's stands lost come off it, and an attached officer killed is dead.
// The combat reveals both units and the officers attached to all.
func (b *Board) Combat(src dice.Source, co CombatOrder, h House) (CombatResult, error) {
	a, err := b.unitSeen(co.Side, co.Attacker)
	if err != nil {
		return CombatResult{}, err
	}
	d, err := b.inSight(co.Side, co.Defender, a)
	if err != nil {
		return CombatResult{}, err
	}
	if err := b.officerInSight(co.Side, co.DefenderOfficer); err != nil {
		return CombatResult{}, err
	}
	if err := b.actFor(co.Actor, a); err != nil {
		return CombatResult{}, err
	}
	switch {
	case a.Side == d.Side:
		return CombatResult{}, rules.Breachf("%s and %s are on the same side.", a.Name, d.Name)
	case a.Stands == 0 || d.Stands == 0:
		return CombatResult{}, rules.Breachf("A destroyed unit cannot fight.")
	case b.Turn > 0 && !a.Moved && !co.Actor.Umpire:
		return CombatResult{}, rules.Breachf("%s has had no order to move this turn, and a charge is a move: give it one with `/crimea move` first (units without orders may only fire and pivot).", a.Name)
	}
	ao, err := b.attached(co.AttackerOfficer, a)
	if err != nil {
		return CombatResult{}, err
	}
	do, err := b.attached(co.DefenderOfficer, d)
	if err != nil {
		return CombatResult{}, err
	}
	in := CombatInput{Attacker: combatant(a, ao), Defender: combatant(d, do), Facing: co.Facing, Uphill: co.Uphill,
		Morale: h.Morale, Tie: h.Tie, Casualties: h.Casualties}
	r, out, err := CloseCombat(src, in)
	if err != nil {
		return CombatResult{}, err
	}
	for _, side := range []struct {
		u      *Unit
		lost   int
		o      *Officer
		killed bool
	}{{a, out.AttackerLost, ao, out.AttackerOfficerKilled}, {d, out.DefenderLost, do, out.DefenderOfficerKilled}} {
		side.u.Stands -= min(side.lost, side.u.Stands)
		side.u.RevealAll()
		if side.o != nil {
			side.o.RevealAll()
		}
		if side.killed && side.o != nil {
			side.o.Dead, side.o.Orders = true, 0
		}
	}
	return CombatResult{Ruling: r, CombatOutcome: out, Attacker: *a, Defender: *d,
		AttackerOfficer: in.Attacker.Officer, DefenderOfficer: in.Defender.Officer}, nil
}

// attached finds the officer attached to a unit for a combat: on its side (of
// two of that name on a quick ruling's board, the one of its side), alive and
// not wounded; nil for none.
func (b *Board) attached(name string, u *Unit) (*Officer, error) {
	if name == "" {
		return nil, nil
	}
	o, err := b.Officer(name)
	if err != nil {
		return nil, err
	}
	for i := range b.Officers {
		if c := &b.Officers[i]; c.Side == u.Side && sameName(c.Name, name) {
			o = c
			break
		}
	}
	switch {
	case o.Side != u.Side:
		return nil, rules.Breachf("%s is %s and cannot be attached to %s.", o.Name, o.Side, u.Name)
	case o.Dead:
		return nil, rules.Breachf("%s is dead.", o.Name)
	case o.Wounded:
		return nil, rules.Breachf("%s is wounded and cannot lead %s.", o.Name, u.Name)
	}
	return o, nil
}

func combatant(u *Unit, o *Officer) Combatant {
	c := Combatant{Name: u.Name, Type: u.Type, Formation: u.Formation, Morale: u.Morale, LostToFire: u.LostToFire, Disordered: u.Disordered}
	if o != nil {
		c.Officer = o.Name
	}
	return c
}

// A RideOrder asks whether an officer rides with a charge of his men (C3).
type RideOrder struct {
	Actor   rules.Actor
	Officer string
	Units   []string
}

// Ride rules whether an officer rides with a charge of units of his side (C3).
func (b *Board) Ride(src dice.Source, ro RideOrder, h House) (rules.Ruling, RideOutcome, error) {
	o, err := b.Officer(ro.Officer)
	if err != nil {
		return rules.Ruling{}, RideOutcome{}, err
	}
	if err := b.actForOfficer(ro.Actor, o); err != nil {
		return rules.Ruling{}, RideOutcome{}, err
	}
	names := make([]string, len(ro.Units))
	for i, n := range ro.Units {
		u, err := b.Unit(n)
		if err != nil {
			return rules.Ruling{}, RideOutcome{}, err
		}
		if u.Side != o.Side {
			return rules.Ruling{}, RideOutcome{}, rules.Breachf("%s is not one of %s's men.", u.Name, o.Name)
		}
		names[i] = u.Name
	}
	return RideWithCharge(src, o.state(), names, h.Morale)
}
