package battle

import (
	"fmt"
	"slices"
	"time"

	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// replan brings the battle's pending moves in line with its turn engine's
// Waiting after a change: a move still waited on at the same moment keeps
// its deadline; a move newly fallen to someone gets one, and its holder is
// told (by DM, and in the channel, pinged when the battle has pings on); a
// move no longer waited on is dropped. An ended battle waits on no one.
//
// Under fog of war each reader's view is planned so too (Pace.Seen), the
// main channel's first: a move it was shown keeps, for every reader and
// for the battle, the deadline it was shown there, and the channel is
// pinged only for a move its view waits on, in its view's words, posted
// there whatever else the change says (a hidden holder's act, after which
// calls:auto called the count).
func (s *Service) replan(tx *Tx, resp *interaction.Response) error {
	g := tx.Game
	if g == nil || !g.Pace.On() {
		return nil
	}
	p := g.Pace
	te, ok := s.rulesets[g.Ruleset].(TurnEngine)
	if !ok || !g.Running() {
		p.Pending, p.Seen = nil, nil
		return nil
	}
	due := tx.Now.Add(time.Duration(p.Move)).UTC().Truncate(time.Second)
	var main []pace.Pending
	pings := true
	if f, fogged := s.fogOf(g); fogged {
		sides, err := f.Sides(g)
		if err != nil {
			return err
		}
		seen := map[string][]pace.Pending{}
		for _, side := range append([]string{""}, sides...) {
			v, err := f.View(g, Reader{Side: side})
			if err != nil {
				return err
			}
			waits, err := te.Waiting(v)
			if err != nil {
				return err
			}
			m, err := te.Moment(v)
			if err != nil {
				return err
			}
			seen[side] = planned(p.Seen[side], waits, m.Key, main, g.LogLen, due)
			if side == "" {
				main = seen[side]
				for _, q := range newly(p.Seen[side], main) {
					if !q.Call && p.Pings { // the main channel's own, whatever else the change says
						resp.Posts = append(resp.Posts, interaction.Post{ChannelID: g.Channel, Message: pinged(q.User, notified(g, q))})
					}
				}
			}
		}
		p.Seen, pings = seen, false
	}
	waits, err := te.Waiting(g)
	if err != nil {
		return err
	}
	m, err := te.Moment(g)
	if err != nil {
		return err
	}
	next := planned(p.Pending, waits, m.Key, main, g.LogLen, due)
	for _, q := range newly(p.Pending, next) {
		Notice(g, resp, q, notified(g, q), pings)
	}
	p.Pending = next
	return nil
}

// planned is the moves pending after a change, waits being whom the battle
// (or a reader's view) waits on now, at the moment of key, and was the
// moves pending before: a move still waited on at the same moment keeps
// its deadline, one the main channel was shown (main) takes the deadline
// it was shown, and any other is due at due. A holder's two moves at one
// moment are one.
func planned(was []pace.Pending, waits []Wait, key string, main []pace.Pending, logLen int, due time.Time) []pace.Pending {
	var next []pace.Pending
	for _, w := range waits {
		if i := slices.IndexFunc(next, func(q pace.Pending) bool { return q.User == w.User }); i >= 0 {
			next[i].What += "; " + w.What // two moves of one holder at one moment
			continue
		}
		same := func(q pace.Pending) bool { return q.User == w.User && q.Moment == key }
		if i := slices.IndexFunc(was, same); i >= 0 {
			q := was[i]
			q.What, q.Call = w.What, w.Call
			next = append(next, q)
			continue
		}
		q := pace.Pending{User: w.User, What: w.What, Moment: key, SetAt: logLen, Call: w.Call, Due: due}
		if i := slices.IndexFunc(main, same); i >= 0 {
			q.Due = main[i].Due
		}
		next = append(next, q)
	}
	return next
}

// newly are the moves of next that were not pending before (was).
func newly(was, next []pace.Pending) []pace.Pending {
	var out []pace.Pending
	for _, q := range next {
		if !slices.ContainsFunc(was, func(o pace.Pending) bool { return o.User == q.User && o.Moment == q.Moment }) {
			out = append(out, q)
		}
	}
	return out
}

// notified is what the holder of move q newly fallen due is told.
func notified(g *Game, q pace.Pending) string {
	text := fmt.Sprintf("your move in %s: %s. Deadline %s.", g.Named(), q.What, render.Stamp(q.Due))
	if g.Pace.Paused != nil {
		text += " Deadlines are paused: the clock runs again when the umpire resumes them."
	}
	return text
}

// Notice tells the holder of pending move q text: by DM, and, when pings
// is set and the battle has pings on, in the channel (tell); for the
// umpire's own call, for his eyes alone (ForUmpire), not the channel's.
// The service tells so the holder of a move newly fallen to him;
// commands/battle/deadline his reminder.
func Notice(g *Game, resp *interaction.Response, q pace.Pending, text string, pings bool) {
	if q.Call {
		ForUmpire(g, resp, interaction.Message{Content: render.Capital(text)}, "")
		return
	}
	if pings && g.Pace.Pings {
		ping(resp, q.User, text)
	}
	resp.SendDM(interaction.DM{UserID: q.User, UserName: g.Player(q.User), Message: interaction.Message{Content: render.Capital(text)}})
}

// ping tells user text in the channel, mentioning him (pinging him alone).
// With pings off the channel reads his deadline on the turn message, which
// lists every deadline, and no line a holder is posted.
func ping(resp *interaction.Response, user, text string) {
	resp.Public = append(resp.Public, pinged(user, text))
}

// pinged is the message telling user text, mentioning him.
func pinged(user, text string) interaction.Message {
	return interaction.Message{Content: "<@" + user + ">, " + text, Ping: user}
}
