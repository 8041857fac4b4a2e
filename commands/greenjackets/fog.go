package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
)

var _ battle.Fog = (*Ruleset)(nil)

// Sides are the sides of the roster's characters.
func (*Ruleset) Sides(g *battle.Game) ([]string, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	return b.Sides(), nil
}

// SideOf is the side of the characters user plays.
func (*Ruleset) SideOf(g *battle.Game, user string) (string, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return "", err
	}
	return b.SideOf(user), nil
}

// View is g with the board as reader knows it (rules/greenjackets Board.View).
func (*Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	return battle.WithBoard(g, b.View(reader))
}

// Unseen are the names of the sections hidden from reader.
func (*Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	return b.Unseen(reader), nil
}

// Names are every character, squad and figure, with their sides.
func (*Ruleset) Names(g *battle.Game) (map[string]string, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	return b.Names(), nil
}

// Reveal is the umpire's reveal of a section (named by its character, a
// squad or a figure) to a side, or to all.
func (*Ruleset) Reveal(tx *battle.Tx, side, unit string) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	nb, err := b.Reveal(side, unit)
	if err != nil {
		return interaction.Response{}, err
	}
	to := "to all"
	if side != "" {
		to = "to the " + side + " side"
	}
	name := unit
	if c := nb.Character(unit); c != nil {
		name = c.Name
	}
	if err := roster.Save(tx, nb, fmt.Sprintf("revealed %s %s", name, to)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("The umpire reveals **%s** and its section %s.", render.Inert(name), render.Inert(to))), nil
}
