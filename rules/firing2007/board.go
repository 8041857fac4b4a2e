package firing2007

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// ID is the rule set's id, and the name of its command.
const ID = "firing2007"

// A Board is a battle of Rules – Firing: the turn count, the roster of units
// and generals the umpire keeps, and the killed generals whose chains of
// command the umpire has still to settle. Its JSON is the stored battle.
type Board struct {
	// Turn counts turns from 1; 0 before the first.
	Turn     int       `json:"turn"`
	Units    []Unit    `json:"units,omitempty"`
	Generals []General `json:"generals,omitempty"`
	Pending  []Pending `json:"pending,omitempty"`
	// Ended are the sides done with this turn by their own command, Held
	// those their deadline held (EndTurn, Hold; cleared each turn).
	Ended []string `json:"ended,omitempty"`
	Held  []string `json:"held,omitempty"`
	// NextID is the last id handed to a unit or general.
	NextID int `json:"next_id"`
}

// A Unit is one unit on the roster.
type Unit struct {
	ID   int      `json:"id"`
	Name string   `json:"name"`
	Type UnitType `json:"type"`
	Side string   `json:"side"`
	// Strength is its strength points now; Start the most it has had.
	Strength  int       `json:"strength"`
	Start     int       `json:"start"`
	Morale    int       `json:"morale"`
	Formation Formation `json:"formation"`
	Shaken    bool      `json:"shaken,omitempty"`
	Cover     Cover     `json:"cover"`
	// Player is the user id of the player who commands it ("": the umpire).
	Player string `json:"player,omitempty"`
	// Fired: it has fired this turn (cleared each turn).
	Fired bool `json:"fired,omitempty"`
	// Unknown is what a quick ruling's options leave unsaid about the unit; a
	// unit on the roster is known in full. It is never stored.
	Unknown Unknown `json:"-"`
	// Sight is what the enemy knows of it under fog of war.
	rules.Sight
}

// Unknown marks the facts about a unit of a quick ruling that no option gave.
type Unknown struct{ Strength, Morale bool }

// A General is a general on the roster, or the general at risk in a quick
// ruling (no name, no id).
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
	// Sight is what the enemy knows of him under fog of war.
	rules.Sight
}

// Out reports whether the general is out of play: dead, or incapacitated by a
// second light wound.
func (g General) Out() bool { return g.Dead || g.LightWounds >= 2 }

// Pending is a killed general whose chain of command the umpire has to settle:
// which of its units are within 18" and so shaken.
type Pending struct {
	General int `json:"general"`
	// Entry is the log entry of the move that killed him.
	Entry int `json:"entry,omitempty"`
}

// Limits of the roster and of the numbers the umpire sets.
const (
	MaxName     = 40  // characters in a name of a unit, general or side
	MaxRoster   = 200 // units, and generals, in a battle
	MaxStrength = 99
	MinMorale   = 0
	MaxMorale   = 20
	MaxWounds   = 2 // light wounds: the second incapacitates
)

// Unit is the unit called name, ignoring case, or nil.
func (b *Board) Unit(name string) *Unit {
	i := slices.IndexFunc(b.Units, func(u Unit) bool { return strings.EqualFold(u.Name, name) })
	if i < 0 {
		return nil
	}
	return &b.Units[i]
}

// UnitByID is the unit with the id, or nil.
func (b *Board) UnitByID(id int) *Unit {
	i := slices.IndexFunc(b.Units, func(u Unit) bool { return u.ID == id })
	if i < 0 {
		return nil
	}
	return &b.Units[i]
}

// General is the general called name, ignoring case, or nil.
func (b *Board) General(name string) *General {
	i := slices.IndexFunc(b.Generals, func(g General) bool { return strings.EqualFold(g.Name, name) })
	if i < 0 {
		return nil
	}
	return &b.Generals[i]
}

// GeneralByID is the general with the id, or nil.
func (b *Board) GeneralByID(id int) *General {
	i := slices.IndexFunc(b.Generals, func(g General) bool { return g.ID == id })
	if i < 0 {
		return nil
	}
	return &b.Generals[i]
}

// Names are the names of the units with the ids, in the order given.
func (b *Board) Names(ids []int) []string {
	var out []string
	for _, id := range ids {
		if u := b.UnitByID(id); u != nil {
			out = append(out, u.Name)
		}
	}
	return out
}

// Sides lists the sides in the order they first appear on the roster.
func (b *Board) Sides() []string {
	var out []string
	add := func(s string) {
		if !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, s) }) {
			out = append(out, s)
		}
	}
	for _, u := range b.Units {
		add(u.Side)
	}
	for _, g := range b.Generals {
		add(g.Side)
	}
	return out
}

// unit is the unit called name, or a *rules.Breach pointing at the roster.
func (b *Board) unit(name string) (*Unit, error) {
	if u := b.Unit(name); u != nil {
		return u, nil
	}
	return nil, noUnit(name)
}

func noUnit(name string) error {
	return rules.Breachf("There is no unit called %s on the roster; `/firing2007 roster` lists them.", bold(name))
}

// general is the general called name, or a *rules.Breach pointing at the roster.
func (b *Board) general(name string) (*General, error) {
	if g := b.General(name); g != nil {
		return g, nil
	}
	return nil, rules.Breachf("There is no general called %s on the roster; `/firing2007 roster` lists them.", bold(name))
}

// units resolves unit names into ids, each once, in the order given.
func (b *Board) units(names []string) ([]int, error) {
	var ids []int
	for _, name := range names {
		u, err := b.unit(name)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(ids, u.ID) {
			ids = append(ids, u.ID)
		}
	}
	return ids, nil
}

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

// pending is the index of a general's waiting chain test, or -1.
func (b *Board) pending(generalID int) int {
	return slices.IndexFunc(b.Pending, func(p Pending) bool { return p.General == generalID })
}

// settled drops a general's waiting chain test, if any.
func (b *Board) settled(generalID int) {
	b.Pending = slices.DeleteFunc(b.Pending, func(p Pending) bool { return p.General == generalID })
}

// newID hands out the next id.
func (b *Board) newID() int {
	b.NextID++
	return b.NextID
}
