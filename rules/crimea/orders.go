package crimea

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/tabletop"
)

// A MoveOrder is an officer's order to a unit to move (C3): Officer "" is the
// unit's own; Far, it is more than 18" from him; Charge, the enemy unit it
// charges, whose close combat is resolved after movement (C8).
type MoveOrder struct {
	Actor   rules.Actor
	Unit    string
	Officer string
	Far     bool
	Charge  string
	// Reach is how far off the unit charged stands, measured on the map (nil:
	// not measured, and the charge reaches as the players say): beyond the
	// unit's move this turn the charge falls short (ReadingShort).
	Reach *float64
	// Line is the path of a move to a point, measured on the map (nil: none):
	// beyond the unit's move this turn it stops short (ReadingMoveShort).
	Line *MoveLine
}

// ReadingShort is the reading of a charge measured on the map that does not
// reach: the text says what a charge that fails its morale does, not one
// that falls short.
var ReadingShort = rules.Reading{ID: "C8", Text: "a charge that falls short goes its whole move straight at the unit charged and stops there: no close combat is owed"}

// ReadingC3Orders is the orders reading of a move.
var ReadingC3Orders = rules.Reading{ID: "C3", Text: "units need an order to move; more than 18\" from the officer, two"}

// A MoveResult is an order to move carried out: the ruling, and the unit and
// the officer who ordered it as they are after it.
type MoveResult struct {
	Ruling  rules.Ruling
	Unit    Unit
	Officer Officer
	// Goes is how far the unit moves this turn (-1 where no allowance is
	// set); Short, its charge (ReadingShort) or its move to a point
	// (ReadingMoveShort) fell short.
	Goes  int
	Short bool
}

// Move spends an officer's orders on a unit of the command whose card is up
// (C2–C4) and gives its move this turn: its allowance with the movement
// modifier of its brigade, rolled once a turn (C6).
func (b *Board) Move(src dice.Source, mo MoveOrder, h House) (MoveResult, error) {
	u, err := b.Unit(mo.Unit)
	if err != nil {
		return MoveResult{}, err
	}
	if mo.Officer == "" {
		mo.Officer = u.Officer
	}
	if mo.Officer == "" {
		return MoveResult{}, rules.Breachf("%s is under no officer, so it has no orders and may not move (it may still fire and pivot). Name an officer who may order it: `officer:`.", u.Name)
	}
	o, err := b.Officer(mo.Officer)
	if err != nil {
		return MoveResult{}, err
	}
	if !b.mayActFor(mo.Actor, o.Name) {
		return MoveResult{}, rules.Breachf("Only the umpire or the player of %s can give his orders.", o.Name)
	}
	if err := b.mayMove(u, o); err != nil {
		return MoveResult{}, err
	}
	var charged *Unit
	if mo.Charge != "" {
		if charged, err = b.chargeable(u, mo.Charge); err != nil {
			return MoveResult{}, err
		}
	}
	m, rd := b.mover(u)
	if charged != nil && mo.Reach != nil && !m.Set {
		return MoveResult{}, rules.Breachf("On the map a charge is measured against the unit's move, and no allowance is set for %s: the umpire sets it with `/crimea allowance` (C6).", m.Row)
	}
	if mo.Line != nil {
		if err := b.mayGo(u, charged, m, *mo.Line, h); err != nil {
			return MoveResult{}, err
		}
	}
	need := OrdersNeeded(mo.Far)
	if o.Orders < need {
		why := "1 order"
		if need == 2 {
			why = "2 orders (it is more than 18\" from him)"
		}
		return MoveResult{}, rules.Breachf("%s has %s left this turn and %s needs %s to move. Units without orders may still fire and pivot up to 45°.", o.Name, rules.Plural(o.Orders, "order", "orders"), u.Name, why)
	}
	o.Orders -= need
	u.Moved = true
	r, moves, fresh := b.rollModifier(src, u, []Mover{m}, h)
	res := MoveResult{Goes: moves.Moves[0]}
	if charged != nil {
		res.Short = b.charge(u, charged, mo.Reach, res.Goes, &r)
	}
	if card, _ := b.Current(); card.Command == FreeMove {
		b.chooseFree(u) // after the charge, which reveals it
	}
	if mo.Line != nil {
		res.Short = mo.Line.Beyond(res.Goes)
		r.Readings = addReadings(r.Readings, ReadingMoveTo)
		if res.Short {
			r.Result += fmt.Sprintf(" The path is %s\" and %s moves %d\": it goes its whole move along it and stops there.", tenth(mo.Line.Length), u.Name, res.Goes)
			r.Readings = addReadings(r.Readings, ReadingMoveShort)
		}
	}
	orders := rules.Step{What: fmt.Sprintf("%s (%s) orders the move", o.Name, o.Calibre),
		Row: rules.Plural(need, "order", "orders"), Result: fmt.Sprintf("%s left", rules.Plural(o.Orders, "order", "orders"))}
	r.Steps = append([]rules.Step{orders}, r.Steps...)
	r.Title = "Move: " + u.Name
	if !fresh {
		r.Steps[1].What += " (rolled earlier this turn)"
	}
	r.Readings = addReadings(append(rd, ReadingC3Orders), r.Readings...)
	res.Ruling, res.Unit, res.Officer = r, *u, *o
	return res, nil
}

