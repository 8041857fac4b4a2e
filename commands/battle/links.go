package battle

import (
	"context"
	"errors"

	"github.com/referee-bot/referee/commands/interaction"
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

// A Gate keeps the channels linked to a battle: a side's channel, the
// umpire's desk (commands/battle/link.Gate). The routes set it once, before
// any change is served (GateBy), as they set the delivery (DeliverBy), so
// that this package need not know who may command where; a service
// without it refuses every change made in a linked channel, as it cannot
// tell whose it is.
type Gate interface {
	// MayCommandIn refuses a command user gives in channel, linked to g.
	MayCommandIn(g *Game, user, channel string) error
	// Occupy refuses a game put in channel, linked to g, while g runs.
	Occupy(g *Game, channel string) error
}

// GateBy sets the gate of the channels linked to battles.
func (s *Service) GateBy(gt Gate) { s.gate = gt }

// shut is the gate of a service without one: it admits nothing.
type shut struct{}

func (shut) MayCommandIn(*Game, string, string) error { return errUngated }
func (shut) Occupy(*Game, string) error               { return errUngated }

var errUngated = errors.New("battle: a change in a channel linked to a battle, and no gate to say whose it is (Service.GateBy)")

// errStale: the battle a link leads to no longer has the channel.
var errStale = errors.New("battle: a link left behind")

// change runs fn in the channel of req, or in the battle the channel is
// linked to as a side's channel: a first read finds the link (nothing is
// written), and the change is made to that battle, as the same interaction,
// with tx.From the side's channel. A link the battle no longer has is left
// behind: the channel is then taken as having no battle. Each try is
// changeOnce under the service's Keeper, which keeps the store's indexes of
// the battles no later than their documents; with none, it is changeOnce
// watched by unkept.
func (s *Service) change(ctx context.Context, req interaction.Request, load func(*Game) (*Game, error), fn ChangeFunc, mode linkMode) (interaction.Response, error) {
	try := func(req interaction.Request, w where, load func(*Game) (*Game, error)) (interaction.Response, error) {
		once := func(watch Watch) (interaction.Response, error) { return s.changeOnce(ctx, req, w, load, fn, watch) }
		if s.keeper == nil {
			return once(unkept)
		}
		return s.keeper(ctx, req, once)
	}
	from := req.ChannelID
	resp, err := try(req, where{from: from}, load)
	var l *linked
	if !errors.As(err, &l) {
		return resp, err
	}
	home := req
	home.ChannelID = l.home
	resp, err = try(home, where{from: from}, func(g *Game) (*Game, error) {
		if g == nil {
			return nil, errStale
		}
		switch {
		case !g.Linked(from):
			return nil, errStale
		case mode == occupy && g.Running():
			return nil, s.gate.Occupy(g, from)
		}
		return load(g)
	})
	if !errors.Is(err, errStale) {
		return resp, err
	}
	return try(req, where{from: from, ignoreLink: true}, load)
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
