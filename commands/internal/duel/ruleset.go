package duel

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Ruleset is Duel as the battle service sees it.
type Ruleset struct{}

// New returns the rule set.
func New() *Ruleset { return &Ruleset{} }

// The capabilities Duel has, asserted here at compile time: the core alone.
var _ battle.Ruleset = (*Ruleset)(nil)

// ID is "duel".
func (*Ruleset) ID() string { return ID }

// Name is the rule set's title.
func (*Ruleset) Name() string { return "Duel" }

// FirstSteps: the roster, then the shots.
func (*Ruleset) FirstSteps() string {
	return "1. Umpire: each duellist, with his side: `/duel roster add`.\n" +
		"2. Each shot: `/duel fire shooter: target: range:`."
}

// NewBoard is an empty roster.
func (*Ruleset) NewBoard() any { return &Board{} }

// ValidateBoard checks an imported board: every duellist named once.
func (*Ruleset) ValidateBoard(raw json.RawMessage) error {
	var b Board
	if err := json.Unmarshal(raw, &b); err != nil {
		return fmt.Errorf("the board is not a duel: %w", err)
	}
	seen := map[string]bool{}
	for _, d := range b.Duellists {
		if d.Name == "" || seen[strings.ToLower(d.Name)] {
			return fmt.Errorf("duellist %q is unnamed or named twice", d.Name)
		}
		seen[strings.ToLower(d.Name)] = true
	}
	return nil
}

// Status lists the duellists.
func (*Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	return []interaction.Field{{Name: "Duellists", Value: roll(b)}}, nil
}

// Losses are the duellists hit.
func (*Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return "", err
	}
	return losses(b), nil
}

// HouseRules: Duel has none.
func (*Ruleset) HouseRules() []rules.HouseRule { return nil }

// Topics are the one chart /rules shows.
func (*Ruleset) Topics() []rules.Topic {
	return []rules.Topic{{Name: "fire", Title: "Duel: a shot", Body: "A d6 hits on 4 or more, one more for each full 10\" of range, at most 6."}}
}

// Choices: Duel completes no option.
func (*Ruleset) Choices(*battle.Game, interaction.Request) []interaction.Choice { return nil }

// decodeBoard reads a stored board.
func decodeBoard(g *battle.Game) (*Board, error) {
	var b Board
	if err := json.Unmarshal(g.Board, &b); err != nil {
		return nil, fmt.Errorf("decode board: %w", err)
	}
	return &b, nil
}
