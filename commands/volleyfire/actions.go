package volleyfire

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// quick reports whether a command is a quick ruling: no Volleyfire! battle in the
// channel, or no roster unit named.
func quick(tx *battle.Tx) bool {
	return tx.Game == nil || tx.Game.Ruleset != ID || !tx.Req.Has(optUnit)
}

// actor is the roster unit a command orders, refused unless the invoker commands it.
func actor(tx *battle.Tx, b *Board) (*Unit, error) {
	u, err := findUnit(b, tx.Req.String(optUnit))
	if err != nil {
		return nil, err
	}
	if u.Gone != "" {
		return nil, interaction.Refusef("%s %s and has left the field.", render.Inert(u.Name), goneWord(u.Gone))
	}
	return u, canAct(tx, u)
}

// loadActor loads the board and finds the roster unit the command orders.
func loadActor(tx *battle.Tx) (*Board, *Unit, error) {
	b, err := load(tx)
	if err != nil {
		return nil, nil, err
	}
	u, err := actor(tx, b)
	if err != nil {
		return nil, nil, err
	}
	return b, u, nil
}

// goneWord says how a unit left the field: "has routed", "was destroyed".
func goneWord(gone string) string {
	if gone == "routed" {
		return "has routed"
	}
	return "was " + gone
}

// enemy refuses a target t of u that has left the field or is on u's side.
func enemy(u, t *Unit) error {
	switch {
	case t.Gone != "":
		return interaction.Refusef("%s has left the field.", render.Inert(t.Name))
	case t.Side == u.Side:
		return interaction.Refusef("%s is on your own side.", render.Inert(t.Name))
	}
	return nil
}

// notInCombat refuses an action a unit in combat cannot take.
func notInCombat(b *Board, u *Unit, what string) error {
	if b.combatOf(u.Name) >= 0 {
		return interaction.Refusef("%s is in combat: it cannot %s until it breaks away (`/volleyfire breakaway`).", render.Inert(u.Name), what)
	}
	return nil
}

// save stores the board and logs summary.
func save(tx *battle.Tx, b *Board, summary string) error { return roster.Save(tx, b, summary) }

// spend settles the turn after u's action (afterAction), stores the board and
// logs summary; note says what comes next.
func spend(tx *battle.Tx, b *Board, u *Unit, summary string) (note string, err error) {
	note = afterAction(tx, b, u)
	return note, save(tx, b, summary)
}

// Activate is /volleyfire activate: activate a roster unit (in command or not),
// or, as a quick ruling, check a command range.
func Activate(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	if quick(tx) {
		d, ok := req.Float(optDistance)
		if !ok {
			return interaction.Response{}, interaction.Refuse("Give the distance from the command base (`distance:`), or a roster unit to activate (`unit:`).")
		}
		nat, err := nationOpt(req, optNation)
		if err != nil {
			return interaction.Response{}, err
		}
		g := vf.General{Nation: nat, Royal: req.Bool(optRoyal)}
		var others []vf.General
		if req.Has(optEnemyNat) {
			en, err := nationOpt(req, optEnemyNat)
			if err != nil {
				return interaction.Response{}, err
			}
			others = append(others, vf.General{Name: "the enemy general", Nation: en, Royal: g.Royal})
		}
		r, _, err := vf.CheckCommand(g, others, "the unit", d)
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(r.Result)
		return show(tx, "", r), nil
	}
	b, u, err := loadActor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	var rs []rules.Ruling
	inCommand := false
	var why string
	switch {
	case req.Has(optCommander):
		c, err := commanders.Get(b.Commanders, req.String(optCommander))
		if err != nil {
			return interaction.Response{}, err
		}
		switch {
		case c.Lost:
			return interaction.Response{}, interaction.Refusef("%s is lost.", render.Inert(c.Name))
		case c.Side != u.Side:
			return interaction.Response{}, interaction.Refusef("%s does not command %s's side.", render.Inert(c.Name), render.Inert(u.Side))
		}
		d, ok := req.Float(optDistance)
		if strings.EqualFold(c.Joined, u.Name) {
			d, ok = 0, true
		}
		if !ok {
			return interaction.Response{}, interaction.Refusef("Give the distance from %s to %s (`distance:`).", render.Inert(c.Name), render.Inert(u.Name))
		}
		r, in, err := vf.CheckCommand(vf.General{Name: c.Name, Nation: c.Nation, Royal: c.Royal}, b.generals(), u.Name, d)
		if err != nil {
			return interaction.Response{}, err
		}
		rs, inCommand = append(rs, r), in
	case b.joined(u.Name) != nil:
		inCommand = true
		why = fmt.Sprintf(" (%s has joined it)", render.Inert(b.joined(u.Name).Name))
	default:
		why = " — no command base named: out of command, it may only shoot at the closest enemy (V3)"
	}
	if err := b.Turn.Activate(u.Name, u.Side, inCommand); err != nil {
		return interaction.Response{}, err
	}
	state := "in command"
	if !inCommand {
		state = "out of command"
	}
	if err := save(tx, b, fmt.Sprintf("%s activated, %s", u.Name, state)); err != nil {
		return interaction.Response{}, err
	}
	note := fmt.Sprintf("**%s** is activated, %s%s: two actions (move, shoot, reload, charge, formation, breakaway).", render.Inert(u.Name), state, why)
	if len(rs) == 0 {
		return interaction.Say(note), nil
	}
	return show(tx, note, rs...), nil
}

