package volleyfire

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// An outcome is what a move came to, for the players: the note shown, the
// rulings made and the summary logged.
type outcome struct {
	note, summary string
	rulings       []*rules.Ruling
}

// play runs move on the command's board and answers with its outcome. The
// board is the channel's, saved after the move, with the invoker as actor; or,
// when quickBoard is given and the command is a quick ruling, the board
// quickBoard builds from the options, with the invoker as its umpire: then only
// the rulings are shown (the note when there are none) and the summary logged
// when the channel has a battle.
func play(tx *battle.Tx, quickBoard func() (*vf.Board, error), move func(*vf.Board, rules.Actor) (outcome, error)) (interaction.Response, error) {
	isQuick, a := quickBoard != nil && quick(tx), actor(tx)
	build := func() (*vf.Board, error) { return load(tx) }
	if isQuick {
		build, a.Umpire = quickBoard, true
	}
	b, err := build()
	if err != nil {
		return interaction.Response{}, err
	}
	o, err := move(b, a)
	switch {
	case err != nil:
		return interaction.Response{}, err
	case isQuick && o.summary != "":
		tx.Log(o.summary)
	case !isQuick:
		if err := save(tx, b, o.summary); err != nil {
			return interaction.Response{}, err
		}
	}
	switch {
	case !slices.ContainsFunc(o.rulings, func(r *rules.Ruling) bool { return r != nil }):
		if isQuick {
			return interaction.Whisper(o.note), nil
		}
		return interaction.Say(o.note), nil
	case isQuick:
		o.note = ""
	}
	return show(tx, o.note, o.rulings...), nil
}

// Activate is /volleyfire activate: activate a roster unit (in command or not),
// or, as a quick ruling, check a command range.
func Activate(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	o, isQuick := vf.ActivateOrder{Unit: req.String(optUnit), Commander: req.String(optCommander)}, false
	if strings.EqualFold(o.Commander, "none") {
		o.Commander, o.OutOfCommand = "", true
	}
	if d, ok := req.Float(optDistance); ok {
		o.Distance = &d
	}
	return play(tx, func() (*vf.Board, error) {
		isQuick = true
		if o.Distance == nil {
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
		return vf.QuickBoard([]vf.RosterUnit{{Unit: vf.Unit{Name: o.Unit}, Side: ours}}, cs, ""), err
	}, func(b *vf.Board, a rules.Actor) (outcome, error) {
		o.Actor = a
		rep, err := b.Activate(o)
		if err != nil {
			return outcome{}, err
		}
		state, why, may := "out of command", " (no command base named)", "it may only shoot, at the closest enemy (V3)"
		switch {
		case rep.InCommand:
			state, why, may = "in command", "", "two actions (move, shoot, reload, charge, formation, breakaway)"
			if rep.Joined != "" {
				why = fmt.Sprintf(" (%s has joined it)", render.Inert(rep.Joined))
			}
		case rep.Command != nil:
			why = ""
		}
		summary := fmt.Sprintf("%s activated, %s", rep.Unit, state)
		if isQuick {
			summary = rep.Command.Result
		}
		return outcome{fmt.Sprintf("**%s** is activated, %s%s: %s.", render.Inert(rep.Unit), state, why, may), summary, []*rules.Ruling{rep.Command}}, nil
	})
}

// Done is /volleyfire done: end the active unit's activation.
func Done(tx *battle.Tx) (interaction.Response, error) {
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		name, err := b.Done(a, tx.Req.String(optUnit))
		return outcome{note: fmt.Sprintf("%s ends its activation. %s", render.Inert(name), whoseLine(b, tx.Game)), summary: name + " ends its activation"}, err
	})
}

// Move is /volleyfire move: one move action of a roster unit, or a quick ruling
// of a move's allowance and cost.
func Move(tx *battle.Tx) (interaction.Response, error) {
	o := vf.MoveOrder{Unit: tx.Req.String(optUnit), Path: path(tx.Req, optOpen, optLight, optHeavy)}
	isQuick := false
	return play(tx, func() (*vf.Board, error) {
		u, err := quickUnit(tx.Req, "", "the unit", ours, false)
		u.Limbered = u.Limbered || (u.Kind == vf.Artillery && !tx.Req.Has(optFormation))
		o.Unit, isQuick = u.Name, true
		return vf.QuickBoard([]vf.RosterUnit{u}, nil, u.Name), err
	}, func(b *vf.Board, a rules.Actor) (outcome, error) {
		o.Actor = a
		rep, err := b.Move(o, house(tx))
		var breach *rules.Breach
		if isQuick && errors.As(err, &breach) && len(rep.Ruling.Steps) > 0 {
			// A quick ruling of a move too long is the ruling that says so,
			// with the allowance and the cost.
			return outcome{summary: rep.Ruling.Result, rulings: []*rules.Ruling{&rep.Ruling}}, nil
		}
		return outcome{afterNote(b, tx.Game, rep.After), rep.Ruling.Result, []*rules.Ruling{&rep.Ruling}}, err
	})
}

