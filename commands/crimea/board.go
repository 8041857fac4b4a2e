package crimea

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// A Board is the battle's state: the turn and its movement deck, the roster, and
// the umpire's movement allowances.
type Board struct {
	// Turn counts turns from 1; 0 before the first.
	Turn int `json:"turn"`
	// Deck is this turn's shuffled movement deck; Drawn how many are turned up.
	Deck  []rc.Card `json:"deck,omitempty"`
	Drawn int       `json:"drawn,omitempty"`
	// Free is the command chosen on the current free-move card ("" until a unit moves).
	Free     string    `json:"free,omitempty"`
	Units    []Unit    `json:"units,omitempty"`
	Officers []Officer `json:"officers,omitempty"`
	// Allowances are the umpire's inches for each row of the movement table (C6).
	Allowances map[rc.MoveRow]int `json:"allowances,omitempty"`
	// Rolled are this turn's movement modifier rolls, by brigade officer or lone unit.
	Rolled map[string]rules.Roll `json:"rolled,omitempty"`
}

// A Unit is one unit on the roster.
type Unit struct {
	Name        string         `json:"name"`
	Side        rc.Side        `json:"side"`
	Nationality rc.Nationality `json:"nationality"`
	Type        rc.UnitType    `json:"type"`
	Formation   rc.Formation   `json:"formation"`
	// Stands is the stands it has now; Start the most it has had.
	Stands     int  `json:"stands"`
	Start      int  `json:"start"`
	Morale     int  `json:"morale"`
	Disordered bool `json:"disordered,omitempty"`
	// LostToFire is the stands lost to fire this turn (cleared each turn).
	LostToFire int `json:"lost_to_fire,omitempty"`
	// Officer is the officer it is under ("" : none, a lone unit).
	Officer string `json:"officer,omitempty"`
	// Moved: it has moved on an order this turn.
	Moved bool `json:"moved,omitempty"`
}

// A Rank is an officer's place in the chain of command.
type Rank string

// Ranks.
const (
	CommanderInChief Rank = "commander-in-chief"
	WingCommander    Rank = "wing commander"
	DivisionCommand  Rank = "division commander"
	BrigadeOfficer   Rank = "brigade officer"
)

// Ranks lists them.
var Ranks = []Rank{CommanderInChief, WingCommander, DivisionCommand, BrigadeOfficer}

// An Officer is one officer on the roster.
type Officer struct {
	Name     string     `json:"name"`
	Side     rc.Side    `json:"side"`
	Rank     Rank       `json:"rank"`
	Wing     rc.Command `json:"wing,omitempty"`
	Superior string     `json:"superior,omitempty"`
	Calibre  rc.Calibre `json:"calibre,omitempty"`
	Morale   int        `json:"morale"`
	Wounded  bool       `json:"wounded,omitempty"`
	Dead     bool       `json:"dead,omitempty"`
	// Player is the user id of who plays him ("" : the umpire); PlayerName their name.
	Player     string `json:"player,omitempty"`
	PlayerName string `json:"player_name,omitempty"`
	// Orders are his orders left this turn.
	Orders int `json:"orders"`
	// Stays: indolent, he failed officer morale and does not move this turn.
	Stays bool `json:"stays,omitempty"`
}

func (o Officer) state() rc.OfficerState {
	return rc.OfficerState{Name: o.Name, Calibre: o.Calibre, Morale: o.Morale, Wounded: o.Wounded, Dead: o.Dead}
}

// Limits of the roster.
const (
	MaxName   = 40
	MaxRoster = 200
	MaxStands = 99
	MaxInches = 99
)

func checkName(what, name string) error {
	if err := roster.CheckName(what, name, MaxName); err != nil {
		return err
	}
	if strings.ContainsAny(name, ",\n") {
		return interaction.Refusef("A %s's name cannot contain a comma or a line break.", what)
	}
	return nil
}

// units and officers are the two kinds of roster entry, found by name ignoring
// case and the spaces around it.
var (
	units = roster.Kind[Unit]{What: "unit", Trim: true, Name: func(u *Unit) string { return u.Name }, Missing: func(name string) error {
		return interaction.Refusef("There is no unit called %q on the roster; the umpire adds it with `/crimea unit-add`.", clipName(name))
	}}
	officers = roster.Kind[Officer]{What: "officer", Trim: true, Name: func(o *Officer) string { return o.Name }, Missing: func(name string) error {
		return interaction.Refusef("There is no officer called %q on the roster; the umpire adds him with `/crimea officer-add`.", clipName(name))
	}}
)

