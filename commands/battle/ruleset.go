package battle

import (
	"encoding/json"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A Ruleset is one rule set's commands, as the game lifecycle, the turn engine and
// /rules see it. Its own slash command (/greenjackets, /crimea, ...) is routed in
// the commands routes file.
type Ruleset interface {
	// ID is the rule set's id ("greenjackets"); Name its title ("Green Jackets").
	ID() string
	Name() string
	// NewBoard is the board of a new game.
	NewBoard() any
	// ValidateBoard checks an imported board: it decodes, and every reference
	// resolves. Its error is shown to the umpire as why the file was refused,
	// so it says in one sentence what is wrong ("unit 3 names officer 9, who is
	// not on the roster").
	ValidateBoard(board json.RawMessage) error
	// Status is the rule set's part of /game status: turn, sides, roster, whose move.
	Status(g *Game) ([]interaction.Field, error)
	// Losses is the rule set's part of the after-action report, in Markdown.
	Losses(g *Game) (string, error)
	// HouseRules are the readings an umpire may switch, with their values.
	HouseRules() []HouseRule
	// Topics are what /rules can show.
	Topics() []Topic

	// The turn engine: /turn new, /turn next, /turn status, /card, /act (and
	// their buttons). A rule set without secret cards refuses /card and /act.
	NewTurn(tx *Tx) (interaction.Response, error)
	NextTurn(tx *Tx) (interaction.Response, error)
	TurnStatus(tx *Tx) (interaction.Response, error)
	Card(tx *Tx) (interaction.Response, error)
	Act(tx *Tx) (interaction.Response, error)
}

// A HouseRule is a named reading the umpire can override per game.
type HouseRule struct {
	Name string
	// Values are the accepted values; Default is the NOTES.md reading.
	Values  []string
	Default string
	// Reading explains the default and what each value does.
	Reading rules.Reading
}

// A Topic is a table or rule that /rules shows.
type Topic struct {
	Name  string
	Title string
	// Body is Markdown (tables in code blocks read well on Discord).
	Body     string
	Readings []rules.Reading
}
