package battle

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// linkMode is how a change takes a channel linked to a battle as a side's
// channel (state.Link).
type linkMode int

const (
	// follow: the change is made to the battle the channel is linked to.
	follow linkMode = iota
	// occupy: the change puts a game in the channel itself (Create,
	// Replace), refused while the channel is a running battle's side channel.
	occupy
)

// where is where a change is made: the channel it was given in, and whether
// a link found there is one left behind, to be written over.
type where struct {
	from       string
	ignoreLink bool
}

// linked aborts a change made in a side channel: it is made again in home.
type linked struct{ home string }

func (l *linked) Error() string { return "battle: the channel is linked to " + l.home }

// errStale: the battle a link leads to no longer has the channel.
var errStale = errors.New("battle: a link left behind")

// change runs fn in the channel of req, or in the battle the channel is
// linked to as a side's channel: a first read finds the link (nothing is
// written), and the change is made to that battle, as the same interaction,
// with tx.From the side's channel. A link the battle no longer has is left
// behind: the channel is then taken as having no battle.
func (s *Service) change(ctx context.Context, req interaction.Request, load func(*Game) (*Game, error), fn ChangeFunc, mode linkMode) (interaction.Response, error) {
	from := req.ChannelID
	resp, err := s.changeIndexed(ctx, req, where{from: from}, load, fn)
	var l *linked
	if !errors.As(err, &l) {
		return resp, err
	}
	home := req
	home.ChannelID = l.home
	resp, err = s.changeIndexed(ctx, home, where{from: from}, func(g *Game) (*Game, error) {
		if g == nil {
			return nil, errStale
		}
		switch {
		case !g.Linked(from):
			return nil, errStale
		case mode == occupy && g.Running():
			return nil, interaction.Refusef("This channel is %s of %s: start or import a battle in another channel.", LinkedAs(g, from), s.Holder(g))
		}
		return load(g)
	}, fn)
	if !errors.Is(err, errStale) {
		return resp, err
	}
	return s.changeIndexed(ctx, req, where{from: from, ignoreLink: true}, load, fn)
}

// MayCommandIn refuses a command in a side's channel by anyone but the
// umpire and the players of that side (what is shown there is that side's),
// and at the umpire's desk by anyone but him.
func (s *Service) MayCommandIn(g *Game, user, channel string) error {
	if user == g.Umpire || channel == g.Channel {
		return nil
	}
	side, ok := g.ChannelSide(channel)
	if !ok {
		return interaction.Refuse("This is the umpire's desk: only the umpire gives commands here.")
	}
	mine, err := s.SideOf(g, user)
	if err != nil {
		return err
	}
	if !strings.EqualFold(mine, side) {
		return interaction.Refusef("This is the **%s** side's channel: only its players and the umpire give commands here.", render.Inert(side))
	}
	return nil
}

// linkedAs is what channel, linked to g, is to it: its umpire's desk or a
// side's channel.
func LinkedAs(g *Game, channel string) string {
	if side, ok := g.ChannelSide(channel); ok {
		return "the **" + render.Inert(side) + "** side's channel"
	}
	return "the umpire's desk"
}

// Holder names the battle that holds a channel, for the refusal of another
// battle's link to it (commands/battle/link), or of a game put in it: its rule set, its name if it has one, and its main
// channel ("the Crimea battle **Alma** in <#home>").
func (s *Service) Holder(g *Game) string {
	name := g.Ruleset
	if rs, ok := s.rulesets[g.Ruleset]; ok {
		name = rs.Name()
	}
	called := ""
	if g.Name != "" {
		called = " " + g.Named()
	}
	return fmt.Sprintf("the %s battle%s in <#%s>", name, called, g.Channel)
}

// deskFallback has the umpire's desk, if the battle has one, told of any of
// the response's DMs that cannot be delivered.
func deskFallback(g *Game, resp *interaction.Response) {
	if g == nil || g.Desk == "" {
		return
	}
	for i := range resp.DMs {
		resp.DMs[i].Desk = g.Desk
	}
}

// ForUmpire adds m, for the umpire's eyes, to resp: posted at his desk when
// the battle has one, sent by DM otherwise (with fallback, the DM's, for the
// invoker when the umpire does not take DMs).
func ForUmpire(g *Game, resp *interaction.Response, m interaction.Message, fallback string) {
	if g.Desk != "" {
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: g.Desk, Message: m})
		return
	}
	resp.SendDM(interaction.DM{UserID: g.Umpire, UserName: g.Player(g.Umpire), Message: m, Fallback: fallback})
}
