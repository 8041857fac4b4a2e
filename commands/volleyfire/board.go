package volleyfire

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// A Board is the battle's state: the roster, the turn and the combats.
type Board struct {
	Units      []Unit      `json:"units,omitempty"`
	Commanders []Commander `json:"commanders,omitempty"`
	Turn       vf.Turn     `json:"turn"`
	Combats    []Combat    `json:"combats,omitempty"`
	// First is the side the umpire chose to activate first next turn ("" : roll).
	First string `json:"first,omitempty"`
}

// A Unit is one unit on the roster.
type Unit struct {
	Name string `json:"name"`
	Side string `json:"side"`
	// Player is the user id of the player who commands it ("": the umpire);
	// PlayerName how to address them.
	Player     string       `json:"player,omitempty"`
	PlayerName string       `json:"player_name,omitempty"`
	Kind       vf.Kind      `json:"kind"`
	Bases      int          `json:"bases"`
	Start      int          `json:"start"`
	Formation  vf.Formation `json:"formation"`
	Weapon     vf.Weapon    `json:"weapon"`
	Nation     vf.Nation    `json:"nation,omitempty"`
	Special    vf.Special   `json:"special,omitempty"`
	Elite      bool         `json:"elite,omitempty"`
	Arms       vf.Arms      `json:"arms,omitempty"`
	Limbered   bool         `json:"limbered,omitempty"`
	Loaded     bool         `json:"loaded"`
	// Reloading counts the reload actions done toward loading again.
	Reloading int `json:"reloading,omitempty"`
	// Gone says how the unit left the field ("routed", "destroyed"); "" : on the field.
	Gone string `json:"gone,omitempty"`
}

// A Commander is a command base.
type Commander struct {
	Name       string    `json:"name"`
	Side       string    `json:"side"`
	Player     string    `json:"player,omitempty"`
	PlayerName string    `json:"player_name,omitempty"`
	Nation     vf.Nation `json:"nation,omitempty"`
	Royal      bool      `json:"royal,omitempty"`
	// Joined is the unit it has joined ("": standing alone).
	Joined string `json:"joined,omitempty"`
	Lost   bool   `json:"lost,omitempty"`
}

// A Combat is a close combat that has started and not ended: the charging side
// and the side charged, first the unit charged.
type Combat struct {
	Chargers  []Engaged `json:"chargers"`
	Defenders []Engaged `json:"defenders"`
	Facing    vf.Facing `json:"facing"`
	SideBases int       `json:"side_bases,omitempty"`
	// Fought is the turn in which it was last fought.
	Fought int `json:"fought,omitempty"`
}

// An Engaged unit is in a combat; Charged if it charged into it.
type Engaged struct {
	Unit    string `json:"unit"`
	Charged bool   `json:"charged,omitempty"`
}

// MaxName is the longest name on the roster; MaxRoster the most units and
// command bases a battle holds.
const (
	MaxName   = 40
	MaxRoster = 200
)

func checkName(name string) error {
	switch {
	case name == "":
		return interaction.Refuse("Give a name.")
	case utf8.RuneCountInString(name) > MaxName:
		return interaction.Refusef("A name can be at most %d characters.", MaxName)
	case strings.EqualFold(name, "none"):
		return interaction.Refuse("\"none\" cannot be a name.")
	}
	return nil
}

// units and commanders are the two kinds of roster entry.
var (
	units = roster.Kind[Unit]{What: "unit", Name: func(u *Unit) string { return u.Name }, Missing: func(name string) error {
		return interaction.Refusef("There is no unit %s on the roster (`/volleyfire roster`).", render.Inert(name))
	}}
	commanders = roster.Kind[Commander]{What: "command base", Name: func(c *Commander) string { return c.Name }, Missing: func(name string) error {
		return interaction.Refusef("There is no command base %s on the roster.", render.Inert(name))
	}}
)

// unit finds a unit on the field by name (case-insensitive).
func (b *Board) unit(name string) *Unit { return units.Find(b.Units, name) }

func (b *Board) commander(name string) *Commander { return commanders.Find(b.Commanders, name) }

// joined is the command base with unit, if any.
func (b *Board) joined(unit string) *Commander {
	for i := range b.Commanders {
		c := &b.Commanders[i]
		if !c.Lost && strings.EqualFold(c.Joined, unit) {
			return c
		}
	}
	return nil
}

func (b *Board) nameTaken(name string) bool { return b.unit(name) != nil || b.commander(name) != nil }

// sides lists the sides with units on the field, in roster order.
func (b *Board) sides() []string {
	var out []string
	for _, u := range b.Units {
		if u.Gone == "" && !slices.Contains(out, u.Side) {
			out = append(out, u.Side)
		}
	}
	return out
}

// ready reports whether side has a unit left to activate this turn.
func (b *Board) ready(side string) bool {
	for _, u := range b.Units {
		if u.Gone == "" && u.Side == side && !b.Turn.Spent[u.Name] {
			return true
		}
	}
	return false
}