// charge is u's charge at d, ordered with its move of goes inches (-1 where
// no allowance is set): it owes its close combat (C8) and reveals both,
// unless measured on the map reach inches off, beyond its move, it falls
// short (ReadingShort). The ruling says which.
func (b *Board) charge(u, d *Unit, reach *float64, goes int, r *rules.Ruling) (short bool) {
	off := ""
	if reach != nil {
		off = tenth(*reach) + `"`
	}
	if reach != nil && *reach > float64(goes) {
		r.Result += fmt.Sprintf(" The charge at %s falls short: %s stands %s off and %s moves %d\"; it goes its whole move at %s and stops, and no close combat is owed.",
			d.Name, d.Name, off, u.Name, goes, d.Name)
		r.Readings = addReadings(r.Readings, ReadingShort)
		return true
	}
	b.Charges = append(b.Charges, Charge{Attacker: u.Name, Defender: d.Name})
	u.RevealAll()
	d.RevealAll()
	if reach != nil {
		r.Result += fmt.Sprintf(" The charge reaches %s, %s off within its %d\" move: the close combat is resolved after movement (C8).", d.Name, off, goes)
	}
	return false
}

// tenth is inches measured on the map, to the tenth.
func tenth(in float64) string { return strconv.FormatFloat(tabletop.Tenth(in), 'f', -1, 64) }

// mayGo refuses a move to a point along line, before anything is rolled
// (ReadingMoveTo): with a charge, with no allowance set for m, or longer
// than the move m could have this turn, the best its modifier could give,
// or the move its brigade's roll gave if made earlier this turn.
func (b *Board) mayGo(u, charged *Unit, m Mover, line MoveLine, h House) error {
	switch {
	case charged != nil:
		return rules.Breachf("%s charges %s or moves to a point, not both: a charge goes at the unit charged.", u.Name, charged.Name)
	case !m.Set:
		return rules.Breachf("On the map a move to a point is measured against the unit's move, and no allowance is set for %s: the umpire sets it with `/crimea allowance` (C6).", m.Row)
	}
	key, who := modifierKey(u)
	if roll, ok := b.Rolled[key]; ok {
		if _, out := ReadMovement(roll, who, []Mover{m}, h.Gap); line.Beyond(out.Moves[0]) {
			return rules.Breachf("Too far: that path is %s\" and %s moves %d\" this turn (the modifier for %s was rolled earlier this turn).", tenth(line.Length), u.Name, out.Moves[0], who)
		}
		return nil
	}
	if most := m.Largest(); line.Beyond(most) {
		return rules.Breachf("Too far: that path is %s\" and %s moves at most %d\" this turn (%s %d\", at best %s): nothing is rolled (C6).",
			tenth(line.Length), u.Name, most, m.Row, m.Allowance, inches(most-m.Allowance))
	}
	return nil
}

// chargeable is the enemy unit called name that u may charge: one standing.
func (b *Board) chargeable(u *Unit, name string) (*Unit, error) {
	d, err := b.opponent(name, u)
	if err != nil {
		return nil, err
	}
	switch {
	case d.Side == u.Side:
		return nil, rules.Breachf("%s and %s are on the same side.", u.Name, d.Name)
	case d.Stands == 0:
		return nil, rules.Breachf("%s is already destroyed.", d.Name)
	}
	return d, nil
}

