package duel

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
)

// addOrder is /duel roster add.
type addOrder struct {
	Name    string `opt:"name"`
	Side    string `opt:"side" roster:"side" new:"new-side"`
	NewSide bool   `opt:"new-side"`
}

// Add is /duel roster add: the umpire puts a duellist on the roster.
func (*Ruleset) Add(tx *battle.Tx, o addOrder) (interaction.Response, error) {
	if err := tx.RequireUmpire("change the roster"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := b.Add(o.Name, o.Side); err != nil {
		return interaction.Response{}, err
	}
	if err := roster.Save(tx, b, "roster: "+o.Name+" added"); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("**Roster:** " + render.Inert(o.Name) + " fights for " + render.Inert(o.Side) + "."), nil
}

// rosterNames are every name on the game's board, with its kind: the
// roster the decoder resolves names against.
func rosterNames(g *battle.Game) ([]decode.Name, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	var out []decode.Name
	for _, d := range b.Duellists {
		out = append(out, decode.Name{Name: d.Name, Kind: "duellist"}, decode.Name{Name: d.Side, Kind: "side"})
	}
	return out, nil
}
