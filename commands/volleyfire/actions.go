package volleyfire

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// board is the board a ruling's order is given on, and who gives it: the
// channel's board and the invoker, or for a quick ruling the board quickBoard
// builds from the options, on which the invoker is the umpire.
func board(tx *battle.Tx, quickBoard func() (*vf.Board, error)) (*vf.Board, rules.Actor, error) {
	if quick(tx) {
		b, err := quickBoard()
		return b, rules.Actor{User: tx.Req.User.ID, Umpire: true}, err
	}
	b, err := load(tx)
	return b, actor(tx), err
}

// ruled answers a ruling: a quick ruling with its rulings alone (logged as
// summary when the channel has a battle), otherwise as answer does.
func ruled(tx *battle.Tx, b *vf.Board, summary, note string, rs ...*rules.Ruling) (interaction.Response, error) {
	if quick(tx) {
		tx.Log(summary)
		return show(tx, "", rs...), nil
	}
	return answer(tx, b, summary, note, rs...)
}

// answer saves the board, logging summary, and answers with note and the rulings.
func answer(tx *battle.Tx, b *vf.Board, summary, note string, rs ...*rules.Ruling) (interaction.Response, error) {
	if err := save(tx, b, summary); err != nil {
		return interaction.Response{}, err
	}
	if slices.ContainsFunc(rs, func(r *rules.Ruling) bool { return r != nil }) {
		return show(tx, note, rs...), nil
	}
	return interaction.Say(note), nil
}

// Activate is /volleyfire activate: activate a roster unit (in command or not),
// or, as a quick ruling, check a command range.
func Activate(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	var distance *float64
	if d, ok := req.Float(optDistance); ok {
		distance = &d
	}
	o := vf.ActivateOrder{Unit: req.String(optUnit), Commander: req.String(optCommander), Distance: distance}
	b, a, err := board(tx, func() (*vf.Board, error) {
		if distance == nil {
			return nil, interaction.Input("Give the distance from the command base (`distance:`), or a roster unit to activate (`unit:`).")
		}
		nation, err := readNation(req, optNation)
		g := vf.General{Royal: req.Bool(optRoyal), Nation: nation}
		g.Name, o.Unit = vf.LabelGeneral(g), "the unit"
		o.Commander = g.Name
		cs := []vf.Commander{{General: g, Side: ours}}
		if en := given(req, optEnemyNat, readNation, &err); en != nil {
			cs = append(cs, vf.Commander{General: vf.General{Name: "the enemy general", Nation: *en, Royal: g.Royal}, Side: theirs})
		}
		u := vf.RosterUnit{Unit: vf.Unit{Name: o.Unit, Kind: vf.Infantry, Bases: 3, Formation: vf.Line, Weapon: vf.Musket}, Side: ours}
		return vf.QuickBoard([]vf.RosterUnit{u}, cs, ""), err
	})
	if err != nil {
		return interaction.Response{}, err
	}
	o.Actor = a
	rep, err := b.Activate(o)
	if err != nil {
		return interaction.Response{}, err
	}
	state, why := "out of command", " — no command base named: out of command, it may only shoot at the closest enemy (V3)"
	switch {
	case rep.InCommand:
		state, why = "in command", ""
		if rep.Joined != "" {
			why = fmt.Sprintf(" (%s has joined it)", render.Inert(rep.Joined))
		}
	case rep.Command != nil:
		why = ""
	}
	summary := fmt.Sprintf("%s activated, %s", rep.Unit, state)
	if quick(tx) {
		summary = rep.Command.Result
	}
	note := fmt.Sprintf("**%s** is activated, %s%s: two actions (move, shoot, reload, charge, formation, breakaway).", render.Inert(rep.Unit), state, why)
	return ruled(tx, b, summary, note, rep.Command)
}

// Done is /volleyfire done: end the active unit's activation.
func Done(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	name, err := b.Done(actor(tx), tx.Req.String(optUnit))
	if err != nil {
		return interaction.Response{}, err
	}
	if err := save(tx, b, name+" ends its activation"); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("%s ends its activation. %s", render.Inert(name), whoseLine(b, tx.Game))), nil
}

