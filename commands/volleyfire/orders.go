package volleyfire

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// The typed orders of /volleyfire, one a subcommand, and their handlers.
// Each order is decoded whole by the decoder of definition.go before its
// handler runs; in a battle every name in it is the roster's.

// The sides of a quick ruling's board.
const (
	ours   = "ours"
	theirs = "theirs"
)

// subject is the roster unit an order is given to. Without one, or outside
// a Volleyfire! battle, the order is a quick ruling, played on a board built
// from its options.
type subject struct {
	decode.Mode
	Unit string `opt:"unit" roster:"unit"`
}

// quick reports whether the order is a quick ruling.
func (s subject) quick() bool { return !s.Battle() || s.Unit == "" }

// quickly is build, the quick ruling's board, when the order is one; nil
// otherwise, and the order is played on the channel's board (play).
func (s subject) quickly(build func() (*vf.Board, error)) func() (*vf.Board, error) {
	if s.quick() {
		return build
	}
	return nil
}

// An outcome is what a move came to, for the players: the note shown, the
// rulings made and the summary logged.
type outcome struct {
	note, summary string
	rulings       []*rules.Ruling
}

// play runs move on the command's board and answers with its outcome. The
// board is the channel's, saved after the move, with the invoker as actor; or,
// for a quick ruling (quick not nil), the board quick builds from the options,
// with the invoker as its umpire: then only the rulings are shown (the note
// when there are none) and the summary logged when the channel has a battle.
func play(tx *battle.Tx, quick func() (*vf.Board, error), move func(*vf.Board, rules.Actor) (outcome, error)) (interaction.Response, error) {
	isQuick, a := quick != nil, actor(tx)
	build := func() (*vf.Board, error) { return load(tx) }
	if isQuick {
		build, a.Umpire = quick, true
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

// path is a move's inches through open, light and heavy ground (V4).
type path struct {
	Open  float64 `opt:"open"`
	Light float64 `opt:"light"`
	Heavy float64 `opt:"heavy"`
}

func (p path) of() vf.Path { return vf.Path{Open: p.Open, Light: p.Light, Heavy: p.Heavy} }

// A quickUnit is a unit of a quick ruling as its options describe it (nil:
// not given).
type quickUnit struct {
	Kind    *vf.Kind
	Bases   *int
	Stance  *vf.Stance
	Nation  vf.Nation
	Special vf.Special
	Arms    vf.Arms
	Elite   bool
	// Command: a command base has joined it.
	Command bool
}

// unit is the unit q describes, called who, on side; prefix is its options'
// ("c-"), named in a refusal; needBases says whether its bases must be given.
func (q quickUnit) unit(prefix, who, side string, needBases bool) (vf.RosterUnit, error) {
	if q.Kind == nil {
		return vf.RosterUnit{}, interaction.Inputf("For a quick ruling give %s's type (`%s%s:`), or name a roster unit.", who, prefix, optType)
	}
	kind := *q.Kind
	u := vf.RosterUnit{Unit: vf.Unit{Name: who, Kind: kind, Weapon: vf.DefaultWeapon(kind), Bases: 1,
		Formation: vf.Line, Loaded: true, Elite: q.Elite}, Side: side}
	switch {
	case q.Bases != nil:
		u.Bases = *q.Bases
	case needBases && kind != vf.Artillery:
		return u, interaction.Inputf("For a quick ruling give %s's bases (`%s%s:`).", who, prefix, optBases)
	}
	q.describe(&u.Unit)
	return u, nil
}

// describe sets u's formation (artillery: limbered or not), nationality,
// special type and arms as q gives them.
func (q quickUnit) describe(u *vf.Unit) {
	switch s := q.Stance; {
	case s == nil:
	case *s == vf.StanceLimbered || *s == vf.StanceUnlimbered:
		u.Limbered = *s == vf.StanceLimbered
	default:
		u.Formation = vf.Formation(*s)
	}
	u.Nation, u.Special, u.Arms = q.Nation, q.Special, q.Arms
}

// joinedBy is a command base standing with u, when joined says one has
// joined it.
func joinedBy(joined bool, u vf.RosterUnit) []vf.Commander {
	if !joined {
		return nil
	}
	return []vf.Commander{{General: vf.General{Name: u.Name + "'s command base"}, Side: u.Side, Joined: u.Name}}
}

// firstOrder is /volleyfire first.
type firstOrder struct {
	Side string `opt:"side" roster:"side"`
}

// First is /volleyfire first side:<…> (umpire): the side that activates first,
// this turn if no unit has acted yet, otherwise next turn.
func (*Ruleset) First(tx *battle.Tx, o firstOrder) (interaction.Response, error) {
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.ChooseFirst(a, o.Side)
		note := fmt.Sprintf("The umpire chooses: %s will activate first when the next turn starts (no roll).", render.Inert(rep.Side))
		if rep.Now {
			note = fmt.Sprintf("The umpire chooses: %s activates first this turn. %s", render.Inert(rep.Side), whoseLine(b, tx.Game))
		}
		return outcome{note: note, summary: "umpire chooses " + rep.Side + " to activate first"}, err
	})
}

