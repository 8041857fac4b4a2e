package battle

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// replan brings the battle's pending moves in line with its turn engine's
// Waiting after a change: a move still waited on at the same moment keeps
// its deadline; a move newly fallen to someone gets one, and its holder is
// told (by DM, and in the channel, pinged when the battle has pings on); a
// move no longer waited on is dropped. An ended battle waits on no one.
func (s *Service) replan(tx *Tx, resp *interaction.Response) error {
	g := tx.Game
	if g == nil || !g.Pace.On() {
		return nil
	}
	p := g.Pace
	te, ok := s.rulesets[g.Ruleset].(TurnEngine)
	if !ok || !g.Running() {
		p.Pending = nil
		return nil
	}
	waits, err := te.Waiting(g)
	if err != nil {
		return err
	}
	m, err := te.Moment(g)
	if err != nil {
		return err
	}
	var next []Pending
	for _, w := range waits {
		if i := slices.IndexFunc(next, func(q Pending) bool { return q.User == w.User }); i >= 0 {
			next[i].What += "; " + w.What // two moves of one holder at one moment
			continue
		}
		if i := slices.IndexFunc(p.Pending, func(q Pending) bool { return q.User == w.User && q.Moment == m.Key }); i >= 0 {
			q := p.Pending[i]
			q.What, q.Call = w.What, w.Call
			next = append(next, q)
			continue
		}
		next = append(next, Pending{User: w.User, What: w.What, Moment: m.Key, SetAt: g.LogLen, Call: w.Call,
			Due: tx.Now.Add(time.Duration(p.Move)).UTC().Truncate(time.Second)})
	}
	for _, q := range next {
		if !slices.ContainsFunc(p.Pending, func(o Pending) bool { return o.User == q.User && o.Moment == q.Moment }) {
			text := fmt.Sprintf("your move in %s: %s. Deadline %s.", battleName(g), q.What, Stamp(q.Due))
			if p.Paused != nil {
				text += " Deadlines are paused: the clock runs again when the umpire resumes them."
			}
			notice(g, resp, q, text)
		}
	}
	p.Pending = next
	return nil
}

// notice tells the holder of pending move q text: as tell does, or, for
// the umpire's own call, for his eyes alone (ForUmpire), not the channel's.
func notice(g *Game, resp *interaction.Response, q Pending, text string) {
	if q.Call {
		ForUmpire(g, resp, interaction.Message{Content: render.Capital(text)}, "")
		return
	}
	tell(g, resp, q.User, text)
}

// tell tells user text by DM; when the battle has pings on, also in the
// channel, mentioning him (pinging him alone). With pings off the channel
// reads his deadline on the turn message, which lists every deadline, and
// no line a holder is posted.
func tell(g *Game, resp *interaction.Response, user, text string) {
	if g.Pace.Pings {
		resp.Public = append(resp.Public, interaction.Message{Content: "<@" + user + ">, " + text, Ping: user})
	}
	sendDM(resp, interaction.DM{UserID: user, UserName: g.Player(user), Message: interaction.Message{Content: render.Capital(text)}})
}

// sendDM adds dm to resp: as a message of its own, or, when resp already
// holds a DM to the same user and dm is words alone, as a paragraph of that
// one; so one event sends a holder one DM (a count call and its deadline).
func sendDM(resp *interaction.Response, dm interaction.DM) {
	m := dm.Message
	if len(m.Embeds)+len(m.Buttons)+len(m.Files) == 0 {
		for i := range resp.DMs {
			if d := &resp.DMs[i]; d.UserID == dm.UserID {
				d.Message.Content = strings.TrimSpace(d.Message.Content + "\n\n" + m.Content)
				d.Fallback = cmp.Or(d.Fallback, dm.Fallback)
				return
			}
		}
	}
	resp.DMs = append(resp.DMs, dm)
}

// battleName names a battle in a notice: "Talavera" or "the Green Jackets battle".
func battleName(g *Game) string {
	if g.Name != "" {
		return "**" + render.Inert(g.Name) + "**"
	}
	return "this channel's battle"
}

// Stamp is a moment as a Discord timestamp: "in 3 hours", in each reader's own zone.
func Stamp(t time.Time) string {
	return fmt.Sprintf("<t:%d:R> (<t:%d:f>)", t.Unix(), t.Unix())
}
