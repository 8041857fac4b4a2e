package crimea

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/rules"
)

// ID is the rule set's id, defined here alone.
const ID = "crimea"

// A Board is a battle's state: the turn and its movement deck, the roster, and
// the umpire's movement allowances. Its JSON is the stored board.
type Board struct {
	// Turn counts turns from 1; 0 before the first.
	Turn int `json:"turn"`
	// Deck is this turn's shuffled movement deck; Drawn how many are turned up.
	Deck  []Card `json:"deck,omitempty"`
	Drawn int    `json:"drawn,omitempty"`
	// Free is the command chosen on the current free-move card and the
	// unit whose move chose it, as "<command>|<unit>" ("|<unit>" for the
	// units under no wing; "<command>|" as stored before the unit was),
	// "" until a unit moves (free.go).
	Free     string    `json:"free,omitempty"`
	Units    []Unit    `json:"units,omitempty"`
	Officers []Officer `json:"officers,omitempty"`
	// Allowances are the umpire's inches for each row of the movement table (C6).
	Allowances map[MoveRow]int `json:"allowances,omitempty"`
	// Rolled are this turn's movement modifier rolls, by brigade officer or lone unit.
	Rolled map[string]rules.Roll `json:"rolled,omitempty"`
	// Charges are this turn's charges whose close combat is yet to be resolved (C8).
	Charges []Charge `json:"charges,omitempty"`
}

// A Charge is a unit's charge at an enemy unit, ordered with its move; its
// close combat is resolved after movement (C8).
type Charge struct {
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
}

