package roster

import (
	"encoding/json"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// A FogBoard is a rule set's board that answers the questions of fog of war
// itself (view.Fog): its units carry a rules.Sight.
type FogBoard[B any] interface {
	Sides() []string
	SideOf(user string) string
	View(reader rules.Reader) B
	// NameSides are every name of the board, each with its side.
	NameSides() map[string]string
	Reveal(side, name string) (B, error)
	// Shown is how the umpire's reveal of name names it.
	Shown(name string) string
}

// A FogReader is how a rule set reads its board for fog of war.
type FogReader[B any] interface {
	// Decode decodes the game's stored board.
	Decode(*battle.Game) (B, error)
	// Umpire loads the channel's board for the umpire's reveal, refusing
	// whom the rule set refuses it.
	Umpire(*battle.Tx) (B, error)
}

// Fog answers view.Fog's questions of a game from its board, which R
// reads; a rule set's Ruleset embeds it.
type Fog[B FogBoard[B], R FogReader[B]] struct{}

// Sides are the sides of the game's board.
func (Fog[B, R]) Sides(g *battle.Game) ([]string, error) {
	var r R
	b, err := r.Decode(g)
	if err != nil {
		return nil, err
	}
	return b.Sides(), nil
}

// SideOf is the side of what user commands on the game's roster.
func (Fog[B, R]) SideOf(g *battle.Game, user string) (string, error) {
	var r R
	b, err := r.Decode(g)
	if err != nil {
		return "", err
	}
	return b.SideOf(user), nil
}

// View is g with its board as reader knows it.
func (Fog[B, R]) View(g *battle.Game, reader rules.Reader) (*battle.Game, error) {
	var r R
	b, err := r.Decode(g)
	if err != nil {
		return nil, err
	}
	return battle.WithBoard(g, b.View(reader))
}

// Names are every name of the game's board, each with its side.
func (Fog[B, R]) Names(g *battle.Game) (map[string]string, error) {
	var r R
	b, err := r.Decode(g)
	if err != nil {
		return nil, err
	}
	return b.NameSides(), nil
}

// Known are the names reader's view of the game's board holds, each with
// its side.
func (Fog[B, R]) Known(g *battle.Game, reader rules.Reader) (map[string]string, error) {
	var r R
	b, err := r.Decode(g)
	if err != nil {
		return nil, err
	}
	return b.View(reader).NameSides(), nil
}

// Changed are the names whose things differ between the board as read
// (before) and the game's (Changed).
func (Fog[B, R]) Changed(before json.RawMessage, g *battle.Game) ([]string, error) {
	var r R
	after, err := r.Decode(g)
	if err != nil {
		return nil, err
	}
	names := after.NameSides()
	if len(before) > 0 {
		was := *g
		was.Board = before
		b, err := r.Decode(&was)
		if err != nil {
			return nil, err
		}
		for n, side := range b.NameSides() {
			names[n] = side
		}
	}
	return Changed(before, g.Board, names)
}

// Reveal is the umpire's reveal of unit to side ("": to all), saved.
func (Fog[B, R]) Reveal(tx *battle.Tx, side, unit string) (interaction.Response, error) {
	var r R
	b, err := r.Umpire(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	nb, err := b.Reveal(side, unit)
	if err != nil {
		return interaction.Response{}, err
	}
	name, to := nb.Shown(unit), "all"
	if side != "" {
		to = "the " + side + " side"
	}
	if err := Save(tx, nb, "revealed: "+name+" to "+to); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(render.Inert(name) + " is revealed to " + render.Inert(to) + "."), nil
}