// activateOrder is /volleyfire activate; its last options are a quick
// ruling's command range.
type activateOrder struct {
	subject
	mapcmd.Measures
	Commander   string     `opt:"commander" roster:"commander" also:"none"`
	Distance    *float64   `opt:"distance"`
	Nation      vf.Nation  `opt:"nation"`
	Royal       bool       `opt:"royal"`
	EnemyNation *vf.Nation `opt:"enemy-nation"`
}

// Activate is /volleyfire activate: activate a roster unit (in command or not),
// or, as a quick ruling, check a command range.
func (*Ruleset) Activate(tx *battle.Tx, o activateOrder) (interaction.Response, error) {
	ao := vf.ActivateOrder{Unit: o.Unit, Commander: o.Commander, Distance: o.Distance, Measured: o.Measured()}
	if strings.EqualFold(ao.Commander, "none") {
		ao.Commander, ao.OutOfCommand = "", true
	}
	return play(tx, o.quickly(func() (*vf.Board, error) {
		if o.Distance == nil {
			return nil, interaction.Input("Give the distance from the command base (`distance:`), or a roster unit to activate (`unit:`).")
		}
		g := vf.General{Royal: o.Royal, Nation: o.Nation}
		g.Name, ao.Unit = vf.LabelGeneral(g), "the unit"
		ao.Commander = g.Name
		cs := []vf.Commander{{General: g, Side: ours}}
		if en := o.EnemyNation; en != nil {
			cs = append(cs, vf.Commander{General: vf.General{Name: "the enemy general", Nation: *en, Royal: g.Royal}, Side: theirs})
		}
		return vf.QuickBoard([]vf.RosterUnit{{Unit: vf.Unit{Name: ao.Unit}, Side: ours}}, cs, ""), nil
	}), func(b *vf.Board, a rules.Actor) (outcome, error) {
		ao.Actor = a
		rep, err := b.Activate(ao)
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
		if o.quick() {
			summary = rep.Command.Result
		}
		return outcome{fmt.Sprintf("**%s** is activated, %s%s: %s.", render.Inert(rep.Unit), state, why, may), summary, []*rules.Ruling{rep.Command}}, nil
	})
}

// doneOrder is /volleyfire done.
type doneOrder struct {
	Unit string `opt:"unit" roster:"unit"`
}

// Done is /volleyfire done: end the active unit's activation.
func (*Ruleset) Done(tx *battle.Tx, o doneOrder) (interaction.Response, error) {
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		name, err := b.Done(a, o.Unit)
		return outcome{note: fmt.Sprintf("%s ends its activation. %s", render.Inert(name), whoseLine(b, tx.Game)), summary: name + " ends its activation"}, err
	})
}