// Done is /volleyfire done: end the active unit's activation.
func Done(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	name := tx.Req.String(optUnit)
	if name == "" {
		name = b.Turn.Active
	}
	if name == "" || !strings.EqualFold(name, b.Turn.Active) {
		return interaction.Response{}, interaction.Refuse("No such unit is activated now (`/turn status`).")
	}
	u := b.unit(name)
	if err := canAct(tx, u); err != nil {
		return interaction.Response{}, err
	}
	b.Turn.End(b.ready)
	if err := save(tx, b, u.Name+" ends its activation"); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("%s ends its activation. %s", render.Inert(u.Name), whoseLine(b, tx.Game))), nil
}

// quickUnit builds a unit from the quick-ruling options with the given prefix.
// needBases says whether the ruling depends on the bases (combat) or not (a move).
func quickUnit(req interaction.Request, prefix, who string, needBases bool) (vf.Unit, error) {
	u := vf.Unit{Name: who, Formation: vf.Line, Loaded: true}
	var err error
	if !req.Has(prefix + optType) {
		return u, interaction.Refusef("For a quick ruling give %s's type (`%s%s:`), or name a roster unit.", who, prefix, optType)
	}
	if u.Kind, err = kindOpt(req, prefix+optType); err != nil {
		return u, err
	}
	u.Weapon = defaultWeapon(u.Kind)
	u.Bases = req.IntOr(prefix+optBases, 1)
	if needBases && u.Kind != vf.Artillery && !req.Has(prefix+optBases) {
		return u, interaction.Refusef("For a quick ruling give %s's bases (`%s%s:`).", who, prefix, optBases)
	}
	if req.Has(prefix + optFormation) {
		f, limber, err := formationOpt(req, prefix+optFormation)
		if err != nil {
			return u, err
		}
		u.Formation, u.Limbered = f, limber == "limbered"
	}
	if req.Has(prefix + optNation) {
		if u.Nation, err = nationOpt(req, prefix+optNation); err != nil {
			return u, err
		}
	}
	if req.Has(prefix + optSpecial) {
		if u.Special, err = specialOpt(req, prefix+optSpecial); err != nil {
			return u, err
		}
	}
	if req.Has(prefix + optArms) {
		if u.Arms, err = armsOpt(req, prefix+optArms); err != nil {
			return u, err
		}
	}
	u.Elite = req.Bool(prefix + optElite)
	u.Command = req.Bool(prefix + "command")
	return u, u.Validate()
}

