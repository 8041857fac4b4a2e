package greenjackets

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// ID is the rule set's id, defined here alone.
const ID = "greenjackets"

// Character ranks (section 13).
const (
	RankOfficer = "officer"
	RankNCO     = "nco"
	RankHero    = "hero"
)

// Ranks lists the ranks in order.
var Ranks = []string{RankOfficer, RankNCO, RankHero}

// A character's state in the turn.
const (
	Waiting = "waiting" // holds a card not yet played
	OnMove  = "on move" // acting now, with AP
	Acted   = "acted"   // done for this turn
)

// A horse's state ("" is sound).
const (
	HorseStunned = "stunned" // stands until HorseUntil
	HorseDown    = "down"    // incapacitated: the rider moves and fights on foot
)

// Unassigned is the side of a character given none.
const Unassigned = "Unassigned"

// Nations are the nations a character may be of: British officers serve
// their guns faster (G16); the others are told apart on the roster.
var Nations = []string{"british", "french", "portuguese", "spanish", "german", "italian", "polish", "prussian", "austrian", "russian", "american"}

// HorseStates lists the states a horse may be set to, sound first.
var HorseStates = []string{"sound", HorseStunned, HorseDown}

// ParseHorse reads a horse's state: "sound" is "".
func ParseHorse(s string) (string, error) { return horseWords.parse(s) }

var horseWords = vocabulary[string]{"a horse's state", HorseStates, map[string]string{"sound": ""}}

// Board is the whole state of a Green Jackets battle, stored as the game's
// board: the characters, their squads and figures, and the turn.
type Board struct {
	Characters []*Character `json:"characters"`
	Squads     []*Squad     `json:"squads"`
	Turn       Turn         `json:"turn"`
	// Contacts are the pairs of units (squads, or characters on their own) in
	// contact: they stay in contact, and spotted, until one of them moves (G6a).
	Contacts []Contact `json:"contacts,omitempty"`
}

// A Character is an officer, NCO or hero: he draws a card and commands squads.
type Character struct {
	Name        string   `json:"name"`
	Rank        string   `json:"rank"`
	Side        string   `json:"side"`
	Nation      string   `json:"nation,omitempty"`
	Player      string   `json:"player,omitempty"` // Discord user id; "" is played by the umpire
	PlayerName  string   `json:"player_name,omitempty"`
	Quality     Quality  `json:"quality"`
	Possessions []string `json:"possessions,omitempty"`

	Serious      int  `json:"serious,omitempty"`
	Light        int  `json:"light,omitempty"`
	StunnedUntil int  `json:"stunned_until,omitempty"`
	Dead         bool `json:"dead,omitempty"`

	// Card is secret: shown only to the holder and the umpire until played.
	Card     *Card  `json:"card,omitempty"`
	State    string `json:"state,omitempty"`
	AP       int    `json:"ap,omitempty"`
	Spent    int    `json:"spent,omitempty"`
	Observed int    `json:"observed,omitempty"` // turn of his last observation roll (G6)
	// Spotted are the enemy sections he has spotted this turn (G6); cleared by a new turn.
	Spotted   []Sighting `json:"spotted,omitempty"`
	RallyOnly int        `json:"rally_only,omitempty"` // turn he rallied a routing squad (G22)

	// His own moves, when he moves on his own (G7a, G8a).
	MovedTurn int     `json:"moved_turn,omitempty"`
	Moved     float64 `json:"moved,omitempty"`
	Pace      Pace    `json:"pace,omitempty"`

	// Sight is what the enemy knows of his section under fog of war (sight.go).
	rules.Sight
}

// A Sighting is an enemy section (named by its character, or by the squad
// when it has none) spotted this turn, by observation or by contact (G6).
type Sighting struct {
	Section string `json:"section"`
	Contact bool   `json:"contact,omitempty"`
}

// A Contact is two units in contact since turn Since (G6a).
type Contact struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Since int    `json:"since,omitempty"`
}

