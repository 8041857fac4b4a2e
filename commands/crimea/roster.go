package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// The umpire's roster: the typed orders of /crimea unit-add, unit-set,
// unit-remove, officer-add, officer-set, officer-remove, allowance and
// roster, and their handlers.

// none is the word for nobody: a lone unit's officer, an officer who
// answers to no one.
const none = "none"

// nobody is a name given where none is nobody: "".
func nobody(name *string) *string {
	if name != nil && strings.EqualFold(*name, none) {
		return new(string)
	}
	return name
}

// unitAddOrder is /crimea unit-add.
type unitAddOrder struct {
	Name        string         `opt:"name"`
	Nationality rc.Nationality `opt:"nationality"`
	Type        rc.UnitType    `opt:"type"`
	Stands      int            `opt:"stands"`
	Formation   rc.Formation   `opt:"formation" default:"line"`
	Morale      *int           `opt:"morale"`
	Officer     string         `opt:"officer" roster:"officer"`
	Hidden      *bool          `opt:"hidden"`
}

// RosterUnitAdd is /crimea unit-add.
func (*Ruleset) RosterUnitAdd(tx *battle.Tx, o unitAddOrder) (interaction.Response, error) {
	u := rc.Unit{Name: o.Name, Nationality: o.Nationality, Type: o.Type, Stands: o.Stands, Formation: o.Formation,
		Morale: morale(o.Morale), Officer: o.Officer}
	u.Place(o.Hidden)
	return roster.Change(tx, "add units", load, func(b *rc.Board) (string, string, error) {
		u, err := b.AddUnit(u)
		return "unit added: " + u.Name, "Added " + unitLine(u) + ".", err
	})
}

// unitSetOrder is /crimea unit-set.
type unitSetOrder struct {
	Unit       string        `opt:"unit" roster:"unit"`
	Formation  *rc.Formation `opt:"formation"`
	Stands     *int          `opt:"stands"`
	Morale     *int          `opt:"morale"`
	Disordered *bool         `opt:"disordered"`
	LostToFire *int          `opt:"lost-to-fire"`
	Officer    *string       `opt:"officer" roster:"officer" also:"none"`
	Hidden     *bool         `opt:"hidden"`
}

// RosterUnitSet is /crimea unit-set.
func (*Ruleset) RosterUnitSet(tx *battle.Tx, o unitSetOrder) (interaction.Response, error) {
	return roster.Change(tx, "change units", load, func(b *rc.Board) (string, string, error) {
		u, err := b.SetUnit(rc.UnitChange{Unit: o.Unit, Formation: o.Formation, Stands: o.Stands, Morale: o.Morale,
			Disordered: o.Disordered, LostToFire: o.LostToFire, Officer: nobody(o.Officer), Hidden: o.Hidden})
		return "unit changed: " + u.Name, "Now " + unitLine(u) + ".", err
	})
}

// unitRemoveOrder is /crimea unit-remove.
type unitRemoveOrder struct {
	Unit string `opt:"unit" roster:"unit"`
}

// RosterUnitRemove is /crimea unit-remove.
func (*Ruleset) RosterUnitRemove(tx *battle.Tx, o unitRemoveOrder) (interaction.Response, error) {
	return roster.Change(tx, "remove units", load, func(b *rc.Board) (string, string, error) {
		u, err := b.RemoveUnit(o.Unit)
		return "unit removed: " + u.Name, render.Inert(u.Name) + " is off the roster.", err
	})
}

// officerAddOrder is /crimea officer-add.
type officerAddOrder struct {
	Name     string            `opt:"name"`
	Side     rc.Side           `opt:"side"`
	Rank     rc.Rank           `opt:"rank"`
	Wing     rc.Command        `opt:"wing"`
	Superior *string           `opt:"superior" roster:"officer" also:"none"`
	Calibre  rc.Calibre        `opt:"calibre"`
	Morale   *int              `opt:"morale"`
	Player   *interaction.User `opt:"player"`
	Hidden   *bool             `opt:"hidden"`
}

