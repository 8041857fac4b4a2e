package deadline

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/battle/settle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/state"
)

// Timers reports whether the battles' store can hold deadlines (it has a
// DueIndex).
func Timers(s *battle.Service) bool {
	_, ok := s.Store().(DueIndex)
	return ok
}

// Due lists at most limit channels with something due now, earliest first
// (an umpire's rounds among them, by their name).
func Due(ctx context.Context, s *battle.Service, limit int) ([]string, error) {
	ix, ok := s.Store().(DueIndex)
	if !ok {
		return nil, nil
	}
	return ix.Due(ctx, s.Now(), limit)
}

// Fired is what a firing did, in its Response's Result.
type Fired struct {
	// Token tells the firing that made the change from another replica's
	// firing of the same moment, whose response the store replays.
	Token    string   `json:"token"`
	Reminded []string `json:"reminded,omitempty"`
	Late     []string `json:"late,omitempty"`
	Passed   []string `json:"passed,omitempty"`
}

// firingKey marks a firing's context, for Keep.
type firingKey struct{}

// Fire does what is due in the channel's battle now: reminders, and the
// policy of deadlines reached; or, for an umpire's rounds, his digest
// (fireRounds). It is a change like any other but the clock's
// (battle.Tx.ByClock): a move acknowledged first wins; it is idempotent on
// an id made of the channel, the time due, its kind and the log's length,
// so that replicas firing it at once do it once. mine is true for the call
// that made the change: only it delivers the response. The index is set
// to exactly the battle's next due time with it, before its document is
// written (Keep). A firing the store did not confirm is settled in the
// background and, if it was made, delivered through ctx's Later
// (interaction.WithLater, settle.Firing).
func Fire(ctx context.Context, s *battle.Service, channel string) (resp interaction.Response, mine bool, err error) {
	ix, ok := s.Store().(DueIndex)
	if !ok {
		return interaction.Response{}, false, nil
	}
	if _, ok := s.Store().(Rounds); ok && strings.HasPrefix(channel, RoundsPrefix) {
		return fireRounds(ctx, s, channel)
	}
	g, err := s.View(ctx, channel)
	if errors.Is(err, state.ErrNotFound) {
		return interaction.Response{}, false, ix.SetDue(ctx, channel, time.Time{})
	}
	if err != nil {
		return interaction.Response{}, false, err
	}
	now := s.Now()
	at, kind := g.Pace.Due(now)
	var t [8]byte
	if _, err := rand.Read(t[:]); err != nil {
		return interaction.Response{}, false, fmt.Errorf("deadline: firing token: %w", err)
	}
	token := hex.EncodeToString(t[:])
	req := interaction.Request{
		// The log's length tells apart two moves due at the same second:
		// the firing that passes the first logs it.
		ID:        fmt.Sprintf("due/%s/%d/%s/%d", channel, at.Unix(), kind, g.LogLen),
		ChannelID: channel, GuildID: g.Guild,
		User: interaction.User{ID: g.Umpire, Name: g.UmpireName},
		Path: "deadline",
	}
	ours := func(r *interaction.Response) bool {
		// A stored answer's Result comes back as JSON decodes it.
		var f Fired
		if b, err := json.Marshal(r.Result); err != nil || json.Unmarshal(b, &f) != nil || f.Token != token {
			return false
		}
		r.Result = f
		return true
	}
	ctx = context.WithValue(settle.Firing(ctx, ours), firingKey{}, true)
	resp, err = s.ChangeAny(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		tx.ByClock()
		return fire(s, tx, token)
	})
	if err != nil {
		// Fire it again soon: an index left late could lose the deadline.
		if lerr := ix.LowerDue(ctx, channel, now.Add(time.Minute)); lerr != nil {
			err = errors.Join(err, lerr)
		}
		return interaction.Response{}, false, err
	}
	f, _ := resp.Result.(Fired)
	return resp, f.Token == token, nil
}

