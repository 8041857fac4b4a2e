package battle

import (
	"context"
	"time"
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

// RoundsPrefix starts the name of an umpire's rounds in the due index,
// where it cannot be taken for a channel id (a number): a name due there
// that starts so is his digest's (commands/battle/deadline), not a
// battle's.
const RoundsPrefix = "rounds:"

// RoundsOf names the rounds the battle must be listed in: its umpire's on
// its server while it has moves pending, none ("") otherwise.
func RoundsOf(g *Game) string {
	if g == nil || !g.Running() || !g.Pace.On() || len(g.Pace.Pending) == 0 {
		return ""
	}
	return RoundsPrefix + g.Guild + "." + g.Umpire
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
