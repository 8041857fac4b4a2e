package orderscmd_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle/record"
	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/orderscmd"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

var (
	umpire = interaction.User{ID: "u0", Name: "Cappetta"}
	bob    = interaction.User{ID: "u1", Name: "Bob"}
	carol  = interaction.User{ID: "u2", Name: "Carol"}
)

// secrecy returns a harness over a Rules – Firing battle with Bob and
// Carol as players, whose Watch fails the test when a public message, a
// button id, a Result or a log line shows any of the texts secret holds
// (the orders written and not yet revealed).
func secrecy(t *testing.T, secret map[string]bool) *commandstest.Harness {
	t.Helper()
	h := commandstest.New(t, commandstest.Watch(func(h *commandstest.Harness, req interaction.Request, r interaction.Response) {
		t.Helper()
		var public strings.Builder
		public.WriteString(commandstest.TextOf(r.Public))
		for _, m := range append(append([]interaction.Message(nil), r.Public...), r.Ephemeral...) {
			for _, b := range m.Buttons {
				public.WriteString(b.ID + "\n")
			}
		}
		if r.Result != nil {
			b, err := json.Marshal(r.Result)
			if err != nil {
				t.Fatal(err)
			}
			public.Write(b)
		}
		for _, e := range h.Log(h.Channel) {
			public.WriteString(e.Summary + "\n")
		}
		for text, sealed := range secret {
			if sealed && strings.Contains(public.String(), text) {
				t.Errorf("/%s showed the sealed orders %q in public, a button id, its result or the log:\n%s", req.Path, text, public.String())
			}
		}
	}))
	h.OK(umpire, "game start", "ruleset", "firing2007", "name", "Brandywine")
	h.OK(umpire, "firing2007 unit-add", "name", "Grenadiers", "type", "british", "side", "British", "strength", int64(6), "morale", int64(7), "player", bob)
	h.OK(umpire, "firing2007 unit-add", "name", "Rangers", "type", "rifles", "side", "American", "strength", int64(4), "morale", int64(6), "player", carol)
	return h
}

// commitment finds the commitment a public notice posts.
var commitmentRe = regexp.MustCompile("Commitment: `([0-9a-f]{64})`")

func commitmentOf(t *testing.T, r interaction.Response) string {
	t.Helper()
	m := commitmentRe.FindStringSubmatch(commandstest.TextOf(r.Public))
	if m == nil {
		t.Fatalf("no commitment posted: %s", commandstest.Text(r))
	}
	return m[1]
}

// blockRe finds the code blocks of a reveal.
var blockRe = regexp.MustCompile("```\n([^`]*)\n```")

// checkReveal checks, as a reader would, that the reveal shows in a code
// block the exact bytes hashed, holding text, whose SHA-256 is the
// commitment posted when it was written, and in another the shell command
// that prints it, which, run, hashes those bytes.
func checkReveal(t *testing.T, reveal, text, commitment string) {
	t.Helper()
	blocks := blockRe.FindAllStringSubmatch(reveal, -1)
	for i, m := range blocks {
		form := m[1]
		salt, got, ok := strings.Cut(form, ":")
		if !ok || got != text {
			continue
		}
		if sum := sha256.Sum256([]byte(form)); hex.EncodeToString(sum[:]) != commitment {
			t.Errorf("the code block %q hashes to %x; the commitment posted was %s", form, sum, commitment)
		}
		if !strings.Contains(reveal, "Salt `"+salt+"`") {
			t.Errorf("the reveal does not give the salt %s:\n%s", salt, reveal)
		}
		if i+1 >= len(blocks) || blocks[i+1][1] != sealed.ShellHash(form) {
			t.Errorf("the code block %q is not followed by the command that hashes it:\n%s", form, reveal)
		}
		return
	}
	t.Errorf("the reveal shows no code block holding %q:\n%s", text, reveal)
}

