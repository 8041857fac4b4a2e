package crimea

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/rules"
)

// ValidateBoard checks a board as imported: it decodes, with no field this
// board does not have, every value is in range and every reference resolves.
// The error says in one sentence what is wrong.
func ValidateBoard(raw []byte) (*Board, error) {
	var b Board
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return nil, fmt.Errorf("the board has a field %s that a Stormed at with Shot and Shell board does not have", field)
		}
		return nil, errors.New("the board is not a Stormed at with Shot and Shell roster")
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return &b, nil
}

// CheckName refuses a name the roster cannot hold: empty, longer than MaxName,
// or with a comma (names are listed with commas) or a line break.
func CheckName(what, name string) error {
	switch {
	case name == "":
		return rules.Breachf("Give the %s a name.", what)
	case utf8.RuneCountInString(name) > MaxName:
		return rules.Breachf("A %s's name can be at most %d characters.", what, MaxName)
	case strings.ContainsAny(name, ",\n"):
		return rules.Breachf("A %s's name cannot contain a comma or a line break.", what)
	}
	return nil
}

// Validate checks every value of the board and every reference, in one
// sentence per problem.
func (b *Board) Validate() error {
	if len(b.Units) > MaxRoster || len(b.Officers) > MaxRoster {
		return fmt.Errorf("the roster holds more than %d units or officers", MaxRoster)
	}
	if err := b.validateTurn(); err != nil {
		return err
	}
	names := map[string]string{}
	// claim checks the name of the i-th entry of a kind (what, "a" or "an"
	// before it) and that no other entry has it.
	claim := func(a, what string, i int, name string) error {
		if CheckName(what, name) != nil {
			return fmt.Errorf("%s %d has no valid name", what, i+1)
		}
		if other, dup := names[strings.ToLower(name)]; dup {
			return fmt.Errorf("%q is on the roster twice (as %s)", name, other)
		}
		names[strings.ToLower(name)] = a + " " + what
		return nil
	}
	for i, o := range b.Officers {
		if err := claim("an", "officer", i, o.Name); err != nil {
			return err
		}
		if err := checkOfficer(o); err != nil {
			return err
		}
		if err := o.Check(string(o.Side), b.Sides()); err != nil {
			return fmt.Errorf("officer %q %w", o.Name, err)
		}
	}
	x := b.officerIndex()
	for _, o := range b.Officers {
		if err := x.checkSuperior(o); err != nil {
			return err
		}
	}
	for i, u := range b.Units {
		if err := claim("a", "unit", i, u.Name); err != nil {
			return err
		}
		if err := x.checkUnit(u); err != nil {
			return err
		}
	}
	for row, in := range b.Allowances {
		if !slices.Contains(MoveRows, row) || in < 0 || in > MaxInches {
			return fmt.Errorf("the movement allowance %q of %d\" is not valid", row, in)
		}
	}
	if err := b.validateCharges(); err != nil {
		return err
	}
	return b.validateRolled()
}

// validateCharges checks the charges yet to be resolved: each of a unit on
// the roster at an enemy unit.
func (b *Board) validateCharges() error {
	if len(b.Charges) > MaxRoster {
		return fmt.Errorf("the board holds %d charges, more than its roster can make", len(b.Charges))
	}
	for _, c := range b.Charges {
		a, errA := b.Unit(c.Attacker)
		d, errD := b.Unit(c.Defender)
		if errA != nil || errD != nil || a.Side == d.Side {
			return fmt.Errorf("the charge of %q at %q is not of a unit on the roster at an enemy unit", c.Attacker, c.Defender)
		}
	}
	return nil
}

// validateTurn checks the turn, the deck (empty before the first turn, then
// all eight cards in some order), the cards drawn and the free-move choice.
func (b *Board) validateTurn() error {
	if b.Turn < 0 || b.Turn > MaxTurn || b.Drawn < 0 || b.Drawn > len(b.Deck) || len(b.Deck) > len(Deck) {
		return fmt.Errorf("the turn or movement deck is out of range (turn %d, %d of %d cards drawn)", b.Turn, b.Drawn, len(b.Deck))
	}
	if b.Turn == 0 && len(b.Deck) > 0 {
		return fmt.Errorf("the movement deck holds %d cards before the first turn", len(b.Deck))
	}
	if b.Turn > 0 && len(b.Deck) == 0 {
		return fmt.Errorf("turn %d has no movement deck", b.Turn)
	}
	for _, c := range Deck {
		if len(b.Deck) > 0 && !slices.Contains(b.Deck, c) {
			return fmt.Errorf("the movement deck lacks the %s card", c)
		}
	}
	w, unit, ok := strings.Cut(b.Free, "|")
	switch {
	case b.Free != "" && (!ok || w != "" && !slices.Contains(Wings, Command(w))):
		return fmt.Errorf("the free move's choice %q is not a command", b.Free)
	case unit != "" && CheckName("unit", unit) != nil:
		return fmt.Errorf("the free move's choice %q names no unit the roster could hold", b.Free)
	}
	return nil
}

