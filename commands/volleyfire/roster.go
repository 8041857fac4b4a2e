package volleyfire

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Roster is /volleyfire roster: every side's units and command bases.
func Roster(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Volleyfire! roster", Color: render.ColourRuling, Description: turnLine(b, tx.Game)}
	for _, side := range allSides(b) {
		if len(e.Fields) == render.MaxFields {
			break
		}
		e.Fields = append(e.Fields, interaction.Field{Name: render.Clip(render.Inert(side), render.MaxFieldName),
			Value: render.Clip(sideRoster(b, side, tx.Game), render.MaxFieldValue)})
	}
	if len(allSides(b)) == 0 {
		e.Description += "\nThe roster is empty: the umpire adds units with `/volleyfire unit-add` and command bases with `/volleyfire commander-add`."
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: b}, nil
}

// option readers for the enumerated options.
func kindOpt(req interaction.Request, name string) (vf.Kind, error) {
	s := vf.Kind(strings.ToLower(req.String(name)))
	for _, k := range targetKind {
		if s == k {
			return k, nil
		}
	}
	return "", interaction.Refusef("%q is not a type: infantry, cavalry or artillery.", req.String(name))
}

func nationOpt(req interaction.Request, name string) (vf.Nation, error) {
	n, err := vf.ParseNation(req.String(name))
	if err != nil {
		return "", interaction.Refusef("%q is not a nationality the rules know: %s, or other.", req.String(name), nationList())
	}
	return n, nil
}

func nationList() string {
	s := make([]string, len(vf.Nations))
	for i, n := range vf.Nations {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}

// formationOpt reads a formation; for artillery "limbered" and "unlimbered".
func formationOpt(req interaction.Request, name string) (f vf.Formation, limber string, err error) {
	s := strings.ToLower(req.String(name))
	switch s {
	case "limbered", "unlimbered":
		return vf.Line, s, nil
	}
	for _, x := range vf.Formations {
		if vf.Formation(s) == x {
			return x, "", nil
		}
	}
	return "", "", interaction.Refusef("%q is not a formation: line, column, square, skirmish (artillery: limbered, unlimbered).", req.String(name))
}

func weaponOpt(req interaction.Request, name string) (vf.Weapon, error) {
	w := vf.Weapon(strings.ToLower(req.String(name)))
	if _, ok := vf.WeaponChart[w]; !ok {
		return "", interaction.Refusef("%q is not a weapon: rifle, musket, pistol or cannon.", req.String(name))
	}
	return w, nil
}

func specialOpt(req interaction.Request, name string) (vf.Special, error) {
	s := vf.Special(strings.ToLower(req.String(name)))
	if s == "none" || s == "" {
		return "", nil
	}
	for _, x := range vf.Specials {
		if s == x {
			return x, nil
		}
	}
	return "", interaction.Refusef("%q is not a special unit: hussars, cuirassiers, dragoons or ulhans.", req.String(name))
}

func armsOpt(req interaction.Request, name string) (vf.Arms, error) {
	a := vf.Arms(strings.ToLower(req.String(name)))
	for _, x := range vf.ArmsList {
		if a == x {
			return x, nil
		}
	}
	return "", interaction.Refusef("%q are not arms: swords, bayonets or none.", req.String(name))
}

// optional sets *v from the option name, read by parse, when it is given.
func optional[T any](req interaction.Request, name string, parse func(interaction.Request, string) (T, error), v *T) error {
	if !req.Has(name) {
		return nil
	}
	x, err := parse(req, name)
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// formationOnly reads a formation where limbering does not count.
func formationOnly(req interaction.Request, name string) (vf.Formation, error) {
	f, _, err := formationOpt(req, name)
	return f, err
}

// defaultWeapon is the weapon of a unit added without one.
func defaultWeapon(k vf.Kind) vf.Weapon {
	switch k {
	case vf.Cavalry:
		return vf.Pistol
	case vf.Artillery:
		return vf.Cannon
	}
	return vf.Musket
}

// umpireBoard is the board for a change only the umpire makes (what: "add units").
func umpireBoard(tx *battle.Tx, what string) (*Board, error) {
	if err := tx.RequireUmpire(what); err != nil {
		return nil, err
	}
	return load(tx)
}

// checkNew refuses the name or side of a new unit or command base (what) that
// the roster cannot take.
func checkNew(b *Board, name, side, what string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if err := checkName(side); err != nil {
		return interaction.Refusef("Give the %s's side: a name of up to 40 characters.", what)
	}
	if b.nameTaken(name) {
		return interaction.Refusef("%s is already on the roster.", render.Inert(name))
	}
	return nil
}

// UnitAdd is /volleyfire unit-add (umpire).
func UnitAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "add units")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	name, side := req.String(optName), req.String(optSide)
	if err := checkNew(b, name, side, "unit"); err != nil {
		return interaction.Response{}, err
	}
	if len(b.Units) >= MaxRoster {
		return interaction.Response{}, interaction.Refusef("The roster holds at most %d units.", MaxRoster)
	}
	kind, err := kindOpt(req, optType)
	if err != nil || kind == vf.Command {
		return interaction.Response{}, interaction.Refuse("Give the type: infantry, cavalry or artillery (command bases: `/volleyfire commander-add`).")
	}
	u := Unit{Name: name, Side: canonicalSide(b, side), Kind: kind, Formation: vf.Line, Weapon: defaultWeapon(kind), Loaded: true}
	u.Bases = req.IntOr(optBases, 1)
	if kind != vf.Artillery && !req.Has(optBases) {
		return interaction.Response{}, interaction.Refuse("Give the unit's number of bases (`bases:`).")
	}
	if err := setUnitOptions(tx, &u); err != nil {
		return interaction.Response{}, err
	}
	u.Start = u.Bases
	if err := b.rulesUnit(&u).Validate(); err != nil {
		return interaction.Response{}, err
	}
	if (kind == vf.Infantry || kind == vf.Cavalry) && u.Bases <= vf.RoutThreshold(u.Nation) {
		return interaction.Response{}, interaction.Refusef("A %s unit of %s would already be routed (V1): give it more bases.", strings.TrimSpace(string(u.Nation)+" "+string(kind)), plural(u.Bases, "base"))
	}
	b.Units = append(b.Units, u)
	if b.Turn.Phase == vf.Activations {
		b.Turn.Settle(b.ready)
	}
	if err := save(tx, b, fmt.Sprintf("added %s (%s)", u.Name, u.Side)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("Added %s", unitLine(b, &b.Units[len(b.Units)-1], tx.Game)) + " — side " + render.Inert(u.Side) + "."), nil
}