// mayMove refuses a move the turn or the chain of command does not allow.
func (b *Board) mayMove(u *Unit, o *Officer) error {
	card, ok := b.Current()
	switch {
	case b.Turn == 0:
		return rules.Breachf("No turn has started: the umpire shuffles the movement deck with `/turn new` and draws with `/turn next`.")
	case !ok:
		return rules.Breachf("No card is turned up yet in turn %d: the umpire draws with `/turn next`.", b.Turn)
	case u.Stands == 0:
		return rules.Breachf("%s is destroyed.", u.Name)
	case u.Moved:
		return rules.Breachf("%s has already moved this turn.", u.Name)
	case o.Dead:
		return rules.Breachf("%s is dead and issues no orders, so %s may not move on his order.", o.Name, u.Name)
	case o.Wounded:
		return rules.Breachf("%s is wounded and issues no orders until he recovers, so %s may not move on his order.", o.Name, u.Name)
	case o.Passed:
		return rules.Breachf("%s's move on this card was passed: he gives no more orders until the next card is turned up.", o.Name)
	case !b.mayOrder(o, u):
		return rules.Breachf("%s may not order %s: a brigade officer orders his own units, a wing or division commander the units under him, the commander-in-chief any unit of his army.", o.Name, u.Name)
	case card.Side != u.Side:
		return rules.Breachf("The card turned up is %s: %s. %s is %s and waits for its own card.", card, card.Moves(), u.Name, u.Side)
	}
	cmd := b.CommandOf(*u)
	chosen, _, free := b.freeChoice()
	switch {
	case card.Command == FreeMove && free && chosen != cmd:
		return rules.Breachf("On this free move the %s side chose to move its %s; %s is %s.", card.Side, commandLabel(chosen), u.Name, inCommand(cmd))
	case card.Command != FreeMove && cmd != card.Command:
		return rules.Breachf("The card turned up is %s: only that command moves. %s is %s.", card, u.Name, inCommand(cmd))
	}
	return nil
}

func commandLabel(c Command) string {
	if c == "" {
		return "units under no wing"
	}
	return string(c)
}

// inCommand says where a unit of command c is: "in the right wing", "under no wing".
func inCommand(c Command) string {
	if c == "" {
		return "under no wing"
	}
	return "in the " + string(c)
}

// A ModifierOrder asks for the movement modifier of a brigade (by its officer)
// or of a lone unit out of command (C6). With neither it is a brigade off the
// roster, read for both columns.
type ModifierOrder struct {
	Actor   rules.Actor
	Brigade string
	Unit    string
}

// MovementModifier rolls the movement modifier of a brigade or lone unit, once
// a turn: asked again in the same turn, the roll made earlier is read again.
func (b *Board) MovementModifier(src dice.Source, mo ModifierOrder, h House) (r rules.Ruling, fresh bool, err error) {
	units, err := b.movingTogether(mo)
	if err != nil {
		return rules.Ruling{}, false, err
	}
	if len(units) == 0 {
		r, _ = MovementModifier(src, "the brigade", nil, h.Gap)
		return r, true, nil
	}
	var movers []Mover
	var readings []rules.Reading
	for _, u := range units {
		m, rd := b.mover(u)
		movers = append(movers, m)
		readings = append(readings, rd...)
	}
	r, _, fresh = b.rollModifier(src, units[0], movers, h)
	r.Readings = addReadings(nil, append(readings, r.Readings...)...)
	if !fresh {
		r.Title += " (rolled earlier this turn)"
	}
	return r, fresh, nil
}

// movingTogether is the units one movement modifier is rolled for: a brigade
// officer's units, or one unit under no officer (none for neither).
func (b *Board) movingTogether(mo ModifierOrder) ([]*Unit, error) {
	if mo.Brigade != "" {
		o, err := b.Officer(mo.Brigade)
		if err != nil {
			return nil, err
		}
		if err := b.actForOfficer(mo.Actor, o); err != nil {
			return nil, err
		}
		var units []*Unit
		for i := range b.Units {
			if strings.EqualFold(b.Units[i].Officer, o.Name) {
				units = append(units, &b.Units[i])
			}
		}
		if len(units) == 0 {
			return nil, rules.Breachf("%s has no units under him to move.", o.Name)
		}
		return units, nil
	}
	if mo.Unit == "" {
		return nil, nil
	}
	u, err := b.Unit(mo.Unit)
	if err != nil {
		return nil, err
	}
	if err := b.actFor(mo.Actor, u); err != nil {
		return nil, err
	}
	if u.Officer != "" {
		return nil, rules.Breachf("%s is in %s's brigade: the modifier is rolled for the brigade (`brigade:%s`).", u.Name, u.Officer, u.Officer)
	}
	return []*Unit{u}, nil
}

