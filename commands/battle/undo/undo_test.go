package undo

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/battle/gamelog"
)

// chain is n undo points, the last change's first, its entries numbered
// from n down to 1.
func chain(n int) *Point {
	var u *Point
	for i := 1; i <= n; i++ {
		u = &Point{Entries: []int{i}, Before: u}
	}
	return u
}

// entries are the entries of the steps, one each.
func entries(steps []*Point) []int {
	var out []int
	for _, s := range steps {
		out = append(out, s.Entries...)
	}
	return out
}

// TestSteps: the steps are the last Max changes', the last first; Trim
// drops those behind them, and keeps them all when there are no more.
func TestSteps(t *testing.T) {
	for n := range Max + 3 {
		u := chain(n)
		want := entries(u.Steps())
		if len(want) != min(n, Max) || len(want) > 0 && want[0] != n {
			t.Errorf("%d points: Steps() entries %v; want the last %d, from #%d", n, want, min(n, Max), n)
		}
		u.Trim()
		got := 0
		for p := u; p != nil; p = p.Before {
			got++
		}
		if got != min(n, Max) || !cmp.Equal(entries(u.Steps()), want) {
			t.Errorf("%d points: after Trim %d kept, steps %v; want %d, steps %v", n, got, entries(u.Steps()), min(n, Max), want)
		}
	}
}

// TestSummarise: the points kept get the summaries of their entries from
// the log, an entry the log does not hold an empty one; a nil point has
// none to set.
func TestSummarise(t *testing.T) {
	log := []gamelog.Entry{{N: 1, Summary: "one"}, {N: 2, Summary: "two"}, {N: 3, Summary: "three"}}
	u := &Point{Entries: []int{3, 7}, Before: &Point{Entries: []int{1, 2}}}
	u.Summarise(log)
	if want := []string{"three", ""}; !cmp.Equal(u.Summaries, want) {
		t.Errorf("last change's summaries = %q, want %q", u.Summaries, want)
	}
	if want := []string{"one", "two"}; !cmp.Equal(u.Before.Summaries, want) {
		t.Errorf("the change before's summaries = %q, want %q", u.Before.Summaries, want)
	}
	var none *Point
	none.Summarise(log)
}

func TestPointJSON(t *testing.T) {
	// A board of 50 figures, like a Green Jackets skirmish.
	var figs []string
	for i := range 50 {
		figs = append(figs, fmt.Sprintf(`{"name":"Rifleman %d","side":"British","weapon":"Baker rifle","loaded":true,"wounds":0,"ap":0,"x":%d,"y":%d}`, i, 3*i, 40-i))
	}
	board := json.RawMessage(`{"figures":[` + strings.Join(figs, ",") + `]}`)
	u := &Point{Entries: []int{7, 8}}
	if err := u.SetBoard(board); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	var got Point
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
	b, _ = json.Marshal(Point{Entries: []int{1}})
	if string(b) != `{"entries":[1]}` {
		t.Errorf("undo point without a board = %s", b)
	}
	if board, err := (&Point{Entries: []int{1}}).Board(); board != nil || err != nil {
		t.Errorf("Board() of an undo point without a board = %s, %v; want nil, nil", board, err)
	}
}

// TestPointBoard: an undo point whose board is damaged still reads, and
// Board says what is wrong with it.
func TestPointBoard(t *testing.T) {
	var bomb bytes.Buffer
	w := gzip.NewWriter(&bomb)
	w.Write(make([]byte, maxBoard+1))
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
		var u Point
		if err := json.Unmarshal([]byte(tt.undo), &u); err != nil {
			t.Errorf("%s: Unmarshal = %v; want the undo point read", tt.name, err)
			continue
		}
		board, err := u.Board()
		if err != nil {
			board = json.RawMessage(err.Error())
		}
		if string(board) != tt.want {
			t.Errorf("%s: Board() = %s; want %s", tt.name, board, tt.want)
		}
	}
}