// canonicalSide spells a side as it is already on the roster.
func canonicalSide(b *Board, side string) string {
	for _, s := range allSides(b) {
		if strings.EqualFold(s, side) {
			return s
		}
	}
	return side
}

// setUnitOptions applies the options unit-add and unit-set share.
func setUnitOptions(tx *battle.Tx, u *Unit) error {
	req := tx.Req
	if req.Has(optFormation) {
		f, limber, err := formationOpt(req, optFormation)
		if err != nil {
			return err
		}
		switch {
		case limber != "" && u.Kind != vf.Artillery:
			return interaction.Refuse("Only artillery limbers and unlimbers.")
		case limber == "" && u.Kind == vf.Artillery:
			return interaction.Refuse("Artillery is limbered or unlimbered.")
		}
		u.Formation, u.Limbered = f, limber == "limbered"
	}
	if err := optional(req, optWeapon, weaponOpt, &u.Weapon); err != nil {
		return err
	}
	if err := optional(req, optNation, nationOpt, &u.Nation); err != nil {
		return err
	}
	if err := optional(req, optSpecial, specialOpt, &u.Special); err != nil {
		return err
	}
	if err := optional(req, optArms, armsOpt, &u.Arms); err != nil {
		return err
	}
	if req.Has(optElite) {
		u.Elite = req.Bool(optElite)
	}
	if req.Has(optLoaded) {
		u.Loaded = req.Bool(optLoaded)
		u.Reloading = 0
	}
	setPlayer(tx, &u.Player, &u.PlayerName)
	if u.Bases < 0 || u.Bases > 60 {
		return interaction.Refuse("Give between 1 and 60 bases.")
	}
	return nil
}

