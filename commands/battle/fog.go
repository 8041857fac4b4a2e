package battle

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	segjson "github.com/segmentio/encoding/json"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Fog is a rule set's fog of war, an optional capability of a Ruleset: each
// method decodes the game's board and calls the rule set's pure functions.
// A reader is a side of the battle, or "" for the battle's main channel (what
// every side knows); the umpire sees everything and is never a reader here.
type Fog interface {
	// Sides are the battle's sides, as the rule set names them.
	Sides(g *Game) ([]string, error)
	// SideOf is the side of what user commands on the roster ("" when he
	// commands nothing). The service applies the umpire's own assignment
	// (/game side) first: Service.SideOf.
	SideOf(g *Game, user string) (string, error)
	// View is a copy of g whose Board holds only what reader may know
	// (the rule set's board's View): enemy units it has not seen are
	// absent, with every reference to them; the umpire's is the whole board.
	View(g *Game, reader Reader) (*Game, error)
	// Names are every name of the board, each with its side.
	Names(g *Game) (map[string]string, error)
	// Known are the names reader's view of g holds (View), each with its
	// side: the umpire's are every name of the board.
	Known(g *Game, reader Reader) (map[string]string, error)
	// Changed are the names of the board whose things differ between the
	// board as read (before) and g's: what a change changed.
	Changed(before json.RawMessage, g *Game) ([]string, error)
	// Reveal is the umpire's reveal of a unit to side ("" to all); an
	// unknown name is a *rules.Breach.
	Reveal(tx *Tx, side, unit string) (interaction.Response, error)
}

// A Side is the umpire's arrangement of one side of a battle.
type Side struct {
	Name string `json:"name"`
	// Channel is the side's own channel or private thread ("" none);
	// Thread says the referee opened it, and adds the side's players to it.
	Channel string `json:"channel,omitempty"`
	Thread  bool   `json:"thread,omitempty"`
	// Players are the users the umpire put on the side (/game side), by id.
	Players []string `json:"players,omitempty"`
}

// Fogged reports whether the battle's views are their readers' own: fog is
// on and the battle runs (after /game end everything is revealed).
func (g *Game) Fogged() bool { return g.Fog && g.Running() }

// Side finds the umpire's arrangement of a side by name (nil: none).
func (g *Game) Side(name string) *Side {
	for i := range g.Sides {
		if strings.EqualFold(g.Sides[i].Name, name) {
			return &g.Sides[i]
		}
	}
	return nil
}

// ChannelSide is the side whose channel ch is, if it is one.
func (g *Game) ChannelSide(ch string) (string, bool) {
	if ch == "" {
		return "", false
	}
	for _, s := range g.Sides {
		if s.Channel == ch {
			return s.Name, true
		}
	}
	return "", false
}

// Linked reports whether ch is one of the battle's own channels besides
// its home: a side's channel, or the umpire's desk.
func (g *Game) Linked(ch string) bool {
	_, side := g.ChannelSide(ch)
	return side || ch != "" && ch == g.Desk
}

// assigned is the side the umpire put user on (/game side), if any.
func (g *Game) assigned(user string) (string, bool) {
	for _, s := range g.Sides {
		if slices.Contains(s.Players, user) {
			return s.Name, true
		}
	}
	return "", false
}

// A Reader is whom a message is for under fog of war: the umpire (All),
// a side, or the battle's main channel (neither): rules.Reader.
type Reader = rules.Reader

// Umpire is the reader who sees everything.
var Umpire = rules.Umpire

// Main is the reader of the battle's main channel: what every side knows.
var Main = rules.Main

// fogOf is the rule set's fog when the game is fogged and the rule set has one.
func (s *Service) fogOf(g *Game) (Fog, bool) {
	if g == nil || !g.Fogged() {
		return nil, false
	}
	f, ok := s.rulesets[g.Ruleset].(Fog)
	return f, ok
}

// FogOf is the rule set's fog of war, if it has one (whether or not fog is on).
func (s *Service) FogOf(g *Game) (Fog, bool) {
	f, ok := s.rulesets[g.Ruleset].(Fog)
	return f, ok
}

// SideOf is user's side in the battle: the umpire's assignment (/game side),
// or else the side of what he commands on the roster ("" when neither, or
// when the rule set has no sides).
func (s *Service) SideOf(g *Game, user string) (string, error) {
	if side, ok := g.assigned(user); ok {
		return side, nil
	}
	f, ok := s.FogOf(g)
	if !ok {
		return "", nil
	}
	return f.SideOf(g, user)
}

// ReaderOf is whom the battle shows to user: everything to the umpire, his
// side to a player, the main channel's view to anyone else.
func (s *Service) ReaderOf(g *Game, user string) (Reader, error) {
	if user == g.Umpire {
		return Umpire, nil
	}
	side, err := s.SideOf(g, user)
	return Reader{Side: side}, err
}

// KnowsPlayer reports whether r knows of user as a player of the battle:
// the umpire knows every player; every reader knows the umpire, and a
// player who commands nothing (he hides nothing); a player who commands
// something is known to a reader whose view shows him commanding some of
// it (Service.SideOf of the view), and to no other.
func (s *Service) KnowsPlayer(g *Game, r Reader, user string) (bool, error) {
	if r.All || user == g.Umpire {
		return true, nil
	}
	side, err := s.SideOf(g, user)
	if err != nil || side == "" {
		return true, err
	}
	v, err := s.ViewFor(g, r)
	if err != nil {
		return false, err
	}
	seen, err := s.SideOf(v, user)
	return seen != "", err
}

// ChannelReader is whom a channel of the battle is for: the umpire's desk
// sees everything, a side's channel that side, any other the main view.
func ChannelReader(g *Game, ch string) Reader {
	if ch != "" && ch == g.Desk {
		return Umpire
	}
	if side, ok := g.ChannelSide(ch); ok {
		return Reader{Side: side}
	}
	return Main
}

// ViewFor is g as reader may see it: g itself when the battle is not fogged
// or the reader is the umpire, otherwise the rule set's View, with the
// moves pending as the reader is shown them (Pace.Seen).
func (s *Service) ViewFor(g *Game, r Reader) (*Game, error) {
	f, ok := s.fogOf(g)
	if !ok || r.All {
		return g, nil
	}
	v, err := f.View(g, r)
	if err != nil {
		return nil, err
	}
	v.Pace = g.Pace.SeenBy(r.Side)
	return v, nil
}

// WithBoard is a copy of g with board as its board: a view (Fog.View) made
// from the rule set's view of the decoded board.
func WithBoard(g *Game, board any) (*Game, error) {
	b, err := segjson.Marshal(board)
	if err != nil {
		return nil, fmt.Errorf("encode view: %w", err)
	}
	v := *g
	v.Board, v.Undo = b, nil
	v.holdDecoded(b, board)
	return &v, nil
}

// ChannelOf is the channel of g reader r reads as his own: the umpire's
// desk, the main channel, the side's channel ("" none).
func ChannelOf(g *Game, r Reader) string {
	switch {
	case r.All:
		return g.Desk
	case r.Side == "":
		return g.Channel
	}
	if s := g.Side(r.Side); s != nil {
		return s.Channel
	}
	return ""
}
