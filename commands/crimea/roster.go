package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// umpireBoard loads the board for a roster change by the umpire.
func umpireBoard(tx *battle.Tx, what string) (*rc.Board, error) {
	b, err := load(tx)
	if err != nil {
		return nil, err
	}
	if err := tx.RequireUmpire(what); err != nil {
		return nil, err
	}
	return b, nil
}

// saved stores a roster change and answers with what it says.
func saved(tx *battle.Tx, b *rc.Board, summary, say string) (interaction.Response, error) {
	if err := roster.Save(tx, b, summary); err != nil {
		return interaction.Response{}, err
	}
	return roster.Umpires(tx, interaction.Say(say)), nil
}

// UnitAdd is /crimea unit-add.
func UnitAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "add units")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	u := rc.Unit{Name: req.String("name"), Formation: rc.Line, Morale: rc.DefaultMorale, Officer: req.String("officer")}
	if u.Nationality, err = required(req, "nationality", rc.Nationalities, "nationality", "Give the unit's nationality: "+rules.Or(rc.Nationalities)+"."); err != nil {
		return interaction.Response{}, err
	}
	if u.Type, err = required(req, "type", rc.UnitTypes, "unit type", "Give the unit's type: light or heavy infantry, light or heavy cavalry, foot or horse artillery."); err != nil {
		return interaction.Response{}, err
	}
	f, err := optional(req, "formation", rc.Formations, "formation")
	if err != nil {
		return interaction.Response{}, err
	}
	stands, err := number(req, "stands", 1, rc.MaxStands, "Stands")
	if err == nil && stands == nil {
		err = interaction.Input("Give the unit's stands.")
	}
	if err != nil {
		return interaction.Response{}, err
	}
	morale, err := number(req, "morale", 0, 100, "Morale")
	if err != nil {
		return interaction.Response{}, err
	}
	u.Stands = *stands
	u.Place(flag(req, "hidden"))
	rules.Set(&u.Formation, f)
	rules.Set(&u.Morale, morale)
	if u, err = b.AddUnit(u); err != nil {
		return interaction.Response{}, err
	}
	return saved(tx, b, "unit added: "+u.Name, "Added "+unitLine(u)+".")
}

// UnitSet is /crimea unit-set.
func UnitSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "change units")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	c := rc.UnitChange{Unit: req.String("unit"), Disordered: flag(req, "disordered"), Officer: name(req, "officer"), Hidden: flag(req, "hidden")}
	if c.Formation, err = optional(req, "formation", rc.Formations, "formation"); err != nil {
		return interaction.Response{}, err
	}
	if c.Stands, err = number(req, "stands", 0, rc.MaxStands, "Stands"); err != nil {
		return interaction.Response{}, err
	}
	if c.Morale, err = number(req, "morale", 0, 100, "Morale"); err != nil {
		return interaction.Response{}, err
	}
	if c.LostToFire, err = number(req, "lost-to-fire", 0, rc.MaxStands, "Stands lost to fire"); err != nil {
		return interaction.Response{}, err
	}
	u, err := b.SetUnit(c)
	if err != nil {
		return interaction.Response{}, err
	}
	return saved(tx, b, "unit changed: "+u.Name, "Now "+unitLine(u)+".")
}

// UnitRemove is /crimea unit-remove.
func UnitRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "remove units")
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := b.RemoveUnit(tx.Req.String("unit"))
	if err != nil {
		return interaction.Response{}, err
	}
	return saved(tx, b, "unit removed: "+u.Name, render.Inert(u.Name)+" is off the roster.")
}

// OfficerAdd is /crimea officer-add: his calibre is rolled unless the umpire gives it.
func OfficerAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "add officers")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	o := rc.Officer{Name: req.String("name"), Morale: rc.DefaultMorale}
	o.Place(flag(req, "hidden"))
	if o.Side, err = required(req, "side", rc.Sides, "side", "Give the officer's side: "+rules.Or(rc.Sides)+"."); err != nil {
		return interaction.Response{}, err
	}
	if o.Rank, err = required(req, "rank", rc.Ranks, "rank", "Give the officer's rank: "+rules.Or(rc.Ranks)+"."); err != nil {
		return interaction.Response{}, err
	}
	if o.Wing, _, err = option(req, "wing", rc.Wings, "wing"); err != nil {
		return interaction.Response{}, err
	}
	if s := name(req, "superior"); s != nil {
		o.Superior = *s
	}
	morale, err := number(req, "morale", 0, 100, "Officer morale")
	if err != nil {
		return interaction.Response{}, err
	}
	rules.Set(&o.Morale, morale)
	p, hasPlayer := req.UserOption("player")
	o.Player, o.PlayerName = p.ID, p.Name
	if o.Calibre, _, err = option(req, "calibre", rc.Calibres, "calibre"); err != nil {
		return interaction.Response{}, err
	}
	o, rolled, err := b.AddOfficer(tx.Dice(), o, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	if hasPlayer {
		roster.AddPlayer(tx.Game, p)
	}
	summary, resp := "officer added: "+o.Name, interaction.Say("")
	if rolled != nil {
		summary += ", calibre rolled " + string(o.Calibre)
		resp = show(tx, *rolled)
	}
	if err := roster.Save(tx, b, summary); err != nil {
		return interaction.Response{}, err
	}
	resp.Public[0].Content = "Added " + officerLine(o, false) + "."
	if b.Turn > 0 {
		resp.Public[0].Content += " His orders are set from the next turn (the umpire can give some now with `/crimea officer-set orders:`)."
	}
	return roster.Umpires(tx, resp), nil
}

