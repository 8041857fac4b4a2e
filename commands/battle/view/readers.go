package view

import (
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// FogOf is the rule set's fog of war, if it has one (whether or not fog is on).
func FogOf(svc *battle.Service, g *battle.Game) (Fog, bool) {
	rs, _ := svc.Ruleset(g.Ruleset)
	f, ok := rs.(Fog)
	return f, ok
}

// fogOf is the rule set's fog when g is fogged and the rule set has one.
func fogOf(svc *battle.Service, g *battle.Game) (Fog, bool) {
	if g == nil || !g.Fogged() {
		return nil, false
	}
	return FogOf(svc, g)
}

// SideOf is user's side in the battle: the umpire's assignment (/game side),
// or else the side of what he commands on the roster ("" when neither, or
// when the rule set has no sides).
func SideOf(svc *battle.Service, g *battle.Game, user string) (string, error) {
	if side, ok := assigned(g, user); ok {
		return side, nil
	}
	f, ok := FogOf(svc, g)
	if !ok {
		return "", nil
	}
	return f.SideOf(g, user)
}

// assigned is the side the umpire put user on (/game side), if any.
func assigned(g *battle.Game, user string) (string, bool) {
	for _, s := range g.Sides {
		if slices.Contains(s.Players, user) {
			return s.Name, true
		}
	}
	return "", false
}

// ReaderOf is whom the battle shows to user: everything to the umpire, his
// side to a player, the main channel's view to anyone else.
func ReaderOf(svc *battle.Service, g *battle.Game, user string) (rules.Reader, error) {
	if user == g.Umpire {
		return rules.Umpire, nil
	}
	side, err := SideOf(svc, g, user)
	return rules.Reader{Side: side}, err
}

// KnowsPlayer reports whether r knows of user as a player of the battle:
// the umpire knows every player; every reader knows the umpire, and a
// player who commands nothing (he hides nothing); a player who commands
// something is known to a reader whose view shows him commanding some of
// it (SideOf of the view), and to no other.
func KnowsPlayer(svc *battle.Service, g *battle.Game, r rules.Reader, user string) (bool, error) {
	if r.All || user == g.Umpire {
		return true, nil
	}
	side, err := SideOf(svc, g, user)
	if err != nil || side == "" {
		return true, err
	}
	v, err := For(svc, g, r)
	if err != nil {
		return false, err
	}
	seen, err := SideOf(svc, v, user)
	return seen != "", err
}

// For is g as reader r may see it: g itself when the battle is not fogged
// or the reader is the umpire, otherwise the rule set's View, with the
// moves pending as the reader is shown them (pace.Pace.SeenBy).
func For(svc *battle.Service, g *battle.Game, r rules.Reader) (*battle.Game, error) {
	f, ok := fogOf(svc, g)
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

// Viewed is tx's game as the invoker may see it: the whole game for the
// umpire, or when fog of war is off; his side's view (For) otherwise. It is
// for the rule set's views (a roster shown); a change is made to tx.Game.
func Viewed(tx *battle.Tx) (*battle.Game, error) {
	g := tx.Game
	if tx.Service() == nil || g == nil || !g.Fogged() {
		return g, nil
	}
	r, err := ReaderOf(tx.Service(), g, tx.Req.User.ID)
	if err != nil {
		return nil, err
	}
	return For(tx.Service(), g, r)
}

// Seer is the side whose sight the invoker's order in tx is given with
// under fog of war: "" (every unit in sight) for the umpire or with fog
// off, else his side as the battle's views take it (SideOf: the umpire's
// /game side first, then the roster).
func Seer(tx *battle.Tx) (string, error) {
	if tx.Service() == nil || tx.Game == nil || !tx.Game.Fogged() || tx.IsUmpire() {
		return "", nil
	}
	return SideOf(tx.Service(), tx.Game, tx.Req.User.ID)
}

// ChannelReader is whom a channel of the battle is for: the umpire's desk
// sees everything, a side's channel that side, any other the main view.
func ChannelReader(g *battle.Game, ch string) rules.Reader {
	if ch != "" && ch == g.Desk {
		return rules.Umpire
	}
	if side, ok := g.ChannelSide(ch); ok {
		return rules.Reader{Side: side}
	}
	return rules.Main
}

// ChannelOf is the channel of g reader r reads as his own: the umpire's
// desk, the main channel, the side's channel ("" none).
func ChannelOf(g *battle.Game, r rules.Reader) string {
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

// ForUmpire adds m, for the umpire's eyes, to resp: posted at his desk when
// the battle has one, sent by DM otherwise (with fallback, the DM's, for the
// invoker when the umpire does not take DMs).
func ForUmpire(g *battle.Game, resp *interaction.Response, m interaction.Message, fallback string) {
	if g.Desk != "" {
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: g.Desk, Message: m})
		return
	}
	resp.SendDM(interaction.DM{UserID: g.Umpire, UserName: g.Player(g.Umpire), Message: m, Fallback: fallback})
}
