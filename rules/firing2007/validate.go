package firing2007

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Limits of the counters a stored board keeps.
const (
	MaxTurn = 10_000
	// MaxID bounds the ids handed out: every unit and general ever added.
	MaxID = 1_000_000
	// maxEntry bounds the log entry a chain test records.
	maxEntry = 1 << 31
)

// ValidateBoard decodes an imported board and checks it in full: no field the
// board does not have, every value in its range, every name the roster could
// hold, every reference resolving. Its error says in one sentence what is wrong.
func ValidateBoard(raw []byte) (*Board, error) {
	var b Board
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&b); err != nil {
		return nil, fmt.Errorf("the board is not a Rules – Firing board: %w", err)
	}
	if d.More() {
		return nil, fmt.Errorf("the board has more after its end")
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return &b, nil
}

// Validate checks a board in full (see ValidateBoard).
func (b *Board) Validate() error {
	switch {
	case b.Turn < 0 || b.Turn > MaxTurn:
		return fmt.Errorf("the turn is %d; it runs 0 to %d", b.Turn, MaxTurn)
	case b.NextID < 0 || b.NextID > MaxID:
		return fmt.Errorf("the last id handed out is %d; ids run 1 to %d", b.NextID, MaxID)
	case len(b.Units) > MaxRoster || len(b.Generals) > MaxRoster:
		return fmt.Errorf("the roster holds more than %d units or generals", MaxRoster)
	}
	if err := b.checkEnds(); err != nil {
		return err
	}
	ids := map[int]bool{}
	names := map[string]bool{}
	sides := b.Sides()
	spelt := spelling(sides)
	claim := func(what string, id int, name string) error {
		if id <= 0 || id > b.NextID {
			return fmt.Errorf("%s %q has id %d, outside 1..%d", what, name, id, b.NextID)
		}
		if ids[id] {
			return fmt.Errorf("%s %q reuses id %d", what, name, id)
		}
		ids[id] = true
		key := what + "/" + strings.ToLower(name)
		if names[key] {
			return fmt.Errorf("two %ss are called %q", what, name)
		}
		names[key] = true
		return nil
	}
	for _, u := range b.Units {
		if err := claim("unit", u.ID, u.Name); err != nil {
			return err
		}
		if err := checkName("unit", u.Name); err != nil {
			return fmt.Errorf("unit %q: %w", u.Name, err)
		}
		if err := u.checkValues(strconv.Quote); err != nil {
			return err
		}
		if err := u.Check(spelt(u.Side), sides); err != nil {
			return fmt.Errorf("unit %q %w", u.Name, err)
		}
	}
	for _, g := range b.Generals {
		if err := claim("general", g.ID, g.Name); err != nil {
			return err
		}
		if err := checkName("general", g.Name); err != nil {
			return fmt.Errorf("general %q: %w", g.Name, err)
		}
		if err := g.checkValues(strconv.Quote); err != nil {
			return err
		}
		if err := g.Check(spelt(g.Side), sides); err != nil {
			return fmt.Errorf("general %q %w", g.Name, err)
		}
		if g.With != 0 && b.UnitByID(g.With) == nil {
			return fmt.Errorf("general %q is with unit %d, which is not on the roster", g.Name, g.With)
		}
		seen := map[int]bool{}
		for _, c := range g.Chain {
			if b.UnitByID(c) == nil {
				return fmt.Errorf("general %q commands unit %d, which is not on the roster", g.Name, c)
			}
			if seen[c] {
				return fmt.Errorf("general %q has unit %d twice in his chain of command", g.Name, c)
			}
			seen[c] = true
		}
	}
	waits := map[int]bool{}
	for _, p := range b.Pending {
		if g := b.GeneralByID(p.General); g == nil || !g.Dead {
			return fmt.Errorf("a chain test waits for general %d, who is not a dead general on the roster", p.General)
		}
		if waits[p.General] {
			return fmt.Errorf("two chain tests wait for general %d", p.General)
		}
		waits[p.General] = true
		if p.Entry < 0 || p.Entry > maxEntry {
			return fmt.Errorf("the chain test of general %d names log entry %d", p.General, p.Entry)
		}
	}
	return nil
}