// OfficerSet is /crimea officer-set.
func OfficerSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "change officers")
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	c := rc.OfficerChange{Officer: req.String("officer"), Wounded: flag(req, "wounded"), Dead: flag(req, "dead"), Superior: name(req, "superior"), Hidden: flag(req, "hidden")}
	if c.Morale, err = number(req, "morale", 0, 100, "Officer morale"); err != nil {
		return interaction.Response{}, err
	}
	p, hasPlayer := req.UserOption("player")
	if hasPlayer {
		c.Player, c.PlayerName = &p.ID, &p.Name
	}
	if c.Calibre, err = optional(req, "calibre", rc.Calibres, "calibre"); err != nil {
		return interaction.Response{}, err
	}
	if w := name(req, "wing"); w != nil && *w == "" {
		c.Wing = new(rc.Command)
	} else if c.Wing, err = optional(req, "wing", rc.Wings, "wing"); err != nil {
		return interaction.Response{}, err
	}
	if c.Orders, err = number(req, "orders", 0, rc.MaxOrders, "Orders"); err != nil {
		return interaction.Response{}, err
	}
	o, err := b.SetOfficer(c)
	if err != nil {
		return interaction.Response{}, err
	}
	if hasPlayer {
		roster.AddPlayer(tx.Game, p)
	}
	return saved(tx, b, "officer changed: "+o.Name, "Now "+officerLine(o, b.Turn > 0)+".")
}

// OfficerRemove is /crimea officer-remove; his units and officers are left without him.
func OfficerRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "remove officers")
	if err != nil {
		return interaction.Response{}, err
	}
	o, orphans, err := b.RemoveOfficer(tx.Req.String("officer"))
	if err != nil {
		return interaction.Response{}, err
	}
	msg := render.Inert(o.Name) + " is off the roster."
	if len(orphans) > 0 {
		msg += " Now under nobody: " + render.Inert(strings.Join(orphans, ", ")) + "."
	}
	return saved(tx, b, "officer removed: "+o.Name, msg)
}

// Allowance is /crimea allowance: the umpire sets a row of the movement table (C6).
func Allowance(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "set movement allowances")
	if err != nil {
		return interaction.Response{}, err
	}
	row, err := required(tx.Req, "row", rc.MoveRows, "row of the movement table", "Name the row of the movement table.")
	if err != nil {
		return interaction.Response{}, err
	}
	in, err := number(tx.Req, "inches", 0, rc.MaxInches, "Inches")
	if err == nil && in == nil {
		err = interaction.Input("Give the allowance in inches.")
	}
	if err != nil {
		return interaction.Response{}, err
	}
	if err := b.SetAllowance(row, *in); err != nil {
		return interaction.Response{}, err
	}
	return saved(tx, b, fmt.Sprintf("allowance: %s %d\"", row, *in),
		fmt.Sprintf("Movement allowance for %s: %d\". (Reading C6: the text lost these numbers; they are the umpire's.)", row, *in))
}

// RosterView is /crimea roster; under fog of war, the invoker's view shown to
// him alone.
func RosterView(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	g, err := tx.Viewed()
	if err != nil {
		return interaction.Response{}, err
	}
	fields, err := New().Status(g)
	if err != nil {
		return interaction.Response{}, err
	}
	allowances := "None set yet: the umpire sets each with `/crimea allowance` (reading C6: the text lost them)."
	if len(b.Allowances) > 0 {
		allowances = strings.Join(b.AllowanceLines(), "\n")
	}
	fields = append(fields, interaction.Field{Name: "Movement allowances", Value: allowances})
	e := interaction.Embed{Title: "Roster: " + New().Name(), Color: render.ColourRuling, Fields: fields}
	msg := []interaction.Message{{Embeds: []interaction.Embed{e}}}
	if tx.Game.Fogged() { // his side's view, for him alone
		return interaction.Response{Ephemeral: msg}, nil
	}
	return interaction.Response{Public: msg}, nil
}

// Choices offers the roster names the focused option wants, each labelled
// with its kind and place ("93rd Highlanders — heavy infantry, British"):
// units for a unit, the enemy first for a target or defender, the officer's
// side first for the units of a charge; officers for an officer.
func (Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	decode := func(g *battle.Game) (*rc.Board, error) { return rc.DecodeBoard(g.Board) }
	return roster.Suggest(g, req, decode, suggest)
}

func suggest(b *rc.Board, req interaction.Request) []interaction.Choice {
	c := roster.NewChoices(strings.TrimSpace(req.String(req.Focused)))
	unit := func(u rc.Unit) { c.Add(u.Name, roster.Label(u.Name, string(u.Type), u.Where())) }
	switch req.Focused {
	case "unit", "attacker":
		for _, u := range b.Units {
			unit(u)
		}
	case "units": // the charge an officer may ride with: his side's units first
		c = roster.NewListChoices(req.String(req.Focused))
		side := ownSide(b, req)
		roster.Sided(c, b.Units, func(u rc.Unit) bool { return side == "" || u.Side == side }, unit)
	case "target", "defender":
		own := ownSide(b, req)
		roster.Sided(c, b.Units, func(u rc.Unit) bool { return own == "" || u.Side != own }, unit)
	case "officer", "superior", "brigade", "attacker-officer", "defender-officer":
		if (req.Focused == "officer" && req.Path == "crimea unit-set") || (req.Focused == "superior" && req.Path == "crimea officer-set") {
			c.Add("none", "none")
		}
		for _, o := range b.Officers {
			c.Add(o.Name, roster.Label(o.Name, string(o.Rank), o.Where()))
		}
	}
	return c.List()
}

// ownSide is the side of the unit that acts (unit, or attacker) or of the
// officer, else of the invoker's first officer; "" when none says.
func ownSide(b *rc.Board, req interaction.Request) rc.Side {
	return b.ActingSide(req.User.ID, req.String("officer"), req.String("unit"), req.String("attacker"))
}