// Bob writes, rewrites; Carol writes; the umpire reveals at his call. The
// channel sees only that each has written, with a commitment; the writer
// sees his text and salt; the umpire has a copy; the reveal spells out the
// exact form hashed and anyone can check it against the commitment.
func TestWriteRewriteAndReveal(t *testing.T) {
	secret := map[string]bool{}
	h := secrecy(t, secret)
	h.OK(umpire, "turn new")

	first := "Grenadiers advance to the fence and give fire"
	secret[first] = true
	r := h.OK(bob, "orders", "text", first)
	c1 := commitmentOf(t, r)
	h.Expect(t, "Bob's orders", r, false, "[public] **Bob** has written sealed orders for turn 1.",
		"[ephemeral] Your orders for turn 1 are sealed:\n> "+first, "[dm u0] **Bob**'s sealed orders for turn 1")
	if w, ok := r.Result.(orderscmd.Written); !ok || w.Turn != 1 || w.Commitment != c1 || w.Replaced != 0 {
		t.Errorf("Result = %+v, want turn 1 and the commitment posted", r.Result)
	}

	second := "  Grenadiers hold the 'fence', \"steady\" — à l'ordre du jour"
	secret[second] = true
	r = h.OK(bob, "orders", "text", second)
	c2 := commitmentOf(t, r)
	second = strings.TrimSpace(second) // an option is read without the spaces around it
	h.Expect(t, "Bob's orders again", r, false, "[public] **Bob** has rewritten sealed orders for turn 1: they replace the orders sealed before (commitment `"+c1+"`), which will not be revealed.",
		"They replace your earlier orders for the turn.")
	if c2 == c1 {
		t.Errorf("the rewritten orders have the commitment of the first")
	}

	h.Expect(t, "turn status", h.Do(umpire, "turn status"), false, "Sealed orders: Turn 1: written by **Bob**; not yet written by **Carol**")

	third := "Rangers into the wood"
	secret[third] = true
	c3 := commitmentOf(t, h.OK(carol, "orders", "text", third))

	h.Refused("can reveal the sealed orders", bob, "orders", "reveal", true)
	secret[second], secret[third] = false, false
	r = h.OK(umpire, "orders", "reveal", true)
	reveal := commandstest.TextOf(r.Public)
	h.Expect(t, "reveal", r, false, "**Sealed orders of turn 1, revealed at the umpire's call.**", "Orders of Bob", "Orders of Carol",
		"in place of the orders written before them for the turn", "Its SHA-256 is `"+c2+"`, the commitment posted when they were written.")
	checkReveal(t, reveal, second, c2)
	checkReveal(t, reveal, third, c3)
	if strings.Contains(reveal, first) {
		t.Errorf("the replaced orders were revealed:\n%s", reveal)
	}
	if o := h.Game(h.Channel).Orders; len(o.Sealed) != 0 {
		t.Errorf("after the reveal %d orders are still sealed", len(o.Sealed))
	}
	h.Refused("No sealed orders wait to be revealed.", umpire, "orders", "reveal", true)
	var logged int
	for _, e := range h.Log(h.Channel) {
		if strings.Contains(e.Summary, "revealed (salt") {
			logged++
		}
	}
	if logged != 2 {
		t.Errorf("%d reveals logged, want 2", logged)
	}
}

// With orders:turn-end the orders of a turn are revealed when the next
// begins, before it; orders of the new turn stay sealed. /game end reveals
// what is left.
func TestRevealAtTurnEndAndAtTheEnd(t *testing.T) {
	secret := map[string]bool{}
	h := secrecy(t, secret)
	h.OK(umpire, "game settings", "orders", "turn-end")
	h.OK(umpire, "turn new")
	secret["Volley by platoons"] = true
	c := commitmentOf(t, h.OK(bob, "orders", "text", "Volley by platoons"))
	h.Expect(t, "turn status", h.Do(umpire, "turn status"), false, "They are revealed at the turn's end.")

	secret["Volley by platoons"] = false
	r := h.OK(umpire, "turn new")
	if len(r.Public) < 1 || !strings.Contains(commandstest.TextOf(r.Public[:1]), "Sealed orders of turn 1, revealed at the turn's end") ||
		!strings.Contains(commandstest.Text(r), "Turn 2") {
		t.Fatalf("turn new: %s\nwant the orders of turn 1 revealed, and turn 2", commandstest.Text(r))
	}
	checkReveal(t, commandstest.TextOf(r.Public), "Volley by platoons", c)

	secret["Skirmish forward"] = true
	c = commitmentOf(t, h.OK(carol, "orders", "text", "Skirmish forward"))
	h.Expect(t, "turn 2 status", h.Do(umpire, "turn status"), false, "Turn 2: written by **Carol**; not yet written by **Bob**")
	secret["Skirmish forward"] = false
	r = h.End(h.Channel, umpire)
	h.Expect(t, "end", r, false, "Sealed orders of turn 2, revealed at the battle's end.", "Battle over")
	checkReveal(t, commandstest.TextOf(r.Public), "Skirmish forward", c)
}

