package firing2007

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// A Board is the battle's state: the turn count, the roster, and the killed
// generals whose chains of command the umpire has still to settle.
type Board struct {
	// Turn counts turns from 1; 0 before the first.
	Turn     int       `json:"turn"`
	Units    []Unit    `json:"units,omitempty"`
	Generals []General `json:"generals,omitempty"`
	Pending  []Pending `json:"pending,omitempty"`
	// NextID numbers the next unit or general added.
	NextID int `json:"next_id"`
}

// A Unit is one unit on the roster.
type Unit struct {
	ID   int         `json:"id"`
	Name string      `json:"name"`
	Type fr.UnitType `json:"type"`
	Side string      `json:"side"`
	// Strength is its strength points now; Start the most it has had.
	Strength  int          `json:"strength"`
	Start     int          `json:"start"`
	Morale    int          `json:"morale"`
	Formation fr.Formation `json:"formation"`
	Shaken    bool         `json:"shaken,omitempty"`
	Cover     fr.Cover     `json:"cover"`
	// Player is the user id of the player who commands it ("" : the umpire).
	Player string `json:"player,omitempty"`
	// Fired: it has fired this turn (cleared each turn).
	Fired bool `json:"fired,omitempty"`
}

// A General is one general on the roster.
type General struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Side string `json:"side"`
	// With is the id of the unit he is with (0: none).
	With int `json:"with,omitempty"`
	// Chain are the ids of the units in his chain of command.
	Chain       []int  `json:"chain,omitempty"`
	LightWounds int    `json:"light_wounds,omitempty"`
	Dead        bool   `json:"dead,omitempty"`
	Player      string `json:"player,omitempty"`
}

// Out reports whether the general is out of play: dead, or incapacitated by a
// second light wound.
func (g General) Out() bool { return g.Dead || g.LightWounds >= 2 }

// Pending is a killed general whose chain of command the umpire has to settle:
// which of its units are within 18" and so shaken.
type Pending struct {
	General int `json:"general"`
	// Entry is the log entry of the fire that killed him.
	Entry int `json:"entry,omitempty"`
}

// MaxName is the longest name of a unit or general.
const MaxName = 40

// MaxRoster is the most units, and the most generals, a battle may hold.
const MaxRoster = 200

// checkName refuses a name the roster cannot hold.
func checkName(what, name string) error {
	if err := roster.CheckName(what, name, MaxName); err != nil {
		return err
	}
	if strings.Contains(name, ",") {
		return interaction.Refusef("A %s's name can't contain a comma (lists of units are separated by commas).", what)
	}
	return nil
}

// units and generals are the two kinds of roster entry.
var (
	units = roster.Kind[Unit]{What: "unit", Name: func(u *Unit) string { return u.Name }, Missing: func(name string) error {
		return interaction.Refusef("There is no unit called %s on the roster; `/firing2007 roster` lists them.", quote(name))
	}}
	generals = roster.Kind[General]{What: "general", Name: func(g *General) string { return g.Name }, Missing: func(name string) error {
		return interaction.Refusef("There is no general called %s on the roster; `/firing2007 roster` lists them.", quote(name))
	}}
)

// unit finds a unit by name, ignoring case.
func (b *Board) unit(name string) *Unit { return units.Find(b.Units, name) }

// unitByID finds a unit by id.
func (b *Board) unitByID(id int) *Unit {
	for i := range b.Units {
		if b.Units[i].ID == id {
			return &b.Units[i]
		}
	}
	return nil
}

// general finds a general by name, ignoring case.
func (b *Board) general(name string) *General { return generals.Find(b.Generals, name) }

// generalByID finds a general by id.
func (b *Board) generalByID(id int) *General {
	for i := range b.Generals {
		if b.Generals[i].ID == id {
			return &b.Generals[i]
		}
	}
	return nil
}

// mustUnit finds a unit by name or refuses, pointing at the roster.
func (b *Board) mustUnit(name string) (*Unit, error) { return units.Must(b.Units, name) }

// mustGeneral finds a general by name or refuses.
func (b *Board) mustGeneral(name string) (*General, error) { return generals.Must(b.Generals, name) }

// generalsWith lists the generals in play with a unit.
func (b *Board) generalsWith(unitID int) []*General {
	var out []*General
	for i := range b.Generals {
		if g := &b.Generals[i]; g.With == unitID && !g.Out() {
			out = append(out, g)
		}
	}
	return out
}

// pending finds the waiting chain test of a general.
func (b *Board) pending(generalID int) int {
	return slices.IndexFunc(b.Pending, func(p Pending) bool { return p.General == generalID })
}