// Move is /volleyfire move: one move action of a roster unit, or a quick ruling
// of a move's allowance and cost.
func Move(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	open, light, heavy := distances(req, optOpen, optLight, optHeavy)
	if quick(tx) {
		u, err := quickUnit(req, "", "the unit", false)
		if err != nil {
			return interaction.Response{}, err
		}
		if u.Kind == vf.Artillery && !req.Has(optFormation) {
			u.Limbered = true
		}
		r, _, err := vf.CheckMove(vf.Move{Unit: u, Open: open, Light: light, Heavy: heavy, House: house(tx)})
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(r.Result)
		return show(tx, "", r), nil
	}
	b, u, err := loadActor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := notInCombat(b, u, "move"); err != nil {
		return interaction.Response{}, err
	}
	r, err := move(tx, b, u, open, light, heavy, " Nothing was moved.")
	if err != nil {
		return interaction.Response{}, err
	}
	if err := b.Turn.Use(u.Name, vf.ActMove); err != nil {
		return interaction.Response{}, err
	}
	note, err := spend(tx, b, u, r.Result)
	if err != nil {
		return interaction.Response{}, err
	}
	return show(tx, note, r), nil
}

// distances reads a move's inches through open, light and heavy terrain from
// the options named.
func distances(req interaction.Request, open, light, heavy string) (float64, float64, float64) {
	o, _ := req.Float(open)
	l, _ := req.Float(light)
	h, _ := req.Float(heavy)
	return o, l, h
}

// move checks roster unit u's move and refuses one it cannot make, adding
// nothing to the rules' sentence (" Nothing was moved.").
func move(tx *battle.Tx, b *Board, u *Unit, open, light, heavy float64, nothing string) (rules.Ruling, error) {
	r, out, err := vf.CheckMove(vf.Move{Unit: b.rulesUnit(u), Open: open, Light: light, Heavy: heavy, House: house(tx)})
	if err != nil {
		return r, err
	}
	if !out.OK {
		return r, interaction.Refuse(r.Result + nothing)
	}
	return r, nil
}

// Shoot is /volleyfire shoot: a roster unit shoots at an enemy unit (bases
// removed, weapons unloaded), or a quick ruling from the options.
func Shoot(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	rng, _ := req.Float(optRange)
	elev, _ := req.Float(optElevation)
	shot := vf.Shot{Range: rng, Elevation: elev, Cover: req.Bool(optCover), FiringBases: req.IntOr(optBases, 0), House: house(tx)}
	if quick(tx) {
		if req.Has(optMove) || req.Has(optMoveLight) || req.Has(optMoveHeavy) {
			return interaction.Response{}, interaction.Refuse("Moving and shooting in one action is for hussars on the roster; for a quick ruling check the move with `/volleyfire move` and the shot here.")
		}
		sh, err := quickShooter(req)
		if err != nil {
			return interaction.Response{}, err
		}
		tg, err := quickTarget(req)
		if err != nil {
			return interaction.Response{}, err
		}
		shot.Shooter, shot.Target, shot.FiringBases = sh, tg, 0
		r, _, err := vf.Shoot(tx.Dice(), shot)
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(r.Title + ": " + r.Result)
		return show(tx, "", r), nil
	}
	b, u, err := loadActor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := notInCombat(b, u, "shoot"); err != nil {
		return interaction.Response{}, err
	}
	if !req.Has(optTarget) {
		return interaction.Response{}, interaction.Refuse("Choose the target first (`target:`), then give the range measured.")
	}
	var tu *Unit
	var tc *Commander
	tname := req.String(optTarget)
	switch tu, tc = b.unit(tname), b.commander(tname); {
	case tu != nil:
		if err := enemy(u, tu); err != nil {
			return interaction.Response{}, err
		}
		shot.Target = b.rulesUnit(tu)
	case tc != nil:
		switch {
		case tc.Lost:
			return interaction.Response{}, interaction.Refusef("%s is lost.", render.Inert(tc.Name))
		case tc.Side == u.Side:
			return interaction.Response{}, interaction.Refusef("%s is on your own side.", render.Inert(tc.Name))
		case tc.Joined != "":
			return interaction.Response{}, interaction.Refusef("%s has joined %s: it cannot be targeted on its own (V8); shoot at the unit.", render.Inert(tc.Name), render.Inert(tc.Joined))
		}
		shot.Target = vf.Unit{Name: tc.Name, Kind: vf.Command, Bases: 1, Formation: vf.Line}
	default:
		return interaction.Response{}, interaction.Refusef("There is no unit or command base %s on the roster.", render.Inert(tname))
	}
	if !b.Turn.InCommand && b.Turn.Active == u.Name && !req.Bool(optClosest) {
		return interaction.Response{}, interaction.Refusef("%s is out of command: it may only shoot at the closest enemy. If %s is the closest, say so with `closest:true`.",
			render.Inert(u.Name), render.Inert(tname))
	}
	if err := b.Turn.Use(u.Name, vf.ActShoot); err != nil {
		return interaction.Response{}, err
	}
	var rs []rules.Ruling
	mOpen, mLight, mHeavy := distances(req, optMove, optMoveLight, optMoveHeavy)
	if mOpen+mLight+mHeavy > 0 {
		if u.Special != vf.Hussars {
			return interaction.Response{}, interaction.Refuse("Only hussars may move and shoot in one action; move first with `/volleyfire move` (one action).")
		}
		mr, err := move(tx, b, u, mOpen, mLight, mHeavy, " Nothing was done.")
		if err != nil {
			return interaction.Response{}, err
		}
		mr.Title = "Hussars move and shoot in one action: " + mr.Title
		rs = append(rs, mr)
	}
	shot.Shooter = b.rulesUnit(u)
	r, out, err := vf.Shoot(tx.Dice(), shot)
	if err != nil {
		return interaction.Response{}, err
	}
	rs = append(rs, r)
	if vf.WeaponChart[u.Weapon].Reload > 0 {
		u.Loaded, u.Reloading = false, 0
	}
	switch {
	case tu != nil:
		b.applyLoss(tu, out.Loss)
	case tc != nil && out.Loss.Routed:
		tc.Lost = true
	}
	summary := fmt.Sprintf("%s shoots at %s, %s: %s", u.Name, shot.Target.Name, inches(rng), r.Result)
	note, err := spend(tx, b, u, summary)
	if err != nil {
		return interaction.Response{}, err
	}
	resp := show(tx, note, rs...)
	resp.Result = r
	return resp, nil
}

