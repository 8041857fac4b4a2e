package battle

import "strings"

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
