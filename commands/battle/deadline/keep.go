package deadline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
)

// A DueIndex is a store's index of when each battle next has something due
// (a reminder, an expiry): a store that has one can hold deadlines. It may
// hold a time earlier than the battle's (a firing then finds nothing due,
// and sets it right), never a later one: Keep writes it before the
// document whenever a change brings the battle's next due time earlier.
type DueIndex interface {
	// LowerDue makes the channel due at at, or earlier if it already is.
	LowerDue(ctx context.Context, channel string, at time.Time) error
	// SetDue makes the channel due at exactly at; a zero at takes it out.
	SetDue(ctx context.Context, channel string, at time.Time) error
	// Due lists at most limit channels due at or before now, earliest first.
	Due(ctx context.Context, now time.Time, limit int) ([]string, error)
}

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

// RoundsPrefix starts the name of an umpire's rounds in the due index,
// where it cannot be taken for a channel id (a number): a name due there
// that starts so is his digest's (Fire), not a battle's.
const RoundsPrefix = "rounds:"

// RoundsOf names the rounds the battle must be listed in: its umpire's on
// its server while it has moves pending, none ("") otherwise.
func RoundsOf(g *battle.Game) string {
	if g == nil || !g.Running() || !g.Pace.On() || len(g.Pace.Pending) == 0 {
		return ""
	}
	return RoundsPrefix + g.Guild + "." + g.Umpire
}

// errIndexFirst aborts a change whose due time must reach the index before
// the document does; Keep writes it and has the change made again.
var errIndexFirst = errors.New("deadline: the due index is written first")

// maxIndexRounds bounds how often one change writes the index and starts
// again (each time because another change moved the due time meanwhile).
const maxIndexRounds = 4

// Keep is the battle service's keeper of the store's indexes
// (battle.Service.PlanDeadlines, set by the routes with Replan): it keeps
// the due index no later than the documents: when a change would bring
// the battle's next due time earlier than the one stored, it is aborted,
// the index is lowered, and the change made again. A firing (Fire) sets
// the index to exactly the time it leaves, in the same way, before its
// document is written. A battle that comes to have moves pending is listed
// in its umpire's rounds (Rounds) in the same way before its document says
// so, and taken out after. A store with neither keeps nothing.
func Keep(s *battle.Service) battle.Keeper {
	ix, indexed := s.Store().(DueIndex)
	rx, rounded := s.Store().(Rounds)
	return func(ctx context.Context, req interaction.Request, change func(battle.Watch) (interaction.Response, error)) (interaction.Response, error) {
		firing := ctx.Value(firingKey{}) != nil
		var wrote time.Time // what this call put in the index
		written := false
		enlisted := map[string]bool{} // the rounds this call listed the battle in
		for round := 0; ; round++ {
			var want time.Time
			var l listing
			resp, err := change(func(tx *battle.Tx) func() error {
				var before time.Time
				var listed string
				if tx.Game != nil {
					before = tx.Game.Pace.Next()
					if tx.Game.Pace != nil {
						listed = tx.Game.Pace.Listed
					}
				}
				return func() error {
					if rounded {
						if l = list(tx.Game, listed, enlisted); l.enlist != "" {
							return errIndexFirst
						}
					}
					if !indexed || tx.Game == nil {
						return nil
					}
					if after := tx.Game.Pace.Next(); !covered(before, after, wrote, written, firing) {
						want = after
						return errIndexFirst
					}
					return nil
				}
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
				return interaction.Response{}, fmt.Errorf("deadline: due index of %s: %w", req.ChannelID, state.ErrConflict)
			}
			if l.enlist != "" {
				if err := rx.Enlist(ctx, l.enlist, req.ChannelID, s.Now().Add(pace.DigestEvery).Truncate(time.Second)); err != nil {
					return interaction.Response{}, fmt.Errorf("deadline: the umpire's rounds %s: %w", l.enlist, err)
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
				return interaction.Response{}, fmt.Errorf("deadline: due index of %s: %w", req.ChannelID, err)
			}
			wrote, written = want, true
		}
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
func list(g *battle.Game, before string, enlisted map[string]bool) listing {
	want := RoundsOf(g)
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
