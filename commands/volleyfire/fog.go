package volleyfire

import (
	"encoding/json"
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

var _ battle.Fog = Ruleset{}

// Sides are every side on the roster.
func (Ruleset) Sides(g *battle.Game) ([]string, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	return b.AllSides(), nil
}

// SideOf is the side of the units and command bases user commands.
func (Ruleset) SideOf(g *battle.Game, user string) (string, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return "", err
	}
	return b.SideOf(user), nil
}

// View is g with the board as reader knows it.
func (Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(b.View(reader))
	if err != nil {
		return nil, fmt.Errorf("encode the view of the board: %w", err)
	}
	v := *g
	v.Board = raw
	return &v, nil
}

// Unseen are the units and command bases reader has not seen.
func (Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	return b.Unseen(reader), nil
}

// Names are every unit and command base with its side.
func (Ruleset) Names(g *battle.Game) (map[string]string, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, u := range b.Units {
		names[u.Name] = u.Side
	}
	for _, c := range b.Commanders {
		names[c.Name] = c.Side
	}
	return names, nil
}

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
	name, to := unit, "all"
	if u := nb.UnitNamed(unit); u != nil {
		name = u.Name
	} else if c := nb.CommanderNamed(unit); c != nil {
		name = c.Name
	}
	if side != "" {
		to = "the " + side + " side"
	}
	if err := save(tx, nb, "revealed "+name+" to "+to); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(render.Inert(name) + " is revealed to " + render.Inert(to) + "."), nil
}
