package gamecmd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/battle/gamelog"
)

// TestSchema1Game: a game stored by the referee before the log moved out of
// the document (schema 1, the log inline: testdata/v1-game.json is a
// document that referee wrote) reads and plays on, in both stores: its log
// shows as it did, its undo point works, and its next write moves the log
// beside the document, entry for entry.
func TestSchema1Game(t *testing.T) {
	v1, err := os.ReadFile("testdata/v1-game.json")
	if err != nil {
		t.Fatal(err)
	}
	var old struct{ Log []gamelog.Entry }
	if err := json.Unmarshal(v1, &old); err != nil || len(old.Log) != 5 {
		t.Fatalf("testdata/v1-game.json: %d log entries, %v", len(old.Log), err)
	}
	redis, _ := redisHarness(t)
	for name, h := range map[string]harness{"bolt": newHarness(t), "redis": redis} {
		t.Run(name, func(t *testing.T) {
			if _, err := h.Store.Update(context.Background(), "c1", "schema-1", func([]byte) ([]byte, []byte, error) { return v1, nil, nil }); err != nil {
				t.Fatal(err)
			}
			h.Unchanged("c1", "reading a schema 1 game", func() {
				h.Expect(t, "log", h.Do(p2, "game log"), false, "**#3** ~~95th Rifles fires at Voltigeurs: kill", "~~ — **voided**: out of range",
					"**#4** undid \\#3: out of range", "**#5** 95th Rifles fires at Voltigeurs: kill (Sharpe, `/act`) · roll 3: d6 4", "Entries #1–#5 of 5.")
				h.Expect(t, "status", h.Do(p2, "game status"), false, "**log entries:** 5 (`/game log`)")
			})
			h.Expect(t, "undo", h.Do(umpire, "game undo", "reason", "wrong target"), false,
				"1. **#5** 95th Rifles fires at Voltigeurs: kill", "**Reason:** wrong target")
			doc := h.Doc("c1")
			if bytes.Contains(doc, []byte(`"log":`)) || !bytes.Contains(doc, []byte(`"schema":2`)) || !bytes.Contains(doc, []byte(`"log_len":6`)) {
				t.Errorf("after a write the document is still schema 1, or miscounts its log:\n%s", doc)
			}
			want := append([]gamelog.Entry(nil), old.Log...)
			want[4].Voided = "wrong target"
			log := h.Log("c1")
			if diff := cmp.Diff(want, log[:min(5, len(log))]); diff != "" {
				t.Errorf("the log moved beside the document differs (-schema 1 +now):\n%s", diff)
			}
			if len(log) != 6 || log[5].Summary != "undid #5: wrong target" || !cmp.Equal(log[5].Voids, []int{5}) || log[5].Reason != "wrong target" {
				t.Errorf("the undo's entry: %+v", log[5:])
			}
			h.Expect(t, "end", h.End("c1", umpire), false, "after 3 rolls and 7 log entries")
			h.Expect(t, "verify", h.Do(p2, "game verify"), false, "Verified: every roll matches", "Recomputed 3 rolls (4 dice)")
		})
	}
}
