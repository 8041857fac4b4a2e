package deadline

import (
	"fmt"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// Replan is the battle service's planner of deadlines
// (battle.Service.PlanDeadlines, set by the routes with Keep). After every
// change a person's command made (battle.Tx.Attended) it counts the
// clock's advances afresh (pace.Pace.Unattended). It brings the battle's
// pending moves in line with its turn engine's Waiting:
// a move still waited on at the same moment keeps its deadline; a move
// newly fallen to someone gets one, and its holder is told (by DM, and in
// the channel, pinged when the battle has pings on); a move no longer
// waited on is dropped. An ended battle waits on no one.
//
// Under fog of war each reader's view is planned so too (Pace.Seen), the
// main channel's first: a move it was shown keeps, for every reader and
// for the battle, the deadline it was shown there, and the channel is
// pinged only for a move its view waits on, in its view's words, posted
// there whatever else the change says (a hidden holder's act, after which
// calls:auto called the count).
func Replan(svc *battle.Service) battle.Planner {
	return func(tx *battle.Tx, resp *interaction.Response) error { return replan(svc, tx, resp) }
}

func replan(svc *battle.Service, tx *battle.Tx, resp *interaction.Response) error {
	g := tx.Game
	if g.Pace != nil && tx.Attended() {
		g.Pace.Unattended = 0
	}
	if !g.Pace.On() {
		return nil
	}
	p := g.Pace
	rs, _ := svc.Ruleset(g.Ruleset)
	te, ok := rs.(battle.TurnEngine)
	if !ok || !g.Running() {
		p.Pending, p.Seen = nil, nil
		return nil
	}
	due := tx.Now.Add(time.Duration(p.Move)).UTC().Truncate(time.Second)
	var main []pace.Pending
	pings := true
	if f, ok := view.FogOf(svc, g); ok && g.Fogged() {
		sides, err := f.Sides(g)
		if err != nil {
			return err
		}
		seen := map[string][]pace.Pending{}
		for _, side := range append([]string{""}, sides...) {
			v, err := f.View(g, rules.Reader{Side: side})
			if err != nil {
				return err
			}
			waits, err := waiting(te, v, due)
			if err != nil {
				return err
			}
			seen[side] = pace.Plan(p.Seen[side], waits, main)
			if side == "" {
				main = seen[side]
				for _, q := range pace.Newly(p.Seen[side], main) {
					if !q.Call && p.Pings { // the main channel's own, whatever else the change says
						resp.Posts = append(resp.Posts, interaction.Post{ChannelID: g.Channel, Message: pinged(q.User, notified(g, q))})
					}
				}
			}
		}
		p.Seen, pings = seen, false
	}
	waits, err := waiting(te, g, due)
	if err != nil {
		return err
	}
	next := pace.Plan(p.Pending, waits, main)
	for _, q := range pace.Newly(p.Pending, next) {
		notice(g, resp, q, notified(g, q), pings)
	}
	p.Pending = next
	return nil
}

// waiting is whom the battle g (or a reader's view of it) waits on, each
// move as it would fall due now, at due (pace.Plan).
func waiting(te battle.TurnEngine, g *battle.Game, due time.Time) ([]pace.Pending, error) {
	waits, err := te.Waiting(g)
	if err != nil {
		return nil, err
	}
	m, err := te.Moment(g)
	if err != nil {
		return nil, err
	}
	out := make([]pace.Pending, len(waits))
	for i, w := range waits {
		out[i] = pace.Pending{User: w.User, What: w.What, Moment: m.Key, SetAt: g.LogLen, Call: w.Call, Due: due}
	}
	return out, nil
}

// notified is what the holder of move q newly fallen due is told.
func notified(g *battle.Game, q pace.Pending) string {
	text := fmt.Sprintf("your move in %s: %s. Deadline %s.", g.Named(), q.What, render.Stamp(q.Due))
	if g.Pace.Paused != nil {
		text += " Deadlines are paused: the clock runs again when the umpire resumes them."
	}
	return text
}

// notice tells the holder of pending move q text: by DM, and, when pings
// is set and the battle has pings on, in the channel (mentioning him); for
// the umpire's own call, for his eyes alone (view.ForUmpire), not the
// channel's. The planner tells so the holder of a move newly fallen to
// him; the firing his reminder.
func notice(g *battle.Game, resp *interaction.Response, q pace.Pending, text string, pings bool) {
	if q.Call {
		view.ForUmpire(g, resp, interaction.Message{Content: render.Capital(text)}, "")
		return
	}
	if pings && g.Pace.Pings {
		// With pings off the channel reads his deadline on the turn
		// message, which lists every deadline, and no line a holder is posted.
		resp.Public = append(resp.Public, pinged(q.User, text))
	}
	resp.SendDM(interaction.DM{UserID: q.User, UserName: g.Player(q.User), Message: interaction.Message{Content: render.Capital(text)}})
}

// pinged is the message telling user text, mentioning him (pinging him alone).
func pinged(user, text string) interaction.Message {
	return interaction.Message{Content: "<@" + user + ">, " + text, Ping: user}
}
