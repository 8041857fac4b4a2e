package view

import (
	"encoding/json"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Fog is a rule set's fog of war, an optional capability of a battle.Ruleset: each
// method decodes the game's board and calls the rule set's pure functions.
// A reader is a side of the battle, or "" for the battle's main channel (what
// every side knows); the umpire sees everything and is never a reader here.
type Fog interface {
	// Sides are the battle's sides, as the rule set names them.
	Sides(g *battle.Game) ([]string, error)
	// SideOf is the side of what user commands on the roster ("" when he
	// commands nothing). The service applies the umpire's own assignment
	// (/game side) first: SideOf.
	SideOf(g *battle.Game, user string) (string, error)
	// View is a copy of g whose Board holds only what reader may know
	// (the rule set's board's View): enemy units it has not seen are
	// absent, with every reference to them; the umpire's is the whole board.
	View(g *battle.Game, reader rules.Reader) (*battle.Game, error)
	// Names are every name of the board, each with its side.
	Names(g *battle.Game) (map[string]string, error)
	// Known are the names reader's view of g holds (View), each with its
	// side: the umpire's are every name of the board.
	Known(g *battle.Game, reader rules.Reader) (map[string]string, error)
	// Changed are the names of the board whose things differ between the
	// board as read (before) and g's: what a change changed.
	Changed(before json.RawMessage, g *battle.Game) ([]string, error)
	// Reveal is the umpire's reveal of a unit to side ("" to all); an
	// unknown name is a *rules.Breach.
	Reveal(tx *battle.Tx, side, unit string) (interaction.Response, error)
}
