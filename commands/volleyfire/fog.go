package volleyfire

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

var _ battle.Fog = Ruleset{}

// fog answers fog of war's questions from the game's board.
var fog roster.Fog[*vf.Board] = func(g *battle.Game) (*vf.Board, error) { return vf.DecodeBoard(g.Board) }

// Sides are every side on the roster.
func (Ruleset) Sides(g *battle.Game) ([]string, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	return b.AllSides(), nil
}

// SideOf is the side of the units and command bases user commands.
func (Ruleset) SideOf(g *battle.Game, user string) (string, error) { return fog.SideOf(g, user) }

// View is g with the board as reader knows it.
func (Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) { return fog.View(g, reader) }

// Unseen are the units and command bases reader has not seen.
func (Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) { return fog.Unseen(g, reader) }

// Names are every unit and command base with its side.
func (Ruleset) Names(g *battle.Game) (map[string]string, error) { return fog.Names(g) }

// Reveal is the umpire's reveal of a unit or command base to a side, or to all.
func (Ruleset) Reveal(tx *battle.Tx, side, unit string) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := tx.RequireUmpire("reveal units"); err != nil {
		return interaction.Response{}, err
	}
	nb, err := b.Reveal(side, unit)
	if err != nil {
		return interaction.Response{}, err
	}
	name := unit
	if u := nb.UnitNamed(unit); u != nil {
		name = u.Name
	} else if c := nb.CommanderNamed(unit); c != nil {
		name = c.Name
	}
	return roster.Revealed(tx, nb, name, side)
}