// Bad input is refused with a sentence, and changes nothing.
func TestRefusals(t *testing.T) {
	h := secrecy(t, map[string]bool{})
	for _, tc := range []struct {
		want string
		opts []any
	}{
		{"Write your orders for the turn with `/orders text:…`", nil},
		{"Write your orders for the turn with `/orders text:…`", []any{"text", "   "}},
		{"Either write your orders", []any{"text", "Advance", "reveal", true}},
		{"at most 1000 fit", []any{"text", strings.Repeat("a", sealed.MaxText+1)}},
		{"invisible character (U+202E", []any{"text", "Advance\u202eecnaver"}},
		{"invisible character (U+200D", []any{"text", "Advance with the colours 🏳\u200d🌈"}},
		{"control character or an unusual space (U+000A", []any{"text", "Advance\nnow"}},
		{"control character or an unusual space (U+0009", []any{"text", "Advance\tnow"}},
		{"control character or an unusual space (U+00A0", []any{"text", "Advance\u00a0now"}},
		{"backquote", []any{"text", "Hold the `fence`"}},
	} {
		h.Unchanged(h.Channel, "orders "+tc.want, func() { h.Refused(tc.want, bob, "orders", tc.opts...) })
	}
	h.Refused("Give a setting: ", umpire, "game settings")
	h.Refused("Sealed orders are revealed at `turn-end`", umpire, "game settings", "orders", "later")
	if r := h.In("elsewhere", bob, "orders", "text", "Advance"); !commandstest.IsRefusal(r) || !strings.Contains(r.Ephemeral[0].Content, "no battle") {
		t.Errorf("orders in a channel without a battle = %s, want a refusal", commandstest.Text(r))
	}
}

// A running battle's export carries the commitments, not the sealed text
// or salt; imported, those orders are dropped (they cannot be revealed) and
// written again.
func TestExportKeepsOrdersSealed(t *testing.T) {
	h := secrecy(t, map[string]bool{"Storm the redoubt": true})
	h.OK(bob, "orders", "text", "Storm the redoubt")
	g := h.Game(h.Channel)
	b, err := record.Export(g, h.Log(h.Channel))
	if err != nil {
		t.Fatal(err)
	}
	salt := g.Orders.Sealed[0].Salt
	if strings.Contains(string(b), "Storm the redoubt") || strings.Contains(string(b), salt) {
		t.Errorf("the export of a running battle carries the sealed orders or their salt")
	}
	if !strings.Contains(string(b), g.Orders.Sealed[0].Commitment) {
		t.Errorf("the export lost the orders' commitment")
	}
	imported, _, err := record.ReadExport(b, h.Service.Ruleset, g.Started.Add(time.Hour))
	if err != nil {
		t.Fatalf("ReadExport: %v", err)
	}
	if len(imported.Orders.Sealed) != 0 {
		t.Errorf("imported, the battle has %d sealed orders without their text, want them dropped", len(imported.Orders.Sealed))
	}

	// A file that carries sealed orders' text was written by hand: orders
	// exist only as written in the battle, so it is refused, even when its
	// text and salt hash to the commitment it gives.
	var file map[string]any
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	o := file["orders"].(map[string]any)["sealed"].([]any)[0].(map[string]any)
	o["text"], o["salt"] = "Retreat", "0123456789abcdef"
	o["commitment"] = rules.Commit(sealed.Form("0123456789abcdef", "Retreat"))
	raw, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := record.ReadExport(raw, h.Service.Ruleset, g.Started.Add(time.Hour)); err == nil || !strings.Contains(err.Error(), "carries the text of sealed orders") {
		t.Errorf("ReadExport of orders added by hand = %v, want them refused", err)
	}
	// Through /game import, in another channel: refused, nothing stored.
	r := h.In("forged", umpire, "game import", "file", interaction.File{Name: "b.json", Content: raw})
	if !commandstest.IsRefusal(r) || !strings.Contains(commandstest.Text(r), "carries the text of sealed orders") {
		t.Errorf("/game import of orders added by hand = %s, want it refused", commandstest.Text(r))
	}
	if _, err := h.Service.View(context.Background(), "forged"); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("after the refused import, View = %v, want no battle", err)
	}
}

