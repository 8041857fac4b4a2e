package volleyfire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxTurn is the highest turn number a board may hold.
const MaxTurn = 10000

// ValidateBoard checks an imported board: it decodes with no field the board
// does not have, and it is valid (Validate).
func ValidateBoard(raw []byte) (*Board, error) {
	var b Board
	if len(bytes.TrimSpace(raw)) > 0 {
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&b); err != nil {
			return nil, fmt.Errorf("the board does not decode: %w", err)
		}
		if len(bytes.TrimSpace(raw[d.InputOffset():])) > 0 {
			return nil, fmt.Errorf("the board goes on after its end")
		}
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return &b, nil
}

// Validate checks that every value of the board is in its range and every
// name it refers to is on it; the error says in one sentence what is not.
func (b *Board) Validate() error {
	if len(b.Units) > MaxRoster || len(b.Commanders) > MaxRoster {
		return fmt.Errorf("the roster holds more than %d units or command bases", MaxRoster)
	}
	seen := map[string]bool{}
	name := func(what, n string) error {
		if checkName(n) != nil || seen[strings.ToLower(n)] {
			return fmt.Errorf("%s %q has an empty, overlong (over %d characters) or repeated name", what, n, MaxName)
		}
		seen[strings.ToLower(n)] = true
		return nil
	}
	for i := range b.Units {
		if err := b.validUnit(&b.Units[i], name); err != nil {
			return err
		}
	}
	for _, c := range b.Commanders {
		if err := name("command base", c.Name); err != nil {
			return err
		}
		switch j := b.UnitNamed(c.Joined); {
		case checkName(c.Side) != nil || utf8.RuneCountInString(c.PlayerName) > maxPlayerName:
			return fmt.Errorf("command base %q has a bad side or player name", c.Name)
		case !known(c.Nation, "", British, French, Prussian, Russian, Spanish, Polish, Portuguese):
			return fmt.Errorf("command base %q has an unknown nation %q", c.Name, c.Nation)
		case c.Joined != "" && (j == nil || c.Lost):
			return fmt.Errorf("command base %q has joined %q, not a unit on the roster, or is lost", c.Name, c.Joined)
		case c.Joined != "" && b.Joined(c.Joined) != nil && b.Joined(c.Joined).Name != c.Name:
			return fmt.Errorf("command bases %q and %q have joined the same unit", b.Joined(c.Joined).Name, c.Name)
		}
		if err := c.Check(c.Side, b.AllSides()); err != nil {
			return fmt.Errorf("command base %q %w", c.Name, err)
		}
	}
	if err := b.validCombats(); err != nil {
		return err
	}
	return b.validTurn()
}

// maxPlayerName is the longest player's name the board keeps (Discord's
// display names are at most 32 characters).
const maxPlayerName = 100

func (b *Board) validUnit(u *RosterUnit, name func(what, n string) error) error {
	if err := name("unit", u.Name); err != nil {
		return err
	}
	switch {
	case !known(u.Kind, Infantry, Cavalry, Artillery):
		return fmt.Errorf("unit %q is of an unknown type %q: infantry, cavalry or artillery", u.Name, u.Kind)
	case checkName(u.Side) != nil || utf8.RuneCountInString(u.PlayerName) > maxPlayerName:
		return fmt.Errorf("unit %q has a bad side or player name", u.Name)
	case u.Bases < 0 || u.Start < u.Bases || u.Start > MaxBases:
		return fmt.Errorf("unit %q has %d of %d bases; a unit has 0 to %d and no more than it began with", u.Name, u.Bases, u.Start, MaxBases)
	case u.Reloading < 0 || u.Reloading >= max(WeaponChart[u.Weapon].Reload, 1) || (u.Loaded && u.Reloading > 0):
		return fmt.Errorf("unit %q has %d reload actions done, out of range for its weapon", u.Name, u.Reloading)
	case !known(u.Gone, "", Routed, Destroyed):
		return fmt.Errorf("unit %q left the field as %q, neither routed nor destroyed", u.Name, u.Gone)
	case !known(u.Nation, "", British, French, Prussian, Russian, Spanish, Polish, Portuguese):
		return fmt.Errorf("unit %q has an unknown nation %q", u.Name, u.Nation)
	}
	v := u.Unit
	v.Bases = max(v.Bases, 1) // a unit that has left the field may have none left
	if err := v.Validate(); err != nil {
		return fmt.Errorf("unit %q: %w", u.Name, err)
	}
	if u.Gone == "" && u.Bases == 0 {
		return fmt.Errorf("unit %q has no bases left but is on the field", u.Name)
	}
	if err := u.Check(u.Side, b.AllSides()); err != nil {
		return fmt.Errorf("unit %q %w", u.Name, err)
	}
	return nil
}

