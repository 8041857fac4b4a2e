package battle

import (
	"encoding/json"
	"fmt"
	"time"
)

// SchemaVersion is the version of the game document this code writes. Older
// documents are migrated on read; newer ones are refused.
const SchemaVersion = 1

// A Game is one channel's battle.
type Game struct {
	Schema  int    `json:"schema"`
	Channel string `json:"channel"`
	Guild   string `json:"guild,omitempty"`
	Ruleset string `json:"ruleset"`
	Name    string `json:"name,omitempty"`
	// Umpire is the user id of the umpire; UmpireName is how to address them.
	Umpire     string `json:"umpire"`
	UmpireName string `json:"umpire_name,omitempty"`
	// Players maps user ids to display names, for everyone given a command.
	Players map[string]string `json:"players,omitempty"`
	Started time.Time         `json:"started"`
	Ended   *time.Time        `json:"ended,omitempty"`
	// Seed is secret until the game ends; Commitment (hex SHA-256 of Seed) is
	// published at start. Nothing renders Seed while the game is running.
	Seed       []byte `json:"seed"`
	Commitment string `json:"commitment"`
	// NextRoll is the number the next command that rolls takes.
	NextRoll uint64 `json:"next_roll"`
	// Log is every ruling and change, numbered from 1.
	Log []Entry `json:"log,omitempty"`
	// HouseRules are the umpire's overrides of the NOTES.md readings, by name.
	HouseRules map[string]string `json:"house_rules,omitempty"`
	// Board is the rule set's own state: roster, turn, cards.
	Board json.RawMessage `json:"board,omitempty"`
	// Undo holds what the last change replaced, for /game undo.
	Undo *UndoPoint `json:"undo,omitempty"`
}

// An Entry is one line of the game log.
type Entry struct {
	N       int       `json:"n"`
	At      time.Time `json:"at"`
	User    string    `json:"user"`
	Command string    `json:"command"`
	Summary string    `json:"summary"`
	// Roll is the roll number whose stream the Draws came from (0: no dice).
	Roll  uint64 `json:"roll,omitempty"`
	Draws []Draw `json:"draws,omitempty"`
	// Secret entries (secret rolls, card deals) show only their summary until the game ends.
	Secret bool `json:"secret,omitempty"`
	// Voided gives the reason an umpire undid this entry; it stays in the log.
	Voided string `json:"voided,omitempty"`
}

// A Draw is one die drawn from a roll's stream: its sides and the face it showed.
type Draw struct {
	Sides int `json:"s"`
	Face  int `json:"f"`
}

// An UndoPoint is the board before the last change and the entries that change made.
type UndoPoint struct {
	Board   json.RawMessage `json:"board"`
	Entries []int           `json:"entries"`
}

// Running reports whether the game has not ended.
func (g *Game) Running() bool { return g.Ended == nil }

// Player returns the display name of a user, falling back to a mention-free id.
func (g *Game) Player(userID string) string {
	if n, ok := g.Players[userID]; ok && n != "" {
		return n
	}
	if userID == g.Umpire && g.UmpireName != "" {
		return g.UmpireName
	}
	return "user " + userID
}

// HouseRule returns the value of a house rule, or "" when it is not set.
func (g *Game) HouseRule(name string) string { return g.HouseRules[name] }

// DecodeGame reads a stored game document, migrating older schemas.
func DecodeGame(b []byte) (*Game, error) {
	var g Game
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("decode game: %w", err)
	}
	switch {
	case g.Schema > SchemaVersion:
		return nil, fmt.Errorf("decode game: schema %d is newer than this referee's %d", g.Schema, SchemaVersion)
	case g.Schema < 1:
		return nil, fmt.Errorf("decode game: missing schema version")
	}
	// Migrations from older schemas go here, one step per version, when there are any.
	return &g, nil
}

// Encode writes the game document.
func (g *Game) Encode() ([]byte, error) {
	g.Schema = SchemaVersion
	return json.Marshal(g)
}
