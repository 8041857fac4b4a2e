package greenjackets

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Character ranks (section 13).
const (
	RankOfficer = "officer"
	RankNCO     = "nco"
	RankHero    = "hero"
)

// A character's state in the turn.
const (
	Waiting = "waiting" // holds a card not yet played
	OnMove  = "on move" // acting now, with AP
	Acted   = "acted"   // done for this turn
)

// Board is the Green Jackets state kept in the game document.
type Board struct {
	Characters []*Character `json:"characters"`
	Squads     []*Squad     `json:"squads"`
	Turn       Turn         `json:"turn"`
}

// A Character is an officer, NCO or hero: he draws a card and commands squads.
type Character struct {
	Name        string     `json:"name"`
	Rank        string     `json:"rank"`
	Side        string     `json:"side"`
	Nation      string     `json:"nation,omitempty"`
	Player      string     `json:"player,omitempty"` // Discord user id; "" is played by the umpire
	PlayerName  string     `json:"player_name,omitempty"`
	Quality     gj.Quality `json:"quality"`
	Possessions []string   `json:"possessions,omitempty"`

	Serious      int  `json:"serious,omitempty"`
	Light        int  `json:"light,omitempty"`
	StunnedUntil int  `json:"stunned_until,omitempty"`
	Dead         bool `json:"dead,omitempty"`

	// Card is secret: shown only to the holder and the umpire until played.
	Card     *gj.Card `json:"card,omitempty"`
	State    string   `json:"state,omitempty"`
	AP       int      `json:"ap,omitempty"`
	Spent    int      `json:"spent,omitempty"`
	Observed int      `json:"observed,omitempty"` // turn of his last observation roll (G6)
	// Spotted are the enemy sections he has spotted this turn (G6); cleared by /turn new.
	Spotted   []Sighting `json:"spotted,omitempty"`
	RallyOnly int        `json:"rally_only,omitempty"` // turn he rallied a routing squad (G22)
}

// A Sighting is an enemy section (named by its character, or by the squad
// when it has none) spotted this turn, by observation or by contact (G6).
type Sighting struct {
	Section string `json:"section"`
	Contact bool   `json:"contact,omitempty"`
}

// A Squad is 2–4 figures under a character (G23).
type Squad struct {
	Name    string     `json:"name"`
	Officer string     `json:"officer"`
	Arm     gj.Arm     `json:"arm"`
	Quality gj.Quality `json:"quality"`
	Morale  gj.Morale  `json:"morale"`
	// Owed is the number of deaths since its last morale test (G5, G21); Called
	// is a test the umpire called.
	Owed      int       `json:"owed,omitempty"`
	Called    bool      `json:"called,omitempty"`
	MovedTurn int       `json:"moved_turn,omitempty"`
	Moved     float64   `json:"moved,omitempty"`
	RanTurn   int       `json:"ran_turn,omitempty"`
	Charged   int       `json:"charged,omitempty"` // turn it last charged
	Limbered  bool      `json:"limbered,omitempty"`
	Figures   []*Figure `json:"figures"`
}

// A Figure is one man (or a gun) with his state.
type Figure struct {
	Name         string         `json:"name"`
	Arm          gj.Arm         `json:"arm,omitempty"` // "" is the squad's
	Weapon       gj.Weapon      `json:"weapon"`
	Melee        gj.MeleeWeapon `json:"melee,omitempty"`
	Quality      gj.Quality     `json:"quality"`
	Sharpshooter bool           `json:"sharpshooter,omitempty"`
	Strongman    bool           `json:"strongman,omitempty"`
	European     bool           `json:"european,omitempty"`

	Loaded       bool    `json:"loaded"`
	Tap          bool    `json:"tap,omitempty"`
	Reloading    int     `json:"reloading,omitempty"` // reloading actions done
	Ammo         gj.Ammo `json:"ammo,omitempty"`      // a gun's load
	Aimed        bool    `json:"aimed,omitempty"`
	Prone        bool    `json:"prone,omitempty"`
	StunnedUntil int     `json:"stunned_until,omitempty"`
	Serious      int     `json:"serious,omitempty"`
	Light        int     `json:"light,omitempty"`
	Horse        string  `json:"horse,omitempty"` // "", "stunned" (until HorseUntil), "down"
	HorseUntil   int     `json:"horse_until,omitempty"`
	Dead         bool    `json:"dead,omitempty"`
	Wheel        bool    `json:"wheel,omitempty"`     // a gun's wheel shot off
	Destroyed    bool    `json:"destroyed,omitempty"` // a gun destroyed
}

// Turn is the turn engine's state.
type Turn struct {
	Number int `json:"number"`
	Suits  int `json:"suits,omitempty"`
	// Pos is the index of the count called in gj.Calls(Suits): −1 dealt but not
	// called; len(calls) the count has passed Ace; Ended the turn is over.
	Pos   int      `json:"pos"`
	Ended bool     `json:"ended,omitempty"`
	Order []string `json:"order,omitempty"` // characters on move, precedence first
	// Salt and Deal make the commitment; both are revealed when the turn ends.
	Salt       string   `json:"salt,omitempty"`
	Deal       []string `json:"deal,omitempty"` // character names in dealing order
	Commitment string   `json:"commitment,omitempty"`
}

// ArmOf is a figure's arm.
func (s *Squad) ArmOf(f *Figure) gj.Arm {
	if f.Arm != "" {
		return f.Arm
	}
	return s.Arm
}

// Living lists the squad's living figures.
func (s *Squad) Living() []*Figure {
	var out []*Figure
	for _, f := range s.Figures {
		if !f.Dead {
			out = append(out, f)
		}
	}
	return out
}

