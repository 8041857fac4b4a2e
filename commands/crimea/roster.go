package crimea

import (
	"fmt"
	"sort"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// umpireBoard loads the board for a roster change by the umpire.
func umpireBoard(tx *battle.Tx, what string) (*Board, error) {
	b, err := load(tx)
	if err != nil {
		return nil, err
	}
	if err := tx.RequireUmpire(what); err != nil {
		return nil, err
	}
	return b, nil
}

// save stores the board and logs the change.
func save(tx *battle.Tx, b *Board, summary string) error {
	if err := b.validate(); err != nil {
		return interaction.Refusef("That would leave the roster inconsistent: %s.", err.Error())
	}
	return roster.Save(tx, b, summary)
}

func option[T ~string](req interaction.Request, name string, parse func(string) (T, bool), what string) (T, bool, error) {
	s := req.String(name)
	if s == "" {
		var zero T
		return zero, false, nil
	}
	v, ok := parse(s)
	if !ok {
		var zero T
		return zero, false, interaction.Refusef("%q is not a %s.", clipName(s), what)
	}
	return v, true, nil
}

func intOption(req interaction.Request, name string, lo, hi int, what string) (int, bool, error) {
	v, ok := req.Int(name)
	if !ok {
		return 0, false, nil
	}
	if v < lo || v > hi {
		return 0, false, interaction.Refusef("%s must be %d to %d.", what, lo, hi)
	}
	return v, true, nil
}

func (b *Board) nameFree(name string) error {
	if b.unit(name) != nil || b.officer(name) != nil {
		return interaction.Refusef("%q is already on the roster; give each unit and officer its own name.", name)
	}
	if len(b.Units) >= MaxRoster || len(b.Officers) >= MaxRoster {
		return interaction.Refusef("The roster is full (%d units and %d officers at most).", MaxRoster, MaxRoster)
	}
	return nil
}

// UnitAdd is /crimea unit-add.
func UnitAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "add units")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	u := Unit{Name: req.String("name"), Formation: rc.Line, Morale: rc.DefaultMorale}
	if err := checkName("unit", u.Name); err != nil {
		return interaction.Response{}, err
	}
	if err := b.nameFree(u.Name); err != nil {
		return interaction.Response{}, err
	}
	var ok bool
	if u.Nationality, ok, err = option(req, "nationality", rc.ParseNationality, "nationality (British, French or Russian)"); err != nil || !ok {
		return interaction.Response{}, orRefuse(err, "Give the unit's nationality: British, French or Russian.")
	}
	u.Side = rc.SideOf(u.Nationality)
	if u.Type, ok, err = option(req, "type", rc.ParseUnitType, "unit type"); err != nil || !ok {
		return interaction.Response{}, orRefuse(err, "Give the unit's type: light or heavy infantry, light or heavy cavalry, foot or horse artillery.")
	}
	if f, ok, err := option(req, "formation", rc.ParseFormation, "formation (line, column, square or works)"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		u.Formation = f
	}
	if u.Stands, ok, err = intOption(req, "stands", 1, MaxStands, "Stands"); err != nil || !ok {
		return interaction.Response{}, orRefuse(err, "Give the unit's stands.")
	}
	u.Start = u.Stands
	if m, ok, err := intOption(req, "morale", 0, 100, "Morale"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		u.Morale = m
	}
	if name := req.String("officer"); name != "" {
		o, err := b.mustOfficer(name)
		if err != nil {
			return interaction.Response{}, err
		}
		if o.Side != u.Side {
			return interaction.Response{}, interaction.Refusef("%s is %s; %s troops fight for the %s side.", o.Name, o.Side, u.Nationality, u.Side)
		}
		u.Officer = o.Name
	}
	b.Units = append(b.Units, u)
	if err := save(tx, b, "unit added: "+u.Name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Added " + unitLine(u) + "."), nil
}

func orRefuse(err error, msg string) error {
	if err != nil {
		return err
	}
	return interaction.Refuse(msg)
}

