package orderscmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

const consoleBattle = `/game start ruleset:firing2007 name:Minden
/firing2007 unit-add name:Grenadiers type:british side:British strength:6 morale:7 player:@Bob
/firing2007 unit-add name:Rangers type:rifles side:American strength:4 morale:6 player:@Carol
/turn new
`

// Through the console: orders written after their turn's reveal are
// refused, Bob's and Carol's alike, and the reveal shows the bytes hashed
// in a code block with the command that hashes them.
func TestConsoleNoOrdersAfterTheReveal(t *testing.T) {
	h := commandstest.New(t)
	out := h.Console(t, "minden", "Cappetta", consoleBattle+`@Bob /orders text:"Grenadiers advance"
/orders reveal:true
@Carol /orders text:"Rangers fall back, having seen it"
@Bob /orders text:"Grenadiers halt instead"
`)
	commandstest.Shows(t, "the reveal", out, ":Grenadiers advance\n", "' | sha256sum\n")
	if n := strings.Count(out, "The orders of turn 1 have been revealed: orders for it can no longer be written"); n != 2 {
		t.Errorf("%d of the 2 orders written after the reveal are refused:\n%s", n, out)
	}
	if g := h.Game("minden"); len(g.Orders.Sealed) != 0 {
		t.Errorf("after the reveal the battle holds %d sealed orders, want none", len(g.Orders.Sealed))
	}
}

// Through the console: a running battle's file, its sealed orders given a
// text and salt that hash to the commitment they carry, is refused at
// /game import: orders exist only as written in the battle. The file as
// exported imports, without the orders, which are to be written again.
func TestConsoleAnImportCannotAddOrders(t *testing.T) {
	h := commandstest.New(t)
	h.Console(t, "minden", "Cappetta", consoleBattle+`@Bob /orders text:"Storm the redoubt"
`)
	r := h.In("minden", interaction.User{ID: "console:cappetta", Name: "Cappetta"}, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/game export: %s", commandstest.Text(r))
	}
	exported := r.Ephemeral[0].Files[0].Content
	var doc map[string]any
	if err := json.Unmarshal(exported, &doc); err != nil {
		t.Fatal(err)
	}
	o := doc["orders"].(map[string]any)["sealed"].([]any)[0].(map[string]any)
	o["text"], o["salt"] = "Retreat", "0123456789abcdef"
	o["commitment"] = rules.Commit(sealed.Form("0123456789abcdef", "Retreat"))
	forged, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{"forged.json": forged, "exported.json": exported} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out := h.Console(t, "minden", "Cappetta", "@Cappetta #forged /game import file:"+filepath.Join(dir, "forged.json")+"\n")
	commandstest.Shows(t, "the forged file", out, "carries the text of sealed orders")
	out = h.Console(t, "minden", "Cappetta", "@Cappetta #copy /game import file:"+filepath.Join(dir, "exported.json")+"\n")
	commandstest.Shows(t, "the exported file", out, "Imported: Minden")
	if g := h.Game("copy"); g.Orders != nil && len(g.Orders.Sealed) != 0 {
		t.Errorf("the imported battle holds %d sealed orders, want none", len(g.Orders.Sealed))
	}
}
