package calls

import (
	"errors"
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Auto is the battle setting (battle.Game.Calls) under which the referee
// makes the umpire's calls itself as soon as nothing else is waited on;
// left out, the umpire makes them.
const Auto = "auto"

// maxCalls bounds the calls the referee makes in one change: more than a
// turn's counts under the most suits, so that it only ever stops a turn in
// which no one can act.
const maxCalls = 64

// Maker makes the umpire's calls in a service's battles under calls:auto.
type Maker struct{ svc *battle.Service }

// New is the maker of the umpire's calls in svc's battles.
func New(svc *battle.Service) *Maker { return &Maker{svc: svc} }

// Make has the referee make the umpire's calls under calls:auto, one after
// another, for as long as the battle waits on them alone: each as the
// umpire's /turn next makes it (TurnEngine.Pass for the umpire), logged as
// the referee's. It makes no call in a turn later than the one after the
// turn the change found, so that it begins at most two turns in one
// change: a turn in which no one can act is then left to the umpire, or to
// his call's deadline, which the stall breaker counts, and a battle never
// spins. Only a change the log records calls: a look moves nothing on.
func (c *Maker) Make(tx *battle.Tx, te battle.TurnEngine, resp *interaction.Response) error {
	g := tx.Game
	if g.Calls != Auto || !g.Running() || tx.Logged() == 0 {
		return nil // a look that changes nothing (/turn status) moves nothing on
	}
	m, err := te.Moment(g)
	if err != nil {
		return err
	}
	first := m.Turn
	for range maxCalls {
		waits, err := te.Waiting(g)
		if err != nil {
			return err
		}
		if len(waits) == 0 || m.Turn > first+1 || slices.ContainsFunc(waits, func(w battle.Wait) bool { return !w.Call }) {
			return nil
		}
		r, err := callOnce(tx, te)
		var refusal *interaction.Refusal
		switch {
		case errors.As(err, &refusal):
			return nil // the umpire makes it, as he must anyway
		case err != nil:
			return err
		}
		after, err := te.Moment(g)
		if err != nil {
			return err
		}
		resp.Public = append(resp.Public, r.Public...)
		resp.DMs = append(resp.DMs, r.DMs...)
		resp.Posts = append(resp.Posts, r.Posts...)
		if r.Turn != nil && resp.Turn != nil && after.Turn != m.Turn {
			// The news of the turn just over (a deal revealed) stays in
			// the channel, as the channel reads it: the next turn's
			// message starts afresh.
			told, err := turnmsg.MainReads(c.svc, g, resp.Turn)
			if err != nil {
				return err
			}
			if told != "" {
				resp.Public = append(resp.Public, interaction.Message{Content: render.Clip(told, render.MaxContent)})
			}
		}
		resp.Turn = joinNews(resp.Turn, r.Turn, after.Turn == m.Turn)
		m = after
	}
	return nil
}

// callOnce makes the umpire's call once, in his name, as the referee's act.
func callOnce(tx *battle.Tx, te battle.TurnEngine) (interaction.Response, error) {
	var r interaction.Response
	err := tx.AsReferee(func() error {
		var err error
		r, err = te.Pass(tx, tx.Game.Umpire)
		return err
	})
	if err != nil {
		return interaction.Response{}, err
	}
	if r.Turn != nil {
		const calls = "*The referee calls (calls:auto).*"
		if n := r.Turn.News; len(n) > 0 && len(n[0].About) == 0 {
			n[0].Text = calls + " " + n[0].Text
		} else {
			r.Turn.News = append([]interaction.NewsLine{{Text: calls}}, n...)
		}
	}
	return r, nil
}

// joinNews is the news of a turn step after another: both, when they are
// of the same turn; the later alone when it began a new one.
func joinNews(before, after *interaction.TurnMessage, sameTurn bool) *interaction.TurnMessage {
	switch {
	case after == nil:
		return before
	case before == nil || !sameTurn:
		return after
	}
	after.News = append(slices.Clip(before.News), after.News...)
	return after
}