// UnitSet is /crimea unit-set.
func UnitSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "change units")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	u, err := b.mustUnit(req.String("unit"))
	if err != nil {
		return interaction.Response{}, err
	}
	if f, ok, err := option(req, "formation", rc.ParseFormation, "formation (line, column, square or works)"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		u.Formation = f
	}
	if n, ok, err := intOption(req, "stands", 0, MaxStands, "Stands"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		u.Stands = n
		u.Start = max(u.Start, n)
	}
	if n, ok, err := intOption(req, "morale", 0, 100, "Morale"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		u.Morale = n
	}
	if req.Has("disordered") {
		u.Disordered = req.Bool("disordered")
	}
	if n, ok, err := intOption(req, "lost-to-fire", 0, MaxStands, "Stands lost to fire"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		u.LostToFire = n
	}
	if name := req.String("officer"); name != "" {
		if strings.EqualFold(name, "none") {
			u.Officer = ""
		} else {
			o, err := b.mustOfficer(name)
			if err != nil {
				return interaction.Response{}, err
			}
			if o.Side != u.Side {
				return interaction.Response{}, interaction.Refusef("%s is %s and %s is %s.", o.Name, o.Side, u.Name, u.Side)
			}
			u.Officer = o.Name
		}
	}
	line := unitLine(*u)
	if err := save(tx, b, "unit changed: "+u.Name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Now " + line + "."), nil
}

// UnitRemove is /crimea unit-remove.
func UnitRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "remove units")
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := b.mustUnit(tx.Req.String("unit"))
	if err != nil {
		return interaction.Response{}, err
	}
	name := u.Name
	for i := range b.Units {
		if &b.Units[i] == u {
			b.Units = append(b.Units[:i], b.Units[i+1:]...)
			break
		}
	}
	if err := save(tx, b, "unit removed: "+name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(render.Inert(name) + " is off the roster."), nil
}

// OfficerAdd is /crimea officer-add: his calibre is rolled unless the umpire gives it.
func OfficerAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "add officers")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	o := Officer{Name: req.String("name"), Morale: rc.DefaultMorale}
	if err := checkName("officer", o.Name); err != nil {
		return interaction.Response{}, err
	}
	if err := b.nameFree(o.Name); err != nil {
		return interaction.Response{}, err
	}
	var ok bool
	if o.Side, ok, err = option(req, "side", rc.ParseSide, "side (Allied or Russian)"); err != nil || !ok {
		return interaction.Response{}, orRefuse(err, "Give the officer's side: Allied or Russian.")
	}
	if o.Rank, ok, err = option(req, "rank", parseRank, "rank"); err != nil || !ok {
		return interaction.Response{}, orRefuse(err, "Give the officer's rank: commander-in-chief, wing commander, division commander or brigade officer.")
	}
	if o.Wing, _, err = option(req, "wing", rc.ParseWing, "wing (right wing, left wing or cavalry)"); err != nil {
		return interaction.Response{}, err
	}
	if o.Wing != "" && o.Rank == CommanderInChief {
		return interaction.Response{}, interaction.Refuse("The commander-in-chief commands the whole army, not a wing.")
	}
	if err := setSuperior(b, &o, req.String("superior")); err != nil {
		return interaction.Response{}, err
	}
	if m, ok, err := intOption(req, "morale", 0, 100, "Officer morale"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		o.Morale = m
	}
	if p, ok := req.UserOption("player"); ok {
		setPlayer(tx, &o, p)
	}
	c, given, err := option(req, "calibre", rc.ParseCalibre, "calibre (indolent, cautious, normal or rash)")
	if err != nil {
		return interaction.Response{}, err
	}
	var resp interaction.Response
	if given {
		o.Calibre = c
	} else if tx.HouseRule(HouseCalibre) == "umpire" {
		return interaction.Response{}, interaction.Refuse("House rule calibre=umpire: give the officer's calibre (indolent, cautious, normal or rash).")
	}
	if !given {
		r, rolled := rc.RollCalibre(tx.Dice(), o.Name)
		o.Calibre = rolled
		b.Officers = append(b.Officers, o)
		if err := save(tx, b, fmt.Sprintf("officer added: %s, calibre rolled %s", o.Name, rolled)); err != nil {
			return interaction.Response{}, err
		}
		resp = show(tx, r)
	} else {
		b.Officers = append(b.Officers, o)
		if err := save(tx, b, "officer added: "+o.Name); err != nil {
			return interaction.Response{}, err
		}
		resp = interaction.Say("")
	}
	line := "Added " + officerLine(o, false) + "."
	if b.Turn > 0 {
		line += " His orders are set from the next turn (the umpire can give some now with `/crimea officer-set orders:`)."
	}
	resp.Public[0].Content = line
	return resp, nil
}

