package volleyfire

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A ChargeOrder is one charge action at an enemy unit, striking its Facing,
// with the inches charged (Move) and, in the flank, the bases on that side.
type ChargeOrder struct {
	Actor rules.Actor
	// Side is, under fog of war, the side the actor plays, as in a ShootOrder.
	Side         string
	Unit, Target string
	Facing       Facing
	Move         Path
	SideBases    int
	// Measured says the battle's table measured Move: the charge's ruling
	// is made even when it goes no inches (a charger already in contact),
	// to say how it was measured.
	Measured bool
}

// A ChargeReport is a charge: the move it made, the ruling that destroyed a
// target charged from behind (Rear), Result, what it came to in a sentence
// or two (the combat it started or joined), and the side it struck.
type ChargeReport struct {
	Move   *rules.Ruling
	Rear   *rules.Ruling
	Result string
	// Strikes is the side of the target the charge struck.
	Strikes Facing
	After   After
}

// Charge is one charge action (V7): from behind the enemy is destroyed at once;
// otherwise the combat is fought in the combat phase. Charging reveals the
// charger and the unit charged to all.
func (b *Board) Charge(src dice.Source, o ChargeOrder, h House) (ChargeReport, error) {
	u, err := b.orderedSeen(o.Side, o.Actor, o.Unit)
	if err != nil {
		return ChargeReport{}, err
	}
	if o.Side != "" && b.unseenBy(o.Side, o.Target) {
		return ChargeReport{}, rules.NoTarget(o.Target)
	}
	t := b.UnitNamed(o.Target)
	if t == nil {
		return ChargeReport{}, noUnit(o.Target)
	}
	if err := enemy(u, t); err != nil {
		return ChargeReport{}, err
	}
	if u.Kind == Artillery {
		return ChargeReport{}, rules.Breachf("Artillery does not charge.")
	}
	if err := b.notInCombat(u, "charge"); err != nil {
		return ChargeReport{}, err
	}
	facing := o.Facing
	switch facing {
	case "":
		facing = Front
	case Front, Flank, Rear:
	default:
		return ChargeReport{}, rules.Breachf("A charge strikes the front, the flank or the rear.")
	}
	rep := ChargeReport{Strikes: facing}
	if o.Move.moves() || o.Measured {
		mr, err := b.move(u, o.Move, h, " The charge falls short: nothing was done.")
		if err != nil {
			return rep, err
		}
		mr.Title = fmt.Sprintf("Charge: %s at %s", u.Name, t.Name)
		if !o.Move.moves() {
			mr.Result = fmt.Sprintf("%s is already in contact with %s: the charge goes no inches.", u.Name, t.Name)
		}
		mr.Readings = append(mr.Readings, ReadingCharge)
		rep.Move = &mr
	}
	if err := b.Turn.mayUse(u.Name, ActCharge); err != nil {
		return rep, err
	}
	b.revealAll(u)
	b.revealAll(t)
	if facing == Rear {
		r, out, err := Combat(src, Fight{Chargers: []Fighter{{Unit: b.view(u), Charged: true}},
			Defenders: []Fighter{{Unit: b.view(t)}}, Facing: Rear, House: h})
		if err != nil {
			return rep, err
		}
		b.applyLoss(t, out.Loss)
		t.Gone, rep.Rear, rep.Result = Destroyed, &r, r.Result
	} else {
		rep.Result = b.engage(u.Name, t.Name, facing, o.SideBases)
		rep.Result += " The combat is fought after all activations (the charger counts an extra base)."
		if u.Kind == Cavalry && t.Formation == Square {
			rep.Result += " The square receives the cavalry as infantry: one extra base, no mounted rerolls, Ulhans not five (V2a)."
		}
	}
	if err := b.Turn.Use(u.Name, ActCharge); err != nil {
		return rep, err
	}
	rep.After = b.after(u)
	return rep, nil
}

