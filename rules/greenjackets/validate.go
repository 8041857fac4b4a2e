package greenjackets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Limits of a board's values: anything beyond them is not a battle this
// referee could have kept, and an import holding it is refused.
const (
	// MaxName is the longest name of a character, squad or figure, in characters.
	MaxName = 40
	// MaxTurn is the last turn a battle may reach.
	MaxTurn = 10000
	// MaxFigures is the most figures a squad may hold.
	MaxFigures = 50
	// maxAP is the most action points a card gives (a 6).
	maxAP = 6
	// maxWounds bounds light wounds and owed morale tests.
	maxWounds = 100
	// maxReloading bounds the reloading actions done (a gun with all its crew lost).
	maxReloading = 50
	// maxID and maxPlayerName bound a player's Discord user id and name.
	maxID, maxPlayerName = 32, 100
)

// ValidateBoard decodes a stored or imported board and checks it: every field
// known, every name unique and within MaxName, every value in its range and
// every reference resolving. Its error is one sentence.
func ValidateBoard(raw []byte) (*Board, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var b Board
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("the board does not decode: %v", err)
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return &b, b.checkNames()
}

// checkNames refuses any name longer than MaxName (names added before the
// limit was kept stay playable: only an import is held to it).
func (b *Board) checkNames() error {
	for _, c := range b.Characters {
		if err := CheckName("character", c.Name); err != nil {
			return err
		}
		if err := CheckName("side", c.Side); err != nil {
			return err
		}
	}
	for _, s := range b.Squads {
		if err := CheckName("squad", s.Name); err != nil {
			return err
		}
		for _, f := range s.Figures {
			if err := CheckName("figure", f.Name); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckName refuses a name the roster cannot hold: empty, or longer than MaxName.
func CheckName(kind, name string) error {
	switch n := utf8.RuneCountInString(strings.TrimSpace(name)); {
	case n == 0:
		return fmt.Errorf("a %s has no name", kind)
	case n > MaxName:
		return fmt.Errorf("the %s name %q is %d characters long, at most %d", kind, clipName(name), n, MaxName)
	}
	return nil
}

func clipName(s string) string {
	if r := []rune(s); len(r) > MaxName {
		return string(r[:MaxName]) + "…"
	}
	return s
}

// within refuses a value outside lo..hi.
func within(what string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s is %d, not between %d and %d", what, v, lo, hi)
	}
	return nil
}

// Validate checks the board: names given and unique, references resolve,
// values known and in range.
func (b *Board) Validate() error {
	seen := map[string]string{}
	claim := func(kind, name string) error {
		key := strings.ToLower(strings.TrimSpace(name))
		if key == "" {
			return fmt.Errorf("a %s has no name", kind)
		}
		if prev, dup := seen[key]; dup {
			return fmt.Errorf("%q names both a %s and a %s", name, prev, kind)
		}
		seen[key] = kind
		return nil
	}
	if err := b.Turn.validate(b); err != nil {
		return err
	}
	cards := map[Card]string{}
	for _, c := range b.Characters {
		if err := claim("character", c.Name); err != nil {
			return err
		}
		if err := c.validate(b); err != nil {
			return err
		}
		if c.Card != nil {
			if other, dup := cards[*c.Card]; dup {
				return fmt.Errorf("characters %q and %q hold the same card", other, c.Name)
			}
			cards[*c.Card] = c.Name
		}
	}
	for _, s := range b.Squads {
		if err := claim("squad", s.Name); err != nil {
			return err
		}
		if err := s.validate(b); err != nil {
			return err
		}
		for _, f := range s.Figures {
			if err := claim("figure", f.Name); err != nil {
				return err
			}
			if err := f.validate(b); err != nil {
				return err
			}
		}
	}
	for _, n := range b.Turn.Order {
		if b.Character(n) == nil {
			return fmt.Errorf("the turn order names %q, who is not on the roster", n)
		}
	}
	for _, ct := range b.Contacts {
		for _, n := range []string{ct.A, ct.B} {
			if b.Squad(n) == nil && b.Character(n) == nil {
				return fmt.Errorf("a contact names %q, who is not on the roster", n)
			}
		}
		if err := within(fmt.Sprintf("the turn of the contact of %q and %q", ct.A, ct.B), ct.Since, 0, b.Turn.Number); err != nil {
			return err
		}
	}
	return nil
}

func (t Turn) validate(b *Board) error {
	if err := within("the turn number", t.Number, 0, MaxTurn); err != nil {
		return err
	}
	if err := within("the number of suits", t.Suits, 0, 4); err != nil {
		return err
	}
	if err := within("the count's position", t.Pos, -1, len(Calls(max(t.Suits, 1)))+1); err != nil {
		return err
	}
	if len(t.Deal) > MaxCharacters {
		return fmt.Errorf("the deal names %d characters, at most %d", len(t.Deal), MaxCharacters)
	}
	if !isHex(t.Salt, 16) || !isHex(t.Commitment, 64) {
		return fmt.Errorf("the deal's salt or commitment is not the hex digits the referee writes")
	}
	return nil
}

func isHex(s string, n int) bool {
	if s == "" {
		return true
	}
	return len(s) == n && strings.Trim(s, "0123456789abcdef") == ""
}

func (c *Character) validate(b *Board) error {
	who := fmt.Sprintf("character %q", c.Name)
	switch {
	case !slices.Contains(Ranks, c.Rank):
		return fmt.Errorf("%s has rank %q (officer, nco or hero)", who, c.Rank)
	case !slices.Contains(Qualities, c.Quality):
		return fmt.Errorf("%s has quality %q", who, c.Quality)
	case !slices.Contains([]string{"", Waiting, OnMove, Acted}, c.State):
		return fmt.Errorf("%s has turn state %q", who, c.State)
	case !knownPace(c.Pace):
		return fmt.Errorf("%s has pace %q", who, c.Pace)
	case !(c.Moved >= 0 && c.Moved <= 100):
		return fmt.Errorf("%s has moved %v\", not between 0 and 100", who, c.Moved)
	case len(c.Player) > maxID || len(c.PlayerName) > maxPlayerName:
		return fmt.Errorf("%s is played by a user id or name longer than any Discord gives", who)
	}
	if c.Card != nil && (c.Card.Rank < 1 || c.Card.Rank > 6 || c.Card.Suit < 0 || int(c.Card.Suit) >= max(b.Turn.Suits, 1)) {
		return fmt.Errorf("%s holds a card that is not in the deck", who)
	}
	for _, s := range c.Spotted {
		if strings.TrimSpace(s.Section) == "" {
			return fmt.Errorf("%s has spotted a section with no name", who)
		}
	}
	if err := c.Check(c.Side, b.Sides()); err != nil {
		return fmt.Errorf("%s %w", who, err)
	}
	for _, v := range []struct {
		what   string
		v, top int
	}{
		{"serious wounds", c.Serious, 1}, {"light wounds", c.Light, maxWounds}, {"stunned-through turn", c.StunnedUntil, MaxTurn},
		{"AP", c.AP, maxAP}, {"AP spent", c.Spent, maxAP}, {"turn observed", c.Observed, b.Turn.Number},
		{"rally turn", c.RallyOnly, b.Turn.Number}, {"turn moved", c.MovedTurn, b.Turn.Number},
	} {
		if err := within(who+"'s "+v.what, v.v, 0, v.top); err != nil {
			return err
		}
	}
	return nil
}

func (s *Squad) validate(b *Board) error {
	who := fmt.Sprintf("squad %q", s.Name)
	if _, err := ParseMorale(string(s.Morale)); err != nil {
		return fmt.Errorf("%s has morale %q", who, s.Morale)
	}
	switch {
	case s.Officer != "" && b.Character(s.Officer) == nil:
		return fmt.Errorf("%s is commanded by %q, who is not on the roster", who, s.Officer)
	case !slices.Contains(Arms, s.Arm):
		return fmt.Errorf("%s has arm %q", who, s.Arm)
	case !slices.Contains(Qualities, s.Quality):
		return fmt.Errorf("%s has quality %q", who, s.Quality)
	case !knownPace(s.Pace):
		return fmt.Errorf("%s has pace %q", who, s.Pace)
	case !(s.Moved >= 0 && s.Moved <= 100):
		return fmt.Errorf("%s has moved %v\", not between 0 and 100", who, s.Moved)
	case len(s.Figures) > MaxFigures:
		return fmt.Errorf("%s has %d figures, at most %d", who, len(s.Figures), MaxFigures)
	}
	for _, v := range []struct {
		what   string
		v, top int
	}{
		{"owed morale tests", s.Owed, maxWounds}, {"turn moved", s.MovedTurn, b.Turn.Number},
		{"turn it ran", s.RanTurn, b.Turn.Number}, {"turn it charged", s.Charged, b.Turn.Number},
	} {
		if err := within(who+"'s "+v.what, v.v, 0, v.top); err != nil {
			return err
		}
	}
	return nil
}

func (f *Figure) validate(b *Board) error {
	who := fmt.Sprintf("figure %q", f.Name)
	if _, err := ParseWeapon(string(f.Weapon)); err != nil {
		return fmt.Errorf("%s has weapon %q", who, f.Weapon)
	}
	if _, err := ParseMeleeWeapon(string(f.Melee)); err != nil {
		return fmt.Errorf("%s has melee weapon %q", who, f.Melee)
	}
	switch {
	case f.Arm != "" && !slices.Contains(Arms, f.Arm):
		return fmt.Errorf("%s has arm %q", who, f.Arm)
	case !slices.Contains(Qualities, f.Quality):
		return fmt.Errorf("%s has quality %q", who, f.Quality)
	case !slices.Contains([]Ammo{"", Roundshot, Canister, Shell, Shrapnel}, f.Ammo):
		return fmt.Errorf("%s is loaded with %q", who, f.Ammo)
	case !slices.Contains([]string{"", HorseStunned, HorseDown}, f.Horse):
		return fmt.Errorf("%s's horse is %q (sound, stunned or down)", who, f.Horse)
	}
	for _, v := range []struct {
		what   string
		v, top int
	}{
		{"serious wounds", f.Serious, 1}, {"light wounds", f.Light, maxWounds}, {"reloading actions", f.Reloading, maxReloading},
		{"stunned-through turn", f.StunnedUntil, MaxTurn}, {"horse's stunned-through turn", f.HorseUntil, MaxTurn},
	} {
		if err := within(who+"'s "+v.what, v.v, 0, v.top); err != nil {
			return err
		}
	}
	return nil
}
