package firing2007

import (
	"encoding/json"
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

var _ battle.Fog = Ruleset{}

// Sides are the roster's sides, as it first spells each.
func (Ruleset) Sides(g *battle.Game) ([]string, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	return b.Sides(), nil
}

// SideOf is the side of the units and generals user commands.
func (Ruleset) SideOf(g *battle.Game, user string) (string, error) {
	b, err := board(g)
	if err != nil {
		return "", err
	}
	return b.SideOf(user), nil
}

// View is g with the board as reader knows it.
func (Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) {
	b, err := board(g)
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

// Unseen are the units and generals reader has not seen.
func (Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	return b.Unseen(reader), nil
}

// Names are every unit and general with his side.
func (Ruleset) Names(g *battle.Game) (map[string]string, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, u := range b.Units {
		names[u.Name] = u.Side
	}
	for _, gen := range b.Generals {
		names[gen.Name] = gen.Side
	}
	return names, nil
}

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
	name, to := unit, "all"
	if u := nb.Unit(unit); u != nil {
		name = u.Name
	} else if gen := nb.General(unit); gen != nil {
		name = "General " + gen.Name
	}
	if side != "" {
		to = "the " + side + " side"
	}
	if err := save(tx, nb, "revealed "+name+" to "+to); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(render.Inert(name) + " is revealed to " + render.Inert(to) + "."), nil
}