// RosterOfficerAdd is /crimea officer-add: his calibre is rolled unless the umpire gives it.
func (*Ruleset) RosterOfficerAdd(tx *battle.Tx, o officerAddOrder) (interaction.Response, error) {
	b, err := umpireBoard(tx, "add officers")
	if err != nil {
		return interaction.Response{}, err
	}
	officer := rc.Officer{Name: o.Name, Side: o.Side, Rank: o.Rank, Wing: o.Wing, Calibre: o.Calibre, Morale: morale(o.Morale)}
	rules.Set(&officer.Superior, nobody(o.Superior))
	officer.Place(o.Hidden)
	if o.Player != nil {
		officer.Player, officer.PlayerName = o.Player.ID, o.Player.Name
	}
	officer, rolled, err := b.AddOfficer(tx.Dice(), officer, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	if o.Player != nil {
		roster.AddPlayer(tx.Game, *o.Player)
	}
	summary, resp := "officer added: "+officer.Name, interaction.Say("")
	if rolled != nil {
		summary += ", calibre rolled " + string(officer.Calibre)
		resp = show(tx, *rolled)
	}
	if err := roster.Save(tx, b, summary); err != nil {
		return interaction.Response{}, err
	}
	resp.Public[0].Content = "Added " + officerLine(officer, false) + "."
	if b.Turn > 0 {
		resp.Public[0].Content += " His orders are set from the next turn (the umpire can give some now with `/crimea officer-set orders:`)."
	}
	return roster.Umpires(tx, resp), nil
}

// officerSetOrder is /crimea officer-set.
type officerSetOrder struct {
	Officer  string            `opt:"officer" roster:"officer"`
	Morale   *int              `opt:"morale"`
	Wounded  *bool             `opt:"wounded"`
	Dead     *bool             `opt:"dead"`
	Player   *interaction.User `opt:"player"`
	Superior *string           `opt:"superior" roster:"officer" also:"none"`
	Calibre  *rc.Calibre       `opt:"calibre"`
	Wing     *rc.Command       `opt:"wing"`
	Orders   *int              `opt:"orders"`
	Hidden   *bool             `opt:"hidden"`
}

// RosterOfficerSet is /crimea officer-set.
func (*Ruleset) RosterOfficerSet(tx *battle.Tx, o officerSetOrder) (interaction.Response, error) {
	c := rc.OfficerChange{Officer: o.Officer, Morale: o.Morale, Wounded: o.Wounded, Dead: o.Dead, Superior: nobody(o.Superior),
		Calibre: o.Calibre, Wing: o.Wing, Orders: o.Orders, Hidden: o.Hidden}
	if o.Player != nil {
		c.Player, c.PlayerName = &o.Player.ID, &o.Player.Name
	}
	if o.Player != nil {
		roster.AddPlayer(tx.Game, *o.Player)
	}
	return roster.Change(tx, "change officers", load, func(b *rc.Board) (string, string, error) {
		officer, err := b.SetOfficer(c)
		return "officer changed: " + officer.Name, "Now " + officerLine(officer, b.Turn > 0) + ".", err
	})
}

// officerRemoveOrder is /crimea officer-remove.
type officerRemoveOrder struct {
	Officer string `opt:"officer" roster:"officer"`
}

// RosterOfficerRemove is /crimea officer-remove; his units and officers are left without him.
func (*Ruleset) RosterOfficerRemove(tx *battle.Tx, o officerRemoveOrder) (interaction.Response, error) {
	return roster.Change(tx, "remove officers", load, func(b *rc.Board) (string, string, error) {
		officer, orphans, err := b.RemoveOfficer(o.Officer)
		msg := render.Inert(officer.Name) + " is off the roster."
		if len(orphans) > 0 {
			msg += " Now under nobody: " + render.Inert(strings.Join(orphans, ", ")) + "."
		}
		return "officer removed: " + officer.Name, msg, err
	})
}

// allowanceOrder is /crimea allowance.
type allowanceOrder struct {
	Row    rc.MoveRow `opt:"row"`
	Inches int        `opt:"inches"`
}

// RosterAllowance is /crimea allowance: the umpire sets a row of the movement table (C6).
func (*Ruleset) RosterAllowance(tx *battle.Tx, o allowanceOrder) (interaction.Response, error) {
	return roster.Change(tx, "set movement allowances", load, func(b *rc.Board) (string, string, error) {
		return fmt.Sprintf("allowance: %s %d\"", o.Row, o.Inches),
			fmt.Sprintf("Movement allowance for %s: %d\". (Reading C6: the text lost these numbers; they are the umpire's.)", o.Row, o.Inches), b.SetAllowance(o.Row, o.Inches)
	})
}

// showOrder is /crimea roster, which takes no options.
type showOrder struct{}

// RosterShow is /crimea roster; under fog of war, the invoker's view shown to
// him alone.
func (r *Ruleset) RosterShow(tx *battle.Tx, _ showOrder) (interaction.Response, error) {
	g, b, err := roster.Viewed[*rc.Board, fogReader](tx, load)
	if err != nil {
		return interaction.Response{}, err
	}
	fields, err := r.Status(g)
	if err != nil {
		return interaction.Response{}, err
	}
	allowances := "None set yet: the umpire sets each with `/crimea allowance` (reading C6: the text lost them)."
	if len(b.Allowances) > 0 {
		allowances = strings.Join(b.AllowanceLines(), "\n")
	}
	fields = append(fields, interaction.Field{Name: "Movement allowances", Value: allowances})
	e := interaction.Embed{Title: "Roster: " + r.Name(), Color: render.ColourRuling, Fields: fields}
	msg := []interaction.Message{{Embeds: []interaction.Embed{e}}}
	if tx.Game.Fogged() { // his side's view, for him alone
		return interaction.Response{Ephemeral: msg}, nil
	}
	return interaction.Response{Public: msg}, nil
}

// rosterNames are every name on the game's board, with its kind ("unit" or
// "officer"): the roster the decoder resolves names against.
func rosterNames(g *battle.Game) ([]decode.Name, error) {
	b, err := battle.BoardOf[rc.Board](g)
	if err != nil {
		return nil, err
	}
	out := roster.Named(nil, "unit", b.Units, func(u rc.Unit) string { return u.Name })
	return roster.Named(out, "officer", b.Officers, func(o rc.Officer) string { return o.Name }), nil
}