// moveOrder is /volleyfire move; its last options are a quick ruling's unit.
type moveOrder struct {
	subject
	path
	// Measures says which options were typed and holds how the map
	// measured the move; Route is where the unit goes on it.
	mapcmd.Measures
	mapcmd.Route
	Kind      *vf.Kind   `opt:"type"`
	Formation *vf.Stance `opt:"formation"`
	Nation    vf.Nation  `opt:"nation"`
	Special   vf.Special `opt:"special"`
}

// Move is /volleyfire move: one move action of a roster unit, or a quick ruling
// of a move's allowance and cost.
func (*Ruleset) Move(tx *battle.Tx, o moveOrder) (interaction.Response, error) {
	mo := vf.MoveOrder{Unit: o.Unit, Path: o.of()}
	var walk *mapcmd.Walk
	var how []string
	if o.Route.Routed() {
		if o.quick() {
			return interaction.Response{}, interaction.Input("A move `to:` a point is made by a unit of the battle's roster, on its map: for a quick ruling leave `to:` out and give the inches.")
		}
		w, err := o.Route.Walk(tx, o.Unit)
		if err != nil {
			return interaction.Response{}, err
		}
		if mo.Path, how, err = mapcmd.VolleyfireMove(w, o.Given, mo.Path); err != nil {
			return interaction.Response{}, err
		}
		walk = &w
	}
	return play(tx, o.quickly(func() (*vf.Board, error) {
		u, err := quickUnit{Kind: o.Kind, Stance: o.Formation, Nation: o.Nation, Special: o.Special}.unit("", "the unit", ours, false)
		u.Limbered = u.Limbered || (u.Kind == vf.Artillery && o.Formation == nil)
		mo.Unit = u.Name
		return vf.QuickBoard([]vf.RosterUnit{u}, nil, u.Name), err
	}), func(b *vf.Board, a rules.Actor) (outcome, error) {
		mo.Actor = a
		rep, err := b.Move(mo, house(tx))
		var breach *rules.Breach
		if o.quick() && errors.As(err, &breach) && len(rep.Ruling.Steps) > 0 {
			// A quick ruling of a move too long is the ruling that says so,
			// with the allowance and the cost.
			return outcome{summary: rep.Ruling.Result, rulings: []*rules.Ruling{&rep.Ruling}}, nil
		}
		if err == nil && walk != nil {
			rep.Ruling.Measured = append(how, walk.Place(tx))
		}
		return outcome{afterNote(b, tx.Game, rep.After), rep.Ruling.Result, []*rules.Ruling{&rep.Ruling}}, err
	})
}

// shootOrder is /volleyfire shoot; its last options are a quick ruling's
// shooters and target.
type shootOrder struct {
	subject
	mapcmd.Measures
	Range     float64 `opt:"range"`
	Target    string  `opt:"target" roster:"unit,commander"`
	Elevation float64 `opt:"elevation"`
	Cover     bool    `opt:"cover"`
	Closest   bool    `opt:"closest"`
	Bases     *int    `opt:"bases"`
	Move      float64 `opt:"move"`
	MoveLight float64 `opt:"move-light"`
	MoveHeavy float64 `opt:"move-heavy"`

	Weapon          *vf.Weapon    `opt:"weapon"`
	Formation       *vf.Stance    `opt:"formation"`
	Nation          vf.Nation     `opt:"nation"`
	Elite           bool          `opt:"elite"`
	TargetKind      *vf.Kind      `opt:"target-type"`
	TargetBases     *int          `opt:"target-bases"`
	TargetFormation *vf.Formation `opt:"target-formation"`
	TargetNation    vf.Nation     `opt:"target-nation"`
	TargetSpecial   vf.Special    `opt:"target-special"`
	TargetCommand   bool          `opt:"target-command"`
}

