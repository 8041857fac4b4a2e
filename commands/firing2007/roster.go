package firing2007

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// The roster subcommands' typed orders and their handlers: /firing2007
// roster shows it; unit-add, unit-set, unit-remove, general-add,
// general-set and general-remove are the umpire's changes to it.

// showOrder is /firing2007 roster, which takes no options.
type showOrder struct{}

// RosterShow is /firing2007 roster: every unit and general, by side, as its
// reader may see them under fog of war.
func (*Ruleset) RosterShow(tx *battle.Tx, _ showOrder) (interaction.Response, error) {
	g, b, err := roster.Viewed[*fr.Board, fogReader](tx, load)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Roster", Color: render.ColourRuling, Fields: rosterFields(g, b)}
	if b.Turn > 0 {
		e.Title = fmt.Sprintf("Roster, turn %d", b.Turn)
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: b}, nil
}

// rosterChange makes a roster change the umpire orders: edit changes the
// board and says what to log and what to answer, or with nothing to log that
// nothing changed (its words are not read when it fails). The player named
// to command (nil: none) is recorded with the battle first, so that the
// answer names him.
func rosterChange(tx *battle.Tx, player *interaction.User, edit func(b *fr.Board) (log, say string, err error)) (interaction.Response, error) {
	if player != nil {
		roster.AddPlayer(tx.Game, *player)
	}
	return roster.Change(tx, "change the roster", load, func(b *fr.Board) (string, string, error) {
		log, say, err := edit(b)
		return render.Clip(log, logLine), say, err
	})
}

// unitOptions are the options unit-add and unit-set share, each nil when
// not given; new-side confirms a side the battle does not have.
type unitOptions struct {
	Type      *fr.UnitType      `opt:"type"`
	Side      *string           `opt:"side" roster:"side" new:"new-side"`
	NewSide   bool              `opt:"new-side"`
	Strength  *int              `opt:"strength"`
	Morale    *int              `opt:"morale"`
	Formation *fr.Formation     `opt:"formation"`
	Cover     *fr.Cover         `opt:"cover"`
	Shaken    *bool             `opt:"shaken"`
	Player    *interaction.User `opt:"player"`
	Hidden    *bool             `opt:"hidden"`
}

// change is the change to the unit called name that u describes.
func (u unitOptions) change(name string) fr.UnitChange {
	return fr.UnitChange{Name: name, Type: u.Type, Side: u.Side, Strength: u.Strength, Morale: u.Morale, Formation: u.Formation,
		Cover: u.Cover, Shaken: u.Shaken, Player: playerID(u.Player), Hidden: u.Hidden}
}

// unitAddOrder is /firing2007 unit-add.
type unitAddOrder struct {
	Name string `opt:"name"`
	unitOptions
}

// RosterUnitAdd is /firing2007 unit-add.
func (*Ruleset) RosterUnitAdd(tx *battle.Tx, o unitAddOrder) (interaction.Response, error) {
	c := o.change(o.Name)
	return rosterChange(tx, o.Player, func(b *fr.Board) (string, string, error) {
		u, err := b.AddUnit(c)
		line := u.Line(tx.Game.Player)
		if u.Player == "" {
			line += " · commanded by the umpire"
		}
		return "unit added: " + u.Name, fmt.Sprintf("Added to the %s side: %s", render.Inert(u.Side), line), err
	})
}

// unitSetOrder is /firing2007 unit-set.
type unitSetOrder struct {
	Name    string  `opt:"name" roster:"unit"`
	NewName *string `opt:"new-name"`
	unitOptions
	Unassign bool `opt:"unassign"`
}

// RosterUnitSet is /firing2007 unit-set.
func (*Ruleset) RosterUnitSet(tx *battle.Tx, o unitSetOrder) (interaction.Response, error) {
	c := o.change(o.Name)
	var err error
	if c.Player, err = commander(o.Player, o.Unassign); err != nil {
		return interaction.Response{}, err
	}
	c.NewName = o.NewName
	return rosterChange(tx, o.Player, func(b *fr.Board) (string, string, error) {
		was, now, err := b.SetUnit(c)
		changes := unitChanges(tx.Game, was, now)
		if changes == "" {
			return "", "Nothing changed: " + now.Line(tx.Game.Player), err
		}
		return fmt.Sprintf("unit %s changed: %s", was.Name, changes), fmt.Sprintf("%s: %s.\n%s", bold(was.Name), changes, now.Line(tx.Game.Player)), err
	})
}

// unitRemoveOrder is /firing2007 unit-remove.
type unitRemoveOrder struct {
	Name string `opt:"name" roster:"unit"`
}

// RosterUnitRemove is /firing2007 unit-remove.
func (*Ruleset) RosterUnitRemove(tx *battle.Tx, o unitRemoveOrder) (interaction.Response, error) {
	return rosterChange(tx, nil, func(b *fr.Board) (string, string, error) {
		u, touched, err := b.RemoveUnit(o.Name)
		say := fmt.Sprintf("Removed %s from the roster.", bold(u.Name))
		if len(touched) > 0 {
			say += " It is also gone from the command of General " + render.Inert(strings.Join(touched, ", General ")) + "."
		}
		return "unit removed: " + u.Name, say, err
	})
}

