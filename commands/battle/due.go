package battle

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
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

// errIndexFirst aborts a change whose due time must reach the index before
// the document does; change writes it and runs the change again.
var errIndexFirst = errors.New("battle: the due index is written first")

// maxIndexRounds bounds how often one change writes the index and starts
// again (each time because another change moved the due time meanwhile).
const maxIndexRounds = 4

// changeIndexed is changeOnce with the battle's deadlines replanned after fn
// (the Planner), keeping the due index no later than the document: when a
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

// Clock is who the log and the messages name for what a deadline did: not
// the umpire, nor the holder it acted for.
const Clock = "deadline"

// Fire makes fn, a firing of the battle in req's channel (what is due
// there, commands/battle/deadline), as a change like any other but the
// clock's: what it logs is Clock's, it is no person's command (attended),
// and the due index is set to exactly the time it leaves the battle next
// due at, before its document is written (changeIndexed). A channel with
// no battle is state.ErrNotFound. A firing the store did not confirm is
// settled as ctx says (commands/battle/settle.Firing).
func (s *Service) Fire(ctx context.Context, req interaction.Request, fn ChangeFunc) (interaction.Response, error) {
	return s.change(ctx, req, func(g *Game) (*Game, error) {
		if g == nil {
			return nil, state.ErrNotFound
		}
		return g, nil
	}, func(tx *Tx) (interaction.Response, error) {
		tx.firing = true
		return fn(tx)
	}, follow)
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