// Shoot is /volleyfire shoot: a roster unit shoots at an enemy unit (bases
// removed, weapons unloaded), or a quick ruling from the options.
func (*Ruleset) Shoot(tx *battle.Tx, o shootOrder) (interaction.Response, error) {
	so := vf.ShootOrder{Unit: o.Unit, Target: o.Target, Range: o.Range, Elevation: o.Elevation, Cover: o.Cover, Closest: o.Closest,
		Nearest: o.Nearest, Move: vf.Path{Open: o.Move, Light: o.MoveLight, Heavy: o.MoveHeavy}}
	if o.Bases != nil {
		so.FiringBases = *o.Bases
	}
	return play(tx, o.quickly(func() (*vf.Board, error) {
		sh, err := o.shooters()
		if err != nil {
			return nil, err
		}
		tg, cs, err := o.target()
		units := []vf.RosterUnit{sh}
		if tg.Kind != vf.Command {
			units = append(units, tg)
		}
		so.Unit, so.Target, so.FiringBases = sh.Name, tg.Name, 0
		return vf.QuickBoard(units, cs, sh.Name), err
	}), func(b *vf.Board, a rules.Actor) (outcome, error) {
		side, err := view.Seer(tx)
		if err != nil {
			return outcome{}, err
		}
		so.Actor, so.Side = a, side
		rep, err := b.Shoot(tx.Dice(), so, house(tx))
		rep.Ruling.Measured = o.Measured()
		summary := fmt.Sprintf("%s shoots at %s, %s: %s", rep.After.Unit, rep.Target, vf.Inches(o.Range), rep.Ruling.Result)
		if o.quick() {
			summary = rep.Ruling.Title + ": " + rep.Ruling.Result
		}
		return outcome{afterNote(b, tx.Game, rep.After), summary, []*rules.Ruling{rep.Move, &rep.Ruling}}, err
	})
}

// shooters are the shooters of a quick ruling: their weapon sets their kind.
func (o shootOrder) shooters() (vf.RosterUnit, error) {
	u := vf.RosterUnit{Unit: vf.Unit{Name: "the shooters", Kind: vf.Infantry, Weapon: vf.Musket, Formation: vf.Line, Loaded: true,
		Bases: 1, Elite: o.Elite}, Side: ours}
	rules.Set(&u.Weapon, o.Weapon)
	rules.Set(&u.Bases, o.Bases)
	switch u.Weapon {
	case vf.Cannon:
		u.Kind, u.Name = vf.Artillery, "the gun"
	case vf.Pistol:
		u.Kind = vf.Cavalry
	}
	if u.Kind != vf.Artillery && o.Bases == nil {
		return u, interaction.Input("For a quick ruling give the bases firing (`bases:`), or name a roster unit (`unit:`).")
	}
	quickUnit{Stance: o.Formation, Nation: o.Nation}.describe(&u.Unit)
	return u, nil
}

// target is the target of a quick ruling: a unit, or a lone command base.
func (o shootOrder) target() (vf.RosterUnit, []vf.Commander, error) {
	u := vf.RosterUnit{Unit: vf.Unit{Name: "the target", Kind: vf.Infantry, Formation: vf.Line, Bases: 1}, Side: theirs}
	rules.Set(&u.Kind, o.TargetKind)
	u.Weapon = vf.DefaultWeapon(u.Kind)
	switch {
	case u.Kind == vf.Command:
		return u, []vf.Commander{{General: vf.General{Name: u.Name}, Side: theirs}}, nil
	case u.Kind != vf.Artillery && o.TargetBases == nil:
		return u, nil, interaction.Input("For a quick ruling give the target's bases (`target-bases:`), or name roster units (`unit:` and `target:`).")
	}
	rules.Set(&u.Bases, o.TargetBases)
	rules.Set(&u.Formation, o.TargetFormation)
	u.Nation, u.Special = o.TargetNation, o.TargetSpecial
	return u, joinedBy(o.TargetCommand, u), nil
}

// reloadOrder is /volleyfire reload.
type reloadOrder struct {
	subject
	Weapon vf.Weapon `opt:"weapon"`
}

// Reload is /volleyfire reload: one reload action (rifles need two), or how a
// weapon reloads.
func (*Ruleset) Reload(tx *battle.Tx, o reloadOrder) (interaction.Response, error) {
	if o.quick() {
		if o.Weapon == "" {
			return interaction.Response{}, interaction.Input("Name a roster unit (`unit:`) or a weapon (`weapon:`).")
		}
		return interaction.Whisper(vf.ReloadRule(o.Weapon)), nil
	}
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.Reload(a, o.Unit)
		return outcome{note: render.Inert(rep.Result) + " " + afterNote(b, tx.Game, rep.After),
			summary: fmt.Sprintf("%s reloads (%d/%d)", rep.After.Unit, rep.Done, rep.Need)}, err
	})
}

