package firing2007

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

var _ battle.Fog = Ruleset{}

// fog answers fog of war's questions from the game's board.
var fog roster.Fog[*fr.Board] = board

// Sides are the roster's sides, as it first spells each.
func (Ruleset) Sides(g *battle.Game) ([]string, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	return b.Sides(), nil
}

// SideOf is the side of the units and generals user commands.
func (Ruleset) SideOf(g *battle.Game, user string) (string, error) { return fog.SideOf(g, user) }

// View is g with the board as reader knows it.
func (Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) { return fog.View(g, reader) }

// Unseen are the units and generals reader has not seen.
func (Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) { return fog.Unseen(g, reader) }

// Names are every unit and general with his side.
func (Ruleset) Names(g *battle.Game) (map[string]string, error) { return fog.Names(g) }

// Reveal is the umpire's reveal of a unit or general to a side, or to all.
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
	if u := nb.Unit(unit); u != nil {
		name = u.Name
	} else if gen := nb.General(unit); gen != nil {
		name = "General " + gen.Name
	}
	return roster.Revealed(tx, nb, name, side)
}