// A Squad is 2–4 figures under a character (G23).
type Squad struct {
	Name    string  `json:"name"`
	Officer string  `json:"officer"`
	Arm     Arm     `json:"arm"`
	Quality Quality `json:"quality"`
	Morale  Morale  `json:"morale"`
	// Owed is the number of deaths since its last morale test (G5, G21); Called
	// is a test the umpire called.
	Owed      int     `json:"owed,omitempty"`
	Called    bool    `json:"called,omitempty"`
	MovedTurn int     `json:"moved_turn,omitempty"`
	Moved     float64 `json:"moved,omitempty"`
	RanTurn   int     `json:"ran_turn,omitempty"`
	Charged   int     `json:"charged,omitempty"` // turn it last charged
	Limbered  bool    `json:"limbered,omitempty"`
	// Pace is its last move order in turn MovedTurn (G8a).
	Pace    Pace      `json:"pace,omitempty"`
	Figures []*Figure `json:"figures"`
}

// A Figure is one man (or a gun) with his state.
type Figure struct {
	Name         string      `json:"name"`
	Arm          Arm         `json:"arm,omitempty"` // "" is the squad's
	Weapon       Weapon      `json:"weapon"`
	Melee        MeleeWeapon `json:"melee,omitempty"`
	Quality      Quality     `json:"quality"`
	Sharpshooter bool        `json:"sharpshooter,omitempty"`
	Strongman    bool        `json:"strongman,omitempty"`
	European     bool        `json:"european,omitempty"`

	Loaded       bool   `json:"loaded"`
	Tap          bool   `json:"tap,omitempty"`
	Reloading    int    `json:"reloading,omitempty"` // reloading actions done
	Ammo         Ammo   `json:"ammo,omitempty"`      // a gun's load
	Aimed        bool   `json:"aimed,omitempty"`
	Prone        bool   `json:"prone,omitempty"`
	StunnedUntil int    `json:"stunned_until,omitempty"`
	Serious      int    `json:"serious,omitempty"`
	Light        int    `json:"light,omitempty"`
	Horse        string `json:"horse,omitempty"` // "", HorseStunned (until HorseUntil), HorseDown
	HorseUntil   int    `json:"horse_until,omitempty"`
	Dead         bool   `json:"dead,omitempty"`
	Wheel        bool   `json:"wheel,omitempty"`     // a gun's wheel shot off
	Destroyed    bool   `json:"destroyed,omitempty"` // a gun destroyed
}

// Turn is the turn engine's state.
type Turn struct {
	Number int `json:"number"`
	Suits  int `json:"suits,omitempty"`
	// Pos is the index of the count called in Calls(Suits): −1 dealt but not
	// called; len(calls) the count has passed Ace; Ended the turn is over.
	Pos   int      `json:"pos"`
	Ended bool     `json:"ended,omitempty"`
	Order []string `json:"order,omitempty"` // characters on move, precedence first
	// Salt and Deal make the commitment; both are revealed when the turn ends.
	Salt       string   `json:"salt,omitempty"`
	Deal       []string `json:"deal,omitempty"` // character names in dealing order
	Commitment string   `json:"commitment,omitempty"`
}

// NewBoard is an empty roster before the first turn.
func NewBoard() *Board {
	return &Board{Characters: []*Character{}, Squads: []*Squad{}, Turn: Turn{Pos: -1}}
}

// Clone is a deep copy of b: a move works on a clone and keeps it only when
// it succeeds, so that a breach leaves the board as it was. Each struct is
// copied whole, then each slice and pointer in it anew (TestCloneSharesNothing
// fills every field and finds nothing shared): a move costs no encoding.
func (b *Board) Clone() *Board {
	c := *b
	c.Characters = cloneEach(b.Characters, (*Character).clone)
	c.Squads = cloneEach(b.Squads, (*Squad).clone)
	c.Turn.Order, c.Turn.Deal = slices.Clone(b.Turn.Order), slices.Clone(b.Turn.Deal)
	c.Contacts = slices.Clone(b.Contacts)
	return &c
}