func inches(v float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".") + "\""
}

// quickShooter is the shooter of a quick ruling: its weapon sets its kind.
func quickShooter(req interaction.Request) (vf.Unit, error) {
	u := vf.Unit{Name: "the shooters", Kind: vf.Infantry, Weapon: vf.Musket, Formation: vf.Line, Loaded: true}
	if err := optional(req, optWeapon, weaponOpt, &u.Weapon); err != nil {
		return u, err
	}
	switch u.Weapon {
	case vf.Cannon:
		u.Kind, u.Name = vf.Artillery, "the gun"
	case vf.Pistol:
		u.Kind = vf.Cavalry
	}
	u.Bases = req.IntOr(optBases, 1)
	if u.Kind != vf.Artillery && !req.Has(optBases) {
		return u, interaction.Refuse("For a quick ruling give the bases firing (`bases:`), or name a roster unit (`unit:`).")
	}
	if u.Kind == vf.Artillery && u.Bases != 1 {
		return u, interaction.Refuse("A gun is one base: shoot once per artillery base.")
	}
	if err := optional(req, optFormation, formationOnly, &u.Formation); err != nil {
		return u, err
	}
	if err := optional(req, optNation, nationOpt, &u.Nation); err != nil {
		return u, err
	}
	u.Elite = req.Bool(optElite)
	return u, nil
}

// quickTarget is the target of a quick ruling.
func quickTarget(req interaction.Request) (vf.Unit, error) {
	u := vf.Unit{Name: "the target", Kind: vf.Infantry, Formation: vf.Line, Weapon: vf.Musket}
	if err := optional(req, optTKind, kindOpt, &u.Kind); err != nil {
		return u, err
	}
	u.Weapon = defaultWeapon(u.Kind)
	if u.Kind == vf.Command || u.Kind == vf.Artillery {
		u.Bases = 1
	} else if u.Bases = req.IntOr(optTBases, 0); u.Bases == 0 {
		return u, interaction.Refuse("For a quick ruling give the target's bases (`target-bases:`), or name roster units (`unit:` and `target:`).")
	}
	if err := optional(req, optTFormation, formationOnly, &u.Formation); err != nil {
		return u, err
	}
	if err := optional(req, optTNation, nationOpt, &u.Nation); err != nil {
		return u, err
	}
	if err := optional(req, optTSpecial, specialOpt, &u.Special); err != nil {
		return u, err
	}
	u.Command = req.Bool(optTCommand) && u.Kind != vf.Command
	return u, nil
}

