package record

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/commands/interaction"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/battle/undo"
)

func TestExportRoundTrip(t *testing.T) {
	ended, log := played(t)
	running, _ := played(t)
	running = clone(t, running)
	running.Ended = nil
	for _, g := range []*battle.Game{ended, running} {
		b, err := Export(g, log)
		if err != nil {
			t.Fatal(err)
		}
		got, gotLog, err := ReadExport(b, findFake, importTime)
		if err != nil {
			t.Fatalf("ReadExport(Export(game, running %v)): %v", g.Running(), err)
		}
		want := clone(t, g)
		if g.Running() {
			if bytes.Contains(b, []byte(`"seed"`)) {
				t.Error("the export of a running game carries its seed")
			}
			want.Seed = nil
		}
		if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(battle.Game{})); diff != "" {
			t.Errorf("running %v: ReadExport(Export(g)) differs (-want +got):\n%s", g.Running(), diff)
		}
		if diff := cmp.Diff(log, gotLog); diff != "" {
			t.Errorf("running %v: ReadExport(Export(g)) log differs (-want +got):\n%s", g.Running(), diff)
		}
	}
}

func TestReadExportRefuses(t *testing.T) {
	good, err := Export(played(t))
	if err != nil {
		t.Fatal(err)
	}
	// edit changes one field of the good file.
	edit := func(fn func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		fn(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	entry := func(m map[string]any, i int) map[string]any { return m["log"].([]any)[i].(map[string]any) }
	// replace changes the good file's text where edit cannot (keys given twice).
	replace := func(old, new string) []byte {
		if !bytes.Contains(good, []byte(old)) {
			t.Fatalf("the good file has no %s", old)
		}
		return bytes.Replace(good, []byte(old), []byte(new), 1)
	}
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "it is empty."},
		{"too big", append(good, bytes.Repeat([]byte(" "), MaxImportSize)...), "the limit is 1024 KB."},
		{"not JSON", []byte("{\n  \"schema\": 1,\n  oops\n}"), "it is not valid JSON (line 3, column 3: invalid character 'o' looking for beginning of object key string)."},
		{"a list", []byte(`[1, 2]`), "it is not a game file"},
		{"no schema", edit(func(m map[string]any) { delete(m, "schema") }), "it has no schema version"},
		{"newer schema", edit(func(m map[string]any) { m["schema"] = 99 }), "written by a newer referee (schema 99; this one reads up to 2)"},
		{"schema zero", edit(func(m map[string]any) { m["schema"] = 0 }), "schema version 0 is not one any referee writes"},
		{"schema text", edit(func(m map[string]any) { m["schema"] = "1" }), "schema version should be a number"},
		{"unknown field", edit(func(m map[string]any) { m["cheat"] = true }), `a field this referee does not know: "cheat"`},
		{"wrong type", edit(func(m map[string]any) { m["next_roll"] = "five" }), `field "next_roll" should be a number, not string.`},
		{"bad die", edit(func(m map[string]any) { entry(m, 0)["draws"] = []any{3} }), "a die must be written \\[sides, face\\]"},
		{"unknown rule set", edit(func(m map[string]any) { m["ruleset"] = "chess" }), `a game of "chess", a rule set this referee does not play.`},
		{"no rule set", edit(func(m map[string]any) { delete(m, "ruleset") }), "it names no rule set."},
		{"no umpire", edit(func(m map[string]any) { m["umpire"] = "" }), "it names no umpire."},
		{"bad board", edit(func(m map[string]any) { m["board"] = map[string]any{"units": []string{"Harris", ""}} }), "its Fake Rules board does not check out: unit 2 has no name"},
		{"no board", edit(func(m map[string]any) { delete(m, "board") }), "it has no board."},
		{"seed altered", edit(func(m map[string]any) { m["seed"] = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=" }), "its revealed seed does not match its commitment"},
		{"ended without seed", edit(func(m map[string]any) { delete(m, "seed") }), "an ended battle without its revealed seed."},
		{"running with seed", edit(func(m map[string]any) { delete(m, "ended") }), "carries the secret seed of a running battle"},
		{"bad commitment", edit(func(m map[string]any) { m["commitment"] = "abc" }), "commitment is not a SHA-256"},
		{"log renumbered", edit(func(m map[string]any) { entry(m, 2)["n"] = 9 }), "log entry 3 is numbered #9; entries are numbered 1, 2, 3… in order."},
		{"roll past next", edit(func(m map[string]any) { entry(m, 6)["roll"] = 5 }), "log entry #7 carries roll 5, but the battle's next roll is 5."},
		{"rolls out of order", edit(func(m map[string]any) { entry(m, 3)["roll"] = 1 }), "log entry #4 carries roll 1 after roll 2"},
		{"a roll not logged", edit(func(m map[string]any) { entry(m, 5)["roll"] = 4 }), "log entry #6 carries roll 4, but roll 3 is not in the log before it"},
		{"next roll near wrapping", edit(func(m map[string]any) { m["next_roll"] = uint64(1<<64 - 2) }),
			"its next roll is 18446744073709551614, but the last roll in its log is 4: every roll is logged, so the next is 5."},
		{"key given twice", replace(`"next_roll": 5,`, `"next_roll": 5, "next_roll": 6,`), `the key "next\_roll" is given twice.`},
		{"keys differing in case", replace(`"next_roll": 5,`, `"next_roll": 5, "Next_Roll": 5,`), `the keys "next\_roll" and "Next\_Roll" are the same key`},
		{"key given twice in the board", replace(`"units": [`, `"units": [], "units": [`), `the key "units" is given twice in "board".`},
		{"key given twice in a log entry", replace(`"n": 3,`, `"n": 3, "n": 3,`), `the key "n" is given twice in "log\[2\]".`},
		{"unknown field in the board", edit(func(m map[string]any) { m["board"] = map[string]any{"units": []string{}, "stunned": true} }),
			`its Fake Rules board has a field this referee does not know: "stunned".`},
		{"wrong type in the board", edit(func(m map[string]any) { m["board"] = map[string]any{"units": 3} }),
			`its Fake Rules board does not check out: field "units" should be a list, not number.`},
		{"unknown field in the undo board", edit(func(m map[string]any) {
			m["undo"] = map[string]any{"board_gz": gzipped(t, `{"units":[],"x":1}`), "entries": []int{}}
		}), `the board of its undo point has a field this referee does not know: "x".`},
		{"key given twice in the undo board", edit(func(m map[string]any) {
			m["undo"] = map[string]any{"board_gz": gzipped(t, `{"units":[],"units":[]}`), "entries": []int{}}
		}), `the board of its undo point does not check out: the key "units" is given twice.`},
		{"not UTF-8", replace(`"Harris`, "\"Harr\xffis"), "it is not UTF-8 text."},
		{"started before any referee", edit(func(m map[string]any) { m["started"] = "1970-01-01T00:00:00Z" }), "it starts on 1970-01-01 00:00 UTC, before any referee played."},
		{"ends in the future", edit(func(m map[string]any) { m["ended"] = "2999-12-31T00:00:00Z" }), "it ends on 2999-12-31 00:00 UTC, in the future."},
		{"entry before the start", edit(func(m map[string]any) { entry(m, 0)["at"] = "2026-11-28T12:00:00Z" }), "log entry #1 is dated 2026-11-28 12:00 UTC, before the battle started."},
		{"entry in the future", edit(func(m map[string]any) { entry(m, 6)["at"] = "2026-12-25T12:00:00Z" }), "log entry #7 is dated 2026-12-25 12:00 UTC, in the future."},
		{"player name too long", edit(func(m map[string]any) { m["players"] = map[string]string{"u1": strings.Repeat("A", 101)} }), "a player's id or name is empty or longer than 100 characters."},
		{"impossible face", edit(func(m map[string]any) { entry(m, 0)["draws"] = []any{[]int{6, 7}} }), "log entry #1, die 1 shows 7 on a d6, which cannot be."},
		{"unknown house rule", edit(func(m map[string]any) { m["house_rules"] = map[string]string{"fly": "yes"} }), `house rule "fly", which Fake Rules does not have.`},
		{"bad house rule value", edit(func(m map[string]any) { m["house_rules"] = map[string]string{"dead": "maybe"} }), `to "maybe"; the values are literal, lenient.`},
		{"undo board not gzip", edit(func(m map[string]any) { m["undo"] = map[string]any{"board_gz": "bm90IGd6aXA=", "entries": []int{}} }),
			"it does not read as a game (the undo point's board is not gzipped JSON)."},
		{"bad undo board", edit(func(m map[string]any) {
			m["undo"] = map[string]any{"board_gz": gzipped(t, `{"units":[""]}`), "entries": []int{}}
		}),
			"the board of its undo point does not check out: unit 1 has no name"},
		{"undo of a missing entry", edit(func(m map[string]any) { m["undo"] = map[string]any{"entries": []int{40}} }), "undo point names log entry #40"},
		{"two values", append(append([]byte{}, good...), good...), "invalid character '{' after top-level value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, _, err := ReadExport(tt.file, findFake, importTime)
			var refusal *interaction.Refusal
			if !errors.As(err, &refusal) {
				t.Fatalf("ReadExport = %v, %v; want a refusal", g, err)
			}
			if !strings.HasPrefix(refusal.Reason, "This file cannot be imported: ") || !strings.Contains(refusal.Reason, tt.want) {
				t.Errorf("ReadExport refused with %q; want it to say %q", refusal.Reason, tt.want)
			}
		})
	}
}

// gzipped is s gzipped, in base64 as a document holds it.
func gzipped(t *testing.T, s string) string {
	t.Helper()
	var u undo.Point
	if err := u.SetBoard(json.RawMessage(s)); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(u.BoardGz)
}

// An imported battle keeps its deadlines' settings, checked, but not its
// pending moves, which fall due afresh here, nor its desk, a channel of
// where it was played.
func TestImportedPace(t *testing.T) {
	at := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name string
		pace pace.Pace
		want string
	}{
		{"good", pace.Pace{Move: pace.Span(24 * time.Hour), Reminders: []pace.Span{pace.Span(time.Hour)}, Expire: pace.ExpirePass}, ""},
		{"short move", pace.Pace{Move: pace.Span(time.Minute)}, "its move deadline (1m) is not between 10m and 30d."},
		{"late reminder", pace.Pace{Move: pace.Span(time.Hour), Reminders: []pace.Span{pace.Span(2 * time.Hour)}}, "its reminder 2h before the deadline does not fall within a move of 1h."},
		{"odd expiry", pace.Pace{Move: pace.Span(time.Hour), Expire: "shoot"}, `its deadlines expire to "shoot", which is neither umpire nor pass.`},
	} {
		g, log := played(t)
		p := tc.pace
		p.Pending = []pace.Pending{{User: "u1", What: "fire", Moment: "1", Due: at}}
		g.Pace, g.Desk = &p, "d1"
		b, err := Export(g, log)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := ReadExport(b, findFake, importTime)
		switch {
		case tc.want != "":
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: ReadExport = %v, want it refused: %s", tc.name, err, tc.want)
			}
		case err != nil:
			t.Errorf("%s: ReadExport = %v", tc.name, err)
		case got.Pace == nil || len(got.Pace.Pending) != 0 || got.Pace.Move != p.Move || got.Desk != "":
			t.Errorf("%s: imported pace %+v, desk %q; want its settings, no moves pending, no desk", tc.name, got.Pace, got.Desk)
		}
	}
}