// players lists who commands side's units, for "whose activation".
func (b *Board) players(side string, g *battle.Game) string {
	var names []string
	for _, u := range b.Units {
		if u.Side == side && u.Gone == "" && u.Player != "" {
			n := u.PlayerName
			if g != nil {
				n = g.Player(u.Player)
			}
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return strings.Join(names, ", ")
}

// combatOf is the index of the combat unit is in, or -1.
func (b *Board) combatOf(unit string) int {
	for i, c := range b.Combats {
		for _, e := range append(append([]Engaged(nil), c.Chargers...), c.Defenders...) {
			if strings.EqualFold(e.Unit, unit) {
				return i
			}
		}
	}
	return -1
}

// leaveCombat takes unit out of its combat; a combat with a side empty ends.
func (b *Board) leaveCombat(unit string) {
	out := b.Combats[:0]
	for _, c := range b.Combats {
		drop := func(es []Engaged) []Engaged {
			return slices.DeleteFunc(es, func(e Engaged) bool { return strings.EqualFold(e.Unit, unit) })
		}
		c.Chargers, c.Defenders = drop(c.Chargers), drop(c.Defenders)
		if len(c.Chargers) > 0 && len(c.Defenders) > 0 {
			out = append(out, c)
		}
	}
	b.Combats = out
}

// rulesUnit is the rules' view of a roster unit.
func (b *Board) rulesUnit(u *Unit) vf.Unit {
	return vf.Unit{Name: u.Name, Kind: u.Kind, Bases: u.Bases, Command: b.joined(u.Name) != nil, Formation: u.Formation,
		Weapon: u.Weapon, Nation: u.Nation, Special: u.Special, Elite: u.Elite, Arms: u.Arms, Limbered: u.Limbered, Loaded: u.Loaded}
}

// generals is every command base on the field, in the rules' terms.
func (b *Board) generals() []vf.General {
	var out []vf.General
	for _, c := range b.Commanders {
		if !c.Lost {
			out = append(out, vf.General{Name: c.Name, Nation: c.Nation, Royal: c.Royal})
		}
	}
	return out
}

// applyLoss updates the roster after unit u took loss.
func (b *Board) applyLoss(u *Unit, loss vf.Loss) {
	u.Bases = loss.Left
	c := b.joined(u.Name)
	if c != nil && loss.CommandLost {
		c.Lost, c.Joined = true, ""
	}
	if loss.Routed {
		u.Gone = "routed"
		if u.Kind == vf.Artillery || u.Bases == 0 {
			u.Gone = "destroyed"
		}
		if c != nil && !c.Lost {
			c.Joined = "" // the command base is left standing alone (V8 reading)
		}
		b.leaveCombat(u.Name)
		if b.Turn.Active == u.Name {
			b.Turn.Active, b.Turn.InCommand = "", false
			b.Turn.Spent[u.Name] = true
		}
	}
}

// load reads the board of tx's game.
func load(tx *battle.Tx) (*Board, error) {
	var b Board
	if err := roster.Load(tx, ID, &b, "This channel's battle is played under %s, not Volleyfire!."); err != nil {
		return nil, err
	}
	if b.Turn.Used == nil {
		b.Turn.Used = map[string]int{}
	}
	if b.Turn.Spent == nil {
		b.Turn.Spent = map[string]bool{}
	}
	return &b, nil
}

// validate decodes a board and checks that every reference resolves.
func validate(raw json.RawMessage) (*Board, error) {
	var b Board
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &b); err != nil {
			return nil, fmt.Errorf("volleyfire board: %w", err)
		}
	}
	if len(b.Units) > MaxRoster || len(b.Commanders) > MaxRoster {
		return nil, fmt.Errorf("volleyfire board: more than %d units or command bases", MaxRoster)
	}
	seen := map[string]bool{}
	for _, u := range b.Units {
		if err := checkName(u.Name); err != nil || seen[strings.ToLower(u.Name)] {
			return nil, fmt.Errorf("volleyfire board: bad or repeated unit name %q", u.Name)
		}
		seen[strings.ToLower(u.Name)] = true
		ru := b.rulesUnit(&u)
		if u.Gone == "" {
			if err := ru.Validate(); err != nil {
				return nil, fmt.Errorf("volleyfire board: unit %q: %w", u.Name, err)
			}
		}
		if u.Side == "" || u.Bases < 0 || u.Start < u.Bases || u.Reloading < 0 {
			return nil, fmt.Errorf("volleyfire board: unit %q has a bad side or base count", u.Name)
		}
	}
	for _, c := range b.Commanders {
		if err := checkName(c.Name); err != nil || seen[strings.ToLower(c.Name)] {
			return nil, fmt.Errorf("volleyfire board: bad or repeated command base name %q", c.Name)
		}
		seen[strings.ToLower(c.Name)] = true
		if c.Joined != "" && b.unit(c.Joined) == nil {
			return nil, fmt.Errorf("volleyfire board: %q joined unknown unit %q", c.Name, c.Joined)
		}
	}
	for _, c := range b.Combats {
		if len(c.Chargers) == 0 || len(c.Defenders) == 0 {
			return nil, fmt.Errorf("volleyfire board: a combat without two sides")
		}
		for _, e := range append(append([]Engaged(nil), c.Chargers...), c.Defenders...) {
			if b.unit(e.Unit) == nil {
				return nil, fmt.Errorf("volleyfire board: combat with unknown unit %q", e.Unit)
			}
		}
	}
	if b.Turn.Active != "" && b.unit(b.Turn.Active) == nil {
		return nil, fmt.Errorf("volleyfire board: active unit %q unknown", b.Turn.Active)
	}
	if b.Turn.Side < 0 || (len(b.Turn.Order) > 0 && b.Turn.Side >= len(b.Turn.Order)) {
		return nil, fmt.Errorf("volleyfire board: bad side index")
	}
	return &b, nil
}