// engage puts charger into target's combat, on the side against it, or starts
// a combat, and says which.
func (b *Board) engage(charger, target string, facing Facing, sideBases int) string {
	e := Engaged{Unit: charger, Charged: true}
	i := b.CombatOf(target)
	if i < 0 {
		b.Combats = append(b.Combats, Melee{Chargers: []Engaged{e}, Defenders: []Engaged{{Unit: target}}, Facing: facing, SideBases: sideBases})
		return fmt.Sprintf("%s charges %s in the %s.", charger, target, facing)
	}
	c := &b.Combats[i]
	if engagedIn(c.Chargers, target) {
		c.Defenders = append(c.Defenders, e)
	} else {
		c.Chargers = append(c.Chargers, e)
	}
	said := fmt.Sprintf("%s charges %s and joins the combat (%s); allies add their hits.", charger, target, c.Names())
	if facing != c.Facing {
		said += fmt.Sprintf(" The combat keeps the facing of the first charge (%s).", c.Facing)
	}
	return said
}

// A FightReport is one combat fought: the ruling, and the combat as it was.
type FightReport struct {
	Ruling rules.Ruling
	Combat Melee
}

// Fight fights the combat of unit in the combat phase (the umpire, or a player
// with a unit in it) and applies its losses.
func (b *Board) Fight(src dice.Source, a rules.Actor, unit string, h House) (FightReport, error) {
	u := b.UnitNamed(unit)
	if u == nil {
		return FightReport{}, noUnit(unit)
	}
	i := b.CombatOf(u.Name)
	switch {
	case i < 0:
		return FightReport{}, rules.Breachf("%s is not in combat.", u.Name)
	case b.Turn.Phase != Combats:
		return FightReport{}, rules.Breachf("Combats are fought after all activations: finish the activations first (`/turn status`).")
	case b.Combats[i].Fought >= b.Turn.Number:
		return FightReport{}, rules.Breachf("%s's combat has been fought this turn.", u.Name)
	case !a.Umpire && !b.hasUnitIn(b.Combats[i], a.User):
		return FightReport{}, rules.Breachf("Only the umpire or a player with a unit in this combat can fight it.")
	}
	return b.fight(src, i, h)
}

func (b *Board) hasUnitIn(c Melee, user string) bool {
	for _, e := range c.Engaged() {
		if u := b.UnitNamed(e.Unit); u != nil && u.Player != "" && u.Player == user {
			return true
		}
	}
	return false
}

// fight fights combat i and applies its losses.
func (b *Board) fight(src dice.Source, i int, h House) (FightReport, error) {
	c := b.Combats[i]
	c.Chargers, c.Defenders = slices.Clone(c.Chargers), slices.Clone(c.Defenders)
	fighters := func(es []Engaged) []Fighter {
		var out []Fighter
		for _, e := range es {
			out = append(out, Fighter{Unit: b.view(b.UnitNamed(e.Unit)), Charged: e.Charged})
		}
		return out
	}
	f := Fight{Chargers: fighters(c.Chargers), Defenders: fighters(c.Defenders), Facing: c.Facing, SideBases: c.SideBases, House: h}
	r, out, err := Combat(src, f)
	if err != nil {
		return FightReport{}, err
	}
	b.Combats[i].Fought = b.Turn.Number
	for _, e := range c.Engaged() {
		b.revealAll(b.UnitNamed(e.Unit))
	}
	if out.Wounded != "" {
		b.applyLoss(b.UnitNamed(out.Wounded), out.Loss)
	}
	return FightReport{Ruling: r, Combat: c}, nil
}

// Names is "A & B against C".
func (c Melee) Names() string {
	names := func(es []Engaged) string {
		s := make([]string, len(es))
		for i, e := range es {
			s[i] = e.Unit
		}
		return strings.Join(s, " & ")
	}
	return names(c.Chargers) + " against " + names(c.Defenders)
}
