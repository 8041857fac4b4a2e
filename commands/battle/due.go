package battle

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/state"
)

// A DueIndex is a store's index of when each battle next has something due
// (a reminder, an expiry): a store that has one can hold deadlines. It may
// hold a time earlier than the battle's (a firing then finds nothing due,
// and sets it right), never a later one: the service writes it before the
// document whenever a change brings the battle's next due time earlier.
type DueIndex interface {
	// LowerDue makes the channel due at at, or earlier if it already is.
	LowerDue(ctx context.Context, channel string, at time.Time) error
	// SetDue makes the channel due at exactly at; a zero at takes it out.
	SetDue(ctx context.Context, channel string, at time.Time) error
	// Due lists at most limit channels due at or before now, earliest first.
	Due(ctx context.Context, now time.Time, limit int) ([]string, error)
}

// Timers reports whether the store can hold deadlines (it has a DueIndex).
func (s *Service) Timers() bool {
	_, ok := s.store.(DueIndex)
	return ok
}

// errIndexFirst aborts a change whose due time must reach the index before
// the document does; change writes it and runs the change again.
var errIndexFirst = errors.New("battle: the due index is written first")

// maxIndexRounds bounds how often one change writes the index and starts
// again (each time because another change moved the due time meanwhile).
const maxIndexRounds = 4

// changeIndexed is changeOnce with the battle's deadlines replanned after fn
// (replan), keeping the due index no later than the document: when a
// change would bring the battle's next due time earlier than the one
// stored, it is aborted, the index is lowered, and the change made again.
// A firing (Tx.firing) sets the index to exactly the time it leaves, in
// the same way, before its document is written. A battle that comes to
// have moves pending is listed in its umpire's rounds (Rounds) in the same
// way before its document says so, and taken out after.
func (s *Service) changeIndexed(ctx context.Context, req interaction.Request, w where, load func(*Game) (*Game, error), fn ChangeFunc) (interaction.Response, error) {
	ix, indexed := s.store.(DueIndex)
	rx, rounded := s.store.(Rounds)
	var wrote time.Time // what this call put in the index
	written := false
	enlisted := map[string]bool{} // the rounds this call listed the battle in
	for round := 0; ; round++ {
		var want time.Time
		var l listing
		firing := false
		resp, err := s.changeOnce(ctx, req, w, load, func(tx *Tx) (interaction.Response, error) {
			var before time.Time
			var listed string
			if tx.Game != nil {
				before = tx.Game.Pace.Next()
				if tx.Game.Pace != nil {
					listed = tx.Game.Pace.Listed
				}
			}
			resp, err := fn(tx)
			if err != nil {
				return resp, err
			}
			attended(tx)
			if err := s.afterCommand(tx, &resp); err != nil {
				return interaction.Response{}, err
			}
			if rounded {
				if l = list(tx.Game, listed, enlisted); l.enlist != "" {
					return interaction.Response{}, errIndexFirst
				}
			}
			if !indexed || tx.Game == nil {
				return resp, nil
			}
			after := tx.Game.Pace.Next()
			firing = tx.firing
			if !covered(before, after, wrote, written, firing) {
				want = after
				return interaction.Response{}, errIndexFirst
			}
			return resp, nil
		})
		if err == nil && l.delist != "" {
			// Left listed, the battle would only be passed over by the
			// digest, as one without moves pending: not worth failing a
			// change already made.
			_ = rx.Delist(ctx, l.delist, req.ChannelID)
		}
		if !errors.Is(err, errIndexFirst) {
			return resp, err
		}
		if round == maxIndexRounds {
			return interaction.Response{}, fmt.Errorf("battle: due index of %s: %w", req.ChannelID, state.ErrConflict)
		}
		if l.enlist != "" {
			if err := rx.Enlist(ctx, l.enlist, req.ChannelID, s.now().Add(pace.DigestEvery).Truncate(time.Second)); err != nil {
				return interaction.Response{}, fmt.Errorf("battle: the umpire's rounds %s: %w", l.enlist, err)
			}
			enlisted[l.enlist] = true
			continue
		}
		if firing {
			err = ix.SetDue(ctx, req.ChannelID, want)
		} else {
			err = ix.LowerDue(ctx, req.ChannelID, want)
		}
		if err != nil {
			return interaction.Response{}, fmt.Errorf("battle: due index of %s: %w", req.ChannelID, err)
		}
		wrote, written = want, true
	}
}

// covered reports whether the index already serves a change that leaves
// the battle next due at after (zero: nothing due), the stored battle being
// next due at before, this change having written wrote to the index (if
// written). A change may leave the index early; a firing sets it exactly.
func covered(before, after, wrote time.Time, written, firing bool) bool {
	switch {
	case firing:
		return written && (wrote.IsZero() && after.IsZero() || !wrote.IsZero() && !after.IsZero() && !after.Before(wrote))
	case after.IsZero():
		return true
	case written && !wrote.IsZero() && !after.Before(wrote):
		return true
	}
	return !before.IsZero() && !after.Before(before)
}

// Due lists at most limit channels with something due now, earliest first.
func (s *Service) Due(ctx context.Context, limit int) ([]string, error) {
	ix, ok := s.store.(DueIndex)
	if !ok {
		return nil, nil
	}
	return ix.Due(ctx, s.now(), limit)
}

// Clock is who the log and the messages name for what a deadline did: not
// the umpire, nor the holder it acted for.
const Clock = "deadline"