// Reload is /volleyfire reload: one reload action (rifles need two).
func Reload(tx *battle.Tx) (interaction.Response, error) {
	if quick(tx) {
		w, err := weaponOpt(tx.Req, optWeapon)
		if err != nil {
			return interaction.Response{}, interaction.Refuse("Name a roster unit (`unit:`) or a weapon (`weapon:`).")
		}
		return interaction.Whisper(reloadRule(w)), nil
	}
	b, u, err := loadActor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	need := vf.WeaponChart[u.Weapon].Reload
	switch {
	case need == 0:
		return interaction.Response{}, interaction.Refusef("%s carry pistols, which never need reloading.", render.Inert(u.Name))
	case u.Loaded:
		return interaction.Response{}, interaction.Refusef("%s is already loaded.", render.Inert(u.Name))
	}
	if err := b.Turn.Use(u.Name, vf.ActReload); err != nil {
		return interaction.Response{}, err
	}
	u.Reloading++
	progress := u.Reloading
	done := fmt.Sprintf("%s reloads: loaded.", render.Inert(u.Name))
	if u.Reloading >= need {
		u.Loaded, u.Reloading = true, 0
	} else {
		done = fmt.Sprintf("%s reloads: %d of %d actions (%s).", render.Inert(u.Name), u.Reloading, need, reloadRule(u.Weapon))
	}
	if u.Weapon == vf.Musket || u.Weapon == vf.Cannon {
		done += " (reading V6: one action)"
	}
	note, err := spend(tx, b, u, fmt.Sprintf("%s reloads (%d/%d)", u.Name, progress, need))
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(done + " " + note), nil
}

func reloadRule(w vf.Weapon) string {
	ws := vf.WeaponChart[w]
	switch ws.Reload {
	case 0:
		return fmt.Sprintf("A %s never needs reloading.", w)
	case 1:
		return fmt.Sprintf("A %s reloads in one action — %s.", w, ws.Reading)
	}
	return fmt.Sprintf("A %s takes %d actions to reload.", w, ws.Reload)
}

// Formation is /volleyfire formation: change formation (artillery: limber or
// unlimber), one action.
func Formation(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	f, limber, err := formationOpt(req, optTo)
	if err != nil {
		return interaction.Response{}, err
	}
	if quick(tx) {
		u, err := quickUnit(req, "", "the unit", false)
		if err != nil {
			return interaction.Response{}, err
		}
		if err := formationChange(u, f, limber); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Whisper(fmt.Sprintf("Allowed: %s changes to %s as one action.", u.Label(), req.String(optTo))), nil
	}
	b, u, err := loadActor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := notInCombat(b, u, "change formation"); err != nil {
		return interaction.Response{}, err
	}
	ru := b.rulesUnit(u)
	if err := formationChange(ru, f, limber); err != nil {
		return interaction.Response{}, err
	}
	if (u.Kind == vf.Artillery && u.Limbered == (limber == "limbered")) || (u.Kind != vf.Artillery && u.Formation == f) {
		return interaction.Response{}, interaction.Refusef("%s is already %s.", render.Inert(u.Name), req.String(optTo))
	}
	if err := b.Turn.Use(u.Name, vf.ActFormation); err != nil {
		return interaction.Response{}, err
	}
	u.Formation, u.Limbered = f, limber == "limbered"
	what := req.String(optTo)
	if u.Kind != vf.Artillery {
		what = "forms " + what
	}
	note, err := spend(tx, b, u, fmt.Sprintf("%s %s", u.Name, what))
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("%s %s. %s", render.Inert(u.Name), what, note)), nil
}

func formationChange(u vf.Unit, f vf.Formation, limber string) error {
	switch {
	case u.Kind == vf.Artillery && limber == "":
		return interaction.Refuse("Artillery limbers or unlimbers (`to:limbered` / `to:unlimbered`); it has no other formation.")
	case u.Kind != vf.Artillery && limber != "":
		return interaction.Refuse("Only artillery limbers and unlimbers.")
	case u.Kind == vf.Cavalry && f == vf.Square:
		return interaction.Refuse("Cavalry may not use the square formation.")
	}
	return nil
}