// mover is a roster unit as it moves with the modifier.
func (b *Board) mover(u *Unit) (Mover, []rules.Reading) {
	row, rd := RowFor(u.Type, u.Nationality, u.Formation)
	in, set := b.Allowances[row]
	return Mover{Name: u.Name, Type: u.Type, Row: row, Allowance: in, Set: set}, rd
}

// modifierKey is the key of u's movement modifier roll in Rolled, and whose
// roll it is: its brigade's, or its own as a lone unit.
func modifierKey(u *Unit) (key, who string) {
	if u.Officer != "" {
		return "officer:" + strings.ToLower(u.Officer), u.Officer + "'s brigade"
	}
	return "unit:" + strings.ToLower(u.Name), u.Name
}

// rollModifier rolls the movement modifier of u's brigade (or of u, a lone
// unit) once a turn and reads it for the movers; a roll already made this turn
// is read again, and fresh is false.
func (b *Board) rollModifier(src dice.Source, u *Unit, movers []Mover, h House) (r rules.Ruling, out MoveOutcome, fresh bool) {
	key, who := modifierKey(u)
	if roll, ok := b.Rolled[key]; ok {
		r, out = ReadMovement(roll, who, movers, h.Gap)
		return r, out, false
	}
	r, out = MovementModifier(src, who, movers, h.Gap)
	if b.Turn > 0 {
		if b.Rolled == nil {
			b.Rolled = map[string]rules.Roll{}
		}
		b.Rolled[key] = r.Steps[0].Roll
	}
	return r, out, true
}

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
	// OnTable says the two units stand on the battle's map, in contact: a
	// unit that fails its morale there is moved back its normal move, so
	// both must have one (CombatResult.AttackerBack, DefenderBack).
	OnTable bool
}

// A CombatResult is a close combat and the two units after it, with the
// officers attached ("" for none).
type CombatResult struct {
	Ruling rules.Ruling
	CombatOutcome
	Attacker, Defender               Unit
	AttackerOfficer, DefenderOfficer string
	// AttackerBack and DefenderBack are, on the table, the inches of the
	// normal move a unit that failed its morale moves back (ReadingBack);
	// 0 for one that holds, and off the table.
	AttackerBack, DefenderBack int
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
	var normal [2]int // each unit's normal move, on the table
	if co.OnTable {
		for i, u := range []*Unit{a, d} {
			m, _ := b.mover(u)
			if !m.Set {
				return CombatResult{}, rules.Breachf("On the map a unit that fails its morale in close combat moves back one normal move, and no allowance is set for %s (%s): the umpire sets it with `/crimea allowance` (C6).", m.Row, u.Name)
			}
			normal[i] = m.Allowance
		}
	}
	in := CombatInput{Attacker: combatant(a, ao), Defender: combatant(d, do), Facing: co.Facing, Uphill: co.Uphill,
		Morale: h.Morale, Tie: h.Tie, Casualties: h.Casualties}
	r, out, err := CloseCombat(src, in)
	if err != nil {
		return CombatResult{}, err
	}
	res := CombatResult{AttackerOfficer: in.Attacker.Officer, DefenderOfficer: in.Defender.Officer}
	if co.OnTable && (!out.AttackerPassed || !out.DefenderPassed) {
		if !out.AttackerPassed {
			res.AttackerBack = normal[0]
		} else {
			res.DefenderBack = normal[1]
		}
		r.Readings = append(r.Readings, ReadingBack)
	}
	b.Charges = slices.DeleteFunc(b.Charges, func(c Charge) bool {
		return sameName(c.Attacker, a.Name) && sameName(c.Defender, d.Name)
	})
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
	res.Ruling, res.CombatOutcome, res.Attacker, res.Defender = r, out, *a, *d
	return res, nil
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