// Orders written after their turn's orders were revealed would be written
// knowing the others': they are refused, and the turn's reveal cannot then
// show orders that were never committed before it. The next turn is open.
func TestNoOrdersAfterTheReveal(t *testing.T) {
	h := secrecy(t, map[string]bool{})
	h.OK(umpire, "turn new")
	h.OK(bob, "orders", "text", "Grenadiers advance")
	h.OK(umpire, "orders", "reveal", true)
	h.Unchanged(h.Channel, "orders after the reveal", func() {
		h.Refused("The orders of turn 1 have been revealed: orders for it can no longer be written", carol, "orders", "text", "Rangers fall back, having seen it")
		h.Refused("The orders of turn 1 have been revealed", bob, "orders", "text", "Grenadiers halt instead")
	})
	h.OK(umpire, "turn new")
	h.OK(carol, "orders", "text", "Rangers into the wood")

	// Revealed at the turn's end, the ended turn is closed, the new one open.
	h.OK(umpire, "game settings", "orders", "turn-end")
	h.OK(umpire, "turn new")
	if g := h.Game(h.Channel); g.Orders.Revealed != 2 {
		t.Errorf("after turn 3 begins the orders are revealed through turn %d, want 2", g.Orders.Revealed)
	}
	h.OK(bob, "orders", "text", "Grenadiers wheel")
}

// The turn status counts as not yet written only those who command
// something (a unit on the roster, or a side the umpire put them on): a
// bystander who rolled dice in the battle has no orders to write.
func TestUnwrittenAreTheCommanders(t *testing.T) {
	h := secrecy(t, map[string]bool{})
	dave := interaction.User{ID: "u3", Name: "Dave"}
	erin := interaction.User{ID: "u4", Name: "Erin"}
	h.OK(umpire, "orders", "text", "The umpire's own notes")
	h.OK(dave, "roll", "dice", "2d6")
	h.OK(erin, "roll", "dice", "1d6")
	h.Expect(t, "turn status", h.Do(umpire, "turn status"), false,
		"Turn 1: written by **Cappetta**; not yet written by **Bob**, **Carol** (`/orders text:…`)")
	if s := commandstest.Text(h.Do(umpire, "turn status")); strings.Contains(s, "Dave") || strings.Contains(s, "Erin") {
		t.Errorf("the turn status waits on orders from bystanders who only rolled dice:\n%s", s)
	}
	h.OK(umpire, "game side", "user", erin, "side", "American")
	h.Expect(t, "turn status with Erin on a side", h.Do(umpire, "turn status"), false, "not yet written by **Bob**, **Carol**, **Erin** (`/orders text:…`)")
	h.OK(bob, "orders", "text", "Grenadiers hold")
	h.Expect(t, "turn status after Bob's", h.Do(umpire, "turn status"), false, "not yet written by **Carol**, **Erin** (`/orders text:…`)")
}