// A Unit is one unit on the roster.
type Unit struct {
	Name        string      `json:"name"`
	Side        Side        `json:"side"`
	Nationality Nationality `json:"nationality"`
	Type        UnitType    `json:"type"`
	Formation   Formation   `json:"formation"`
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
	// Sight is what the enemy knows of it under fog of war.
	rules.Sight
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

// ParseRank reads an officer's rank.
func ParseRank(s string) (Rank, error) { return parse(s, "An officer's rank", Ranks) }

// An Officer is one officer on the roster.
type Officer struct {
	Name     string  `json:"name"`
	Side     Side    `json:"side"`
	Rank     Rank    `json:"rank"`
	Wing     Command `json:"wing,omitempty"`
	Superior string  `json:"superior,omitempty"`
	Calibre  Calibre `json:"calibre,omitempty"`
	Morale   int     `json:"morale"`
	Wounded  bool    `json:"wounded,omitempty"`
	Dead     bool    `json:"dead,omitempty"`
	// Player is the user id of who plays him ("" : the umpire); PlayerName their name.
	Player     string `json:"player,omitempty"`
	PlayerName string `json:"player_name,omitempty"`
	// Orders are his orders left this turn.
	Orders int `json:"orders"`
	// Stays: indolent, he failed officer morale and does not move this turn.
	Stays bool `json:"stays,omitempty"`
	// Passed: his move on the card turned up was passed (PassMove); he gives
	// no more orders until the next card.
	Passed bool `json:"passed,omitempty"`
	// Sight is what the enemy knows of him under fog of war.
	rules.Sight
}

func (o Officer) state() OfficerState {
	return OfficerState{Name: o.Name, Calibre: o.Calibre, Morale: o.Morale, Wounded: o.Wounded, Dead: o.Dead}
}

// Limits of the board.
const (
	MaxName   = 40
	MaxRoster = 200
	MaxStands = 99
	MaxInches = 99
	MaxOrders = 10
	MaxTurn   = 9999
	// MaxPlayer bounds a player's id and name as stored.
	MaxPlayer = 100
)

// House rules this rule set understands: the docs/readings.md readings an
// umpire may switch, each read into House.
const (
	// HouseMorale: "high" (the reading) or "low". C5.
	HouseMorale = "morale-pass"
	// HouseGap: "none" (the reading) or "as-21-30". C6.
	HouseGap = "movement-gap"
	// HouseTie: "hold" (the reading) or "defender". C8.
	HouseTie = "combat-tie"
	// HouseCasualties: "both" (the reading) or "one". C8.
	HouseCasualties = "combat-casualties"
	// HouseCalibre: "roll" (the reading) or "umpire". C3.
	HouseCalibre = "calibre"
)

// House is the house rules in force: the docs/readings.md readings the umpire switched.
// The zero value is the referee's readings.
type House struct {
	Morale     MoraleRule
	Gap        GapRule
	Tie        TieRule
	Casualties CasualtyRule
	// UmpireCalibre: every officer's calibre is the umpire's to give (none is rolled).
	UmpireCalibre bool
}

// find is the entry whose name is name: one spelt exactly so first (a quick
// ruling's board may hold names that differ only in case), else any.
func find[T any](entries []T, name string, nameOf func(*T) string) *T {
	var found *T
	for i := range entries {
		switch n := nameOf(&entries[i]); {
		case strings.TrimSpace(n) == strings.TrimSpace(name):
			return &entries[i]
		case found == nil && sameName(n, name):
			found = &entries[i]
		}
	}
	return found
}

// sameName reports whether two names are the same, ignoring case and the
// spaces around them.
func sameName(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

func unitName(u *Unit) string       { return u.Name }
func officerName(o *Officer) string { return o.Name }

func (b *Board) findUnit(name string) *Unit       { return find(b.Units, name, unitName) }
func (b *Board) findOfficer(name string) *Officer { return find(b.Officers, name, officerName) }

// Unit is the unit called name on the roster, ignoring case.
func (b *Board) Unit(name string) (*Unit, error) {
	if name == "" {
		return nil, rules.Breachf("Name the unit.")
	}
	if u := b.findUnit(name); u != nil {
		return u, nil
	}
	return nil, noUnit(name)
}

func noUnit(name string) error {
	return rules.Breachf("There is no unit called %q on the roster; the umpire adds it with `/crimea unit-add`.", clipName(name))
}

// Officer is the officer called name on the roster, ignoring case.
func (b *Board) Officer(name string) (*Officer, error) {
	if name == "" {
		return nil, rules.Breachf("Name the officer.")
	}
	if o := b.findOfficer(name); o != nil {
		return o, nil
	}
	return nil, rules.Breachf("There is no officer called %q on the roster; the umpire adds him with `/crimea officer-add`.", clipName(name))
}

func clipName(s string) string {
	if utf8.RuneCountInString(s) > MaxName {
		return string([]rune(s)[:MaxName]) + "…"
	}
	return s
}

// An officerIndex finds a board's officers by name as findOfficer does,
// each name looked up once: for the walks of the whole roster that follow a
// chain of command for every officer and unit, which findOfficer would make
// a walk of the roster a step. The board must not change while it is in use.
type officerIndex struct {
	b *Board
	// found are the officers by name, trimmed (nil: none of that name); a
	// nil map finds each afresh (a single lookup).
	found map[string]*Officer
}

// officerIndex indexes the board's officers, by the name each is spelt with.
func (b *Board) officerIndex() officerIndex {
	x := officerIndex{b: b, found: make(map[string]*Officer, len(b.Officers))}
	for i := range b.Officers {
		n := strings.TrimSpace(b.Officers[i].Name)
		if _, ok := x.found[n]; !ok { // one spelt exactly so first: the first of them
			x.found[n] = &b.Officers[i]
		}
	}
	return x
}

// officer is the officer called name (findOfficer).
func (x officerIndex) officer(name string) *Officer {
	if x.found == nil {
		return x.b.findOfficer(name)
	}
	n := strings.TrimSpace(name)
	o, ok := x.found[n]
	if !ok {
		o = x.b.findOfficer(n)
		x.found[n] = o
	}
	return o
}

// chain is the officer and his superiors, upwards (cycles are cut).
func (b *Board) chain(name string) []*Officer { return officerIndex{b: b}.chain(name) }

func (x officerIndex) chain(name string) []*Officer {
	var out []*Officer
	seen := map[string]bool{}
	for o := x.officer(name); o != nil && !seen[strings.ToLower(o.Name)]; o = x.officer(o.Superior) {
		seen[strings.ToLower(o.Name)] = true
		out = append(out, o)
	}
	return out
}

// CommandOf is the command a unit moves with: the wing of the first officer up
// its chain who holds one, or "" (no wing: only a free move moves it).
func (b *Board) CommandOf(u Unit) Command { return b.commandUnder(u.Officer) }

// commandUnder is the wing of the first officer up the chain from the one
// named who holds one, or "".
func (b *Board) commandUnder(officer string) Command { return officerIndex{b: b}.commandUnder(officer) }

func (x officerIndex) commandUnder(officer string) Command {
	for _, o := range x.chain(officer) {
		if o.Wing != "" {
			return o.Wing
		}
	}
	return ""
}

// Moving is who a card of a wing or the cavalry moves (C2): the officers of
// that command, alive, and its units not destroyed.
func (b *Board) Moving(card Card) (officers []Officer, units []Unit) {
	x := b.officerIndex()
	for _, o := range b.Officers {
		if o.Side == card.Side && !o.Dead && x.inCommand(o.Name, card.Side, card.Command) {
			officers = append(officers, o)
		}
	}
	for _, u := range b.Units {
		if u.Side == card.Side && u.Stands > 0 && x.commandUnder(u.Officer) == card.Command {
			units = append(units, u)
		}
	}
	return officers, units
}

// inCommand reports whether an officer is within a side's command, up his chain.
func (x officerIndex) inCommand(name string, side Side, c Command) bool {
	for _, o := range x.chain(name) {
		if o.Side == side && o.Wing == c {
			return true
		}
	}
	return false
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

// mayActFor reports whether the actor may act for whoever is under the officer
// named: the umpire, or the player of that officer or of one above him.
func (b *Board) mayActFor(a rules.Actor, officer string) bool {
	if a.Umpire {
		return true
	}
	for _, o := range b.chain(officer) {
		if o.Player == a.User {
			return true
		}
	}
	return false
}

// actFor refuses an actor who does not command the unit.
func (b *Board) actFor(a rules.Actor, u *Unit) error {
	if b.mayActFor(a, u.Officer) {
		return nil
	}
	return rules.Breachf("%s is not yours to command; the umpire or the player of its officer acts for it.", u.Name)
}

// actForOfficer refuses an actor who does not play the officer or one above him.
func (b *Board) actForOfficer(a rules.Actor, o *Officer) error {
	if b.mayActFor(a, o.Name) {
		return nil
	}
	return rules.Breachf("%s is not yours to play; the umpire or his player acts for him.", o.Name)
}

// Current is the card turned up, if any.
func (b *Board) Current() (Card, bool) {
	if b.Drawn == 0 || b.Drawn > len(b.Deck) {
		return Card{}, false
	}
	return b.Deck[b.Drawn-1], true
}

// CommandName names a side's command for players, with the officers who lead
// it: "Allied right wing (Lord Raglan)", "Allied units under no wing (Raglan)".
func (b *Board) CommandName(side Side, c Command) string {
	var who []string
	x := b.officerIndex()
	for _, o := range b.Officers {
		if o.Side == side && !o.Dead && (c != "" && o.Wing == c || c == "" && x.commandUnder(o.Name) == "") {
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

// Clone is a copy of the board that shares nothing with it: what a move
// changes, or a change of the battle (battle.TakeBoard).
func (b *Board) Clone() *Board {
	c := *b
	c.Deck = slices.Clone(b.Deck)
	c.Units = slices.Clone(b.Units)
	c.Officers = slices.Clone(b.Officers)
	c.Allowances = maps.Clone(b.Allowances)
	c.Rolled = maps.Clone(b.Rolled)
	c.Charges = slices.Clone(b.Charges)
	return &c
}

// edit applies a roster change to a copy of the board and keeps it only when
// the change succeeds and leaves the board valid: a refused edit changes nothing.
func (b *Board) edit(change func(*Board) error) error {
	nb := b.Clone()
	if err := change(nb); err != nil {
		return err
	}
	if err := nb.Validate(); err != nil {
		return rules.Breachf("That would leave the roster inconsistent: %s.", err)
	}
	*b = *nb
	return nil
}