// Shoot is /volleyfire shoot: a roster unit shoots at an enemy unit (bases
// removed, weapons unloaded), or a quick ruling from the options.
func Shoot(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	rng, _ := req.Float(optRange)
	elev, _ := req.Float(optElevation)
	o := vf.ShootOrder{Unit: req.String(optUnit), Target: req.String(optTarget), Range: rng, Elevation: elev,
		Cover: req.Bool(optCover), Closest: req.Bool(optClosest), FiringBases: req.IntOr(optBases, 0),
		Move: path(req, optMove, optMoveLight, optMoveHeavy)}
	isQuick := false
	return play(tx, func() (*vf.Board, error) {
		sh, err := quickShooter(req)
		if err != nil {
			return nil, err
		}
		tg, cs, err := quickTarget(req)
		units := []vf.RosterUnit{sh}
		if tg.Kind != vf.Command {
			units = append(units, tg)
		}
		o.Unit, o.Target, o.FiringBases, isQuick = sh.Name, tg.Name, 0, true
		return vf.QuickBoard(units, cs, sh.Name), err
	}, func(b *vf.Board, a rules.Actor) (outcome, error) {
		side, err := tx.Seer()
		if err != nil {
			return outcome{}, err
		}
		o.Actor, o.Side = a, side
		rep, err := b.Shoot(tx.Dice(), o, house(tx))
		summary := fmt.Sprintf("%s shoots at %s, %s: %s", rep.After.Unit, rep.Target, vf.Inches(rng), rep.Ruling.Result)
		if isQuick {
			summary = rep.Ruling.Title + ": " + rep.Ruling.Result
		}
		return outcome{afterNote(b, tx.Game, rep.After), summary, []*rules.Ruling{rep.Move, &rep.Ruling}}, err
	})
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
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.Reload(a, tx.Req.String(optUnit))
		return outcome{note: render.Inert(rep.Result) + " " + afterNote(b, tx.Game, rep.After),
			summary: fmt.Sprintf("%s reloads (%d/%d)", rep.After.Unit, rep.Done, rep.Need)}, err
	})
}

// Formation is /volleyfire formation: change formation (artillery: limber or
// unlimber), one action.
func Formation(tx *battle.Tx) (interaction.Response, error) {
	to, err := readStance(tx.Req, optTo)
	if err != nil {
		return interaction.Response{}, err
	}
	name, isQuick := tx.Req.String(optUnit), false
	return play(tx, func() (*vf.Board, error) {
		u, err := quickUnit(tx.Req, "", "the unit", ours, false)
		name, isQuick = u.Name, true
		// The options do not say how the unit stands: otherwise than it is to.
		u.Limbered = to == vf.StanceUnlimbered
		if to == vf.Stance(vf.Line) {
			u.Formation = vf.Column
		}
		return vf.QuickBoard([]vf.RosterUnit{u}, nil, u.Name), err
	}, func(b *vf.Board, a rules.Actor) (outcome, error) {
		after, err := b.Formation(a, name, to)
		if err != nil || isQuick {
			return outcome{note: fmt.Sprintf("Allowed: %s changes to %s as one action.", name, to)}, err
		}
		what := "forms " + string(to)
		if b.UnitNamed(name).Kind == vf.Artillery {
			what = strings.TrimSuffix(string(to), "ed") + "s" // limbers, unlimbers
		}
		return outcome{note: fmt.Sprintf("%s %s. %s", render.Inert(after.Unit), what, afterNote(b, tx.Game, after)), summary: after.Unit + " " + what}, nil
	})
}

// Charge is /volleyfire charge: a roster unit charges an enemy unit (one
// action). From behind the enemy is destroyed at once; otherwise the combat is
// fought in the combat phase.
func Charge(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	facing, err := readFacing(req)
	if err != nil {
		return interaction.Response{}, err
	}
	o := vf.ChargeOrder{Unit: req.String(optUnit), Target: req.String(optTarget), Facing: facing,
		Move: path(req, optOpen, optLight, optHeavy), SideBases: req.IntOr(optSideBases, 0)}
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		side, err := tx.Seer()
		if err != nil {
			return outcome{}, err
		}
		o.Actor, o.Side = a, side
		rep, err := b.Charge(tx.Dice(), o, house(tx))
		if err != nil {
			return outcome{}, err
		}
		return outcome{render.Inert(rep.Result) + " " + afterNote(b, tx.Game, rep.After),
			fmt.Sprintf("%s charges %s (%s)", rep.After.Unit, b.UnitNamed(o.Target).Name, facing), []*rules.Ruling{rep.Move, rep.Rear}}, nil
	})
}

// Breakaway is /volleyfire breakaway: a unit leaves its combat (one action).
func Breakaway(tx *battle.Tx) (interaction.Response, error) {
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		after, err := b.Breakaway(a, tx.Req.String(optUnit))
		msg := fmt.Sprintf("%s breaks away: it turns one inch and may use its second action to move.", render.Inert(after.Unit))
		return outcome{note: msg + " " + afterNote(b, tx.Game, after), summary: after.Unit + " breaks away"}, err
	})
}

// Fight is /volleyfire fight: fight a roster unit's combat in the combat phase,
// or a quick ruling of a combat from the options.
func Fight(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	name := req.String(optUnit)
	return play(tx, func() (*vf.Board, error) {
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
	}, func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.Fight(tx.Dice(), a, name, house(tx))
		return outcome{fmt.Sprintf("Combat: %s.", render.Inert(rep.Combat.Names())), rep.Ruling.Title + ": " + rep.Ruling.Result, []*rules.Ruling{&rep.Ruling}}, err
	})
}
