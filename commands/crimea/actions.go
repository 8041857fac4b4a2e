package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// rosterMode reports whether a ruling is made against the channel's roster: the
// battle is a Crimea one and the roster option was given. Otherwise it is a
// quick ruling, on a board built from the options.
func rosterMode(tx *battle.Tx, opt string) bool { return crimeaGame(tx) && tx.Req.String(opt) != "" }

// actor is who gives the order: on a quick ruling's board, built from the
// options, whoever asks commands everything on it.
func actor(tx *battle.Tx, quick bool) rules.Actor {
	return rules.Actor{User: tx.Req.User.ID, Umpire: quick || tx.IsUmpire()}
}

// seer is the side whose sight an order is given with under fog of war
// (tx.Seer; "": every unit in sight, as on a quick ruling's board).
func seer(tx *battle.Tx, quick bool) (rc.Side, error) {
	if quick {
		return "", nil
	}
	s, err := tx.Seer()
	return rc.Side(s), err
}

// record logs a ruling as its title and what came of it, and keeps the board
// it changed (nil: a quick ruling's board, or nothing changed).
func record(tx *battle.Tx, r rules.Ruling, came string, changed *rc.Board, quick bool) error {
	kind, what, _ := strings.Cut(r.Title, ": ")
	if quick {
		kind += " (quick)"
	}
	tx.Log(fmt.Sprintf("%s: %s, %s", strings.ToLower(kind[:1])+kind[1:], what, came))
	if changed == nil {
		return nil
	}
	return tx.SetBoard(changed)
}

// Calibre is /crimea calibre: roll an officer's calibre (C3).
func Calibre(tx *battle.Tx) (interaction.Response, error) {
	quick := !rosterMode(tx, "officer")
	name := tx.Req.String("officer")
	var b *rc.Board
	var err error
	if quick {
		if n := tx.Req.String("name"); n != "" {
			name = n
		} else if name == "" {
			name = "the officer"
		}
		b = &rc.Board{Officers: []rc.Officer{{Name: name}}}
	} else if b, err = umpireBoard(tx, "roll an officer's calibre"); err != nil {
		return interaction.Response{}, err
	}
	r, o, err := b.Calibre(tx.Dice(), name)
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
	return resp, record(tx, r, string(o.Calibre), b, quick)
}

