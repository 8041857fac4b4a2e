package crimea

import (
	"bytes"
	"encoding/json"
	"testing"
)

// storedBoard is a board as the referee stored it before the board moved to
// this package (exported from a running battle, one free move and one moved
// unit added): it must decode, validate and encode byte for byte the same.
const storedBoard = `{"turn":1,"deck":[{"side":"Allied","command":"right wing"},{"side":"Allied","command":"left wing"},` +
	`{"side":"Allied","command":"free move"},{"side":"Russian","command":"free move"},{"side":"Allied","command":"cavalry"},` +
	`{"side":"Russian","command":"left wing"},{"side":"Russian","command":"cavalry"},{"side":"Russian","command":"right wing"}],` +
	`"drawn":4,"free":"right wing|","units":[{"name":"17th Lancers","side":"Allied","nationality":"British","type":"light cavalry",` +
	`"formation":"line","stands":4,"start":4,"morale":50,"officer":"Lord Lucan"},{"name":"Odessa Regiment","side":"Russian",` +
	`"nationality":"Russian","type":"heavy infantry","formation":"column","stands":4,"start":6,"morale":50,"disordered":true,` +
	`"lost_to_fire":2,"officer":"Liprandi","moved":true}],"officers":[{"name":"Lord Raglan","side":"Allied","rank":"commander-in-chief",` +
	`"calibre":"rash","morale":50,"player":"console:raglan","player_name":"raglan","orders":3},{"name":"Lord Lucan","side":"Allied",` +
	`"rank":"wing commander","wing":"cavalry","superior":"Lord Raglan","calibre":"cautious","morale":60,"player":"console:lucan",` +
	`"player_name":"lucan","orders":3},{"name":"Liprandi","side":"Russian","rank":"wing commander","wing":"right wing",` +
	`"calibre":"indolent","morale":50,"orders":1,"stays":true}],"allowances":{"light cavalry":12},` +
	`"rolled":{"officer:liprandi":{"notation":"d100","faces":[5,0],"total":50,"shown":"red 5, white 0 → 50"}}}`

func TestAStoredBoardDecodesAndEncodesTheSame(t *testing.T) {
	var b Board
	if err := json.Unmarshal([]byte(storedBoard), &b); err != nil {
		t.Fatal(err)
	}
	if _, err := ValidateBoard([]byte(storedBoard)); err != nil {
		t.Errorf("ValidateBoard(stored board) = %v", err)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&b); err != nil {
		t.Fatal(err)
	}
	if got := bytes.TrimSpace(out.Bytes()); string(got) != storedBoard {
		t.Errorf("the stored board encodes as\n%s\nwant\n%s", got, storedBoard)
	}
}
