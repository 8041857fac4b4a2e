package battle

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	segjson "github.com/segmentio/encoding/json"

	"github.com/referee-bot/referee/commands/battle/undo"
)

// FuzzDecodeGame: the document is decoded with segmentio's decoder
// (unmarshalGame); it must read any document as encoding/json reads it (but
// for empty maps, read as nil): the same game and log, or an error from both.
func FuzzDecodeGame(f *testing.F) {
	g, log := played()
	g.Players, g.HouseRules = map[string]string{"u1": "Ann", "u2": "Bob <&>"}, map[string]string{"dead": "lenient"}
	g.Undo = &undo.Point{Entries: []int{4}, Summaries: []string{"cards dealt"}}
	if err := g.Undo.SetBoard(g.Board); err != nil {
		f.Fatal(err)
	}
	doc, err := g.Encode()
	if err != nil {
		f.Fatal(err)
	}
	v1, err := json.Marshal(withLog{Game: g, Log: log})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(doc)
	f.Add(v1)
	f.Add([]byte(`{"schema":2,"Channel":"c1","channel":"c2","players":{},"house_rules":null,"board":{"a":[1,"\u00e9\ud83d\ude00"]},"started":"2026-11-29T12:00:00+01:00"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		want := withLog{Game: &Game{}}
		stdErr := json.Unmarshal(b, &want)
		got, segErr := unmarshalGame(b)
		if (stdErr == nil) != (segErr == nil) {
			t.Fatalf("encoding/json: %v; segmentio: %v", stdErr, segErr)
		}
		if stdErr != nil {
			return
		}
		if len(want.Players) == 0 {
			want.Players = nil
		}
		if len(want.HouseRules) == 0 {
			want.HouseRules = nil
		}
		if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Game{})); diff != "" {
			t.Fatalf("segmentio reads the document differently (-encoding/json +segmentio):\n%s", diff)
		}
	})
}

// FuzzEncodeBoard: Tx.SetBoard writes boards with segmentio's encoder; it
// must write them byte for byte as encoding/json does, so that the stored
// documents stay what they were. fuzzBoard has the kinds of fields rule sets'
// boards have.
func FuzzEncodeBoard(f *testing.F) {
	f.Add("Harris <&> \u2028", int64(3), 1.5, true, []byte{1})
	f.Add("\xff\xfe\x00\"\\/", int64(-1), 1e21, false, []byte(nil))
	f.Add("", int64(0), 1e-7, false, []byte{})
	f.Fuzz(func(t *testing.T, s string, n int64, x float64, b bool, raw []byte) {
		in := &fuzzFigure{Name: fuzzName(s), N: int(n), X: x, Loaded: b}
		bd := fuzzBoard{Title: s, Figures: []*fuzzFigure{in, {Name: "Harris"}}, Counts: map[fuzzName]int{fuzzName(s): int(n), "a": 1},
			ByName: map[string]fuzzFigure{s: *in}, U: uint64(n), F32: float32(x), I8: int8(n), Raw: raw}
		if b {
			in.Tags, bd.Leader, bd.Empty = []string{s, ""}, in, []string{}
		}
		want, stdErr := json.Marshal(&bd)
		got, segErr := segjson.Marshal(&bd)
		if (stdErr == nil) != (segErr == nil) || string(got) != string(want) {
			t.Fatalf("segmentio writes %s, %v; encoding/json %s, %v", got, segErr, want, stdErr)
		}
	})
}

type fuzzName string

type fuzzBoard struct {
	Title   string                `json:"title"`
	Figures []*fuzzFigure         `json:"figures"`
	Empty   []string              `json:"empty"`
	Counts  map[fuzzName]int      `json:"counts,omitempty"`
	ByName  map[string]fuzzFigure `json:"by_name"`
	Leader  *fuzzFigure           `json:"leader,omitempty"`
	U       uint64                `json:"u"`
	F32     float32               `json:"f32"`
	I8      int8                  `json:"i8"`
	Raw     []byte                `json:"raw"`
}

type fuzzFigure struct {
	Name   fuzzName `json:"name"`
	N      int      `json:"n,omitempty"`
	X      float64  `json:"x,omitempty"`
	Loaded bool     `json:"loaded"`
	Tags   []string `json:"tags,omitempty"`
}