func checkOfficer(o Officer) error {
	switch {
	case !slices.Contains(Sides, o.Side):
		return fmt.Errorf("officer %q has side %q, not Allied or Russian", o.Name, o.Side)
	case !slices.Contains(Ranks, o.Rank):
		return fmt.Errorf("officer %q has rank %q", o.Name, o.Rank)
	case o.Wing != "" && !slices.Contains(Wings, o.Wing):
		return fmt.Errorf("officer %q commands %q, not a right wing, left wing or cavalry", o.Name, o.Wing)
	case o.Calibre != "" && !slices.Contains(Calibres, o.Calibre):
		return fmt.Errorf("officer %q has calibre %q", o.Name, o.Calibre)
	case o.Morale < 0 || o.Morale > 100:
		return fmt.Errorf("officer %q has morale %d%%, not 0 to 100", o.Name, o.Morale)
	case o.Orders < 0 || o.Orders > MaxOrders:
		return fmt.Errorf("officer %q has %d orders left", o.Name, o.Orders)
	case len(o.Player) > MaxPlayer || utf8.RuneCountInString(o.PlayerName) > MaxPlayer:
		return fmt.Errorf("officer %q has a player id or name longer than %d characters", o.Name, MaxPlayer)
	}
	return nil
}

func (x officerIndex) checkSuperior(o Officer) error {
	if o.Superior == "" {
		return nil
	}
	s := x.officer(o.Superior)
	switch {
	case s == nil:
		return fmt.Errorf("officer %q answers to %q, who is not on the roster", o.Name, o.Superior)
	case s.Side != o.Side:
		return fmt.Errorf("officer %q answers to %q of the other side", o.Name, s.Name)
	case len(x.chain(o.Name)) != x.chainLen(o.Name):
		return fmt.Errorf("officer %q answers to himself through his superiors", o.Name)
	}
	return nil
}

func (x officerIndex) checkUnit(u Unit) error {
	switch {
	case !slices.Contains(Nationalities, u.Nationality):
		return fmt.Errorf("unit %q has nationality %q", u.Name, u.Nationality)
	case u.Side != SideOf(u.Nationality):
		return fmt.Errorf("unit %q is %s but on the %s side", u.Name, u.Nationality, u.Side)
	case !slices.Contains(UnitTypes, u.Type):
		return fmt.Errorf("unit %q has type %q", u.Name, u.Type)
	case !slices.Contains(Formations, u.Formation):
		return fmt.Errorf("unit %q has formation %q", u.Name, u.Formation)
	case u.Stands < 0 || u.Stands > MaxStands || u.Start < u.Stands || u.Start > MaxStands:
		return fmt.Errorf("unit %q has %d of %d stands", u.Name, u.Stands, u.Start)
	case u.Morale < 0 || u.Morale > 100:
		return fmt.Errorf("unit %q has morale %d%%, not 0 to 100", u.Name, u.Morale)
	case u.LostToFire < 0 || u.LostToFire > MaxStands:
		return fmt.Errorf("unit %q lost %d stands to fire", u.Name, u.LostToFire)
	}
	if err := u.Check(string(u.Side), x.b.Sides()); err != nil {
		return fmt.Errorf("unit %q %w", u.Name, err)
	}
	if u.Officer == "" {
		return nil
	}
	o := x.officer(u.Officer)
	if o == nil {
		return fmt.Errorf("unit %q is under %q, who is not on the roster", u.Name, u.Officer)
	}
	if o.Side != u.Side {
		return fmt.Errorf("unit %q is under %q of the other side", u.Name, o.Name)
	}
	return nil
}

// validateRolled checks this turn's movement modifier rolls: keyed by a
// brigade officer or a lone unit, each a d100 as the red and white dice read.
func (b *Board) validateRolled() error {
	if len(b.Rolled) > 2*MaxRoster {
		return fmt.Errorf("the board holds %d movement modifier rolls, more than its roster can make", len(b.Rolled))
	}
	for key, r := range b.Rolled {
		kind, name, _ := strings.Cut(key, ":")
		keyed := (kind == "officer" || kind == "unit") && name != "" && utf8.RuneCountInString(name) <= MaxName
		if !keyed || len(r.Faces) != 2 || r.Faces[0] < 0 || r.Faces[0] > 9 || r.Faces[1] < 0 || r.Faces[1] > 9 {
			return fmt.Errorf("the movement modifier roll %q is not a d100 of the red and white dice", clipName(key))
		}
		if want := d100Of(r.Faces[0], r.Faces[1]); r.Notation != want.Notation || r.Total != want.Total || r.Shown != want.Shown {
			return fmt.Errorf("the movement modifier roll %q does not read as its dice", clipName(key))
		}
	}
	return nil
}

// chainLen counts an officer's chain without cutting cycles short, stopping at
// the roster's size (so a cycle shows as a longer chain than chain returns).
func (x officerIndex) chainLen(name string) int {
	n := 0
	for o := x.officer(name); o != nil && n <= len(x.b.Officers); o = x.officer(o.Superior) {
		n++
	}
	return n
}
