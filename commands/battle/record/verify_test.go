package record

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/rules/dice"
)

func TestPlayedGameShape(t *testing.T) {
	g, log := played(t)
	if g.NextRoll != 5 || g.LogLen != len(log) {
		t.Errorf("NextRoll = %d, want 5 (four commands rolled); LogLen %d, want %d", g.NextRoll, g.LogLen, len(log))
	}
	var got []uint64
	for _, e := range log {
		got = append(got, e.Roll)
	}
	want := []uint64{1, 2, 0, 2, 0, 3, 4}
	if !cmp.Equal(got, want) {
		t.Errorf("roll numbers of the log = %v, want %v", got, want)
	}
	if e := log[6]; e.Summary != "roll for test" || len(e.Draws) != 1 {
		t.Errorf("unlogged dice: entry %+v, want flushed as \"roll for test\" with 1 die", e)
	}
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name    string
		tamper  func(g *battle.Game, log *[]gamelog.Entry)
		earlier [][]byte
		// someMismatch: the dice differ somewhere, exactly where depends on the stream.
		someMismatch bool
		want         Report
	}{
		{
			name: "untouched log: all match",
			want: Report{SeedMatches: true, Rolls: 4, Dice: 7},
		},
		{
			name:   "a face changed",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) { d := &(*log)[0].Draws[0]; d.Face = d.Face%20 + 1 },
			want: Report{SeedMatches: true, Rolls: 4, Dice: 7,
				Mismatches: []Mismatch{{Entry: 1, Roll: 1, Die: 1, Sides: 20}}},
		},
		{
			name:   "a face changed in the second part of a split roll",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) { d := &(*log)[3].Draws[1]; d.Face = d.Face%100 + 1 },
			want: Report{SeedMatches: true, Rolls: 4, Dice: 7,
				Mismatches: []Mismatch{{Entry: 4, Roll: 2, Die: 3, Sides: 100}}},
		},
		{
			name: "an entry taken out and the log renumbered",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) {
				*log = append((*log)[:5], (*log)[6:]...)
				(*log)[5].N = 6
			},
			want: Report{SeedMatches: true, Rolls: 3, Dice: 6, Missing: []uint64{3},
				Problems: []string{"The log holds 6 entries; the battle counts 7."}},
		},
		{
			name: "an entry taken out and not renumbered",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) {
				*log = append((*log)[:2], (*log)[3:]...)
			},
			want: Report{SeedMatches: true, Rolls: 4, Dice: 7,
				Problems: []string{"The log holds 6 entries; the battle counts 7.", "Log entry 3 is numbered #4.", "Log entry 4 is numbered #5.", "Log entry 5 is numbered #6.", "Log entry 6 is numbered #7."}},
		},
		{
			name:         "another seed revealed",
			tamper:       func(g *battle.Game, log *[]gamelog.Entry) { g.Seed = bytes.Repeat([]byte{8}, 32) },
			someMismatch: true,
			want:         Report{SeedMatches: false, Rolls: 4, Dice: 7},
		},
		{
			name:         "a roll moved to another number",
			tamper:       func(g *battle.Game, log *[]gamelog.Entry) { (*log)[0].Roll = 3 },
			someMismatch: true,
			want: Report{SeedMatches: true, Rolls: 3, Dice: 7, Missing: []uint64{1},
				Problems: []string{"Log entry #2 carries roll 2 after roll 3 (out of order).",
					"Log entry #4 carries roll 2 after roll 3 (out of order)."}},
		},
		{
			name:   "dice without a roll number",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) { (*log)[6].Roll = 0 },
			want: Report{SeedMatches: true, Rolls: 3, Dice: 6, Missing: []uint64{4},
				Problems: []string{"Log entry #7 has dice but no roll number."}},
		},
		{
			name:         "a roll numbered past the game's rolls",
			tamper:       func(g *battle.Game, log *[]gamelog.Entry) { (*log)[6].Roll = 9 },
			someMismatch: true,
			want: Report{SeedMatches: true, Rolls: 4, Dice: 7, Missing: []uint64{4},
				Problems: []string{"Log entry #7 carries roll 9, but the battle has made only 4 rolls."}},
		},
		{
			name:   "a die with no sides",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) { (*log)[0].Draws[0].Sides = 0 },
			want: Report{SeedMatches: true, Rolls: 4, Dice: 5,
				Problems: []string{"Log entry #1 has a die with 0 sides; the rest of roll 1 cannot be checked."}},
		},
		{
			name: "rolls of an earlier seed, not given",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) {
				// Rolls 1–2 under the seed the log was made with; 3–4 claimed
				// for a new seed, which did not make them.
				g.Earlier = []battle.Epoch{{Below: 3, Commitment: g.Commitment}}
				g.Seed = bytes.Repeat([]byte{9}, 32)
				g.Commitment = dice.Commitment(g.Seed)
			},
			someMismatch: true,
			want: Report{SeedMatches: true, Rolls: 2, Dice: 2,
				Unverified: []Unverified{{From: 1, To: 2, Rolls: 2}}},
		},
		{
			name: "rolls of an earlier seed, given",
			tamper: func(g *battle.Game, log *[]gamelog.Entry) {
				g.Earlier = []battle.Epoch{{Below: 3, Commitment: dice.Commitment(g.Seed)}}
			},
			earlier: [][]byte{bytes.Repeat([]byte{7}, 32)},
			want:    Report{SeedMatches: true, Rolls: 4, Dice: 7},
		},
		{
			name:    "a seed that is no earlier seed of the battle",
			earlier: [][]byte{bytes.Repeat([]byte{1}, 32)},
			want: Report{SeedMatches: true, Rolls: 4, Dice: 7,
				Problems: []string{"The seed given (01010101…) matches no earlier commitment of this battle."}},
		},
	}
	// Mismatch faces and commitments depend on the stream; the tests compare where they are.
	ignore := cmp.Options{
		cmpopts.IgnoreFields(Mismatch{}, "Logged", "Recomputed"),
		cmpopts.IgnoreFields(Unverified{}, "Commitment"),
		cmpopts.EquateEmpty(),
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, log := played(t)
			g = clone(t, g)
			if tt.tamper != nil {
				tt.tamper(g, &log)
			}
			got := Verify(g, log, tt.earlier...)
			want := tt.want
			if tt.someMismatch {
				if len(got.Mismatches) == 0 {
					t.Error("Verify found no mismatch, want some")
				}
				got.Mismatches = nil
			}
			if diff := cmp.Diff(want, got, ignore); diff != "" {
				t.Errorf("Verify (-want +got):\n%s", diff)
			}
			if got.OK() != (tt.tamper == nil && tt.earlier == nil || tt.name == "rolls of an earlier seed, given") {
				t.Errorf("OK() = %v", got.OK())
			}
			for _, m := range got.Mismatches {
				if m.Logged == m.Recomputed {
					t.Errorf("mismatch %+v shows equal faces", m)
				}
			}
		})
	}
}

func TestVerifyUnchanged(t *testing.T) {
	g, log := played(t)
	before, _ := g.Encode()
	logBefore, _ := json.Marshal(log)
	Verify(g, log)
	after, _ := g.Encode()
	logAfter, _ := json.Marshal(log)
	if !bytes.Equal(before, after) || !bytes.Equal(logBefore, logAfter) {
		t.Error("Verify changed the game")
	}
}

// TestCommitmentFor: a roll below an earlier epoch's Below was drawn under
// that epoch's seed, any other under the battle's own.
func TestCommitmentFor(t *testing.T) {
	g := &battle.Game{Commitment: "new", Earlier: []battle.Epoch{{Below: 3, Commitment: "first"}, {Below: 5, Commitment: "second"}}}
	for n, want := range map[uint64]string{1: "first", 2: "first", 3: "second", 4: "second", 5: "new", 9: "new"} {
		if got := commitmentFor(g, n); got != want {
			t.Errorf("commitmentFor(%d) = %s, want %s", n, got, want)
		}
	}
}
