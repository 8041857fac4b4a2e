package battle

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// CallsAuto is the battle setting (/game settings calls:auto) under which
// the referee makes the umpire's calls itself (Wait.Call) as soon as
// nothing else is waited on; left out, the umpire makes them.
const CallsAuto = "auto"

// Referee is who the log and the messages name for a call the referee made
// itself under calls:auto: not the umpire, nor the player whose command
// led to it.
const Referee = "referee"

// maxCalls bounds the calls the referee makes in one change: more than a
// turn's counts under the most suits, so that it only ever stops a turn in
// which no one can act.
const maxCalls = 64

// call has the referee make the umpire's calls under calls:auto, one after
// another, for as long as the battle waits on them alone: each as the
// umpire's /turn next makes it (TurnEngine.Pass for the umpire), logged as
// the referee's. It makes no call in a turn later than the one after the
// turn the change found, so that it begins at most two turns in one
// change: a turn in which no one can act is then left to the umpire, or to
// his call's deadline, which the stall breaker counts, and a battle never
// spins. Only a change the log records calls: a look moves nothing on.
func (s *Service) call(tx *Tx, te TurnEngine, resp *interaction.Response) error {
	g := tx.Game
	if g.Calls != CallsAuto || !g.Running() || len(tx.logged) == 0 {
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
		if len(waits) == 0 || m.Turn > first+1 || slices.ContainsFunc(waits, func(w Wait) bool { return !w.Call }) {
			return nil
		}
		r, err := s.callOnce(tx, te)
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
			told, err := s.newsRead(g, resp.Turn)
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
func (s *Service) callOnce(tx *Tx, te TurnEngine) (interaction.Response, error) {
	g, asked := tx.Game, tx.Req.User
	tx.calling, tx.Req.User = true, interaction.User{ID: g.Umpire, Name: g.UmpireName}
	defer func() { tx.calling, tx.Req.User = false, asked }()
	r, err := te.Pass(tx, g.Umpire)
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

// WaitingOn is the line that leads /turn status and the turn message: whom
// the battle waits on, by name, in the order waited on; with what, each
// on a line of his own with what he must do.
func WaitingOn(g *Game, waits []Wait, what bool) string {
	if len(waits) == 0 {
		return "**Waiting on:** no one: no turn is being played."
	}
	var users []string
	does := map[string][]string{}
	for _, w := range waits {
		if !slices.Contains(users, w.User) {
			users = append(users, w.User)
		}
		does[w.User] = append(does[w.User], w.What)
	}
	var b strings.Builder
	b.WriteString("**Waiting on:**")
	for i, u := range users {
		name := "**" + render.Inert(waitedName(g, u)) + "**"
		switch {
		case what:
			b.WriteString("\n• " + name + " — " + strings.Join(does[u], "; "))
		case i == 0:
			b.WriteString(" " + name)
		default:
			b.WriteString(", " + name)
		}
	}
	return b.String()
}

// waitedName names whom the battle waits on: a player by his name, the
// umpire as such.
func waitedName(g *Game, user string) string {
	if user != g.Umpire {
		return g.Player(user)
	}
	if n := cmp.Or(g.Players[user], g.UmpireName); n != "" {
		return "the umpire (" + n + ")"
	}
	return "the umpire"
}