// setPlayer gives a unit or command base to the player option's user, if given.
func setPlayer(tx *battle.Tx, id, name *string) {
	if p, ok := tx.Req.UserOption(optPlayer); ok {
		*id, *name = p.ID, p.Name
		roster.AddPlayer(tx.Game, p)
	}
}

// findUnit finds the unit an option names, refusing a name not on the roster.
func findUnit(b *Board, name string) (*Unit, error) { return units.Get(b.Units, name) }

// UnitSet is /volleyfire unit-set (umpire).
func UnitSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "change units")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	u, err := findUnit(b, req.String(optUnit))
	if err != nil {
		return interaction.Response{}, err
	}
	old := u.Name
	if req.Has(optRename) {
		n := req.String(optRename)
		if err := checkName(n); err != nil {
			return interaction.Response{}, err
		}
		if !strings.EqualFold(n, old) && b.nameTaken(n) {
			return interaction.Response{}, interaction.Refusef("%s is already on the roster.", render.Inert(n))
		}
		u.Name = n
	}
	if req.Has(optSide) {
		if err := checkName(req.String(optSide)); err != nil {
			return interaction.Response{}, err
		}
		u.Side = canonicalSide(b, req.String(optSide))
	}
	if req.Has(optBases) {
		u.Bases = req.IntOr(optBases, u.Bases)
		u.Start = max(u.Start, u.Bases)
		if u.Bases == 0 {
			u.Gone = "destroyed"
		} else {
			u.Gone = ""
		}
	}
	if err := setUnitOptions(tx, u); err != nil {
		return interaction.Response{}, err
	}
	if u.Gone == "" {
		if err := b.rulesUnit(u).Validate(); err != nil {
			return interaction.Response{}, err
		}
	}
	if u.Name != old {
		renameRefs(b, old, u.Name)
	}
	if err := save(tx, b, "changed "+u.Name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Now: " + unitLine(b, u, tx.Game) + "."), nil
}

// renameRefs follows a unit's new name through the board.
func renameRefs(b *Board, old, name string) {
	for i := range b.Commanders {
		if strings.EqualFold(b.Commanders[i].Joined, old) {
			b.Commanders[i].Joined = name
		}
	}
	for i := range b.Combats {
		for _, es := range [][]Engaged{b.Combats[i].Chargers, b.Combats[i].Defenders} {
			for j := range es {
				if strings.EqualFold(es[j].Unit, old) {
					es[j].Unit = name
				}
			}
		}
	}
	t := &b.Turn
	if strings.EqualFold(t.Active, old) {
		t.Active = name
	}
	if n, ok := t.Used[old]; ok {
		delete(t.Used, old)
		t.Used[name] = n
	}
	if t.Spent[old] {
		delete(t.Spent, old)
		t.Spent[name] = true
	}
}

// UnitRemove is /volleyfire unit-remove (umpire).
func UnitRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "remove units")
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := findUnit(b, tx.Req.String(optUnit))
	if err != nil {
		return interaction.Response{}, err
	}
	name := u.Name
	b.leaveCombat(name)
	for i := range b.Commanders {
		if strings.EqualFold(b.Commanders[i].Joined, name) {
			b.Commanders[i].Joined = ""
		}
	}
	if b.Turn.Active == name {
		b.Turn.Active, b.Turn.InCommand = "", false
	}
	delete(b.Turn.Used, name)
	delete(b.Turn.Spent, name)
	for i := range b.Units {
		if b.Units[i].Name == name {
			b.Units = append(b.Units[:i], b.Units[i+1:]...)
			break
		}
	}
	if b.Turn.Phase == vf.Activations {
		b.Turn.Settle(b.ready)
	}
	if err := save(tx, b, "removed "+name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("Removed %s from the roster.", render.Inert(name))), nil
}