// generalOptions are the options general-add and general-set share, each
// nil when not given; new-side confirms a side the battle does not have.
type generalOptions struct {
	Side    *string           `opt:"side" roster:"side" new:"new-side"`
	NewSide bool              `opt:"new-side"`
	With    *string           `opt:"with" roster:"unit" also:"none"`
	Chain   *[]string         `opt:"chain" roster:"unit" also:"none"`
	Player  *interaction.User `opt:"player"`
	Hidden  *bool             `opt:"hidden"`
}

// change is the change to the general called name that g describes.
func (g generalOptions) change(name string) fr.GeneralChange {
	c := fr.GeneralChange{Name: name, Side: g.Side, With: g.With, Player: playerID(g.Player), Hidden: g.Hidden}
	if g.Chain != nil {
		units := noneIsEmpty(*g.Chain)
		c.Chain = &units
	}
	return c
}

// generalAddOrder is /firing2007 general-add.
type generalAddOrder struct {
	Name string `opt:"name"`
	generalOptions
}

// RosterGeneralAdd is /firing2007 general-add.
func (*Ruleset) RosterGeneralAdd(tx *battle.Tx, o generalAddOrder) (interaction.Response, error) {
	c := o.change(o.Name)
	return rosterChange(tx, o.Player, func(b *fr.Board) (string, string, error) {
		g, err := b.AddGeneral(c)
		return "general added: " + g.Name, fmt.Sprintf("Added to the %s side: %s", render.Inert(g.Side), b.GeneralLine(g, tx.Game.Player)), err
	})
}

// generalSetOrder is /firing2007 general-set.
type generalSetOrder struct {
	Name    string  `opt:"name" roster:"general"`
	NewName *string `opt:"new-name"`
	generalOptions
	Wounds   *int  `opt:"wounds"`
	Dead     *bool `opt:"dead"`
	Unassign bool  `opt:"unassign"`
}

// RosterGeneralSet is /firing2007 general-set.
func (*Ruleset) RosterGeneralSet(tx *battle.Tx, o generalSetOrder) (interaction.Response, error) {
	c := o.change(o.Name)
	var err error
	if c.Player, err = commander(o.Player, o.Unassign); err != nil {
		return interaction.Response{}, err
	}
	c.NewName, c.Wounds, c.Dead = o.NewName, o.Wounds, o.Dead
	return rosterChange(tx, o.Player, func(b *fr.Board) (string, string, error) {
		was, now, err := b.SetGeneral(c)
		wasLine, nowLine := b.GeneralLine(was, tx.Game.Player), b.GeneralLine(now, tx.Game.Player)
		if wasLine == nowLine && was.Player == now.Player {
			return "", "Nothing changed: " + nowLine, err
		}
		say := "Was: " + wasLine + "\nNow: " + nowLine
		if now.Dead && !was.Dead && len(now.Chain) > 0 {
			say += fmt.Sprintf("\nIf he was killed by fire, shake the units of his chain within 18\" with `/firing2007 chain general:%s units:…`.", rules.Arg(now.Name))
		}
		return "general changed: " + was.Name, say, err
	})
}

// generalRemoveOrder is /firing2007 general-remove.
type generalRemoveOrder struct {
	Name string `opt:"name" roster:"general"`
}

// RosterGeneralRemove is /firing2007 general-remove.
func (*Ruleset) RosterGeneralRemove(tx *battle.Tx, o generalRemoveOrder) (interaction.Response, error) {
	return rosterChange(tx, nil, func(b *fr.Board) (string, string, error) {
		g, err := b.RemoveGeneral(o.Name)
		return "general removed: " + g.Name, fmt.Sprintf("Removed General %s from the roster.", bold(g.Name)), err
	})
}

// playerID is the id of the player named to command (nil: none named).
func playerID(p *interaction.User) *string {
	if p == nil {
		return nil
	}
	return &p.ID
}

// commander is who a change makes the commander: the player named, the
// umpire (unassign), or no change (nil); not both.
func commander(player *interaction.User, unassign bool) (*string, error) {
	switch {
	case player != nil && unassign:
		return nil, interaction.Input("Give either player: or unassign:true, not both.")
	case unassign:
		return new(string), nil
	}
	return playerID(player), nil
}

// rosterNames are every name on the game's board, with its kind ("side",
// "unit", "general"): the roster the decoder resolves names against.
func rosterNames(g *battle.Game) ([]decode.Name, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	out := roster.Named(nil, "side", b.Sides(), func(s string) string { return s })
	out = roster.Named(out, "unit", b.Units, func(u fr.Unit) string { return u.Name })
	return roster.Named(out, "general", b.Generals, func(g fr.General) string { return g.Name }), nil
}