// Fired is what a firing did, in its Response's Result.
type Fired struct {
	// Token tells the firing that made the change from another replica's
	// firing of the same moment, whose response the store replays.
	Token    string   `json:"token"`
	Reminded []string `json:"reminded,omitempty"`
	Late     []string `json:"late,omitempty"`
	Passed   []string `json:"passed,omitempty"`
}

// Fire does what is due in the channel's battle now: reminders, and the
// policy of deadlines reached. It is a change like any other (a move
// acknowledged first wins), idempotent on an id made of the channel, the
// time due, its kind and the log's length, so that replicas firing it at
// once do it once.
// mine is true for the call that made the change: only it delivers the
// response. The index is set to the battle's next due time with it. A
// firing the store did not confirm is settled in the background and, if
// it was made, delivered through ctx's Later (interaction.WithLater).
func (s *Service) Fire(ctx context.Context, channel string) (resp interaction.Response, mine bool, err error) {
	ix, ok := s.store.(DueIndex)
	if !ok {
		return interaction.Response{}, false, nil
	}
	if _, ok := s.store.(Rounds); ok && strings.HasPrefix(channel, roundsPrefix) {
		return s.fireRounds(ctx, channel)
	}
	g, err := s.View(ctx, channel)
	if errors.Is(err, state.ErrNotFound) {
		return interaction.Response{}, false, ix.SetDue(ctx, channel, time.Time{})
	}
	if err != nil {
		return interaction.Response{}, false, err
	}
	now := s.now()
	at, kind := g.Pace.Due(now)
	var t [8]byte
	if _, err := rand.Read(t[:]); err != nil {
		return interaction.Response{}, false, fmt.Errorf("battle: firing token: %w", err)
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
	// The firing settles itself (settleFiring), not as a command would.
	resp, err = s.change(interaction.WithLater(ctx, nil), req, func(g *Game) (*Game, error) {
		if g == nil {
			return nil, state.ErrNotFound
		}
		return g, nil
	}, func(tx *Tx) (interaction.Response, error) {
		tx.firing = true
		return s.fire(tx, token)
	}, follow)
	if errors.Is(err, state.ErrIndeterminate) {
		s.settleFiring(ctx, req, token)
	}
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
func (s *Service) fire(tx *Tx, token string) (interaction.Response, error) {
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
				notice(g, &resp, *q, fmt.Sprintf("a reminder: your move in %s is due %s: %s.", battleName(g), Stamp(q.Due), q.What), !g.Fogged())
				f.Reminded = append(f.Reminded, q.User)
			}
			if q.Late || q.Due.After(tx.Now) || passed {
				continue
			}
			q.Reminded = len(p.Reminders)
			if p.Expire == pace.ExpirePass {
				shown := p.ShownMain(*q)
				r, err := s.pass(tx, *q, shown)
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
func stall(tx *Tx, resp *interaction.Response) {
	g, p := tx.Game, tx.Game.Pace
	p.Pause(tx.Now.UTC().Truncate(time.Second))
	p.Stalled = true
	tx.Log("deadline: the battle paused itself, moved on twice by the clock alone")
	text := fmt.Sprintf("%s has paused itself: the clock alone has moved it on %d times in a row, with no command from anyone. "+
		"No reminder goes and no deadline passes until the umpire resumes it with `/game resume`.", render.Capital(battleName(g)), pace.MaxUnattended)
	resp.Public = append(resp.Public, interaction.Message{Content: text})
	m := interaction.Message{Content: text}
	if g.Desk != "" {
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: g.Desk, Message: m})
	}
	sendDM(resp, interaction.DM{UserID: g.Umpire, UserName: g.Player(g.Umpire), Message: m})
}

// attended notes a change made by a person (not the clock, nor the
// referee's own bookkeeping) that the log records: the clock's advances
// are counted afresh. A look that changes nothing (/turn status) is not
// one: the battle is still left alone.
func attended(tx *Tx) {
	if tx.firing || tx.bookkeeping || tx.Game == nil || tx.Game.Pace == nil || tx.Req.User.ID == "" || tx.Req.Kind == interaction.KindAutocomplete || len(tx.logged) == 0 {
		return
	}
	tx.Game.Pace.Unattended = 0
}

// pass passes a late move under ExpirePass, as its holder's own pass would,
// and announces it: in the channel when the main channel was shown the
// move (shown), to the umpire and the holder otherwise.
func (s *Service) pass(tx *Tx, q pace.Pending, shown bool) (interaction.Response, error) {
	g := tx.Game
	te, ok := s.rulesets[g.Ruleset].(TurnEngine)
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
		ForUmpire(g, &r, head, "")
		sendDM(&r, interaction.DM{UserID: q.User, UserName: g.Player(q.User), Message: head})
		return r, nil
	}
	r.Public = append([]interaction.Message{head}, r.Public...)
	return r, nil
}

// late tells the umpire that a move's deadline has passed: at his desk, or
// by DM.
func late(g *Game, resp *interaction.Response, q pace.Pending, then string) {
	ForUmpire(g, resp, interaction.Message{Content: fmt.Sprintf("In %s, **%s** is late: the deadline (%s) of the move “%s” has passed. %s",
		battleName(g), render.Inert(g.Player(q.User)), Stamp(q.Due), q.What, then)}, "")
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
	sendDM(resp, interaction.DM{UserID: g.Umpire, UserName: g.Player(g.Umpire), Message: m, Fallback: fallback})
}