func (b *Board) validCombats() error {
	inCombat := map[string]bool{}
	for _, c := range b.Combats {
		switch {
		case len(c.Chargers) == 0 || len(c.Defenders) == 0:
			return fmt.Errorf("a combat has no unit on one side")
		case !known(c.Facing, Front, Flank, Rear):
			return fmt.Errorf("a combat strikes the %q, not the front, flank or rear", c.Facing)
		case c.SideBases < 0 || c.SideBases > MaxBases:
			return fmt.Errorf("a combat has %d bases on its flank, out of 0 to %d", c.SideBases, MaxBases)
		case c.Fought < 0 || c.Fought > b.Turn.Number:
			return fmt.Errorf("a combat was last fought in turn %d, which has not been played", c.Fought)
		}
		for _, e := range c.Engaged() {
			if b.UnitNamed(e.Unit) == nil || inCombat[strings.ToLower(e.Unit)] {
				return fmt.Errorf("a combat names %q, not a unit on the roster or one already in a combat", e.Unit)
			}
			inCombat[strings.ToLower(e.Unit)] = true
		}
	}
	return nil
}

func (b *Board) validTurn() error {
	t := &b.Turn
	switch {
	case t.Number < 0 || t.Number > MaxTurn:
		return fmt.Errorf("the turn is number %d, out of 0 to %d", t.Number, MaxTurn)
	case !known(t.Phase, "", Activations, Combats, Over) || (t.Phase == "") != (t.Number == 0):
		return fmt.Errorf("turn %d is in an unknown phase %q", t.Number, t.Phase)
	case len(t.Order) > MaxRoster || t.Side < 0 || (t.Side > 0 && t.Side >= len(t.Order)):
		return fmt.Errorf("the turn's side %d is not one of its %d sides", t.Side, len(t.Order))
	case t.Phase == Activations && len(t.Order) == 0:
		return fmt.Errorf("turn %d is in its activations with no side to activate", t.Number)
	case b.First != "" && checkName(b.First) != nil:
		return fmt.Errorf("the side chosen to activate first, %q, is not a side's name", b.First)
	}
	for i, s := range t.Order {
		if checkName(s) != nil || slices.Contains(t.Order[:i], s) {
			return fmt.Errorf("the turn's order of sides has a bad or repeated side %q", s)
		}
	}
	if t.Active != "" {
		u := b.UnitNamed(t.Active)
		if u == nil || u.Gone != "" || t.Phase != Activations || t.Spent[u.Name] {
			return fmt.Errorf("the active unit %q is not a unit on the field that may act now", t.Active)
		}
	} else if t.InCommand {
		return fmt.Errorf("the turn has a unit in command but none active")
	}
	for n, used := range t.Used {
		if b.UnitNamed(n) == nil || used < 0 || used > ActionsPerUnit {
			return fmt.Errorf("the turn counts %d actions for %q; a unit on the roster has 0 to %d", used, n, ActionsPerUnit)
		}
	}
	for n := range t.Spent {
		if b.UnitNamed(n) == nil {
			return fmt.Errorf("the turn has %q spent, not a unit on the roster", n)
		}
	}
	return nil
}

// known reports whether v is one of the values given.
func known[T comparable](v T, values ...T) bool { return slices.Contains(values, v) }
