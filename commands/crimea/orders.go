package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
	"github.com/referee-bot/referee/rules/tabletop"
)

// The typed orders of /crimea's moves, one a subcommand, and their handlers.
// Each order is decoded whole by the decoder of definition.go before its
// handler runs; in a battle every name in it is the roster's, as the invoker
// sees it. Each move is ruled against the roster when the order names who
// makes it, and otherwise as a quick ruling, on a board built from its
// options.

// maxCharging is the most units a charge an officer rides with names.
const maxCharging = 10

// calibreOrder is /crimea calibre.
type calibreOrder struct {
	decode.Mode
	Officer string `opt:"officer" roster:"officer"`
	Name    string `opt:"name"`
}

// Calibre is /crimea calibre: roll an officer's calibre (C3), the umpire's
// for an officer on the roster.
func (*Ruleset) Calibre(tx *battle.Tx, o calibreOrder) (interaction.Response, error) {
	quick := !o.Battle() || o.Officer == ""
	name := o.Officer
	var b *rc.Board
	if quick {
		name = or(o.Name, or(name, "the officer"))
		b = &rc.Board{Officers: []rc.Officer{{Name: name}}}
	} else {
		var err error
		if b, err = umpireBoard(tx, "roll an officer's calibre"); err != nil {
			return interaction.Response{}, err
		}
	}
	r, officer, err := b.Calibre(tx.Dice(), name)
	if err != nil {
		return interaction.Response{}, err
	}
	resp := show(tx, r)
	if b.Turn > 0 {
		resp.Public[0].Content = "His orders follow the new calibre from the next turn."
	}
	if quick {
		b = nil
	}
	return resp, record(tx, r, string(officer.Calibre), b, quick)
}

// moraleOrder is /crimea morale; its last options are a quick ruling's.
type moraleOrder struct {
	decode.Mode
	Unit        string `opt:"unit" roster:"unit"`
	Officer     string `opt:"officer" roster:"officer"`
	Rating      *int   `opt:"rating"`
	Name        string `opt:"name"`
	OfficerTest bool   `opt:"officer-test"`
}

