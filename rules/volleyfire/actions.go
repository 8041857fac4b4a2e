package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// An ActivateOrder activates a unit, in command of the command base named (at
// Distance inches), of the one that has joined it, or, when OutOfCommand
// (`commander:none`), out of command.
type ActivateOrder struct {
	Actor        rules.Actor
	Unit         string
	Commander    string
	Distance     *float64
	OutOfCommand bool
	// Measured is how the battle's table measured the distance, for the ruling.
	Measured []string
}

// An ActivateReport says whether the unit is in command: by the range check
// (Command), or because the command base Joined has joined it.
type ActivateReport struct {
	Unit      string
	InCommand bool
	Command   *rules.Ruling
	Joined    string
}

// Activate activates a unit for its two actions (V3).
func (b *Board) Activate(o ActivateOrder) (ActivateReport, error) {
	u, err := b.ordered(o.Actor, o.Unit)
	if err != nil {
		return ActivateReport{}, err
	}
	rep := ActivateReport{Unit: u.Name}
	switch j := b.Joined(u.Name); {
	case o.Commander != "":
		c := b.CommanderNamed(o.Commander)
		switch {
		case c == nil:
			return rep, rules.Breachf("There is no command base %s on the roster.", o.Commander)
		case c.Lost:
			return rep, rules.Breachf("%s is lost.", c.Name)
		case c.Side != u.Side:
			return rep, rules.Breachf("%s does not command %s's side.", c.Name, u.Side)
		}
		d := o.Distance
		if c == j {
			d = new(float64)
		}
		if d == nil {
			return rep, rules.Breachf("Give the distance from %s to %s (`distance:`).", c.Name, u.Name)
		}
		r, in, err := CheckCommand(c.General, b.Generals(), u.Name, *d)
		if err != nil {
			return rep, err
		}
		r.Measured = o.Measured
		rep.Command, rep.InCommand = &r, in
	case j != nil:
		rep.InCommand, rep.Joined = true, j.Name
	case !o.OutOfCommand:
		if bases := b.commandBases(u.Side); len(bases) > 0 {
			if err := b.Turn.mayActivate(u.Name, u.Side); err != nil {
				return rep, err
			}
			return rep, rules.Breachf("Name the command base %s is in range of, with `commander:` and `distance:` (%s), "+
				"or give `commander:none` to activate it out of command: it may then only shoot, at the closest enemy (V3).",
				rules.Inert(u.Name), rules.Or(bases))
		}
	}
	return rep, b.Turn.Activate(u.Name, u.Side, rep.InCommand)
}

// commandBases are side's command bases on the field, each with its command
// range: "Blucher (30\")".
func (b *Board) commandBases(side string) []string {
	var out []string
	for _, c := range b.Commanders {
		if c.Side == side && !c.Lost {
			out = append(out, fmt.Sprintf("%s (%s)", rules.Inert(c.Name), Inches(float64(CommandRange(c.General, b.Generals()).Value))))
		}
	}
	return out
}

// A Path is the inches a move goes through open ground, light terrain (hills,
// streams) and heavy terrain (forest, swamp).
type Path struct{ Open, Light, Heavy float64 }

// moves reports whether the path goes anywhere.
func (p Path) moves() bool { return p.Open+p.Light+p.Heavy > 0 }

// A MoveOrder is one move action of a unit along a path.
type MoveOrder struct {
	Actor rules.Actor
	Unit  string
	Path
}

// A MoveReport is a move made and where it left the activation.
type MoveReport struct {
	Ruling rules.Ruling
	After  After
}

// Move is one move action of a unit (V4).
func (b *Board) Move(o MoveOrder, h House) (MoveReport, error) {
	u, err := b.ordered(o.Actor, o.Unit)
	if err != nil {
		return MoveReport{}, err
	}
	if err := b.notInCombat(u, "move"); err != nil {
		return MoveReport{}, err
	}
	if err := b.Turn.mayUse(u.Name, ActMove); err != nil {
		return MoveReport{}, err
	}
	r, err := b.move(u, o.Path, h, "")
	if err != nil {
		return MoveReport{Ruling: r}, err // the working of a move too long: its allowance and cost
	}
	if err := b.Turn.Use(u.Name, ActMove); err != nil {
		return MoveReport{}, err
	}
	return MoveReport{Ruling: r, After: b.after(u)}, nil
}