// Under fog of war, sealed orders revealed at the turn's end are shown as
// written to the umpire (at his desk) and to the writer's side (in its
// channel, or to the writer by DM when it has none); the battle's channel
// is told only who wrote them, their commitments and that they match. At
// the battle's end they are published to all; the battle still verifies.
func TestUnderFogOrdersAreRevealedToTheirSideAlone(t *testing.T) {
	secret := map[string]bool{}
	h := secrecy(t, secret)
	for _, step := range [][]any{
		{"game settings", "fog", "on"}, {"game side-channel", "side", "British", "channel", "brit"},
		{"game desk", "channel", "desk"}, {"game settings", "orders", "turn-end"}, {"turn new"},
	} {
		if r := h.Do(umpire, step[0].(string), step[1:]...); h.Outcome() != interaction.OutcomeOK {
			t.Fatalf("%v: %s", step, commandstest.Text(r))
		}
	}
	bobs, carols := "Grenadiers wheel left and fire by platoons", "Rangers into the wood"
	secret[bobs], secret[carols] = true, true
	cb := commitmentOf(t, h.OK(bob, "orders", "text", bobs))
	cc := commitmentOf(t, h.OK(carol, "orders", "text", carols))

	r := h.OK(umpire, "turn new")
	h.Expect(t, "the reveal in the battle's channel", r, false,
		"**Sealed orders of turn 1, revealed at the turn's end** to the umpire and each writer's side",
		"• **Bob**: commitment `"+cb+"` — matches.", "• **Carol**: commitment `"+cc+"` — matches.")
	posted := map[string]string{}
	for _, p := range r.Posts {
		posted[p.ChannelID] += commandstest.TextOf([]interaction.Message{p.Message})
	}
	dms := map[string]string{}
	for _, dm := range r.DMs {
		dms[dm.UserID] += commandstest.TextOf([]interaction.Message{dm.Message})
	}
	checkReveal(t, posted["desk"], bobs, cb)
	checkReveal(t, posted["desk"], carols, cc)
	checkReveal(t, posted["brit"], bobs, cb)
	checkReveal(t, dms[carol.ID], carols, cc)
	if strings.Contains(posted["brit"], carols) || strings.Contains(dms[carol.ID], bobs) {
		t.Errorf("a side was shown the other's orders: British channel\n%s\nCarol's DM\n%s", posted["brit"], dms[carol.ID])
	}
	if _, ok := dms[bob.ID]; ok {
		t.Errorf("Bob, whose side has its channel, was sent his orders by DM too")
	}

	secret[bobs], secret[carols] = false, false
	r = h.End(h.Channel, umpire)
	h.Expect(t, "the end", r, false, "**Sealed orders of turn 1, revealed before to the umpire and their side, published at the battle's end.**", "Battle over")
	checkReveal(t, commandstest.TextOf(r.Public), bobs, cb)
	checkReveal(t, commandstest.TextOf(r.Public), carols, cc)
	h.Expect(t, "verify", h.Do(carol, "game verify"), false, "Replayed the whole log from the seed")
}

// Under fog of war the battle's channel is not told that the player of
// hidden units wrote orders, not even when they are revealed: it reads
// the commitments of the writers it knows of, and when it knows none of
// them it reads nothing, the umpire alone told why.
func TestUnderFogTheHiddenUnitsPlayerWritesUnseen(t *testing.T) {
	h := secrecy(t, map[string]bool{})
	dave := interaction.User{ID: "u3", Name: "Dave"}
	for _, step := range [][]any{
		{"game settings", "fog", "on"}, {"game desk", "channel", "desk"},
		{"firing2007 unit-add", "name", "Hessians", "type", "line", "side", "British", "strength", int64(5), "morale", int64(6), "player", dave, "hidden", true},
		{"turn new"},
	} {
		if r := h.Do(umpire, step[0].(string), step[1:]...); h.Outcome() != interaction.OutcomeOK {
			t.Fatalf("%v: %s", step, commandstest.Text(r))
		}
	}
	h.OK(dave, "orders", "text", "Hessians hold the ford")
	cb := commitmentOf(t, h.OK(bob, "orders", "text", "Grenadiers wheel left"))
	r := h.OK(umpire, "orders", "reveal", true)
	h.Expect(t, "the reveal in the battle's channel", r, false, "• **Bob**: commitment `"+cb+"` — matches.")
	if s := commandstest.TextOf(r.Public); strings.Contains(s, "Dave") {
		t.Errorf("the battle's channel is told of Dave's orders:\n%s", s)
	}
	desk := ""
	for _, p := range r.Posts {
		if p.ChannelID == "desk" {
			desk += commandstest.TextOf([]interaction.Message{p.Message})
		}
	}
	if !strings.Contains(desk, "Hessians hold the ford") || !strings.Contains(desk, "Grenadiers wheel left") {
		t.Errorf("the desk is shown:\n%s\nwant both orders", desk)
	}

	h.OK(umpire, "turn new")
	h.OK(dave, "orders", "text", "Hessians cross the ford")
	r = h.OK(umpire, "orders", "reveal", true)
	if len(r.Public) != 0 {
		t.Errorf("the reveal of Dave's orders alone shows the battle's channel:\n%s", commandstest.TextOf(r.Public))
	}
	h.Expect(t, "the umpire's answer", r, false, "The battle's channel is told nothing of them")
}
