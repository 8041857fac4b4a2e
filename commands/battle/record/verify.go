package record

import (
	"encoding/hex"
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/rules/dice"
)

// A Report is what Verify found when it recomputed a game's dice from its seed.
type Report struct {
	// SeedMatches is true when the game's seed hashes to its published commitment.
	SeedMatches bool
	// Rolls is how many roll numbers were recomputed; Dice how many dice.
	Rolls, Dice int
	// Mismatches are the dice whose logged face is not what the seed gives.
	Mismatches []Mismatch
	// Missing are roll numbers below the game's next roll that no log entry
	// carries: rolls made and not logged, or entries taken out of the log.
	Missing []uint64
	// Unverified are rolls drawn under an earlier seed that was not given.
	Unverified []Unverified
	// Problems are things wrong with the log itself, one sentence each.
	Problems []string
}

// A Mismatch is one die whose logged face differs from the recomputed one.
type Mismatch struct {
	Entry int    // the log entry that carries the die
	Roll  uint64 // its roll number
	Die   int    // its place in the roll's stream, from 1
	Sides int
	// Logged is the face in the log; Recomputed the face the seed gives.
	Logged, Recomputed int
}

// Unverified are the rolls of one earlier seed, known only by its commitment.
type Unverified struct {
	Commitment string
	// From and To are the first and last roll numbers the log carries under it.
	From, To uint64
	Rolls    int
}

// OK reports whether every roll was recomputed and matched and the log is whole.
func (r Report) OK() bool {
	return r.SeedMatches && len(r.Mismatches) == 0 && len(r.Missing) == 0 &&
		len(r.Unverified) == 0 && len(r.Problems) == 0
}

// Verify recomputes every die of every log entry from the seed of its roll
// number (dice.NewStream(seed, roll)) and compares it with the face logged. The
// dice of one roll number are drawn in log order across the entries that carry
// it (a command may log several entries from one roll). earlier are seeds of
// the game's earlier epochs (from where it was played before an import), each
// matched to its epoch by commitment; rolls of an epoch whose seed is not given
// are reported as unverified. log is the game's whole log (Service.ViewLog).
// Verify is pure: it reads g and log and changes nothing.
func Verify(g *battle.Game, log []gamelog.Entry, earlier ...[]byte) Report {
	var r Report
	r.SeedMatches = len(g.Seed) > 0 && dice.Commitment(g.Seed) == g.Commitment
	seeds := map[string][]byte{g.Commitment: g.Seed}
	if len(g.Seed) == 0 {
		delete(seeds, g.Commitment)
	}
	for _, s := range earlier {
		c := dice.Commitment(s)
		known := false
		for _, e := range g.Earlier {
			known = known || e.Commitment == c
		}
		if !known {
			r.Problems = append(r.Problems, fmt.Sprintf("The seed given (%s…) matches no earlier commitment of this battle.", hex.EncodeToString(s)[:8]))
			continue
		}
		seeds[c] = s
	}

	// The draws of each roll number in log order, and where each came from.
	type part struct {
		entry int
		draws []gamelog.Draw
	}
	rolls := map[uint64][]part{}
	var order []uint64
	var last uint64
	if len(log) != g.LogLen {
		r.Problems = append(r.Problems, fmt.Sprintf("The log holds %d entries; the battle counts %d.", len(log), g.LogLen))
	}
	for i, e := range log {
		if e.N != i+1 {
			r.Problems = append(r.Problems, fmt.Sprintf("Log entry %d is numbered #%d.", i+1, e.N))
		}
		if e.Roll == 0 {
			if len(e.Draws) > 0 {
				r.Problems = append(r.Problems, fmt.Sprintf("Log entry #%d has dice but no roll number.", e.N))
			}
			continue
		}
		if e.Roll >= g.NextRoll {
			r.Problems = append(r.Problems, fmt.Sprintf("Log entry #%d carries roll %d, but the battle has made only %d rolls.", e.N, e.Roll, g.NextRoll-1))
		}
		if e.Roll < last {
			r.Problems = append(r.Problems, fmt.Sprintf("Log entry #%d carries roll %d after roll %d (out of order).", e.N, e.Roll, last))
		}
		if _, seen := rolls[e.Roll]; !seen {
			order = append(order, e.Roll)
		}
		rolls[e.Roll] = append(rolls[e.Roll], part{e.N, e.Draws})
		last = max(last, e.Roll)
	}

	for n := uint64(1); n < g.NextRoll; n++ {
		if _, ok := rolls[n]; !ok {
			r.Missing = append(r.Missing, n)
		}
	}

	var stream dice.Stream
	unverified := map[string]*Unverified{}
	var unverifiedOrder []string
	for _, n := range order {
		c := commitmentFor(g, n)
		seed, ok := seeds[c]
		if !ok {
			u := unverified[c]
			if u == nil {
				u = &Unverified{Commitment: c, From: n}
				unverified[c] = u
				unverifiedOrder = append(unverifiedOrder, c)
			}
			u.To = n
			u.Rolls++
			continue
		}
		stream.Key(seed, n)
		r.Rolls++
		die := 0
	parts:
		for _, p := range rolls[n] {
			for _, d := range p.draws {
				die++
				if d.Sides < 1 {
					r.Problems = append(r.Problems, fmt.Sprintf("Log entry #%d has a die with %d sides; the rest of roll %d cannot be checked.", p.entry, d.Sides, n))
					break parts
				}
				r.Dice++
				if f := stream.Roll(d.Sides); f != d.Face {
					r.Mismatches = append(r.Mismatches, Mismatch{Entry: p.entry, Roll: n, Die: die, Sides: d.Sides, Logged: d.Face, Recomputed: f})
				}
			}
		}
	}
	for _, c := range unverifiedOrder {
		r.Unverified = append(r.Unverified, *unverified[c])
	}
	return r
}

// commitmentFor returns the commitment of the seed roll number n of g was
// drawn under.
func commitmentFor(g *battle.Game, n uint64) string {
	for _, e := range g.Earlier {
		if n < e.Below {
			return e.Commitment
		}
	}
	return g.Commitment
}