func parseRank(s string) (Rank, bool) {
	for _, r := range Ranks {
		if strings.EqualFold(strings.TrimSpace(s), string(r)) {
			return r, true
		}
	}
	return "", false
}

func setSuperior(b *Board, o *Officer, name string) error {
	if name == "" {
		return nil
	}
	if strings.EqualFold(name, "none") {
		o.Superior = ""
		return nil
	}
	s, err := b.mustOfficer(name)
	if err != nil {
		return err
	}
	if s.Side != o.Side {
		return interaction.Refusef("%s is %s; an officer answers to one of his own side.", s.Name, s.Side)
	}
	if strings.EqualFold(s.Name, o.Name) {
		return interaction.Refuse("An officer cannot answer to himself.")
	}
	for _, c := range b.chain(s.Name) {
		if strings.EqualFold(c.Name, o.Name) {
			return interaction.Refusef("%s already answers to %s.", s.Name, o.Name)
		}
	}
	o.Superior = s.Name
	return nil
}

func setPlayer(tx *battle.Tx, o *Officer, p interaction.User) {
	o.Player, o.PlayerName = p.ID, p.Name
	roster.AddPlayer(tx.Game, p)
}

// OfficerSet is /crimea officer-set.
func OfficerSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "change officers")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	o, err := b.mustOfficer(req.String("officer"))
	if err != nil {
		return interaction.Response{}, err
	}
	if m, ok, err := intOption(req, "morale", 0, 100, "Officer morale"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		o.Morale = m
	}
	if req.Has("wounded") {
		o.Wounded = req.Bool("wounded")
		if o.Wounded {
			o.Orders = 0
		}
	}
	if req.Has("dead") {
		o.Dead = req.Bool("dead")
		if o.Dead {
			o.Orders = 0
		}
	}
	if p, ok := req.UserOption("player"); ok {
		setPlayer(tx, o, p)
	}
	if err := setSuperior(b, o, req.String("superior")); err != nil {
		return interaction.Response{}, err
	}
	if c, ok, err := option(req, "calibre", rc.ParseCalibre, "calibre (indolent, cautious, normal or rash)"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		o.Calibre = c
	}
	if w := req.String("wing"); w != "" {
		if strings.EqualFold(w, "none") {
			o.Wing = ""
		} else if o.Wing, _, err = option(req, "wing", rc.ParseWing, "wing (right wing, left wing or cavalry)"); err != nil {
			return interaction.Response{}, err
		}
	}
	if n, ok, err := intOption(req, "orders", 0, 10, "Orders"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		if n > 0 && (o.Dead || o.Wounded) {
			return interaction.Response{}, interaction.Refusef("%s is %s and issues no orders.", o.Name, map[bool]string{true: "dead", false: "wounded"}[o.Dead])
		}
		o.Orders = n
	}
	line := officerLine(*o, b.Turn > 0)
	if err := save(tx, b, "officer changed: "+o.Name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Now " + line + "."), nil
}