// Morale is /crimea morale: a unit's morale or an officer's officer morale (C5).
func Morale(tx *battle.Tx) (interaction.Response, error) {
	quick := !rosterMode(tx, "unit") && !rosterMode(tx, "officer")
	mo := rc.MoraleOrder{Actor: actor(tx, quick), Unit: tx.Req.String("unit"), Officer: tx.Req.String("officer")}
	b := &rc.Board{}
	var err error
	if !quick {
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	} else if rating, name := tx.Req.IntOr("rating", rc.DefaultMorale), tx.Req.String("name"); tx.Req.Bool("officer-test") {
		mo = rc.MoraleOrder{Actor: mo.Actor, Officer: or(name, "the officer")}
		b.Officers = []rc.Officer{{Name: mo.Officer, Morale: rating}}
	} else {
		mo = rc.MoraleOrder{Actor: mo.Actor, Unit: or(name, "the unit")}
		b.Units = []rc.Unit{{Name: mo.Unit, Morale: rating}}
	}
	r, out, err := b.Morale(tx.Dice(), mo, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	return show(tx, r), record(tx, r, out.Summary(), nil, quick)
}

func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// Movement is /crimea movement: the movement modifier for a brigade or a lone
// unit out of command (C6).
func Movement(tx *battle.Tx) (interaction.Response, error) {
	quick := !rosterMode(tx, "brigade") && !rosterMode(tx, "unit")
	mo := rc.ModifierOrder{Actor: actor(tx, quick), Brigade: tx.Req.String("brigade"), Unit: tx.Req.String("unit")}
	var b *rc.Board
	var err error
	if quick {
		b, err = quickMover(tx.Req, &mo)
	} else {
		b, err = load(tx)
	}
	if err != nil {
		return interaction.Response{}, err
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
func quickMover(req interaction.Request, mo *rc.ModifierOrder) (*rc.Board, error) {
	mo.Brigade, mo.Unit = "", ""
	t, ok, err := option(req, "type", rc.UnitTypes, "unit type")
	if err != nil || !ok {
		return &rc.Board{}, err
	}
	u := rc.Unit{Name: "the " + string(t), Side: rc.Allied, Nationality: rc.British, Type: t, Formation: rc.Line, Stands: 1}
	b := &rc.Board{Units: []rc.Unit{u}}
	if in, ok := req.Int("allowance"); ok {
		row, _ := rc.RowFor(u.Type, u.Nationality, u.Formation)
		b.Allowances = map[rc.MoveRow]int{row: in}
	}
	mo.Unit = u.Name
	return b, nil
}

// Move is /crimea move: an officer orders a unit to move (C3–C4), spending his
// orders, and the unit's move this turn is its allowance with the brigade's
// movement modifier (C6).
func Move(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	mo := rc.MoveOrder{Actor: actor(tx, false), Unit: tx.Req.String("unit"), Officer: tx.Req.String("officer"), Far: tx.Req.Bool("far")}
	res, err := b.Move(tx.Dice(), mo, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	came := fmt.Sprintf("on %s's order (%d left)", res.Officer.Name, res.Officer.Orders)
	return show(tx, res.Ruling), record(tx, res.Ruling, came, b, false)
}

// Fire is /crimea fire: fire by stands (C7).
func Fire(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	quick := !rosterMode(tx, "unit")
	fo := rc.FireOrder{Actor: actor(tx, quick), Unit: req.String("unit"), Target: req.String("target")}
	var err error
	if fo.Ammo, _, err = option(req, "ammo", rc.Ammos, "kind of ammunition"); err != nil {
		return interaction.Response{}, err
	}
	if f, ok := req.Float("multiplier"); ok {
		fo.Multipliers = []rc.Multiplier{{Factor: f, Reason: or(req.String("reason"), "umpire's multiplier")}}
	}
	var b *rc.Board
	if quick {
		b, err = quickFire(req, &fo)
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
	resp := show(tx, res.Ruling)
	if quick {
		return resp, record(tx, res.Ruling, rules.Plural(res.Hits, "stand", "stands"), nil, true)
	}
	t := res.Target
	note := fmt.Sprintf("%s: %d of %d stands left.", t.Name, t.Stands, t.Start)
	if res.Lost < res.Hits {
		note = fmt.Sprintf("%s had only %s to lose.", t.Name, rules.Plural(res.Lost, "stand", "stands"))
	}
	if t.Stands == 0 {
		note += " It is destroyed."
	}
	resp.Public[0].Content = render.Inert(note)
	return resp, record(tx, res.Ruling, rules.Plural(res.Lost, "stand", "stands"), b, false)
}

// quickFire is the board of a quick fire ruling: the firers as the options give
// them, and an enemy target, in column if it is one.
func quickFire(req interaction.Request, fo *rc.FireOrder) (*rc.Board, error) {
	nat, err := required(req, "nationality", rc.Nationalities, "nationality", "For a quick ruling give the firers' nationality, type and stands (or name a roster unit with `unit:`).")
	if err != nil {
		return nil, err
	}
	t, err := required(req, "type", rc.UnitTypes, "unit type", "Give the firers' type: infantry or artillery.")
	if err != nil {
		return nil, err
	}
	stands, ok := req.Int("stands")
	if !ok {
		return nil, interaction.Input("Give the number of stands firing.")
	}
	firer := rc.Unit{Name: fmt.Sprintf("%s %s", nat, t), Side: rc.SideOf(nat), Nationality: nat, Type: t, Stands: stands}
	target := rc.Unit{Name: or(fo.Target, "the target"), Side: firer.Side.Enemy(), Formation: rc.Line, Stands: rc.MaxStands}
	if req.Bool("column") {
		target.Formation = rc.Column
	}
	fo.Unit, fo.Target = firer.Name, target.Name
	return &rc.Board{Units: []rc.Unit{firer, target}}, nil
}

// Combat is /crimea combat: close combat (C8), against the roster when the
// attacker is on it.
func Combat(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	co := rc.CombatOrder{Attacker: req.String("attacker"), Defender: req.String("defender"), Facing: rc.Front, Uphill: req.Bool("uphill"),
		AttackerOfficer: req.String("attacker-officer"), DefenderOfficer: req.String("defender-officer")}
	f, err := optional(req, "facing", rc.Facings, "facing")
	if err != nil {
		return interaction.Response{}, err
	}
	rules.Set(&co.Facing, f)
	var b *rc.Board
	if crimeaGame(tx) {
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	quick := b == nil
	if !quick {
		_, err := b.Unit(co.Attacker)
		quick = err != nil
	}
	if quick {
		if b, err = quickCombat(req, &co); err != nil {
			return interaction.Response{}, err
		}
	}
	co.Actor = actor(tx, quick)
	if co.Side, err = seer(tx, quick); err != nil {
		return interaction.Response{}, err
	}
	res, err := b.Combat(tx.Dice(), co, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	resp := show(tx, res.Ruling)
	if quick {
		return resp, record(tx, res.Ruling, res.CombatOutcome.Summary(), nil, true)
	}
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
	if len(notes) > 0 {
		resp.Public[0].Content = render.Inert(strings.Join(notes, "; ") + ".")
	}
	return resp, record(tx, res.Ruling, res.CombatOutcome.Summary(), b, false)
}

// quickCombat is the board of a quick close combat: the two units as the
// options give them, on opposite sides, each with its officer if named.
func quickCombat(req interaction.Request, co *rc.CombatOrder) (*rc.Board, error) {
	b := &rc.Board{}
	attacker := or(req.String("attacker"), "the attacker")
	for i, role := range []string{"attacker", "defender"} {
		u := rc.Unit{Name: or(req.String(role), "the "+role), Side: rc.Sides[i], Formation: rc.Line, Stands: 1,
			Morale: req.IntOr(role+"-morale", rc.DefaultMorale), LostToFire: req.IntOr(role+"-lost", 0), Disordered: req.Bool(role + "-disordered")}
		var err error
		if u.Type, err = required(req, role+"-type", rc.UnitTypes, "unit type",
			fmt.Sprintf("%q is not on the roster: for a quick ruling give the %s's type (`%s-type:`) and any other factors.", render.Clip(attacker, rc.MaxName), role, role)); err != nil {
			return nil, err
		}
		f, err := optional(req, role+"-formation", rc.Formations, "formation")
		if err != nil {
			return nil, err
		}
		rules.Set(&u.Formation, f)
		b.Units = append(b.Units, u)
		if o := req.String(role + "-officer"); o != "" {
			b.Officers = append(b.Officers, rc.Officer{Name: o, Side: u.Side})
		}
	}
	co.Attacker, co.Defender = b.Units[0].Name, b.Units[1].Name
	return b, nil
}

// Ride is /crimea ride: does an officer ride with a charge of his men (C3)?
// Against the roster when the officer is on it.
func Ride(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	ro := rc.RideOrder{Officer: req.String("officer")}
	for _, s := range strings.Split(req.String("units"), ",") {
		if s = strings.TrimSpace(s); s != "" {
			ro.Units = append(ro.Units, s)
		}
	}
	if len(ro.Units) > 10 {
		return interaction.Response{}, interaction.Input("Name at most 10 charging units.")
	}
	var b *rc.Board
	var err error
	if crimeaGame(tx) {
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	quick := b == nil
	if !quick {
		_, err := b.Officer(ro.Officer)
		quick = ro.Officer == "" || err != nil
	}
	if quick {
		c, err := required(req, "calibre", rc.Calibres, "calibre", "For a quick ruling give the officer's calibre (`calibre:`), or name an officer on the roster.")
		if err != nil {
			return interaction.Response{}, err
		}
		b = &rc.Board{Officers: []rc.Officer{{Name: ro.Officer, Side: rc.Allied, Calibre: c, Morale: req.IntOr("morale", rc.DefaultMorale)}}}
		for _, n := range ro.Units {
			b.Units = append(b.Units, rc.Unit{Name: n, Side: rc.Allied})
		}
	}
	ro.Actor = actor(tx, quick)
	r, out, err := b.Ride(tx.Dice(), ro, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	return show(tx, r), record(tx, r, out.Summary(), nil, quick)
}