// Morale is /crimea morale: a unit's morale or an officer's officer morale (C5).
func (*Ruleset) Morale(tx *battle.Tx, o moraleOrder) (interaction.Response, error) {
	quick := !o.Battle() || o.Unit == "" && o.Officer == ""
	mo := rc.MoraleOrder{Actor: actor(tx, quick), Unit: o.Unit, Officer: o.Officer}
	b := &rc.Board{}
	if !quick {
		var err error
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	} else if rating := morale(o.Rating); o.OfficerTest {
		mo = rc.MoraleOrder{Actor: mo.Actor, Officer: or(o.Name, "the officer")}
		b.Officers = []rc.Officer{{Name: mo.Officer, Morale: rating}}
	} else {
		mo = rc.MoraleOrder{Actor: mo.Actor, Unit: or(o.Name, "the unit")}
		b.Units = []rc.Unit{{Name: mo.Unit, Morale: rating}}
	}
	r, out, err := b.Morale(tx.Dice(), mo, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	return show(tx, r), record(tx, r, out.Summary(), nil, quick)
}

// movementOrder is /crimea movement; its last options are a quick ruling's.
type movementOrder struct {
	decode.Mode
	Brigade   string       `opt:"brigade" roster:"officer"`
	Unit      string       `opt:"unit" roster:"unit"`
	Type      *rc.UnitType `opt:"type"`
	Allowance *int         `opt:"allowance"`
}

// Movement is /crimea movement: the movement modifier for a brigade or a lone
// unit out of command (C6).
func (*Ruleset) Movement(tx *battle.Tx, o movementOrder) (interaction.Response, error) {
	quick := !o.Battle() || o.Brigade == "" && o.Unit == ""
	mo := rc.ModifierOrder{Actor: actor(tx, quick), Brigade: o.Brigade, Unit: o.Unit}
	var b *rc.Board
	if quick {
		b = quickMover(o, &mo)
	} else {
		var err error
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	r, fresh, err := b.MovementModifier(tx.Dice(), mo, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	if !fresh {
		return show(tx, r), tx.SetBoard(b)
	}
	if quick {
		b = nil
	}
	return show(tx, r), record(tx, r, fmt.Sprint(r.Steps[0].Roll.Total), b, quick)
}

// quickMover is the board of a quick movement modifier: a lone unit of the
// type given, with the allowance given, or none (a brigade off the roster).
func quickMover(o movementOrder, mo *rc.ModifierOrder) *rc.Board {
	mo.Brigade, mo.Unit = "", ""
	if o.Type == nil {
		return &rc.Board{}
	}
	u := rc.Unit{Name: "the " + string(*o.Type), Side: rc.Allied, Nationality: rc.British, Type: *o.Type, Formation: rc.Line, Stands: 1}
	b := &rc.Board{Units: []rc.Unit{u}}
	if o.Allowance != nil {
		row, _ := rc.RowFor(u.Type, u.Nationality, u.Formation)
		b.Allowances = map[rc.MoveRow]int{row: *o.Allowance}
	}
	mo.Unit = u.Name
	return b
}

// moveOrder is /crimea move.
type moveOrder struct {
	mapcmd.Measures
	// Route is where the unit goes on the map (to:, via:, facing:).
	mapcmd.Route
	Unit    string `opt:"unit" roster:"unit"`
	Officer string `opt:"officer" roster:"officer"`
	Far     bool   `opt:"far"`
	Charge  string `opt:"charge" roster:"unit"`
}

// Move is /crimea move: an officer orders a unit to move (C3–C4), spending his
// orders, and the unit's move this turn is its allowance with the brigade's
// movement modifier (C6); with charge, the close combat it owes (C8); with
// to:, the unit moved there on the map, or as far as its move goes.
func (*Ruleset) Move(tx *battle.Tx, o moveOrder) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	mo := rc.MoveOrder{Actor: actor(tx, false), Unit: o.Unit, Officer: o.Officer, Far: o.Far, Charge: o.Charge}
	var walk *mapcmd.Walk
	var line rc.MoveLine
	var how string
	if o.Route.Routed() {
		w, err := o.Route.Walk(tx, o.Unit)
		if err != nil {
			return interaction.Response{}, err
		}
		line, how = mapcmd.CrimeaWalk(w)
		mo.Line, walk = &line, &w
	}
	if o.Charge != "" {
		if reach, h, ok := mapcmd.CrimeaCharge(tx, o.Unit, o.Charge); ok {
			mo.Reach, how = &reach, h
		}
	}
	res, err := b.Move(tx.Dice(), mo, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	res.Ruling.Measured = o.Measured()
	if mo.Reach != nil {
		where, err := mapcmd.Charged(tx, o.Unit, o.Charge, func(c, t tabletop.Unit) tabletop.Unit {
			return rc.ChargeEnd(c, t, float64(res.Goes))
		})
		if err != nil {
			return interaction.Response{}, err
		}
		if res.Short {
			where += ", short of " + o.Charge
		} else {
			where += ", against the front of " + o.Charge
		}
		res.Ruling.Measured = append(res.Ruling.Measured, how, where)
	}
	if walk != nil {
		res.Ruling.Measured = append(append(res.Ruling.Measured, how), mapcmd.CrimeaWalked(tx, *walk, line, res.Goes)...)
	}
	came := fmt.Sprintf("on %s's order (%d left)", res.Officer.Name, res.Officer.Orders)
	return show(tx, res.Ruling), record(tx, res.Ruling, came, b, false)
}

// fireOrder is /crimea fire; its last options are a quick ruling's firers.
type fireOrder struct {
	decode.Mode
	mapcmd.Measures
	Unit       string   `opt:"unit" roster:"unit"`
	Target     string   `opt:"target" roster:"unit"`
	Ammo       rc.Ammo  `opt:"ammo"`
	Multiplier *float64 `opt:"multiplier"`
	Reason     string   `opt:"reason"`

	Nationality *rc.Nationality `opt:"nationality"`
	Type        *rc.UnitType    `opt:"type"`
	Stands      *int            `opt:"stands"`
	Column      bool            `opt:"column"`
}

// Fire is /crimea fire: fire by stands (C7), against the roster when the
// firing unit is on it.
func (*Ruleset) Fire(tx *battle.Tx, o fireOrder) (interaction.Response, error) {
	quick := !o.Battle() || o.Unit == ""
	fo := rc.FireOrder{Actor: actor(tx, quick), Unit: o.Unit, Target: o.Target, Ammo: o.Ammo}
	if o.Multiplier != nil {
		fo.Multipliers = []rc.Multiplier{{Factor: *o.Multiplier, Reason: or(o.Reason, "umpire's multiplier")}}
	}
	var b *rc.Board
	var err error
	if quick {
		b, err = quickFire(o, &fo)
	} else {
		b, err = load(tx)
	}
	if err != nil {
		return interaction.Response{}, err
	}
	if fo.Side, err = seer(tx, quick); err != nil {
		return interaction.Response{}, err
	}
	res, err := b.Fire(tx.Dice(), fo)
	if err != nil {
		return interaction.Response{}, err
	}
	res.Ruling.Measured = o.Measured()
	resp := show(tx, res.Ruling)
	if quick {
		return resp, record(tx, res.Ruling, rules.Plural(res.Hits, "stand", "stands"), nil, true)
	}
	resp.Public[0].Content = render.Inert(fireNote(res))
	return resp, record(tx, res.Ruling, rules.Plural(res.Lost, "stand", "stands"), b, false)
}

// quickFire is the board of a quick fire ruling: the firers as the options give
// them, and an enemy target, in column if it is one.
func quickFire(o fireOrder, fo *rc.FireOrder) (*rc.Board, error) {
	switch {
	case o.Nationality == nil:
		return nil, interaction.Input("For a quick ruling give the firers' nationality, type and stands (or name a roster unit with `unit:`).")
	case o.Type == nil:
		return nil, interaction.Input("Give the firers' type: infantry or artillery.")
	case o.Stands == nil:
		return nil, interaction.Input("Give the number of stands firing.")
	}
	nat, t := *o.Nationality, *o.Type
	firer := rc.Unit{Name: fmt.Sprintf("%s %s", nat, t), Side: rc.SideOf(nat), Nationality: nat, Type: t, Stands: *o.Stands}
	target := rc.Unit{Name: or(fo.Target, "the target"), Side: firer.Side.Enemy(), Formation: rc.Line, Stands: rc.MaxStands}
	if o.Column {
		target.Formation = rc.Column
	}
	fo.Unit, fo.Target = firer.Name, target.Name
	return &rc.Board{Units: []rc.Unit{firer, target}}, nil
}

// combatOrder is /crimea combat; its last options are a quick ruling's.
type combatOrder struct {
	decode.Mode
	mapcmd.Measures
	Attacker        string    `opt:"attacker" roster:"unit"`
	Defender        string    `opt:"defender" roster:"unit"`
	Facing          rc.Facing `opt:"facing" default:"front"`
	Uphill          bool      `opt:"uphill"`
	AttackerOfficer string    `opt:"attacker-officer" roster:"officer"`
	DefenderOfficer string    `opt:"defender-officer" roster:"officer"`

	AttackerType       *rc.UnitType  `opt:"attacker-type"`
	AttackerMorale     *int          `opt:"attacker-morale"`
	AttackerLost       int           `opt:"attacker-lost"`
	DefenderType       *rc.UnitType  `opt:"defender-type"`
	DefenderFormation  *rc.Formation `opt:"defender-formation"`
	DefenderMorale     *int          `opt:"defender-morale"`
	DefenderLost       int           `opt:"defender-lost"`
	DefenderDisordered bool          `opt:"defender-disordered"`
}

// Combat is /crimea combat: close combat (C8), against the roster in a battle.
func (*Ruleset) Combat(tx *battle.Tx, o combatOrder) (interaction.Response, error) {
	quick := !o.Battle()
	co := rc.CombatOrder{Actor: actor(tx, quick), Attacker: o.Attacker, Defender: o.Defender, Facing: o.Facing, Uphill: o.Uphill,
		AttackerOfficer: o.AttackerOfficer, DefenderOfficer: o.DefenderOfficer, OnTable: !quick && len(o.Measured()) > 0}
	var b *rc.Board
	var err error
	if quick {
		b, err = quickCombat(o)
	} else {
		b, err = load(tx)
	}
	if err != nil {
		return interaction.Response{}, err
	}
	if co.Side, err = seer(tx, quick); err != nil {
		return interaction.Response{}, err
	}
	res, err := b.Combat(tx.Dice(), co, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	res.Ruling.Measured = o.Measured()
	for _, back := range []string{
		mapcmd.CrimeaBack(tx, res.Attacker.Name, res.Defender.Name, res.AttackerBack),
		mapcmd.CrimeaBack(tx, res.Defender.Name, res.Attacker.Name, res.DefenderBack),
	} {
		if back != "" {
			res.Ruling.Measured = append(res.Ruling.Measured, back)
		}
	}
	resp := show(tx, res.Ruling)
	if quick {
		return resp, record(tx, res.Ruling, res.CombatOutcome.Summary(), nil, true)
	}
	if note := combatNote(res); note != "" {
		resp.Public[0].Content = render.Inert(note)
	}
	return resp, record(tx, res.Ruling, res.CombatOutcome.Summary(), b, false)
}

// A quickCombatant is one side of a quick close combat as the options give it.
type quickCombatant struct {
	role, name, officer string
	typ                 *rc.UnitType
	formation           *rc.Formation
	morale              *int
	lost                int
	disordered          bool
}

// quickCombat is the board of a quick close combat: the two units as the
// options give them, on opposite sides, each with its officer if named.
func quickCombat(o combatOrder) (*rc.Board, error) {
	b := &rc.Board{}
	for i, c := range []quickCombatant{
		{role: "attacker", name: o.Attacker, officer: o.AttackerOfficer, typ: o.AttackerType, morale: o.AttackerMorale, lost: o.AttackerLost},
		{role: "defender", name: o.Defender, officer: o.DefenderOfficer, typ: o.DefenderType, formation: o.DefenderFormation,
			morale: o.DefenderMorale, lost: o.DefenderLost, disordered: o.DefenderDisordered},
	} {
		if c.typ == nil {
			return nil, interaction.Inputf("%q is not on the roster: for a quick ruling give the %s's type (`%s-type:`) and any other factors.",
				render.Clip(or(o.Attacker, "the attacker"), rc.MaxName), c.role, c.role)
		}
		u := rc.Unit{Name: or(c.name, "the "+c.role), Side: rc.Sides[i], Type: *c.typ, Formation: rc.Line, Stands: 1,
			Morale: morale(c.morale), LostToFire: c.lost, Disordered: c.disordered}
		rules.Set(&u.Formation, c.formation)
		b.Units = append(b.Units, u)
		if c.officer != "" {
			b.Officers = append(b.Officers, rc.Officer{Name: c.officer, Side: u.Side})
		}
	}
	return b, nil
}

// rideOrder is /crimea ride; its last options are a quick ruling's.
type rideOrder struct {
	decode.Mode
	Officer string      `opt:"officer" roster:"officer"`
	Units   []string    `opt:"units" roster:"unit"`
	Calibre *rc.Calibre `opt:"calibre"`
	Morale  *int        `opt:"morale"`
}

// Ride is /crimea ride: does an officer ride with a charge of his men (C3)?
// Against the roster in a battle.
func (*Ruleset) Ride(tx *battle.Tx, o rideOrder) (interaction.Response, error) {
	if len(o.Units) > maxCharging {
		return interaction.Response{}, interaction.Inputf("Name at most %d charging units.", maxCharging)
	}
	quick := !o.Battle()
	ro := rc.RideOrder{Actor: actor(tx, quick), Officer: o.Officer, Units: o.Units}
	var b *rc.Board
	if quick {
		if o.Calibre == nil {
			return interaction.Response{}, interaction.Input("For a quick ruling give the officer's calibre (`calibre:`), or name an officer on the roster.")
		}
		b = &rc.Board{Officers: []rc.Officer{{Name: o.Officer, Side: rc.Allied, Calibre: *o.Calibre, Morale: morale(o.Morale)}}}
		for _, n := range o.Units {
			b.Units = append(b.Units, rc.Unit{Name: n, Side: rc.Allied})
		}
	} else {
		var err error
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	r, out, err := b.Ride(tx.Dice(), ro, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	return show(tx, r), record(tx, r, out.Summary(), nil, quick)
}

// morale is a morale rating given, or the rule set's default.
func morale(given *int) int {
	m := rc.DefaultMorale
	rules.Set(&m, given)
	return m
}

// or is s, or otherwise when s is empty.
func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// fireNote says what a fire left of its target.
func fireNote(res rc.FireResult) string {
	t := res.Target
	note := fmt.Sprintf("%s: %d of %d stands left.", t.Name, t.Stands, t.Start)
	if res.Lost < res.Hits {
		note = fmt.Sprintf("%s had only %s to lose.", t.Name, rules.Plural(res.Lost, "stand", "stands"))
	}
	if t.Stands == 0 {
		note += " It is destroyed."
	}
	return note
}

// combatNote says what a close combat cost each side ("": nothing).
func combatNote(res rc.CombatResult) string {
	var notes []string
	note := func(u rc.Unit, lost int, officer string, killed bool) {
		if lost > 0 {
			line := fmt.Sprintf("%s: %d of %d stands left", u.Name, u.Stands, u.Start)
			if u.Stands == 0 {
				line += ", destroyed"
			}
			notes = append(notes, line)
		}
		if killed && officer != "" {
			notes = append(notes, officer+" is dead: he issues no more orders")
		}
	}
	note(res.Attacker, res.AttackerLost, res.AttackerOfficer, res.AttackerOfficerKilled)
	note(res.Defender, res.DefenderLost, res.DefenderOfficer, res.DefenderOfficerKilled)
	if len(notes) == 0 {
		return ""
	}
	return strings.Join(notes, "; ") + "."
}