// move rules u's move along p and refuses one longer than its allowance with
// the ruling's sentence, then undone: what the refusal leaves undone (" Nothing
// was done.").
func (b *Board) move(u *RosterUnit, p Path, h House, undone string) (rules.Ruling, error) {
	r, out, err := CheckMove(Move{Unit: b.view(u), Open: p.Open, Light: p.Light, Heavy: p.Heavy, House: h})
	if err == nil && !out.OK {
		err = rules.Breachf("%s%s", r.Result, undone)
	}
	return r, err
}

// A ShootOrder is one shooting action at a unit or a lone command base, with
// the range measured; hussars may move in the same action (Move).
type ShootOrder struct {
	Actor rules.Actor
	// Side is, under fog of war, the side the actor plays: a target it has not
	// seen is no target. "" (fog off, or the umpire) sees every unit.
	Side             string
	Unit, Target     string
	Range, Elevation float64
	Cover, Closest   bool
	// Nearest is the closest enemy when the table measured one nearer than
	// the target, named when the shot is refused for it ("" otherwise).
	Nearest string
	// FiringBases limits the bases that fire (0: every base that may).
	FiringBases int
	Move        Path
}

// A ShootReport is the shot, the hussars' move before it, and where it left
// the activation.
type ShootReport struct {
	Move   *rules.Ruling
	Ruling rules.Ruling
	// Target is the name of the unit or command base shot at.
	Target string
	After  After
}

// Shoot is one shooting action (V5, V6): bases removed, weapons unloaded.
// Shooting reveals the shooter and the target to all.
func (b *Board) Shoot(src dice.Source, o ShootOrder, h House) (ShootReport, error) {
	u, err := b.orderedSeen(o.Side, o.Actor, o.Unit)
	if err != nil {
		return ShootReport{}, err
	}
	if err := b.notInCombat(u, "shoot"); err != nil {
		return ShootReport{}, err
	}
	tu, tc, err := b.shotAt(u, o.Target, o.Side)
	if err != nil {
		return ShootReport{}, err
	}
	shot := Shot{Shooter: b.view(u), Range: o.Range, Elevation: o.Elevation, Cover: o.Cover, FiringBases: o.FiringBases, House: h}
	if tu != nil {
		shot.Target = b.view(tu)
	} else {
		shot.Target = Unit{Name: tc.Name, Kind: Command, Bases: 1, Formation: Line}
	}
	if b.Turn.ClosestOnly(u.Name) && !o.Closest {
		if o.Nearest != "" {
			return ShootReport{}, rules.Breachf("%s is out of command: it may only shoot at the closest enemy, and on the map that is %s, not %s.", u.Name, o.Nearest, shot.Target.Name)
		}
		return ShootReport{}, rules.Breachf("%s is out of command: it may only shoot at the closest enemy. If %s is the closest, say so with `closest:true`.", u.Name, shot.Target.Name)
	}
	if err := b.Turn.mayUse(u.Name, ActShoot); err != nil {
		return ShootReport{}, err
	}
	var rep ShootReport
	if o.Move.moves() {
		if u.Special != Hussars {
			return rep, rules.Breachf("Only hussars may move and shoot in one action; move first with `/volleyfire move` (one action).")
		}
		mr, err := b.move(u, o.Move, h, " Nothing was done.")
		if err != nil {
			return rep, err
		}
		mr.Title = "Hussars move and shoot in one action: " + u.Name
		rep.Move = &mr
	}
	r, out, err := Shoot(src, shot)
	if err != nil {
		return rep, err
	}
	rep.Ruling, rep.Target = r, shot.Target.Name
	if err := b.Turn.Use(u.Name, ActShoot); err != nil {
		return rep, err
	}
	if WeaponChart[u.Weapon].Reload > 0 {
		u.Loaded, u.Reloading = false, 0
	}
	b.revealAll(u)
	switch {
	case tu != nil:
		b.revealAll(tu)
		b.applyLoss(tu, out.Loss)
	default:
		tc.RevealAll()
		tc.Lost = out.Loss.Routed
	}
	rep.After = b.after(u)
	return rep, nil
}

// Targets are what a unit of side may shoot at: the enemy units still on
// the field and the enemy command bases standing alone.
func (b *Board) Targets(side string) ([]*RosterUnit, []*Commander) {
	var us []*RosterUnit
	var cs []*Commander
	for i := range b.Units {
		if u := &b.Units[i]; u.Gone == "" && u.Side != side {
			us = append(us, u)
		}
	}
	for i := range b.Commanders {
		if c := &b.Commanders[i]; !c.Lost && c.Joined == "" && c.Side != side {
			cs = append(cs, c)
		}
	}
	return us, cs
}

