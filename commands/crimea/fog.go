package crimea

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	rc "github.com/referee-bot/referee/rules/crimea"
)

var _ battle.Fog = Ruleset{}

// fog answers fog of war's questions from the game's board.
var fog roster.Fog[*rc.Board] = func(g *battle.Game) (*rc.Board, error) { return rc.DecodeBoard(g.Board) }

// Sides are Allied and Russian.
func (Ruleset) Sides(*battle.Game) ([]string, error) { return (&rc.Board{}).Sides(), nil }

// SideOf is the side of the officers user plays.
func (Ruleset) SideOf(g *battle.Game, user string) (string, error) { return fog.SideOf(g, user) }

// View is g with the board as reader knows it.
func (Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) { return fog.View(g, reader) }

// Unseen are the units and officers reader has not seen.
func (Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) { return fog.Unseen(g, reader) }

// Names are every unit and officer with his side.
func (Ruleset) Names(g *battle.Game) (map[string]string, error) { return fog.Names(g) }

// Reveal is the umpire's reveal of a unit or officer to a side, or to all.
func (Ruleset) Reveal(tx *battle.Tx, side, unit string) (interaction.Response, error) {
	b, err := umpireBoard(tx, "reveal units")
	if err != nil {
		return interaction.Response{}, err
	}
	nb, err := b.Reveal(side, unit)
	if err != nil {
		return interaction.Response{}, err
	}
	name := unit
	if u, err := nb.Unit(unit); err == nil {
		name = u.Name
	} else if o, err := nb.Officer(unit); err == nil {
		name = o.Name
	}
	return roster.Revealed(tx, nb, name, side)
}