// formationOrder is /volleyfire formation.
type formationOrder struct {
	To vf.Stance `opt:"to"`
	subject
	Kind *vf.Kind `opt:"type"`
}

// Formation is /volleyfire formation: change formation (artillery: limber or
// unlimber), one action.
func (*Ruleset) Formation(tx *battle.Tx, o formationOrder) (interaction.Response, error) {
	name := o.Unit
	return play(tx, o.quickly(func() (*vf.Board, error) {
		u, err := quickUnit{Kind: o.Kind}.unit("", "the unit", ours, false)
		name = u.Name
		// The options do not say how the unit stands: otherwise than it is to.
		u.Limbered = o.To == vf.StanceUnlimbered
		if o.To == vf.Stance(vf.Line) {
			u.Formation = vf.Column
		}
		return vf.QuickBoard([]vf.RosterUnit{u}, nil, u.Name), err
	}), func(b *vf.Board, a rules.Actor) (outcome, error) {
		after, err := b.Formation(a, name, o.To)
		if err != nil || o.quick() {
			return outcome{note: fmt.Sprintf("Allowed: %s changes to %s as one action.", name, o.To)}, err
		}
		what := "forms " + string(o.To)
		if b.UnitNamed(name).Kind == vf.Artillery {
			what = strings.TrimSuffix(string(o.To), "ed") + "s" // limbers, unlimbers
		}
		return outcome{note: fmt.Sprintf("%s %s. %s", render.Inert(after.Unit), what, afterNote(b, tx.Game, after)), summary: after.Unit + " " + what}, nil
	})
}

// chargeOrder is /volleyfire charge.
type chargeOrder struct {
	mapcmd.Measures
	Unit   string    `opt:"unit" roster:"unit"`
	Target string    `opt:"target" roster:"unit"`
	Facing vf.Facing `opt:"facing"`
	path
	SideBases int `opt:"side-bases"`
}

// Charge is /volleyfire charge: a roster unit charges an enemy unit (one
// action). From behind the enemy is destroyed at once; otherwise the combat is
// fought in the combat phase.
func (*Ruleset) Charge(tx *battle.Tx, o chargeOrder) (interaction.Response, error) {
	co := vf.ChargeOrder{Unit: o.Unit, Target: o.Target, Facing: o.Facing, Move: o.of(), SideBases: o.SideBases, Measured: len(o.Measured()) > 0}
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		side, err := view.Seer(tx)
		if err != nil {
			return outcome{}, err
		}
		co.Actor, co.Side = a, side
		rep, err := b.Charge(tx.Dice(), co, house(tx))
		if err != nil {
			return outcome{}, err
		}
		where, err := mapcmd.Charged(tx, o.Unit, o.Target, func(c, t tabletop.Unit) tabletop.Unit {
			return vf.ChargeEnd(c, t, rep.Strikes)
		})
		if err != nil {
			return outcome{}, err
		}
		if r := cmp.Or(rep.Move, rep.Rear); r != nil {
			r.Measured = o.Measured()
			if where != "" {
				r.Measured = append(r.Measured, fmt.Sprintf("%s, against the %s of %s", where, rep.Strikes, o.Target))
			}
		}
		return outcome{render.Inert(rep.Result) + " " + afterNote(b, tx.Game, rep.After),
			fmt.Sprintf("%s charges %s (%s)", rep.After.Unit, b.UnitNamed(o.Target).Name, o.Facing), []*rules.Ruling{rep.Move, rep.Rear}}, nil
	})
}

// breakawayOrder is /volleyfire breakaway.
type breakawayOrder struct {
	Unit string `opt:"unit" roster:"unit"`
}

