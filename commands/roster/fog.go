package roster

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// A FogBoard is a rule set's board that answers the questions of fog of war
// itself (battle.Fog): its units carry a rules.Sight.
type FogBoard[B any] interface {
	SideOf(user string) string
	View(reader string) B
	Unseen(reader string) []string
	// NameSides are every name of the board, each with its side.
	NameSides() map[string]string
}

// Fog answers battle.Fog's questions of a game from its board, which it
// decodes; a rule set's Fog methods call it.
type Fog[B FogBoard[B]] func(*battle.Game) (B, error)

// SideOf is the side of what user commands on the game's roster.
func (decode Fog[B]) SideOf(g *battle.Game, user string) (string, error) {
	b, err := decode(g)
	if err != nil {
		return "", err
	}
	return b.SideOf(user), nil
}

// View is g with its board as reader knows it.
func (decode Fog[B]) View(g *battle.Game, reader string) (*battle.Game, error) {
	b, err := decode(g)
	if err != nil {
		return nil, err
	}
	return battle.WithBoard(g, b.View(reader))
}

// Unseen are the names reader has not seen.
func (decode Fog[B]) Unseen(g *battle.Game, reader string) ([]string, error) {
	b, err := decode(g)
	if err != nil {
		return nil, err
	}
	return b.Unseen(reader), nil
}

// Names are every name of the game's board, each with its side.
func (decode Fog[B]) Names(g *battle.Game) (map[string]string, error) {
	b, err := decode(g)
	if err != nil {
		return nil, err
	}
	return b.NameSides(), nil
}

// Revealed is the answer to the umpire's reveal of name to side ("": to all),
// once the board that reveals it is saved.
func Revealed(tx *battle.Tx, board any, name, side string) (interaction.Response, error) {
	to := "all"
	if side != "" {
		to = "the " + side + " side"
	}
	if err := Save(tx, board, "revealed: "+name+" to "+to); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(render.Inert(name) + " is revealed to " + render.Inert(to) + "."), nil
}
