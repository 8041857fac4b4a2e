package greenjackets

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

var _ battle.Fog = (*Ruleset)(nil)

// fog answers fog of war's questions from the game's board.
var fog roster.Fog[*gj.Board] = decodeBoard

// Sides are the sides of the roster's characters.
func (*Ruleset) Sides(g *battle.Game) ([]string, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	return b.Sides(), nil
}

// SideOf is the side of the characters user plays.
func (*Ruleset) SideOf(g *battle.Game, user string) (string, error) { return fog.SideOf(g, user) }

// View is g with the board as reader knows it (rules/greenjackets Board.View).
func (*Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) { return fog.View(g, reader) }

// Unseen are the names of the sections hidden from reader.
func (*Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) { return fog.Unseen(g, reader) }

// Names are every character, squad and figure, with their sides.
func (*Ruleset) Names(g *battle.Game) (map[string]string, error) { return fog.Names(g) }

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
	name := unit
	if c := nb.Character(unit); c != nil {
		name = c.Name
	} else if s := nb.Squad(unit); s != nil {
		name = s.Name
	}
	return roster.Revealed(tx, nb, name, side)
}