// Charge is /volleyfire charge: a roster unit charges an enemy unit (one
// action). From behind the enemy is destroyed at once; otherwise the combat is
// fought in the combat phase.
func Charge(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	b, u, err := loadActor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	t, err := findUnit(b, req.String(optTarget))
	if err != nil {
		return interaction.Response{}, err
	}
	if err := enemy(u, t); err != nil {
		return interaction.Response{}, err
	}
	if u.Kind == vf.Artillery {
		return interaction.Response{}, interaction.Refuse("Artillery does not charge.")
	}
	if err := notInCombat(b, u, "charge"); err != nil {
		return interaction.Response{}, err
	}
	facing := vf.Facing(strings.ToLower(req.String(optFacing)))
	if facing == "" {
		facing = vf.Front
	}
	if facing != vf.Front && facing != vf.Flank && facing != vf.Rear {
		return interaction.Response{}, interaction.Refuse("A charge strikes the front, the flank or the rear.")
	}
	var rs []rules.Ruling
	open, light, heavy := distances(req, optOpen, optLight, optHeavy)
	if open+light+heavy > 0 {
		mr, err := move(tx, b, u, open, light, heavy, " The charge falls short: nothing was done.")
		if err != nil {
			return interaction.Response{}, err
		}
		mr.Title = "Charge: " + mr.Title
		mr.Readings = append(mr.Readings, vf.ReadingCharge)
		rs = append(rs, mr)
	}
	if err := b.Turn.Use(u.Name, vf.ActCharge); err != nil {
		return interaction.Response{}, err
	}
	var msg string
	if facing == vf.Rear {
		r, out, err := vf.Combat(tx.Dice(), vf.Fight{Chargers: []vf.Fighter{{Unit: b.rulesUnit(u), Charged: true}},
			Defenders: []vf.Fighter{{Unit: b.rulesUnit(t)}}, Facing: vf.Rear, House: house(tx)})
		if err != nil {
			return interaction.Response{}, err
		}
		b.applyLoss(t, out.Loss)
		t.Gone = "destroyed"
		rs = append(rs, r)
		msg = r.Result
	} else {
		if i := b.combatOf(t.Name); i >= 0 {
			c := &b.Combats[i]
			if engaged(c.Chargers, t.Name) {
				c.Defenders = append(c.Defenders, Engaged{Unit: u.Name, Charged: true})
			} else {
				c.Chargers = append(c.Chargers, Engaged{Unit: u.Name, Charged: true})
			}
			msg = fmt.Sprintf("%s charges %s and joins the combat (%s); allies add their hits.", render.Inert(u.Name), render.Inert(t.Name), combatsLineOf(*c))
			if facing != c.Facing {
				msg += fmt.Sprintf(" The combat keeps the facing of the first charge (%s).", c.Facing)
			}
		} else {
			b.Combats = append(b.Combats, Combat{Chargers: []Engaged{{Unit: u.Name, Charged: true}}, Defenders: []Engaged{{Unit: t.Name}},
				Facing: facing, SideBases: req.IntOr(optSideBases, 0)})
			msg = fmt.Sprintf("%s charges %s in the %s.", render.Inert(u.Name), render.Inert(t.Name), facing)
		}
		msg += " The combat is fought after all activations (the charger counts an extra base)."
		if u.Kind == vf.Cavalry && t.Formation == vf.Square {
			msg += " The square receives cavalry: no mounted rerolls (V2)."
		}
	}
	note, err := spend(tx, b, u, fmt.Sprintf("%s charges %s (%s)", u.Name, t.Name, facing))
	if err != nil {
		return interaction.Response{}, err
	}
	if len(rs) == 0 {
		return interaction.Say(msg + " " + note), nil
	}
	return show(tx, msg+" "+note, rs...), nil
}

func engaged(es []Engaged, unit string) bool {
	for _, e := range es {
		if strings.EqualFold(e.Unit, unit) {
			return true
		}
	}
	return false
}

func combatsLineOf(c Combat) string {
	return engagedNames(c.Chargers) + " against " + engagedNames(c.Defenders)
}