func (ch *Character) clone() *Character {
	c := *ch
	c.Possessions, c.Spotted, c.KnownTo = slices.Clone(ch.Possessions), slices.Clone(ch.Spotted), slices.Clone(ch.KnownTo)
	if ch.Card != nil {
		card := *ch.Card
		c.Card = &card
	}
	return &c
}

func (s *Squad) clone() *Squad {
	c := *s
	c.Figures = cloneEach(s.Figures, func(f *Figure) *Figure { g := *f; return &g })
	return &c
}

// cloneEach is a new slice of clones of xs (nil stays nil, and a nil entry).
func cloneEach[T any](xs []*T, clone func(*T) *T) []*T {
	if xs == nil {
		return nil
	}
	out := make([]*T, len(xs))
	for i, x := range xs {
		if x != nil {
			out[i] = clone(x)
		}
	}
	return out
}

// atomically runs fn on a clone of b and keeps the clone only when fn succeeds.
func atomically[T any](b *Board, fn func(*Board) (T, error)) (T, error) {
	c := b.Clone()
	out, err := fn(c)
	if err != nil {
		var zero T
		return zero, err
	}
	*b = *c
	return out, nil
}

// Running reports whether a turn is being played.
func (b *Board) Running() bool { return b.Turn.Number > 0 && !b.Turn.Ended }

// ArmOf is a figure's arm.
func (s *Squad) ArmOf(f *Figure) Arm {
	if f.Arm != "" {
		return f.Arm
	}
	return s.Arm
}

// Mounted reports whether a figure rides: a cavalryman whose horse is down
// moves and fights on foot.
func (s *Squad) Mounted(f *Figure) bool { return s.ArmOf(f).Mounted() && f.Horse != HorseDown }

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
		if s.ArmOf(f) == Artillery && (f.Dead || f.Serious > 0) {
			n++
		}
	}
	return n
}

// Gun is the squad's gun, if it has one.
func (s *Squad) Gun() *Figure {
	for _, f := range s.Figures {
		if s.ArmOf(f) == Gun {
			return f
		}
	}
	return nil
}

// Same reports whether two roster names are the same name: case and the
// spaces around them do not count.
func Same(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

// Character finds a character by name.
func (b *Board) Character(name string) *Character {
	for _, c := range b.Characters {
		if Same(c.Name, name) {
			return c
		}
	}
	return nil
}

// Squad finds a squad by name.
func (b *Board) Squad(name string) *Squad {
	for _, s := range b.Squads {
		if Same(s.Name, name) {
			return s
		}
	}
	return nil
}

// Figure finds a figure by name, with its squad.
func (b *Board) Figure(name string) (*Squad, *Figure) {
	for _, s := range b.Squads {
		for _, f := range s.Figures {
			if Same(f.Name, name) {
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
		if Same(s.Officer, c.Name) {
			out = append(out, s)
		}
	}
	return out
}

// Sides lists the characters' sides in roster order.
func (b *Board) Sides() []string {
	var out []string
	for _, c := range b.Characters {
		if !slices.Contains(out, c.Side) {
			out = append(out, c.Side)
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

// Stunned reports whether a figure stunned through turn until is stunned in the current turn.
func (b *Board) Stunned(until int) bool { return until > 0 && until >= b.Turn.Number }

// StunUntil is the turn a figure stunned now stays stunned through: "1 turn" is
// its side's next turn of actions (this turn if its officer has not acted yet).
func (b *Board) StunUntil(officer string) int {
	if !b.Running() {
		return b.Turn.Number + 1
	}
	if c := b.Character(officer); c != nil && c.State == Waiting {
		return b.Turn.Number
	}
	return b.Turn.Number + 1
}

func containsName(list []string, name string) bool {
	for _, n := range list {
		if Same(n, name) {
			return true
		}
	}
	return false
}
