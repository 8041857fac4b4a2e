package battle

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
)

// importTime is when the tests' files are imported: a day after the battle of
// played began.
var importTime = t0.Add(24 * time.Hour)

func TestExportRoundTrip(t *testing.T) {
	ended, log := played()
	running, _ := played()
	running = clone(t, running)
	running.Ended = nil
	for _, g := range []*Game{ended, running} {
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
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("running %v: ReadExport(Export(g)) differs (-want +got):\n%s", g.Running(), diff)
		}
		if diff := cmp.Diff(log, gotLog); diff != "" {
			t.Errorf("running %v: ReadExport(Export(g)) log differs (-want +got):\n%s", g.Running(), diff)
		}
	}
}

func TestReseed(t *testing.T) {
	g, _ := played()
	g = clone(t, g)
	g.Ended = nil
	old := g.Commitment
	seed := bytes.Repeat([]byte{3}, 32)
	g.Reseed(seed)
	want := []Epoch{{Below: 5, Commitment: old}}
	if !cmp.Equal(g.Earlier, want) || g.Commitment != CommitmentOf(seed) {
		t.Errorf("after Reseed: earlier %v, commitment %s; want %v, %s", g.Earlier, g.Commitment, want, CommitmentOf(seed))
	}
	if g.CommitmentFor(4) != old || g.CommitmentFor(5) != g.Commitment {
		t.Errorf("CommitmentFor(4), (5) = %s, %s; want old then new", g.CommitmentFor(4), g.CommitmentFor(5))
	}
	fresh := &Game{NextRoll: 1, Commitment: old}
	fresh.Reseed(seed)
	if len(fresh.Earlier) != 0 {
		t.Errorf("Reseed before any roll kept an earlier epoch: %v", fresh.Earlier)
	}
}

func TestReadExportRefuses(t *testing.T) {
	good, err := Export(played())
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

func TestDecodeGameSchema(t *testing.T) {
	tests := []struct {
		doc     string
		wantErr string
	}{
		{`{"schema":1,"ruleset":"fake"}`, ""},
		{`{"schema":2,"ruleset":"fake"}`, ""},
		{`{"schema":3,"ruleset":"fake"}`, "schema 3 is newer than this referee's 2"},
		{`{"ruleset":"fake"}`, "missing schema version"},
		{`{"schema":1,"log":[{"n":1,"draws":[[6,7,8]]}]}`, "a die must be written [sides, face]"},
	}
	for _, tt := range tests {
		_, err := DecodeGame([]byte(tt.doc))
		if (err == nil) != (tt.wantErr == "") || err != nil && !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("DecodeGame(%s) = %v; want error %q", tt.doc, err, tt.wantErr)
		}
	}
}

func TestDrawJSON(t *testing.T) {
	b, err := json.Marshal([]Draw{{20, 14}, {6, 3}})
	if err != nil || string(b) != "[[20,14],[6,3]]" {
		t.Errorf("Marshal(draws) = %s, %v; want [[20,14],[6,3]]", b, err)
	}
	var ds []Draw
	if err := json.Unmarshal(b, &ds); err != nil || !cmp.Equal(ds, []Draw{{20, 14}, {6, 3}}) {
		t.Errorf("Unmarshal(%s) = %v, %v", b, ds, err)
	}
}

func TestUndoPointJSON(t *testing.T) {
	// A board of 50 figures, like a Green Jackets skirmish.
	var figs []string
	for i := range 50 {
		figs = append(figs, fmt.Sprintf(`{"name":"Rifleman %d","side":"British","weapon":"Baker rifle","loaded":true,"wounds":0,"ap":0,"x":%d,"y":%d}`, i, 3*i, 40-i))
	}
	board := json.RawMessage(`{"figures":[` + strings.Join(figs, ",") + `]}`)
	u := &UndoPoint{Entries: []int{7, 8}}
	if err := u.SetBoard(board); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	var got UndoPoint
	if err := json.Unmarshal(b, &got); err != nil || !cmp.Equal(&got, u) {
		t.Fatalf("Unmarshal(Marshal(undo point)) = %+v, %v; want %+v", got, err, u)
	}
	if gotBoard, err := got.Board(); err != nil || string(gotBoard) != string(board) {
		t.Errorf("Board() of the undo point read back = %s, %v; want %s", gotBoard, err, board)
	}
	t.Logf("undo point of a %d-byte board: %d bytes stored", len(board), len(b))
	if len(b) > len(board)/3 {
		t.Errorf("undo point of a %d-byte board stored in %d bytes; want it compressed", len(board), len(b))
	}
	b, _ = json.Marshal(UndoPoint{Entries: []int{1}})
	if string(b) != `{"entries":[1]}` {
		t.Errorf("undo point without a board = %s", b)
	}
	if board, err := (&UndoPoint{Entries: []int{1}}).Board(); board != nil || err != nil {
		t.Errorf("Board() of an undo point without a board = %s, %v; want nil, nil", board, err)
	}
}

// TestUndoPointBoard: the undo board is read only when asked for, so a
// document whose undo board is damaged still reads, and Board says what is
// wrong with it.
func TestUndoPointBoard(t *testing.T) {
	var bomb bytes.Buffer
	w := gzip.NewWriter(&bomb)
	w.Write(make([]byte, maxUndoBoard+1))
	w.Close()
	tests := []struct {
		name, undo string
		want       string // the board, or the error
	}{
		// As written before undo boards were compressed for speed.
		{"best compression", `{"board_gz":"H4sIAAAAAAAC/6pWKs3LLClWsopW8kgsKsosVtJR8khMz03MU4qtBQQAAP//cdiSEB0AAAA=","entries":[3],"summaries":["Hagman joins"]}`,
			`{"units":["Harris","Hagman"]}`},
		{"not gzip", `{"board_gz":"bm90IGd6aXA=","entries":[1]}`, "the undo point's board is not gzipped JSON"},
		{"truncated", `{"board_gz":"H4sIAAAAAAAC/w==","entries":[]}`, "the undo point's board is not gzipped JSON"},
		{"not JSON", `{"board_gz":"H4sIAAAAAAAC/6pWKs3LLClWsgIEAAD//0fWdOQJAAAA","entries":null}`, "the undo point's board is not JSON"},
		{"compression bomb", fmt.Sprintf(`{"board_gz":"%s","entries":[]}`, base64.StdEncoding.EncodeToString(bomb.Bytes())), "the undo point's board is too large"},
	}
	for _, tt := range tests {
		g, err := DecodeGame([]byte(`{"schema":2,"ruleset":"fake","board":{"units":[]},"undo":` + tt.undo + `}`))
		if err != nil {
			t.Errorf("%s: DecodeGame = %v; want the game read", tt.name, err)
			continue
		}
		board, err := g.Undo.Board()
		if err != nil {
			board = json.RawMessage(err.Error())
		}
		if string(board) != tt.want {
			t.Errorf("%s: Board() = %s; want %s", tt.name, board, tt.want)
		}
	}
}

// gzipped is s gzipped, in base64 as a document holds it.
func gzipped(t *testing.T, s string) string {
	t.Helper()
	var u UndoPoint
	if err := u.SetBoard(json.RawMessage(s)); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(u.BoardGz)
}
