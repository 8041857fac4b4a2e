package battle

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/referee-bot/referee/commands/battle/pace"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/state"
)

// Rounds is a store's list of each umpire's battles with moves pending on a
// server (his rounds), kept beside the due index for his daily digest: one
// digest of whose move it is in each of them, claimed by one replica. A
// rounds may list a battle that no longer has moves pending (the digest
// passes it over), never miss one that has: a battle is listed before its
// document says so (Pace.Listed), and taken out only after.
type Rounds interface {
	// Enlist lists channel in rounds and makes rounds due at at, or earlier
	// if they already are (in the due index, under their own name).
	Enlist(ctx context.Context, rounds, channel string, at time.Time) error
	// Delist takes channels out; rounds left empty leave the due index.
	Delist(ctx context.Context, rounds string, channels ...string) error
	// ClaimRounds claims rounds due by now, making them due at next, and
	// returns their channels; false when they are not due (another replica
	// claimed them).
	ClaimRounds(ctx context.Context, rounds string, now, next time.Time) ([]string, bool, error)
}

// roundsPrefix starts the name of an umpire's rounds in the due index,
// where it cannot be taken for a channel id (a number).
const roundsPrefix = "rounds:"

// roundsOf names the rounds the battle must be listed in: its umpire's on
// its server while it has moves pending, none ("") otherwise.
func roundsOf(g *Game) string {
	if g == nil || !g.Running() || !g.Pace.On() || len(g.Pace.Pending) == 0 {
		return ""
	}
	return roundsPrefix + g.Guild + "." + g.Umpire
}

// listing is what a change does to the battle's place in its umpire's
// rounds: the rounds to enlist it in before its document is written, and
// those to take it out of after.
type listing struct {
	enlist, delist string
}

// list brings g's Pace.Listed in line with the rounds it belongs to, and
// says what the store must do: enlisted are the rounds this change has
// already listed it in, before were the rounds the stored battle was
// listed in.
func list(g *Game, before string, enlisted map[string]bool) listing {
	want := roundsOf(g)
	var l listing
	if want != "" && want != before && !enlisted[want] {
		return listing{enlist: want}
	}
	if g != nil && g.Pace != nil {
		g.Pace.Listed = want
	}
	if before != "" && before != want {
		l.delist = before
	}
	return l
}

// fireRounds gives an umpire his daily digest, if these rounds are due and
// this replica claims them: whose move it is in each of his battles on the
// server, by direct message to him alone (it names every battle of his, so
// no battle's channel or desk, which others may read or share, is shown
// it). When the direct message cannot be delivered, each battle's desk is
// posted that battle's part alone instead (interaction.DM.Instead). An
// umpire with no desk in any of them (he umpires at the table) is sent
// none.
func (s *Service) fireRounds(ctx context.Context, rounds string) (interaction.Response, bool, error) {
	rx := s.store.(Rounds)
	now := s.now()
	channels, ok, err := rx.ClaimRounds(ctx, rounds, now, now.Add(pace.DigestEvery).Truncate(time.Second))
	if err != nil || !ok {
		return interaction.Response{}, false, err
	}
	slices.Sort(channels)
	var games []*Game
	var unread []string
	for _, ch := range channels {
		g, err := s.View(ctx, ch)
		switch {
		case errors.Is(err, state.ErrNotFound):
		case err != nil:
			unread = append(unread, ch)
		case roundsOf(g) == rounds:
			games = append(games, g)
		}
	}
	slices.SortStableFunc(games, func(a, b *Game) int { return cmp.Compare(soonest(a).Unix(), soonest(b).Unix()) })
	var desks []interaction.Post
	for _, g := range games {
		if g.Desk != "" {
			head := "The day's digest of this battle, at its desk (your direct messages could not be delivered): whose move it is."
			desks = append(desks, interaction.Post{ChannelID: g.Desk, Message: interaction.Message{Content: s.digest(head, []*Game{g}, nil)}})
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
	m := interaction.Message{Content: s.digest(head, games, unread)}
	resp.DMs = []interaction.DM{{UserID: games[0].Umpire, UserName: games[0].UmpireName, Message: m, Instead: desks}}
	return resp, true, nil
}

// digest says, after head, whose move it is in each of the games, the
// soonest due first.
func (s *Service) digest(head string, games []*Game, unread []string) string {
	var b strings.Builder
	b.WriteString(head)
	for _, g := range games {
		name := "the " + g.Ruleset + " battle"
		if rs, ok := s.rulesets[g.Ruleset]; ok {
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
			fmt.Fprintf(&b, "\n• **%s**: %s — due %s", render.Inert(g.Player(q.User)), q.What, Stamp(q.Due))
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
func soonest(g *Game) time.Time {
	var t time.Time
	for _, q := range g.Pace.Pending {
		if t.IsZero() || q.Due.Before(t) {
			t = q.Due
		}
	}
	return t
}