// fire is the change of a firing: each reminder due goes (one a deadline,
// however many were missed or set), and each deadline reached takes the
// battle's policy: the umpire is told who is late, or the move is passed.
// One move is passed per firing, since a pass moves the battle on and what
// else is pending with it; the next firing does the rest. A pass of a move
// the main channel was shown is an advance of the clock alone: at
// MaxUnattended of them in a row, with no command from any person between,
// the battle pauses itself (stall). (An unseen holder's move passed is not
// counted: the main channel would read the pause a turn early.) A move a
// reader was shown whose deadline passes is shown late (Pace.Seen).
func fire(s *battle.Service, tx *battle.Tx, token string) (interaction.Response, error) {
	g := tx.Game
	resp := interaction.Response{}
	f := Fired{Token: token}
	p := g.Pace
	if p.On() && p.Paused == nil && g.Running() {
		passed, counted := false, false
		for i := range p.Pending {
			q := &p.Pending[i]
			if at, ok := p.RemindAt(*q); ok && !at.After(tx.Now) && q.Due.After(tx.Now) {
				q.Reminded = len(p.Reminders)
				notice(g, &resp, *q, fmt.Sprintf("a reminder: your move in %s is due %s: %s.", g.Named(), render.Stamp(q.Due), q.What), !g.Fogged())
				f.Reminded = append(f.Reminded, q.User)
			}
			if q.Late || q.Due.After(tx.Now) || passed {
				continue
			}
			q.Reminded = len(p.Reminders)
			if p.Expire == pace.ExpirePass {
				shown := p.ShownMain(*q)
				r, err := pass(s, tx, *q, shown)
				if err == nil {
					resp.Public = append(resp.Public, r.Public...)
					resp.DMs = append(resp.DMs, r.DMs...)
					resp.Posts = append(resp.Posts, r.Posts...)
					resp.Turn = r.Turn
					f.Passed, passed, counted = append(f.Passed, q.User), true, shown
					continue
				}
				var refusal *interaction.Refusal
				if !errors.As(err, &refusal) {
					return interaction.Response{}, err
				}
				late(g, &resp, *q, "It could not be passed: "+refusal.Reason)
			} else {
				late(g, &resp, *q, "Nothing changes: the battle waits on the move.")
			}
			q.Late = true
			f.Late = append(f.Late, q.User)
		}
		for _, qs := range p.Seen {
			for i := range qs {
				if p.ShownLate(qs[i], tx.Now) {
					qs[i].Late = true
				}
			}
		}
		if counted {
			p.Unattended++
			if p.Unattended >= pace.MaxUnattended {
				stall(tx, &resp)
			}
		}
	}
	if p == nil { // deadlines switched off since the battle was indexed
		p = &pace.Pace{}
		g.Pace = p
	}
	p.Checked = tx.Now.UTC().Truncate(time.Second)
	resp.Result = f
	return resp, nil
}

// stall pauses a battle the clock alone has advanced MaxUnattended times
// in a row, and says so once: in the channel, and to the umpire by DM and
// at his desk.
func stall(tx *battle.Tx, resp *interaction.Response) {
	g, p := tx.Game, tx.Game.Pace
	p.Pause(tx.Now.UTC().Truncate(time.Second))
	p.Stalled = true
	tx.Log("deadline: the battle paused itself, moved on twice by the clock alone")
	text := fmt.Sprintf("%s has paused itself: the clock alone has moved it on %d times in a row, with no command from anyone. "+
		"No reminder goes and no deadline passes until the umpire resumes it with `/game resume`.", render.Capital(g.Named()), pace.MaxUnattended)
	resp.Public = append(resp.Public, interaction.Message{Content: text})
	m := interaction.Message{Content: text}
	if g.Desk != "" {
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: g.Desk, Message: m})
	}
	resp.SendDM(interaction.DM{UserID: g.Umpire, UserName: g.Player(g.Umpire), Message: m})
}

// pass passes a late move under ExpirePass, as its holder's own pass would,
// and announces it: in the channel when the main channel was shown the
// move (shown), to the umpire and the holder otherwise.
func pass(s *battle.Service, tx *battle.Tx, q pace.Pending, shown bool) (interaction.Response, error) {
	g := tx.Game
	rs, _ := s.Ruleset(g.Ruleset)
	te, ok := rs.(battle.TurnEngine)
	if !ok {
		return interaction.Response{}, interaction.Refusef("%s has no turn sequence to pass a move in.", g.Ruleset)
	}
	tx.Req.User = interaction.User{ID: g.Umpire, Name: g.UmpireName}
	r, err := te.Pass(tx, q.User)
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Req.User = interaction.User{ID: g.Umpire, Name: g.UmpireName}
	if q.Call {
		tx.Log("deadline: the umpire's call made")
		head := interaction.Message{Content: fmt.Sprintf("The deadline of **%s** has passed: the referee makes the umpire's call, exactly as his `/turn next` would.",
			render.Inert(g.Player(q.User)))}
		r.Public = append([]interaction.Message{head}, r.Public...)
		return r, nil
	}
	tx.Log(fmt.Sprintf("deadline: the move of %s passed", g.Player(q.User)))
	head := interaction.Message{Content: fmt.Sprintf("The deadline of **%s** has passed: the move is passed, exactly as their own pass would do.",
		render.Inert(g.Player(q.User)))}
	if !shown {
		view.ForUmpire(g, &r, head, "")
		r.SendDM(interaction.DM{UserID: q.User, UserName: g.Player(q.User), Message: head})
		return r, nil
	}
	r.Public = append([]interaction.Message{head}, r.Public...)
	return r, nil
}

// late tells the umpire that a move's deadline has passed: at his desk, or
// by DM.
func late(g *battle.Game, resp *interaction.Response, q pace.Pending, then string) {
	view.ForUmpire(g, resp, interaction.Message{Content: fmt.Sprintf("In %s, **%s** is late: the deadline (%s) of the move “%s” has passed. %s",
		g.Named(), render.Inert(g.Player(q.User)), render.Stamp(q.Due), q.What, then)}, "")
}