// OfficerRemove is /crimea officer-remove; his units and officers are left without him.
func OfficerRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "remove officers")
	if err != nil {
		return interaction.Response{}, err
	}
	o, err := b.mustOfficer(tx.Req.String("officer"))
	if err != nil {
		return interaction.Response{}, err
	}
	name := o.Name
	var orphans []string
	for i := range b.Units {
		if strings.EqualFold(b.Units[i].Officer, name) {
			b.Units[i].Officer = ""
			orphans = append(orphans, b.Units[i].Name)
		}
	}
	for i := range b.Officers {
		if strings.EqualFold(b.Officers[i].Superior, name) {
			b.Officers[i].Superior = ""
			orphans = append(orphans, b.Officers[i].Name)
		}
	}
	for i := range b.Officers {
		if strings.EqualFold(b.Officers[i].Name, name) {
			b.Officers = append(b.Officers[:i], b.Officers[i+1:]...)
			break
		}
	}
	if err := save(tx, b, "officer removed: "+name); err != nil {
		return interaction.Response{}, err
	}
	msg := render.Inert(name) + " is off the roster."
	if len(orphans) > 0 {
		msg += " Now under nobody: " + render.Inert(strings.Join(orphans, ", ")) + "."
	}
	return interaction.Say(msg), nil
}

// Allowance is /crimea allowance: the umpire sets a row of the movement table (C6).
func Allowance(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "set movement allowances")
	if err != nil {
		return interaction.Response{}, err
	}
	row, ok, err := option(tx.Req, "row", rc.ParseMoveRow, "row of the movement table")
	if err != nil || !ok {
		return interaction.Response{}, orRefuse(err, "Name the row of the movement table.")
	}
	in, ok, err := intOption(tx.Req, "inches", 0, MaxInches, "Inches")
	if err != nil || !ok {
		return interaction.Response{}, orRefuse(err, "Give the allowance in inches.")
	}
	if b.Allowances == nil {
		b.Allowances = map[rc.MoveRow]int{}
	}
	b.Allowances[row] = in
	if err := save(tx, b, fmt.Sprintf("allowance: %s %d\"", row, in)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("Movement allowance for %s: %d\". (Reading C6: the text lost these numbers; they are the umpire's.)", row, in)), nil
}

// RosterView is /crimea roster.
func RosterView(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	fields, err := New().Status(tx.Game)
	if err != nil {
		return interaction.Response{}, err
	}
	fields = append(fields, interaction.Field{Name: "Movement allowances", Value: b.allowanceText()})
	e := interaction.Embed{Title: "Roster: " + New().Name(), Color: render.ColourRuling, Fields: fields}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}}, nil
}

func (b *Board) allowanceText() string {
	if len(b.Allowances) == 0 {
		return "None set yet: the umpire sets each with `/crimea allowance` (reading C6: the text lost them)."
	}
	var lines []string
	for _, r := range rc.MoveRows {
		if in, ok := b.Allowances[r]; ok {
			lines = append(lines, fmt.Sprintf("%s %d\"", r, in))
		} else {
			lines = append(lines, fmt.Sprintf("%s: not set", r))
		}
	}
	return strings.Join(lines, "\n")
}

// Autocomplete suggests roster names for the focused option.
func (b *Board) suggest(focused, typed string) []interaction.Choice {
	var pool []string
	switch focused {
	case "unit", "target", "attacker", "defender":
		for _, u := range b.Units {
			pool = append(pool, u.Name)
		}
	case "officer", "superior", "brigade", "attacker-officer", "defender-officer":
		for _, o := range b.Officers {
			pool = append(pool, o.Name)
		}
	}
	sort.Strings(pool)
	typed = strings.ToLower(strings.TrimSpace(typed))
	out := []interaction.Choice{}
	for _, n := range pool {
		if typed == "" || strings.Contains(strings.ToLower(n), typed) {
			out = append(out, interaction.Choice{Name: n, Value: n})
			if len(out) == 25 {
				break
			}
		}
	}
	return out
}
