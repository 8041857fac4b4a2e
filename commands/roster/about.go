package roster

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// A Description is what a rule set says of itself: its id and title, the
// first steps of a battle (/game start), how a turn runs (Sequence), its
// empty board and the check of an imported one, and its slash commands.
type Description struct {
	ID, Name, FirstSteps, Sequence string
	NewBoard                       func() any
	ValidateBoard                  func(json.RawMessage) error
	Definitions                    []*discordgo.ApplicationCommand
}

// About answers battle.Ruleset's ID, Name, FirstSteps, NewBoard,
// ValidateBoard and Definitions, and battle.TurnEngine's Sequence, from a Description; a
// rule set's Ruleset embeds it, made by Describe.
type About struct{ d Description }

// Describe is the About of d.
func Describe(d Description) About { return About{d} }

// Validate is a rule set's check of an imported board (ValidateBoard) that
// drops the board it decoded.
func Validate[B any](validate func([]byte) (B, error)) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		_, err := validate(raw)
		return err
	}
}

// ID is the rule set's id.
func (a About) ID() string { return a.d.ID }

// Name is the rule set's title.
func (a About) Name() string { return a.d.Name }

// FirstSteps are a battle's first steps, as /game start shows them.
func (a About) FirstSteps() string { return a.d.FirstSteps }

// Sequence is how a turn runs.
func (a About) Sequence() string { return a.d.Sequence }

// NewBoard is an empty roster before the first turn.
func (a About) NewBoard() any { return a.d.NewBoard() }

// ValidateBoard checks an imported board.
func (a About) ValidateBoard(raw json.RawMessage) error { return a.d.ValidateBoard(raw) }

// Definitions are the rule set's slash commands.
func (a About) Definitions() []*discordgo.ApplicationCommand { return a.d.Definitions }
