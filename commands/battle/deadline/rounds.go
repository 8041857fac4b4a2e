package deadline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/state"
)

// fireRounds gives an umpire his daily digest, if these rounds are due and
// this replica claims them: whose move it is in each of his battles on the
// server, by direct message to him alone (it names every battle of his, so
// no battle's channel or desk, which others may read or share, is shown
// it). When the direct message cannot be delivered, each battle's desk is
// posted that battle's part alone instead (interaction.DM.Instead). An
// umpire with no desk in any of them (he umpires at the table) is sent
// none.
func fireRounds(ctx context.Context, s *battle.Service, rounds string) (interaction.Response, bool, error) {
	rx := s.Store().(Rounds)
	now := s.Now()
	channels, ok, err := rx.ClaimRounds(ctx, rounds, now, now.Add(pace.DigestEvery).Truncate(time.Second))
	if err != nil || !ok {
		return interaction.Response{}, false, err
	}
	slices.Sort(channels)
	var games []*battle.Game
	var unread []string
	for _, ch := range channels {
		g, err := s.View(ctx, ch)
		switch {
		case errors.Is(err, state.ErrNotFound):
		case err != nil:
			unread = append(unread, ch)
		case RoundsOf(g) == rounds:
			games = append(games, g)
		}
	}
	slices.SortStableFunc(games, func(a, b *battle.Game) int { return cmp.Compare(soonest(a).Unix(), soonest(b).Unix()) })
	var desks []interaction.Post
	for _, g := range games {
		if g.Desk != "" {
			head := "The day's digest of this battle, at its desk (your direct messages could not be delivered): whose move it is."
			desks = append(desks, interaction.Post{ChannelID: g.Desk, Message: interaction.Message{Content: digest(s, head, []*battle.Game{g}, nil)}})
		}
	}
	var resp interaction.Response
	if len(desks) == 0 {
		return resp, true, nil
	}
	head := "The day's digest of your battles on this server: whose move it is."
	if len(games) == 1 {
		head = "The day's digest of your battle on this server: whose move it is."
	}
	m := interaction.Message{Content: digest(s, head, games, unread)}
	resp.DMs = []interaction.DM{{UserID: games[0].Umpire, UserName: games[0].UmpireName, Message: m, Instead: desks}}
	return resp, true, nil
}

// digest says, after head, whose move it is in each of the games, the
// soonest due first.
func digest(s *battle.Service, head string, games []*battle.Game, unread []string) string {
	var b strings.Builder
	b.WriteString(head)
	for _, g := range games {
		name := "the " + g.Ruleset + " battle"
		if rs, ok := s.Ruleset(g.Ruleset); ok {
			name = "the " + rs.Name() + " battle"
		}
		if g.Name != "" {
			name = "**" + render.Inert(g.Name) + "**"
		}
		fmt.Fprintf(&b, "\n\n%s in <#%s> waits on", render.Capital(name), g.Channel)
		if g.Pace.Paused != nil {
			b.WriteString(" (its deadlines are paused)")
		}
		for _, q := range g.Pace.Pending {
			fmt.Fprintf(&b, "\n• **%s**: %s — due %s", render.Inert(g.Player(q.User)), q.What, render.Stamp(q.Due))
			if q.Late {
				b.WriteString(" (**late**)")
			}
		}
	}
	for _, ch := range unread {
		fmt.Fprintf(&b, "\n\nThe battle in <#%s> could not be read just now.", ch)
	}
	return b.String() // long, it continues in further messages (interaction.Fit)
}

// soonest is the earliest deadline of the moves g has pending.
func soonest(g *battle.Game) time.Time {
	var t time.Time
	for _, q := range g.Pace.Pending {
		if t.IsZero() || q.Due.Before(t) {
			t = q.Due
		}
	}
	return t
}