// FuzzReadExport: any file is either refused with a reason or read into a game
// that exports, imports and exports again byte for byte the same.
func FuzzReadExport(f *testing.F) {
	ended, err := Export(played(f))
	if err != nil {
		f.Fatal(err)
	}
	running, log := played(f)
	running.Ended = nil
	run, err := Export(running, log)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ended)
	f.Add(run)
	// Accepted, but not as Export writes it: a key in other case, an escaped
	// name in the board, a time in another zone.
	f.Add([]byte(strings.NewReplacer(`"next_roll"`, `"Next_Roll"`, `"Harris"`, `"\u0048arris"`, `12:00:00Z`, `13:00:00+01:00`).Replace(string(ended))))
	f.Add([]byte(`{"schema":1}`))
	f.Add([]byte(`{"schema":1,"undo":{"board_gz":"H4sIAAAAAAAC/w==","entries":[]}}`))
	f.Add([]byte(`{"schema":2,"next_roll":18446744073709551614,"Next_Roll":1,"board":{"units":[],"Units":["x"]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, log, err := ReadExport(b, findFake, importTime)
		if err != nil {
			if reason(err) == "" {
				t.Fatalf("refused without a reason: %v", err)
			}
			return
		}
		exported, err := Export(g, log)
		if err != nil {
			t.Fatalf("Export of an accepted file: %v", err)
		}
		g2, log2, err := ReadExport(exported, findFake, importTime)
		if err != nil {
			t.Fatalf("ReadExport(Export(ReadExport(file))) refused: %v", err)
		}
		again, err := Export(g2, log2)
		if err != nil {
			t.Fatalf("Export of a re-imported file: %v", err)
		}
		if diff := cmp.Diff(string(exported), string(again)); diff != "" {
			t.Fatalf("export → import → export of an accepted file changed it (-first +second):\n%s", diff)
		}
	})
}