// unit finds a unit by name, ignoring case.
func (b *Board) unit(name string) *Unit { return units.Find(b.Units, name) }

// officer finds an officer by name, ignoring case.
func (b *Board) officer(name string) *Officer { return officers.Find(b.Officers, name) }

func (b *Board) mustUnit(name string) (*Unit, error) { return units.Must(b.Units, name) }

func (b *Board) mustOfficer(name string) (*Officer, error) { return officers.Must(b.Officers, name) }

func clipName(s string) string {
	if utf8.RuneCountInString(s) > MaxName {
		return string([]rune(s)[:MaxName]) + "…"
	}
	return s
}

// chain is the officer and his superiors, upwards (cycles are cut).
func (b *Board) chain(name string) []*Officer {
	var out []*Officer
	seen := map[string]bool{}
	for o := b.officer(name); o != nil && !seen[strings.ToLower(o.Name)]; o = b.officer(o.Superior) {
		seen[strings.ToLower(o.Name)] = true
		out = append(out, o)
	}
	return out
}

// commandOf is the command a unit moves with: the wing of the first officer up
// its chain who holds one, or "" (reserve: only a free move moves it).
func (b *Board) commandOf(u *Unit) rc.Command {
	for _, o := range b.chain(u.Officer) {
		if o.Wing != "" {
			return o.Wing
		}
	}
	return ""
}

// mayOrder says whether o may give u an order (C3): a brigade officer his own
// units, a wing or division commander any unit under him, the commander-in-chief
// any unit of the army.
func (b *Board) mayOrder(o *Officer, u *Unit) bool {
	if o.Side != u.Side {
		return false
	}
	if o.Rank == CommanderInChief {
		return true
	}
	for _, c := range b.chain(u.Officer) {
		if c == o {
			return c.Rank != BrigadeOfficer || c.Name == u.Officer
		}
	}
	return false
}

// plays reports whether user plays the unit: he plays its officer or one above.
func (b *Board) plays(user string, u *Unit) bool {
	for _, o := range b.chain(u.Officer) {
		if o.Player == user {
			return true
		}
	}
	return false
}

// playsOfficer reports whether user plays the officer or one above him.
func (b *Board) playsOfficer(user string, o *Officer) bool {
	for _, c := range b.chain(o.Name) {
		if c.Player == user {
			return true
		}
	}
	return false
}

// current is the card turned up, if any.
func (b *Board) current() (rc.Card, bool) {
	if b.Drawn == 0 || b.Drawn > len(b.Deck) {
		return rc.Card{}, false
	}
	return b.Deck[b.Drawn-1], true
}

// commandName names a side's command for players: "Allied right wing (Lord Raglan)".
func (b *Board) commandName(side rc.Side, c rc.Command) string {
	var who []string
	for _, o := range b.Officers {
		if o.Side == side && o.Wing == c && !o.Dead {
			who = append(who, o.Name)
		}
	}
	name := fmt.Sprintf("%s %s", side, c)
	if c == "" {
		name = fmt.Sprintf("%s units under no wing", side)
	}
	if len(who) > 0 {
		name += " (" + strings.Join(who, ", ") + ")"
	}
	return name
}

// decodeBoard reads a board.
func decodeBoard(raw json.RawMessage) (*Board, error) {
	var b Board
	if len(raw) == 0 {
		return &b, nil
	}
	if err := json.Unmarshal(raw, &b); err != nil {
		return nil, fmt.Errorf("the board is not valid JSON for Stormed at with Shot and Shell: %w", err)
	}
	return &b, nil
}