// Breakaway is /volleyfire breakaway: a unit leaves its combat (one action).
func (*Ruleset) Breakaway(tx *battle.Tx, o breakawayOrder) (interaction.Response, error) {
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		after, err := b.Breakaway(a, o.Unit)
		msg := fmt.Sprintf("%s breaks away: it turns one inch and may use its second action to move.", render.Inert(after.Unit))
		return outcome{note: msg + " " + afterNote(b, tx.Game, after), summary: after.Unit + " breaks away"}, err
	})
}

// fightOrder is /volleyfire fight; its last options are a quick ruling's
// charger (c-…) and defender (d-…).
type fightOrder struct {
	subject
	Facing    vf.Facing `opt:"facing"`
	SideBases int       `opt:"side-bases"`
	Allies    int       `opt:"c-allies"`
	charger
	defender
}

// charger is the charger of a quick combat.
type charger struct {
	CKind      *vf.Kind   `opt:"c-type"`
	CBases     *int       `opt:"c-bases"`
	CFormation *vf.Stance `opt:"c-formation"`
	CNation    vf.Nation  `opt:"c-nation"`
	CSpecial   vf.Special `opt:"c-special"`
	CElite     bool       `opt:"c-elite"`
	CCommand   bool       `opt:"c-command"`
	CArms      vf.Arms    `opt:"c-arms"`
}

func (c charger) unit() quickUnit {
	return quickUnit{Kind: c.CKind, Bases: c.CBases, Stance: c.CFormation, Nation: c.CNation, Special: c.CSpecial,
		Elite: c.CElite, Command: c.CCommand, Arms: c.CArms}
}

// defender is the defender of a quick combat.
type defender struct {
	DKind      *vf.Kind   `opt:"d-type"`
	DBases     *int       `opt:"d-bases"`
	DFormation *vf.Stance `opt:"d-formation"`
	DNation    vf.Nation  `opt:"d-nation"`
	DSpecial   vf.Special `opt:"d-special"`
	DElite     bool       `opt:"d-elite"`
	DCommand   bool       `opt:"d-command"`
	DArms      vf.Arms    `opt:"d-arms"`
}

func (d defender) unit() quickUnit {
	return quickUnit{Kind: d.DKind, Bases: d.DBases, Stance: d.DFormation, Nation: d.DNation, Special: d.DSpecial,
		Elite: d.DElite, Command: d.DCommand, Arms: d.DArms}
}

// Fight is /volleyfire fight: fight a roster unit's combat in the combat phase,
// or a quick ruling of a combat from the options.
func (*Ruleset) Fight(tx *battle.Tx, o fightOrder) (interaction.Response, error) {
	name := o.Unit
	return play(tx, o.quickly(func() (*vf.Board, error) {
		cq, dq := o.charger.unit(), o.defender.unit()
		c, err := cq.unit(chargerPrefix, "the charger", ours, true)
		if err != nil {
			return nil, err
		}
		d, err := dq.unit(defenderPrefix, "the defender", theirs, true)
		if err != nil {
			return nil, err
		}
		m := vf.Melee{Chargers: []vf.Engaged{{Unit: c.Name, Charged: true}}, Defenders: []vf.Engaged{{Unit: d.Name}},
			Facing: o.Facing, SideBases: o.SideBases}
		units := []vf.RosterUnit{c, d}
		if o.Allies > 0 {
			ally := c
			ally.Name, ally.Bases, ally.Elite = "the charger's ally", o.Allies, false
			units = append(units, ally)
			m.Chargers = append(m.Chargers, vf.Engaged{Unit: ally.Name, Charged: true})
		}
		name = c.Name
		cs := append(joinedBy(cq.Command, c), joinedBy(dq.Command, d)...)
		return vf.QuickBoard(units, cs, "", m), nil
	}), func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.Fight(tx.Dice(), a, name, house(tx))
		return outcome{fmt.Sprintf("Combat: %s.", render.Inert(rep.Combat.Names())), rep.Ruling.Title + ": " + rep.Ruling.Result, []*rules.Ruling{&rep.Ruling}}, err
	})
}