// unitNames parses a comma-separated list of unit names into ids.
func (b *Board) unitNames(list string) ([]int, error) {
	var ids []int
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		u, err := b.mustUnit(name)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(ids, u.ID) {
			ids = append(ids, u.ID)
		}
	}
	return ids, nil
}

// names lists units' names by id, in the order given.
func (b *Board) names(ids []int) []string {
	var out []string
	for _, id := range ids {
		if u := b.unitByID(id); u != nil {
			out = append(out, u.Name)
		}
	}
	return out
}

// removeUnit takes a unit off the roster and out of every general's chain.
func (b *Board) removeUnit(id int) {
	b.Units = slices.DeleteFunc(b.Units, func(u Unit) bool { return u.ID == id })
	for i := range b.Generals {
		g := &b.Generals[i]
		if g.With == id {
			g.With = 0
		}
		g.Chain = slices.DeleteFunc(g.Chain, func(c int) bool { return c == id })
	}
}

// newID hands out the next id.
func (b *Board) newID() int {
	b.NextID++
	return b.NextID
}

// validate checks that a board decodes into sense: known types, unique names,
// references that resolve. Its error is one sentence for the umpire.
func validate(raw json.RawMessage) (*Board, error) {
	var b Board
	if err := json.Unmarshal(raw, &b); err != nil {
		return nil, fmt.Errorf("the firing2007 board is not valid JSON for this rule set: %w", err)
	}
	if b.Turn < 0 {
		return nil, fmt.Errorf("the turn is %d; it can't be negative", b.Turn)
	}
	if len(b.Units) > MaxRoster || len(b.Generals) > MaxRoster {
		return nil, fmt.Errorf("the roster holds more than %d units or generals", MaxRoster)
	}
	ids := map[int]bool{}
	names := map[string]bool{}
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
		if err := checkName(what, name); err != nil {
			return fmt.Errorf("%s %q: %w", what, name, err)
		}
		return nil
	}
	units := map[int]bool{}
	for _, u := range b.Units {
		if err := claim("unit", u.ID, u.Name); err != nil {
			return nil, err
		}
		units[u.ID] = true
		if _, ok := fr.Kind(u.Type); !ok {
			return nil, fmt.Errorf("unit %q has unknown type %q", u.Name, u.Type)
		}
		if !slices.Contains(fr.Covers, u.Cover) {
			return nil, fmt.Errorf("unit %q has unknown cover %q", u.Name, u.Cover)
		}
		if !slices.Contains(fr.Formations, u.Formation) {
			return nil, fmt.Errorf("unit %q has unknown formation %q", u.Name, u.Formation)
		}
		if u.Strength < 0 || u.Strength > MaxStrength || u.Start < u.Strength || u.Start > MaxStrength {
			return nil, fmt.Errorf("unit %q has strength %d of %d; strength runs 0..%d", u.Name, u.Strength, u.Start, MaxStrength)
		}
		if u.Morale < MinMorale || u.Morale > MaxMorale {
			return nil, fmt.Errorf("unit %q has basic morale %d, outside %d..%d", u.Name, u.Morale, MinMorale, MaxMorale)
		}
	}
	for _, g := range b.Generals {
		if err := claim("general", g.ID, g.Name); err != nil {
			return nil, err
		}
		if g.With != 0 && !units[g.With] {
			return nil, fmt.Errorf("general %q is with unit %d, which is not on the roster", g.Name, g.With)
		}
		for _, c := range g.Chain {
			if !units[c] {
				return nil, fmt.Errorf("general %q commands unit %d, which is not on the roster", g.Name, c)
			}
		}
		if g.LightWounds < 0 || g.LightWounds > 2 {
			return nil, fmt.Errorf("general %q has %d light wounds; 0, 1 or 2 (removed)", g.Name, g.LightWounds)
		}
	}
	for _, p := range b.Pending {
		g := b.generalByID(p.General)
		if g == nil || !g.Dead {
			return nil, fmt.Errorf("a chain test waits for general %d, who is not a dead general on the roster", p.General)
		}
	}
	return &b, nil
}

// Limits on the numbers the umpire sets.
const (
	MaxStrength = 99
	MinMorale   = 0
	MaxMorale   = 20
)

// load decodes the channel's board, refusing when the channel's battle is
// played with another rule set.
func load(tx *battle.Tx, b *Board) error {
	return roster.Load(tx, ID, b, "This channel's battle is played with %s, not Rules – Firing (2007): its roster is not this command's.")
}
