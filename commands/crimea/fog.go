package crimea

import (
	"encoding/json"
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	rc "github.com/referee-bot/referee/rules/crimea"
)

var _ battle.Fog = Ruleset{}

// Sides are Allied and Russian.
func (Ruleset) Sides(*battle.Game) ([]string, error) { return (&rc.Board{}).Sides(), nil }

// SideOf is the side of the officers user plays.
func (Ruleset) SideOf(g *battle.Game, user string) (string, error) {
	b, err := rc.DecodeBoard(g.Board)
	if err != nil {
		return "", err
	}
	return b.SideOf(user), nil
}

// View is g with the board as reader knows it.
func (Ruleset) View(g *battle.Game, reader string) (*battle.Game, error) {
	b, err := rc.DecodeBoard(g.Board)
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

// Unseen are the units and officers reader has not seen.
func (Ruleset) Unseen(g *battle.Game, reader string) ([]string, error) {
	b, err := rc.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	return b.Unseen(reader), nil
}

// Names are every unit and officer with his side.
func (Ruleset) Names(g *battle.Game) (map[string]string, error) {
	b, err := rc.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, u := range b.Units {
		names[u.Name] = string(u.Side)
	}
	for _, o := range b.Officers {
		names[o.Name] = string(o.Side)
	}
	return names, nil
}

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
	name, to := revealed(nb, unit), "all"
	if side != "" {
		s, _ := rc.ParseSide(side)
		to = "the " + string(s) + " side"
	}
	return saved(tx, nb, "revealed: "+name+" to "+to, render.Inert(name)+" is revealed to "+to+".")
}

// revealed is the name of the unit or officer called name, as the roster spells it.
func revealed(b *rc.Board, name string) string {
	if u, err := b.Unit(name); err == nil {
		return u.Name
	}
	if o, err := b.Officer(name); err == nil {
		return o.Name
	}
	return name
}