// CommanderAdd is /volleyfire commander-add (umpire).
func CommanderAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "add command bases")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	name, side := req.String(optName), req.String(optSide)
	if err := checkNew(b, name, side, "command base"); err != nil {
		return interaction.Response{}, err
	}
	if len(b.Commanders) >= MaxRoster {
		return interaction.Response{}, interaction.Refusef("The roster holds at most %d command bases.", MaxRoster)
	}
	c := Commander{Name: name, Side: canonicalSide(b, side), Royal: req.Bool(optRoyal)}
	if c.Nation, err = nationOpt(req, optNation); err != nil {
		return interaction.Response{}, err
	}
	setPlayer(tx, &c.Player, &c.PlayerName)
	b.Commanders = append(b.Commanders, c)
	cp := &b.Commanders[len(b.Commanders)-1]
	if req.Has(optJoin) {
		if err := join(b, cp, req.String(optJoin)); err != nil {
			return interaction.Response{}, err
		}
	}
	if err := save(tx, b, fmt.Sprintf("added command base %s (%s)", c.Name, c.Side)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Added " + commanderLine(b, cp) + " — side " + render.Inert(cp.Side) + "."), nil
}

// join joins c to the unit named (or to none).
func join(b *Board, c *Commander, unit string) error {
	if unit == "" || strings.EqualFold(unit, "none") {
		c.Joined = ""
		return nil
	}
	u, err := findUnit(b, unit)
	if err != nil {
		return err
	}
	switch {
	case u.Gone != "":
		return interaction.Refusef("%s has left the field.", render.Inert(u.Name))
	case u.Side != c.Side:
		return interaction.Refusef("%s is not on %s's side.", render.Inert(u.Name), render.Inert(c.Name))
	case u.Kind == vf.Artillery:
		return interaction.Refuse("A command base joins a unit of infantry or cavalry; artillery bases stand alone.")
	}
	if o := b.joined(u.Name); o != nil && o != c {
		return interaction.Refusef("%s has already joined %s.", render.Inert(o.Name), render.Inert(u.Name))
	}
	c.Joined = u.Name
	return nil
}

// CommanderSet is /volleyfire commander-set (umpire).
func CommanderSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "change command bases")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	c, err := commanders.Get(b.Commanders, req.String(optCommander))
	if err != nil {
		return interaction.Response{}, err
	}
	if err := optional(req, optNation, nationOpt, &c.Nation); err != nil {
		return interaction.Response{}, err
	}
	if req.Has(optRoyal) {
		c.Royal = req.Bool(optRoyal)
	}
	if req.Has(optLost) {
		c.Lost = req.Bool(optLost)
		if c.Lost {
			c.Joined = ""
		}
	}
	setPlayer(tx, &c.Player, &c.PlayerName)
	if req.Has(optJoin) {
		if c.Lost {
			return interaction.Response{}, interaction.Refusef("%s is lost.", render.Inert(c.Name))
		}
		if err := join(b, c, req.String(optJoin)); err != nil {
			return interaction.Response{}, err
		}
	}
	if err := save(tx, b, "changed command base "+c.Name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Now: " + commanderLine(b, c) + "."), nil
}

// First is /volleyfire first side:<…> (umpire): the side that activates first,
// this turn if no unit has acted yet, otherwise next turn.
func First(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "choose who activates first")
	if err != nil {
		return interaction.Response{}, err
	}
	side := tx.Req.String(optSide)
	if !contains(b.sides(), side) {
		return interaction.Response{}, interaction.Refusef("No side %s has units on the field (sides: %s).", render.Inert(side), render.Inert(inline(b.sides())))
	}
	side = canonicalSide(b, side)
	t := &b.Turn
	var note string
	if t.Phase == vf.Activations && t.Active == "" && len(t.Used) == 0 && len(t.Spent) == 0 {
		t.Order, t.Side = rotate(t.Order, side), 0
		t.Settle(b.ready)
		note = fmt.Sprintf("The umpire chooses: %s activates first this turn. %s", render.Inert(side), whoseLine(b, tx.Game))
	} else {
		b.First = side
		note = fmt.Sprintf("The umpire chooses: %s will activate first when the next turn starts (no roll).", render.Inert(side))
	}
	if err := save(tx, b, "umpire chooses "+side+" to activate first"); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(note), nil
}
