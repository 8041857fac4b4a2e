package battle

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle/undo"
)

// TestEncode: a game is written byte for byte as json.Marshal writes it,
// whether its board is known to be as json.Marshal writes it or is checked
// and compacted.
func TestEncode(t *testing.T) {
	ended, _ := played()
	point := &undo.Point{Entries: []int{4, 5}, Summaries: []string{"a", "b"}}
	if err := point.SetBoard(json.RawMessage(`{"units":["Harris"]}`)); err != nil {
		t.Fatal(err)
	}
	full := *ended
	full.Guild, full.Name, full.Players, full.HouseRules = "g1", "Sabugal <1811>", map[string]string{"u2": "Bob", "u1": "Ann"}, map[string]string{"dead": "lenient"}
	full.Earlier, full.Undo = []Epoch{{Below: 3, Commitment: ended.Commitment}}, point
	noBoard := full
	noBoard.Board = nil
	noUndo := full
	noUndo.Undo = nil
	fresh := Game{Schema: SchemaVersion, Channel: "c1", NextRoll: 1}
	for name, g := range map[string]*Game{"ended": ended, "full": &full, "no board": &noBoard, "no undo": &noUndo, "fresh": &fresh} {
		want, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, checked := range []bool{false, true} {
			if got, err := g.encode(checked); err != nil || string(got) != string(want) {
				t.Errorf("%s: encode(%v) = %s, %v; want %s", name, checked, got, err, want)
			}
		}
	}

	// A board from elsewhere is checked and compacted, as json.Marshal does.
	loose := full
	loose.Board = json.RawMessage("{ \"units\": [\"<Harris>\"] }\n")
	want, _ := json.Marshal(&loose)
	if got, err := loose.Encode(); err != nil || string(got) != string(want) {
		t.Errorf("Encode of a board with spaces = %s, %v; want %s", got, err, want)
	}
	loose.Board = json.RawMessage(`{"units":[`)
	if got, err := loose.Encode(); err == nil || !strings.Contains(err.Error(), "encode game") {
		t.Errorf("Encode of a board that is not JSON = %s, %v; want an error", got, err)
	}

	// encode writes the board and the undo point after the rest.
	typ := reflect.TypeFor[Game]()
	if n := typ.NumField(); typ.Field(n-2).Name != "Board" || typ.Field(n-1).Name != "Undo" {
		t.Errorf("Game's last fields are %s and %s; encode wants Board and Undo last", typ.Field(n-2).Name, typ.Field(n-1).Name)
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

// TestDecodeDamagedUndo: the undo board is read only when asked for
// (undo.Point.Board), so a document whose undo board is damaged still reads.
func TestDecodeDamagedUndo(t *testing.T) {
	g, err := DecodeGame([]byte(`{"schema":2,"ruleset":"fake","board":{"units":[]},"undo":{"board_gz":"bm90IGd6aXA=","entries":[1]}}`))
	if err != nil {
		t.Fatalf("DecodeGame = %v; want the game read", err)
	}
	if board, err := g.Undo.Board(); err == nil || err.Error() != "the undo point's board is not gzipped JSON" {
		t.Errorf("Board() = %s, %v; want it said not gzipped", board, err)
	}
}
