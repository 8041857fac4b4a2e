package volleyfire

import (
	"maps"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// ID is the rule set's id, defined here alone.
const ID = "volleyfire"

// A Board is a battle as the referee keeps it: the roster of units and command
// bases, the turn and the combats under way. Its JSON is the board stored in
// the game.
type Board struct {
	Units      []RosterUnit `json:"units,omitempty"`
	Commanders []Commander  `json:"commanders,omitempty"`
	Turn       Turn         `json:"turn"`
	Combats    []Melee      `json:"combats,omitempty"`
	// First is the side the umpire chose to activate first next turn ("": roll).
	First string `json:"first,omitempty"`
}

// Clone is a copy of the board that shares nothing with it (a Sight's
// KnownTo is copied before it grows): what a move changes, or a change of
// the battle (battle.TakeBoard).
func (b *Board) Clone() *Board {
	c := *b
	c.Units, c.Commanders, c.Combats = slices.Clone(b.Units), slices.Clone(b.Commanders), slices.Clone(b.Combats)
	for i, m := range c.Combats {
		c.Combats[i].Chargers, c.Combats[i].Defenders = slices.Clone(m.Chargers), slices.Clone(m.Defenders)
	}
	c.Turn.Order, c.Turn.Used, c.Turn.Spent = slices.Clone(b.Turn.Order), maps.Clone(b.Turn.Used), maps.Clone(b.Turn.Spent)
	return &c
}

// A RosterUnit is a unit on the roster: the unit as the rules see it, its side
// and player, and what the battle has done to it.
type RosterUnit struct {
	Unit
	Side string `json:"side"`
	// Player is the user id of the player who commands it ("": the umpire);
	// PlayerName how to address them.
	Player     string `json:"player,omitempty"`
	PlayerName string `json:"player_name,omitempty"`
	// Start is the bases it began with.
	Start int `json:"start"`
	// Reloading counts the reload actions done toward loading again.
	Reloading int  `json:"reloading,omitempty"`
	Gone      Gone `json:"gone,omitempty"`
	// Sight is what the enemy knows of it under fog of war.
	rules.Sight
}

// Gone says how a unit left the field; "" is still on it.
type Gone string

// How units leave the field.
const (
	Routed    Gone = "routed"
	Destroyed Gone = "destroyed"
)

// A Commander is a command base on the roster.
type Commander struct {
	General
	Side       string `json:"side"`
	Player     string `json:"player,omitempty"`
	PlayerName string `json:"player_name,omitempty"`
	// Joined is the unit it has joined ("": standing alone).
	Joined string `json:"joined,omitempty"`
	Lost   bool   `json:"lost,omitempty"`
	// Sight is what the enemy knows of it under fog of war.
	rules.Sight
}

// A Melee is a close combat that has started and not ended: the charging side
// and the side charged, first the unit charged.
type Melee struct {
	Chargers  []Engaged `json:"chargers"`
	Defenders []Engaged `json:"defenders"`
	Facing    Facing    `json:"facing"`
	SideBases int       `json:"side_bases,omitempty"`
	// Fought is the turn in which it was last fought.
	Fought int `json:"fought,omitempty"`
}

// An Engaged unit is in a combat; Charged if it charged into it.
type Engaged struct {
	Unit    string `json:"unit"`
	Charged bool   `json:"charged,omitempty"`
}

// A Player is who commands a unit or a command base.
type Player struct{ ID, Name string }

// Roster limits: the longest name, the most units (and the most command
// bases) a battle holds, the most bases a unit has.
const (
	MaxName   = 40
	MaxRoster = 200
	MaxBases  = 60
)

// Engaged lists every unit in the combat, chargers first.
func (c Melee) Engaged() []Engaged { return slices.Concat(c.Chargers, c.Defenders) }

// UnitNamed is the unit called name (ignoring case), or nil.
func (b *Board) UnitNamed(name string) *RosterUnit {
	for i := range b.Units {
		if strings.EqualFold(b.Units[i].Name, name) {
			return &b.Units[i]
		}
	}
	return nil
}

// CommanderNamed is the command base called name (ignoring case), or nil.
func (b *Board) CommanderNamed(name string) *Commander {
	for i := range b.Commanders {
		if strings.EqualFold(b.Commanders[i].Name, name) {
			return &b.Commanders[i]
		}
	}
	return nil
}

// Joined is the command base that has joined unit, or nil.
func (b *Board) Joined(unit string) *Commander {
	for i := range b.Commanders {
		if c := &b.Commanders[i]; !c.Lost && strings.EqualFold(c.Joined, unit) {
			return c
		}
	}
	return nil
}

// CombatOf is the index of the combat unit is in, or -1.
func (b *Board) CombatOf(unit string) int {
	return slices.IndexFunc(b.Combats, func(c Melee) bool { return engagedIn(c.Engaged(), unit) })
}

func engagedIn(es []Engaged, unit string) bool {
	return slices.ContainsFunc(es, func(e Engaged) bool { return strings.EqualFold(e.Unit, unit) })
}

// Sides lists the sides with units on the field, in roster order.
func (b *Board) Sides() []string {
	var out []string
	for _, u := range b.Units {
		if u.Gone == "" && !slices.Contains(out, u.Side) {
			out = append(out, u.Side)
		}
	}
	return out
}

// AllSides lists every side on the roster, gone units and command bases included.
func (b *Board) AllSides() []string {
	var out []string
	for _, u := range b.Units {
		out = appendNew(out, u.Side)
	}
	for _, c := range b.Commanders {
		out = appendNew(out, c.Side)
	}
	return out
}

func appendNew(ss []string, s string) []string {
	if slices.Contains(ss, s) {
		return ss
	}
	return append(ss, s)
}

// sideNamed is side as the roster spells it, or "" when no unit is on it.
func (b *Board) sideNamed(side string) string {
	for _, s := range b.AllSides() {
		if strings.EqualFold(s, side) {
			return s
		}
	}
	return ""
}

// ready reports whether side has a unit left to activate this turn.
func (b *Board) ready(side string) bool {
	return slices.ContainsFunc(b.Units, func(u RosterUnit) bool {
		return u.Gone == "" && u.Side == side && !b.Turn.Spent[u.Name]
	})
}

// view is the rules' view of a roster unit: the unit with its joined command base.
func (b *Board) view(u *RosterUnit) Unit {
	v := u.Unit
	v.Command = b.Joined(u.Name) != nil
	return v
}

// Generals is every command base on the field.
func (b *Board) Generals() []General {
	var out []General
	for _, c := range b.Commanders {
		if !c.Lost {
			out = append(out, c.General)
		}
	}
	return out
}

// leaveCombat takes unit out of its combat; a combat with a side empty ends.
func (b *Board) leaveCombat(unit string) {
	drop := func(es []Engaged) []Engaged {
		return slices.DeleteFunc(es, func(e Engaged) bool { return strings.EqualFold(e.Unit, unit) })
	}
	out := b.Combats[:0]
	for _, c := range b.Combats {
		c.Chargers, c.Defenders = drop(c.Chargers), drop(c.Defenders)
		if len(c.Chargers) > 0 && len(c.Defenders) > 0 {
			out = append(out, c)
		}
	}
	b.Combats = out
}

// applyLoss updates the roster after unit u took loss.
func (b *Board) applyLoss(u *RosterUnit, loss Loss) {
	u.Bases = loss.Left
	c := b.Joined(u.Name)
	if c != nil && loss.CommandLost {
		c.Lost, c.Joined = true, ""
	}
	if !loss.Routed {
		return
	}
	u.Gone = Routed
	if u.Kind == Artillery || u.Bases == 0 {
		u.Gone = Destroyed
	}
	if c != nil && !c.Lost {
		c.Joined = "" // the command base is left standing alone (V8 reading)
	}
	b.leaveCombat(u.Name)
	if b.Turn.Active == u.Name {
		b.Turn.Active, b.Turn.InCommand = "", false
		b.Turn.spend(u.Name)
	}
}

// ordered is the unit on the field called name that actor a may give orders to.
func (b *Board) ordered(a rules.Actor, name string) (*RosterUnit, error) {
	u := b.UnitNamed(name)
	switch {
	case u == nil:
		return nil, noUnit(name)
	case u.Gone == Routed:
		return nil, rules.Breachf("%s has routed and has left the field.", u.Name)
	case u.Gone != "":
		return nil, rules.Breachf("%s was %s and has left the field.", u.Name, u.Gone)
	}
	return u, mayOrder(a, u)
}

// mayOrder refuses an actor who is neither the umpire nor the player who
// commands u.
func mayOrder(a rules.Actor, u *RosterUnit) error {
	if a.Umpire || (u.Player != "" && u.Player == a.User) {
		return nil
	}
	who := "the umpire"
	if u.Player != "" {
		who = u.PlayerName + " (who commands it) or the umpire"
	}
	return rules.Breachf("Only %s can give orders to %s.", who, u.Name)
}

// umpire refuses anyone but the umpire to do what ("add units").
func umpire(a rules.Actor, what string) error {
	if !a.Umpire {
		return rules.Breachf("Only the umpire can %s.", what)
	}
	return nil
}

func noUnit(name string) error {
	return rules.Breachf("There is no unit %s on the roster (`/volleyfire-roster show`).", name)
}

// notInCombat refuses an action (what) that a unit in combat cannot take.
func (b *Board) notInCombat(u *RosterUnit, what string) error {
	if b.CombatOf(u.Name) >= 0 {
		return rules.Breachf("%s is in combat: it cannot %s until it breaks away (`/volleyfire breakaway`).", u.Name, what)
	}
	return nil
}