// Breakaway is /volleyfire breakaway: a unit leaves its combat (one action).
func Breakaway(tx *battle.Tx) (interaction.Response, error) {
	b, u, err := loadActor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if b.combatOf(u.Name) < 0 {
		return interaction.Response{}, interaction.Refusef("%s is not in combat.", render.Inert(u.Name))
	}
	if err := b.Turn.Use(u.Name, vf.ActBreakAway); err != nil {
		return interaction.Response{}, err
	}
	b.leaveCombat(u.Name)
	msg := fmt.Sprintf("%s breaks away: it turns one inch and may use its second action to move.", render.Inert(u.Name))
	note, err := spend(tx, b, u, u.Name+" breaks away")
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(msg + " " + note), nil
}

// Fight is /volleyfire fight: fight a roster unit's combat in the combat phase,
// or a quick ruling of a combat from the options.
func Fight(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	if quick(tx) {
		c, err := quickUnit(req, chargerPrefix, "the charger", true)
		if err != nil {
			return interaction.Response{}, err
		}
		d, err := quickUnit(req, defenderPrefix, "the defender", true)
		if err != nil {
			return interaction.Response{}, err
		}
		f := vf.Fight{Chargers: []vf.Fighter{{Unit: c, Charged: true}}, Defenders: []vf.Fighter{{Unit: d}},
			Facing: vf.Facing(strings.ToLower(req.String(optFacing))), SideBases: req.IntOr(optSideBases, 0), House: house(tx)}
		if n := req.IntOr(chargerPrefix+optAllies, 0); n > 0 {
			ally := c
			ally.Name, ally.Bases, ally.Elite, ally.Command = "the charger's ally", n, false, false
			f.Chargers = append(f.Chargers, vf.Fighter{Unit: ally, Charged: true})
		}
		r, _, err := vf.Combat(tx.Dice(), f)
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(r.Title + ": " + r.Result)
		return show(tx, "", r), nil
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := findUnit(b, req.String(optUnit))
	if err != nil {
		return interaction.Response{}, err
	}
	i := b.combatOf(u.Name)
	switch {
	case i < 0:
		return interaction.Response{}, interaction.Refusef("%s is not in combat.", render.Inert(u.Name))
	case b.Turn.Phase != vf.Combats:
		return interaction.Response{}, interaction.Refuse("Combats are fought after all activations: finish the activations first (`/turn status`).")
	case b.Combats[i].Fought >= b.Turn.Number:
		return interaction.Response{}, interaction.Refusef("%s's combat has been fought this turn.", render.Inert(u.Name))
	}
	if !tx.IsUmpire() && !inCombatWith(b, b.Combats[i], tx.Req.User.ID) {
		return interaction.Response{}, interaction.Refuse("Only the umpire or a player with a unit in this combat can fight it.")
	}
	r, note, err := fightCombat(tx, b, i)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return show(tx, note, r), nil
}

func inCombatWith(b *Board, c Combat, user string) bool {
	for _, e := range append(append([]Engaged(nil), c.Chargers...), c.Defenders...) {
		if u := b.unit(e.Unit); u != nil && u.Player == user {
			return true
		}
	}
	return false
}

// fightCombat fights combat i of the board and applies its losses.
func fightCombat(tx *battle.Tx, b *Board, i int) (rules.Ruling, string, error) {
	c := &b.Combats[i]
	c.Fought = b.Turn.Number
	fighters := func(es []Engaged) []vf.Fighter {
		var out []vf.Fighter
		for _, e := range es {
			out = append(out, vf.Fighter{Unit: b.rulesUnit(b.unit(e.Unit)), Charged: e.Charged})
		}
		return out
	}
	f := vf.Fight{Chargers: fighters(c.Chargers), Defenders: fighters(c.Defenders), Facing: c.Facing, SideBases: c.SideBases, House: house(tx)}
	r, out, err := vf.Combat(tx.Dice(), f)
	if err != nil {
		return r, "", err
	}
	note := fmt.Sprintf("Combat: %s.", render.Inert(combatsLineOf(*c)))
	if out.Wounded != "" {
		b.applyLoss(b.unit(out.Wounded), out.Loss)
	}
	tx.Log(r.Title + ": " + r.Result)
	return r, note, nil
}
