package gamelog

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle/order"
	"github.com/referee-bot/referee/rules"
)

// MaxSummary is the longest summary of a log entry: an imported log
// with a longer one is refused.
const MaxSummary = 500

// An Entry is one line of the game log.
type Entry struct {
	N       int       `json:"n"`
	At      time.Time `json:"at"`
	User    string    `json:"user"`
	Command string    `json:"command"`
	// Button is the label of the button pressed when the command was a press
	// ("Next count"): what the log and the report show, not the route.
	Button  string `json:"button,omitempty"`
	Summary string `json:"summary"`
	// Roll is the roll number whose stream the Draws came from (0: no dice).
	Roll  uint64 `json:"roll,omitempty"`
	Draws []Draw `json:"draws,omitempty"`
	// Secret entries (secret rolls, card deals) show only their summary until the game ends.
	Secret bool `json:"secret,omitempty"`
	// Voided gives the reason an umpire undid this entry; it stays in the log.
	// The log is append-only, so it is not written on the entry: the entry of
	// the undo names it (Voids) and readers fold that in (Fold). Logs of
	// schema 1, and export files, carry it on the entry itself.
	Voided string `json:"voided,omitempty"`
	// Voids are the entries an undo voided, for Reason.
	Voids  []int  `json:"voids,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Order is the command the change that logged the entry ran, on the
	// first entry of each change (order.Order; nil on the rest, and on entries
	// logged before referees recorded it).
	Order *order.Order `json:"order,omitempty"`
	// Working is the full working of the rulings the entry's command showed,
	// JSON of []rules.Ruling packed (working.Pack), for their Details buttons
	// (battle.Tx.Shows).
	// Exports leave it out.
	Working []byte `json:"working,omitempty"`
	// Fog marks an entry logged under fog of war; Shown are then the
	// readers shown it, each with its number in that reader's part of the
	// log (For).
	Fog   bool   `json:"fog,omitempty"`
	Shown []Seen `json:"shown,omitempty"`
	// Ruled are, under fog of war, the readers shown each ruling of Working,
	// by index (the umpire reads them all): a Details button opens a ruling
	// to them alone, a side reading what the main channel was shown. Nil
	// on entries logged before referees kept them.
	Ruled [][]rules.Reader `json:"ruled,omitempty"`
}

// ShownRuling reports whether r was shown the entry's i-th ruling, as far
// as the entry keeps it (Ruled; an entry that keeps none: whether r's part
// holds it).
func (e Entry) ShownRuling(r rules.Reader, i int) bool {
	if _, ok := e.For(r); !ok {
		return false
	}
	if !e.Fog || r.All || e.Ruled == nil {
		return true
	}
	return i < len(e.Ruled) && slices.ContainsFunc(e.Ruled[i], func(s rules.Reader) bool { return s.Side == "" || strings.EqualFold(s.Side, r.Side) })
}

// Seen is a reader shown a log entry under fog of war, with the entry's
// number in that reader's part of the log. Entries logged before the parts
// were numbered carry no number (N 0): their readers are those shown the
// rulings of the change, the main channel's being every side's too.
type Seen struct {
	rules.Reader
	N int `json:"n,omitempty"`
}

// For is the number of e in r's part of the log, and whether r's part holds
// e. The umpire's part is the whole log, numbered as it is; so is every
// reader's of an entry not logged under fog. A side reads all the main
// channel reads: an entry the main channel was shown and the side was not
// was logged before the side was in the battle, when its part was the main
// channel's.
func (e Entry) For(r rules.Reader) (n int, ok bool) {
	if !e.Fog || r.All {
		return e.N, true
	}
	main := 0
	for _, s := range e.Shown {
		switch {
		case s.All:
		case s.N == 0 && (s.Side == "" || strings.EqualFold(s.Side, r.Side)):
			return e.N, true
		case s.N > 0 && strings.EqualFold(s.Side, r.Side):
			return s.N, true
		case s.N > 0 && s.Side == "":
			main = s.N
		}
	}
	return main, main > 0
}

// Fold marks the entries voided by later entries of log (Voids) with their
// reason, and returns log. Entries voided by an undo not in log are left as
// they are.
func Fold(log []Entry) []Entry {
	if len(log) == 0 {
		return log
	}
	first := log[0].N
	for _, e := range log {
		for _, n := range e.Voids {
			if i := n - first; i >= 0 && i < len(log) && log[i].N == n {
				log[i].Voided = e.Reason
			}
		}
	}
	return log
}

// A Draw is one die drawn from a roll's stream: its sides and the face it showed.
// It is stored as the pair [sides, face] to keep long logs small.
type Draw struct {
	Sides int
	Face  int
}

// MarshalJSON writes the draw as [sides, face].
func (d Draw) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, "[%d,%d]", d.Sides, d.Face), nil
}

// UnmarshalJSON reads a draw written as [sides, face].
func (d *Draw) UnmarshalJSON(b []byte) error {
	var pair []int
	if err := json.Unmarshal(b, &pair); err != nil || len(pair) != 2 {
		return errors.New("a die must be written [sides, face]")
	}
	d.Sides, d.Face = pair[0], pair[1]
	return nil
}