// validate checks every field and reference, in one sentence per problem.
func (b *Board) validate() error {
	if len(b.Units) > MaxRoster || len(b.Officers) > MaxRoster {
		return fmt.Errorf("the roster holds more than %d units or officers", MaxRoster)
	}
	if b.Turn < 0 || b.Drawn < 0 || b.Drawn > len(b.Deck) || len(b.Deck) > len(rc.Deck) {
		return fmt.Errorf("the turn or movement deck is out of range (turn %d, %d of %d cards drawn)", b.Turn, b.Drawn, len(b.Deck))
	}
	if len(b.Deck) > 0 {
		seen := map[rc.Card]bool{}
		for _, c := range b.Deck {
			seen[c] = true
		}
		for _, c := range rc.Deck {
			if !seen[c] {
				return fmt.Errorf("the movement deck lacks the %s card", c)
			}
		}
	}
	names := map[string]string{}
	// claim checks the name of the i-th entry of a kind (what, "a" or "an"
	// before it) and that no other entry has it.
	claim := func(a, what string, i int, name string) error {
		if checkName(what, name) != nil {
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
		switch {
		case o.Side != rc.Allied && o.Side != rc.Russian:
			return fmt.Errorf("officer %q has side %q, not Allied or Russian", o.Name, o.Side)
		case !contains(Ranks, o.Rank):
			return fmt.Errorf("officer %q has rank %q", o.Name, o.Rank)
		case o.Wing != "" && !contains(rc.Wings, o.Wing):
			return fmt.Errorf("officer %q commands %q, not a right wing, left wing or cavalry", o.Name, o.Wing)
		case o.Calibre != "" && !contains(rc.Calibres, o.Calibre):
			return fmt.Errorf("officer %q has calibre %q", o.Name, o.Calibre)
		case o.Morale < 0 || o.Morale > 100:
			return fmt.Errorf("officer %q has morale %d%%, not 0 to 100", o.Name, o.Morale)
		case o.Orders < 0 || o.Orders > 10:
			return fmt.Errorf("officer %q has %d orders left", o.Name, o.Orders)
		}
	}
	for _, o := range b.Officers {
		if o.Superior == "" {
			continue
		}
		s := b.officer(o.Superior)
		if s == nil {
			return fmt.Errorf("officer %q answers to %q, who is not on the roster", o.Name, o.Superior)
		}
		if s.Side != o.Side {
			return fmt.Errorf("officer %q answers to %q of the other side", o.Name, s.Name)
		}
		if len(b.chain(o.Name)) != chainLen(b, o.Name) {
			return fmt.Errorf("officer %q answers to himself through his superiors", o.Name)
		}
	}
	for i, u := range b.Units {
		if err := claim("a", "unit", i, u.Name); err != nil {
			return err
		}
		switch {
		case !contains(rc.Nationalities, u.Nationality):
			return fmt.Errorf("unit %q has nationality %q", u.Name, u.Nationality)
		case u.Side != rc.SideOf(u.Nationality):
			return fmt.Errorf("unit %q is %s but on the %s side", u.Name, u.Nationality, u.Side)
		case !contains(rc.UnitTypes, u.Type):
			return fmt.Errorf("unit %q has type %q", u.Name, u.Type)
		case !contains(rc.Formations, u.Formation):
			return fmt.Errorf("unit %q has formation %q", u.Name, u.Formation)
		case u.Stands < 0 || u.Stands > MaxStands || u.Start < u.Stands || u.Start > MaxStands:
			return fmt.Errorf("unit %q has %d of %d stands", u.Name, u.Stands, u.Start)
		case u.Morale < 0 || u.Morale > 100:
			return fmt.Errorf("unit %q has morale %d%%, not 0 to 100", u.Name, u.Morale)
		case u.LostToFire < 0 || u.LostToFire > MaxStands:
			return fmt.Errorf("unit %q lost %d stands to fire", u.Name, u.LostToFire)
		}
		if u.Officer != "" {
			o := b.officer(u.Officer)
			if o == nil {
				return fmt.Errorf("unit %q is under %q, who is not on the roster", u.Name, u.Officer)
			}
			if o.Side != u.Side {
				return fmt.Errorf("unit %q is under %q of the other side", u.Name, o.Name)
			}
		}
	}
	for row, in := range b.Allowances {
		if !contains(rc.MoveRows, row) || in < 0 || in > MaxInches {
			return fmt.Errorf("the movement allowance %q of %d\" is not valid", row, in)
		}
	}
	return nil
}

// chainLen counts an officer's chain without cutting cycles short, stopping at
// the roster's size (so a cycle shows as a longer chain than chain returns).
func chainLen(b *Board, name string) int {
	n := 0
	for o := b.officer(name); o != nil && n <= len(b.Officers); o = b.officer(o.Superior) {
		n++
	}
	return n
}

func contains[T comparable](all []T, v T) bool {
	for _, a := range all {
		if a == v {
			return true
		}
	}
	return false
}