// shotAt is the enemy unit or lone command base called target that u may
// shoot at, of those the side seer has seen ("": all).
func (b *Board) shotAt(u *RosterUnit, target, seer string) (*RosterUnit, *Commander, error) {
	if target == "" {
		return nil, nil, rules.Breachf("Choose the target first (`target:`), then give the range measured.")
	}
	if seer != "" && b.unseenBy(seer, target) {
		return nil, nil, rules.NoTarget(target)
	}
	if t := b.UnitNamed(target); t != nil {
		return t, nil, enemy(u, t)
	}
	c := b.CommanderNamed(target)
	switch {
	case c == nil:
		return nil, nil, rules.Breachf("There is no unit or command base %s on the roster.", target)
	case c.Lost:
		return nil, nil, rules.Breachf("%s is lost.", c.Name)
	case c.Side == u.Side:
		return nil, nil, rules.Breachf("%s is on your own side.", c.Name)
	case c.Joined != "":
		return nil, nil, rules.Breachf("%s has joined %s: it cannot be targeted on its own (V8); shoot at the unit.", c.Name, c.Joined)
	}
	return nil, c, nil
}

// enemy refuses a target t of u that has left the field or is on u's side.
func enemy(u, t *RosterUnit) error {
	switch {
	case t.Gone != "":
		return rules.Breachf("%s has left the field.", t.Name)
	case t.Side == u.Side:
		return rules.Breachf("%s is on your own side.", t.Name)
	}
	return nil
}

// A ReloadReport is one reload action: Done of the Need actions toward loading,
// Loaded when they are all done, and Result in a sentence.
type ReloadReport struct {
	Done, Need int
	Loaded     bool
	Result     string
	After      After
}

// Reload is one reload action (V6): rifles need two, pistols never reload.
func (b *Board) Reload(a rules.Actor, unit string) (ReloadReport, error) {
	u, err := b.ordered(a, unit)
	if err != nil {
		return ReloadReport{}, err
	}
	rep := ReloadReport{Need: WeaponChart[u.Weapon].Reload}
	switch {
	case rep.Need == 0:
		return rep, rules.Breachf("%s carry pistols, which never need reloading.", u.Name)
	case u.Loaded:
		return rep, rules.Breachf("%s is already loaded.", u.Name)
	}
	if err := b.Turn.Use(u.Name, ActReload); err != nil {
		return rep, err
	}
	u.Reloading++
	rep.Done = u.Reloading
	rep.Result = fmt.Sprintf("%s reloads: %d of %d actions (%s).", u.Name, rep.Done, rep.Need, ReloadRule(u.Weapon))
	if u.Reloading >= rep.Need {
		u.Loaded, u.Reloading, rep.Loaded = true, 0, true
		rep.Result = u.Name + " reloads: loaded."
	}
	if rep.Need == 1 {
		rep.Result += " (reading V6: one action)"
	}
	rep.After = b.after(u)
	return rep, nil
}

// ReloadRule says how weapon w reloads.
func ReloadRule(w Weapon) string {
	ws := WeaponChart[w]
	switch ws.Reload {
	case 0:
		return fmt.Sprintf("A %s never needs reloading.", w)
	case 1:
		return fmt.Sprintf("A %s reloads in one action — %s.", w, ws.Reading)
	}
	return fmt.Sprintf("A %s takes %d actions to reload.", w, ws.Reload)
}

// Formation is one change of formation (V2), or for artillery limbering or
// unlimbering (ReadingLimber).
func (b *Board) Formation(a rules.Actor, unit string, to Stance) (After, error) {
	u, err := b.ordered(a, unit)
	if err != nil {
		return After{}, err
	}
	if err := b.notInCombat(u, "change formation"); err != nil {
		return After{}, err
	}
	v := u.Unit
	if err := to.apply(&v); err != nil {
		return After{}, err
	}
	if v == u.Unit {
		return After{}, rules.Breachf("%s is already %s.", u.Name, to)
	}
	if err := b.Turn.Use(u.Name, ActFormation); err != nil {
		return After{}, err
	}
	u.Unit = v
	return b.after(u), nil
}

// Breakaway is one action of a unit leaving its combat (V7).
func (b *Board) Breakaway(a rules.Actor, unit string) (After, error) {
	u, err := b.ordered(a, unit)
	if err != nil {
		return After{}, err
	}
	if b.CombatOf(u.Name) < 0 {
		return After{}, rules.Breachf("%s is not in combat.", u.Name)
	}
	if err := b.Turn.Use(u.Name, ActBreakAway); err != nil {
		return After{}, err
	}
	b.leaveCombat(u.Name)
	return b.after(u), nil
}