// Move is /volleyfire move: one move action of a roster unit, or a quick ruling
// of a move's allowance and cost.
func Move(tx *battle.Tx) (interaction.Response, error) {
	o := distances(tx.Req, optOpen, optLight, optHeavy)
	b, a, err := board(tx, func() (*vf.Board, error) {
		u, err := quickUnit(tx.Req, "", "the unit", ours, false)
		u.Limbered = u.Limbered || (u.Kind == vf.Artillery && !tx.Req.Has(optFormation))
		o.Unit = u.Name
		return vf.QuickBoard([]vf.RosterUnit{u}, nil, u.Name), err
	})
	if err != nil {
		return interaction.Response{}, err
	}
	o.Actor = a
	rep, err := b.Move(o, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	return ruled(tx, b, rep.Ruling.Result, afterNote(b, tx.Game, rep.After), &rep.Ruling)
}

// Shoot is /volleyfire shoot: a roster unit shoots at an enemy unit (bases
// removed, weapons unloaded), or a quick ruling from the options.
func Shoot(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	rng, _ := req.Float(optRange)
	elev, _ := req.Float(optElevation)
	o := vf.ShootOrder{Unit: req.String(optUnit), Target: req.String(optTarget), Range: rng, Elevation: elev,
		Cover: req.Bool(optCover), Closest: req.Bool(optClosest), FiringBases: req.IntOr(optBases, 0),
		Move: distances(req, optMove, optMoveLight, optMoveHeavy)}
	b, a, err := board(tx, func() (*vf.Board, error) {
		sh, err := quickShooter(req)
		if err != nil {
			return nil, err
		}
		tg, cs, err := quickTarget(req)
		units := []vf.RosterUnit{sh}
		if tg.Kind != vf.Command {
			units = append(units, tg)
		}
		o.Unit, o.Target, o.FiringBases = sh.Name, tg.Name, 0
		return vf.QuickBoard(units, cs, sh.Name), err
	})
	if err != nil {
		return interaction.Response{}, err
	}
	o.Actor = a
	rep, err := b.Shoot(tx.Dice(), o, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	summary := fmt.Sprintf("%s shoots at %s, %s: %s", rep.After.Unit, rep.Target, inches(rng), rep.Ruling.Result)
	if quick(tx) {
		summary = rep.Ruling.Title + ": " + rep.Ruling.Result
	}
	return ruled(tx, b, summary, afterNote(b, tx.Game, rep.After), rep.Move, &rep.Ruling)
}

func inches(v float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".") + "\""
}

// Reload is /volleyfire reload: one reload action (rifles need two), or how a
// weapon reloads.
func Reload(tx *battle.Tx) (interaction.Response, error) {
	if quick(tx) {
		w, err := readWeapon(tx.Req, optWeapon)
		if err != nil {
			return interaction.Response{}, interaction.Input("Name a roster unit (`unit:`) or a weapon (`weapon:`).")
		}
		return interaction.Whisper(vf.ReloadRule(w)), nil
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	rep, err := b.Reload(actor(tx), tx.Req.String(optUnit))
	if err != nil {
		return interaction.Response{}, err
	}
	u := b.UnitNamed(tx.Req.String(optUnit))
	done := fmt.Sprintf("%s reloads: loaded.", render.Inert(u.Name))
	if !rep.Loaded {
		done = fmt.Sprintf("%s reloads: %d of %d actions (%s).", render.Inert(u.Name), rep.Done, rep.Need, vf.ReloadRule(u.Weapon))
	}
	if rep.Need == 1 {
		done += " (reading V6: one action)"
	}
	note := done + " " + afterNote(b, tx.Game, rep.After)
	return answer(tx, b, fmt.Sprintf("%s reloads (%d/%d)", u.Name, rep.Done, rep.Need), note)
}

// Formation is /volleyfire formation: change formation (artillery: limber or
// unlimber), one action.
func Formation(tx *battle.Tx) (interaction.Response, error) {
	to, err := readStance(tx.Req, optTo)
	if err != nil {
		return interaction.Response{}, err
	}
	name := tx.Req.String(optUnit)
	b, a, err := board(tx, func() (*vf.Board, error) {
		u, err := quickUnit(tx.Req, "", "the unit", ours, false)
		name = u.Name
		return vf.QuickBoard([]vf.RosterUnit{u}, nil, u.Name), err
	})
	if err != nil {
		return interaction.Response{}, err
	}
	after, err := b.Formation(a, name, to)
	if err != nil {
		return interaction.Response{}, err
	}
	if quick(tx) {
		return interaction.Whisper(fmt.Sprintf("Allowed: %s changes to %s as one action.", name, to)), nil
	}
	u := b.UnitNamed(name)
	what := string(to)
	if u.Kind != vf.Artillery {
		what = "forms " + what
	}
	return answer(tx, b, u.Name+" "+what, fmt.Sprintf("%s %s. %s", render.Inert(u.Name), what, afterNote(b, tx.Game, after)))
}

// Charge is /volleyfire charge: a roster unit charges an enemy unit (one
// action). From behind the enemy is destroyed at once; otherwise the combat is
// fought in the combat phase.
func Charge(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	facing, err := readFacing(req)
	if err != nil {
		return interaction.Response{}, err
	}
	o := vf.ChargeOrder{Actor: actor(tx), Unit: req.String(optUnit), Target: req.String(optTarget), Facing: facing,
		Move: distances(req, optOpen, optLight, optHeavy), SideBases: req.IntOr(optSideBases, 0)}
	rep, err := b.Charge(tx.Dice(), o, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	u, t := b.UnitNamed(o.Unit), b.UnitNamed(o.Target)
	var msg string
	switch {
	case rep.Rear != nil:
		msg = rep.Rear.Result
	case rep.Joined:
		msg = fmt.Sprintf("%s charges %s and joins the combat (%s); allies add their hits.", render.Inert(u.Name), render.Inert(t.Name), render.Inert(rep.Combat.Names()))
		if facing != rep.Combat.Facing {
			msg += fmt.Sprintf(" The combat keeps the facing of the first charge (%s).", rep.Combat.Facing)
		}
	default:
		msg = fmt.Sprintf("%s charges %s in the %s.", render.Inert(u.Name), render.Inert(t.Name), rep.Combat.Facing)
	}
	if rep.Rear == nil {
		msg += " The combat is fought after all activations (the charger counts an extra base)."
	}
	if rep.Square {
		msg += " The square receives cavalry as infantry: one extra base, no mounted rerolls, Ulhans not five (V2a)."
	}
	summary := fmt.Sprintf("%s charges %s (%s)", u.Name, t.Name, facing)
	return answer(tx, b, summary, msg+" "+afterNote(b, tx.Game, rep.After), rep.Move, rep.Rear)
}

// Breakaway is /volleyfire breakaway: a unit leaves its combat (one action).
func Breakaway(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	name := tx.Req.String(optUnit)
	after, err := b.Breakaway(actor(tx), name)
	if err != nil {
		return interaction.Response{}, err
	}
	name = b.UnitNamed(name).Name
	msg := fmt.Sprintf("%s breaks away: it turns one inch and may use its second action to move.", render.Inert(name))
	return answer(tx, b, name+" breaks away", msg+" "+afterNote(b, tx.Game, after))
}

// Fight is /volleyfire fight: fight a roster unit's combat in the combat phase,
// or a quick ruling of a combat from the options.
func Fight(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	name := req.String(optUnit)
	b, a, err := board(tx, func() (*vf.Board, error) {
		c, err := quickUnit(req, chargerPrefix, "the charger", ours, true)
		if err != nil {
			return nil, err
		}
		d, err := quickUnit(req, defenderPrefix, "the defender", theirs, true)
		if err != nil {
			return nil, err
		}
		facing, err := readFacing(req)
		m := vf.Melee{Chargers: []vf.Engaged{{Unit: c.Name, Charged: true}}, Defenders: []vf.Engaged{{Unit: d.Name}},
			Facing: facing, SideBases: req.IntOr(optSideBases, 0)}
		units := []vf.RosterUnit{c, d}
		if n := req.IntOr(chargerPrefix+optAllies, 0); n > 0 {
			ally := c
			ally.Name, ally.Bases, ally.Elite = "the charger's ally", n, false
			units = append(units, ally)
			m.Chargers = append(m.Chargers, vf.Engaged{Unit: ally.Name, Charged: true})
		}
		name = c.Name
		cs := append(joinedBy(req, chargerPrefix+"command", c), joinedBy(req, defenderPrefix+"command", d)...)
		return vf.QuickBoard(units, cs, "", m), err
	})
	if err != nil {
		return interaction.Response{}, err
	}
	rep, err := b.Fight(tx.Dice(), a, name, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Log(rep.Ruling.Title + ": " + rep.Ruling.Result)
	if quick(tx) {
		return show(tx, "", &rep.Ruling), nil
	}
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return show(tx, fmt.Sprintf("Combat: %s.", render.Inert(rep.Combat.Names())), &rep.Ruling), nil
}