// DeadCount is how many of the squad's figures are dead.
func (s *Squad) DeadCount() int { return len(s.Figures) - len(s.Living()) }

// CrewLost is how many of the squad's gun crew are dead or seriously wounded (G11).
func (s *Squad) CrewLost() int {
	n := 0
	for _, f := range s.Figures {
		if s.ArmOf(f) == gj.Artillery && (f.Dead || f.Serious > 0) {
			n++
		}
	}
	return n
}

// Gun is the squad's gun, if it has one.
func (s *Squad) Gun() *Figure {
	for _, f := range s.Figures {
		if s.ArmOf(f) == gj.Gun {
			return f
		}
	}
	return nil
}

func same(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

// Character finds a character by name.
func (b *Board) Character(name string) *Character {
	for _, c := range b.Characters {
		if same(c.Name, name) {
			return c
		}
	}
	return nil
}

// Squad finds a squad by name.
func (b *Board) Squad(name string) *Squad {
	for _, s := range b.Squads {
		if same(s.Name, name) {
			return s
		}
	}
	return nil
}

// Figure finds a figure by name, with its squad.
func (b *Board) Figure(name string) (*Squad, *Figure) {
	for _, s := range b.Squads {
		for _, f := range s.Figures {
			if same(f.Name, name) {
				return s, f
			}
		}
	}
	return nil, nil
}

// SquadsOf lists a character's squads.
func (b *Board) SquadsOf(c *Character) []*Squad {
	var out []*Squad
	for _, s := range b.Squads {
		if same(s.Officer, c.Name) {
			out = append(out, s)
		}
	}
	return out
}

// Taken reports whether a name is used by any character, squad or figure.
func (b *Board) Taken(name string) bool {
	if b.Character(name) != nil || b.Squad(name) != nil {
		return true
	}
	_, f := b.Figure(name)
	return f != nil
}

// Stunned reports whether a figure is stunned in the current turn.
func (b *Board) Stunned(until int) bool { return until > 0 && until >= b.Turn.Number }

// StunUntil is the turn a figure stunned now stays stunned through: "1 turn" is
// its side's next turn of actions (this turn if its officer has not acted yet).
func (b *Board) StunUntil(officer string) int {
	if b.Turn.Number == 0 || b.Turn.Ended {
		return b.Turn.Number + 1
	}
	if c := b.Character(officer); c != nil && c.State == Waiting {
		return b.Turn.Number
	}
	return b.Turn.Number + 1
}

// Validate checks the board: names unique, references resolve, values known.
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
	cards := map[gj.Card]string{}
	for _, c := range b.Characters {
		if err := claim("character", c.Name); err != nil {
			return err
		}
		if !slices.Contains([]string{RankOfficer, RankNCO, RankHero}, c.Rank) {
			return fmt.Errorf("character %q has rank %q (officer, nco or hero)", c.Name, c.Rank)
		}
		if !slices.Contains(gj.Qualities, c.Quality) {
			return fmt.Errorf("character %q has quality %q", c.Name, c.Quality)
		}
		if c.Card != nil {
			if c.Card.Rank < 1 || c.Card.Rank > 6 || c.Card.Suit < 0 || int(c.Card.Suit) >= max(b.Turn.Suits, 1) {
				return fmt.Errorf("character %q holds a card that is not in the deck", c.Name)
			}
			if other, dup := cards[*c.Card]; dup {
				return fmt.Errorf("characters %q and %q hold the same card", other, c.Name)
			}
			cards[*c.Card] = c.Name
		}
		if !slices.Contains([]string{"", Waiting, OnMove, Acted}, c.State) {
			return fmt.Errorf("character %q has turn state %q", c.Name, c.State)
		}
	}
	for _, s := range b.Squads {
		if err := claim("squad", s.Name); err != nil {
			return err
		}
		if s.Officer != "" && b.Character(s.Officer) == nil {
			return fmt.Errorf("squad %q is commanded by %q, who is not on the roster", s.Name, s.Officer)
		}
		if !slices.Contains(gj.Arms, s.Arm) {
			return fmt.Errorf("squad %q has arm %q", s.Name, s.Arm)
		}
		if _, err := gj.ParseMorale(string(s.Morale)); err != nil {
			return fmt.Errorf("squad %q has morale %q", s.Name, s.Morale)
		}
		for _, f := range s.Figures {
			if err := claim("figure", f.Name); err != nil {
				return err
			}
			if f.Arm != "" && !slices.Contains(gj.Arms, f.Arm) {
				return fmt.Errorf("figure %q has arm %q", f.Name, f.Arm)
			}
			if _, err := gj.ParseWeapon(string(f.Weapon)); err != nil {
				return fmt.Errorf("figure %q has weapon %q", f.Name, f.Weapon)
			}
			if _, err := gj.ParseMeleeWeapon(string(f.Melee)); err != nil {
				return fmt.Errorf("figure %q has melee weapon %q", f.Name, f.Melee)
			}
			if !slices.Contains(gj.Qualities, f.Quality) {
				return fmt.Errorf("figure %q has quality %q", f.Name, f.Quality)
			}
		}
	}
	for _, n := range b.Turn.Order {
		if b.Character(n) == nil {
			return fmt.Errorf("the turn order names %q, who is not on the roster", n)
		}
	}
	return nil
}

// decodeBoard reads and validates a stored board.
func decodeBoard(raw json.RawMessage) (*Board, error) {
	var b Board
	if err := json.Unmarshal(raw, &b); err != nil {
		return nil, fmt.Errorf("decode board: %w", err)
	}
	return &b, b.Validate()
}
