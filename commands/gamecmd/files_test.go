package gamecmd_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/record"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// played starts a battle in c1 and plays a turn; ended ends it too.
func played(h harness, ended bool) {
	h.Do(umpire, "game start", "ruleset", "fakewar", "name", "Busaco")
	h.Do(umpire, "game house-rule", "name", "aim", "value", "steady")
	h.Do(umpire, "turn new")
	h.Do(p1, "act")
	if ended {
		h.End("c1", umpire)
	}
}

// export returns the file /game export gives the umpire.
func (h harness) export(t *testing.T, channel string) interaction.File {
	t.Helper()
	r := h.Serve(h.Request(channel, umpire, "game export"))
	if len(r.Public) != 0 || len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("export: %s; want one file, to the umpire only", commandstest.Text(r))
	}
	return r.Ephemeral[0].Files[0]
}

func (h harness) importFile(channel string, u interaction.User, f interaction.File) interaction.Response {
	return h.Serve(h.Request(channel, u, "game import", "file", f))
}

func TestExportImportEnded(t *testing.T) {
	h := newHarness(t)
	played(h, true)
	h.Expect(t, "export by a player", h.Serve(h.Request("c1", p1, "game export")), true, "Only the umpire (Wellington) can export the battle.")
	f := h.export(t, "c1")
	if f.Name != "fakewar-busaco-2026-11-29.json" {
		t.Errorf("export file name %q", f.Name)
	}
	h.Expect(t, "export note", h.Serve(h.Request("c1", umpire, "game export")), false, "the file carries the revealed seed")

	h.Expect(t, "import", h.importFile("c2", p2, f), false, "Imported: Busaco — Fake War", "Ducos imported it and is now the umpire (it was Wellington).")
	orig, got := h.Game("c1"), h.Game("c2")
	if diff := cmp.Diff(orig, got, cmpopts.IgnoreUnexported(battle.Game{}), cmpopts.IgnoreFields(battle.Game{}, "Channel", "Umpire", "UmpireName")); diff != "" {
		t.Errorf("import of an ended battle differs (-exported +imported):\n%s", diff)
	}
	// The same umpire importing gets the identical battle, file for file.
	h.importFile("c3", umpire, f)
	again := h.export(t, "c3")
	if !bytes.Equal(bytes.Replace(again.Content, []byte(`"channel": "c3"`), []byte(`"channel": "c1"`), 1), f.Content) {
		t.Errorf("export → import → export changed the file:\n%s\n---\n%s", f.Content, again.Content)
	}
	h.Expect(t, "verify the import", h.Serve(h.Request("c3", p1, "game verify")), false, "Verified: the log recomputes the battle", "Replayed the whole log")
}

func TestExportImportRunning(t *testing.T) {
	h := newHarness(t)
	played(h, false)
	orig, origLog := h.Game("c1"), h.Log("c1")
	f := h.export(t, "c1")
	if bytes.Contains(f.Content, []byte(`"seed"`)) || bytes.Contains(f.Content, []byte(hex.EncodeToString(orig.Seed))) {
		t.Fatal("the export of a running battle carries its secret seed")
	}
	h.Expect(t, "export note", h.Serve(h.Request("c1", umpire, "game export")), false, "its dice seed is still secret and **not in the file**")

	r := h.importFile("c2", umpire, f)
	got, gotLog := h.Game("c2"), h.Log("c2")
	h.Expect(t, "import", r, false, "Imported: Busaco — Fake War", "**New seed commitment:** `"+got.Commitment+"`",
		"the dice from roll 3 on come from a new seed", "Rolls 1–2 were made under the earlier commitment `"+orig.Commitment+"`")
	if got.Commitment == orig.Commitment || len(got.Seed) == 0 || hex.EncodeToString(got.Seed) == hex.EncodeToString(orig.Seed) {
		t.Fatal("import of a running battle kept the old seed")
	}
	if want := []battle.Epoch{{Below: 3, Commitment: orig.Commitment}}; !cmp.Equal(got.Earlier, want) {
		t.Errorf("earlier seeds %v, want %v", got.Earlier, want)
	}
	last := gotLog[len(gotLog)-1]
	if !strings.HasPrefix(last.Summary, "imported while running: new seed from roll 3, commitment "+got.Commitment[:16]) {
		t.Errorf("import log entry %q", last.Summary)
	}
	ignore := cmpopts.IgnoreFields(battle.Game{}, "Channel", "Seed", "Commitment", "Earlier", "LogLen")
	if diff := cmp.Diff(orig, got, ignore, cmpopts.IgnoreUnexported(battle.Game{})); diff != "" {
		t.Errorf("import of a running battle differs (-exported +imported):\n%s", diff)
	}
	if diff := cmp.Diff(origLog, gotLog[:len(origLog)]); diff != "" {
		t.Errorf("imported log differs (-exported +imported):\n%s", diff)
	}

	// Play on and end in both places; the new place verifies its own rolls,
	// and the earlier ones once given the original seed.
	serve := func(ch string, u interaction.User, path string, opts ...any) interaction.Response {
		return h.Serve(h.Request(ch, u, path, opts...))
	}
	serve("c2", p2, "act")
	h.End("c2", umpire)
	h.Expect(t, "verify without the earlier seed", serve("c2", p1, "game verify"), false,
		"Verification found problems", "Rolls 1–2 (2 rolls) were drawn under an earlier seed, commitment `"+orig.Commitment[:16])
	h.Expect(t, "end the original", h.End("c1", umpire), false, "Battle over: Busaco")
	oldSeed := hex.EncodeToString(h.Game("c1").Seed)
	h.Expect(t, "verify with the earlier seed", serve("c2", p1, "game verify", "earlier-seed", oldSeed), false, "Verified: every roll matches")
	h.Expect(t, "verify with a bad earlier seed", serve("c2", p1, "game verify", "earlier-seed", "abc"), true, "An earlier seed is 64 hexadecimal characters")
}

func TestImportRefused(t *testing.T) {
	h := newHarness(t)
	played(h, true)
	good := h.export(t, "c1").Content
	h.Do(umpire, "game start", "ruleset", "fakewar") // c1 now holds a running battle
	edit := func(fn func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		fn(m)
		b, _ := json.Marshal(m)
		return b
	}
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"too big", bytes.Repeat([]byte(" "), record.MaxImportSize+1), "This file cannot be imported: it is 1025 KB; the limit is 1024 KB."},
		{"not JSON", []byte("schema: 1"), "This file cannot be imported: it is not valid JSON (line 1, column 1: invalid character 's' looking for beginning of value)."},
		{"wrong schema", edit(func(m map[string]any) { m["schema"] = 7 }), "This file cannot be imported: it was written by a newer referee (schema 7; this one reads up to 2). Update the referee first."},
		{"unknown rule set", edit(func(m map[string]any) { m["ruleset"] = "chess" }), "This file cannot be imported: it is a game of \"chess\", a rule set this referee does not play."},
		{"bad board", edit(func(m map[string]any) { m["board"].(map[string]any)["cards"] = map[string]int{"x9": 3} }),
			"This file cannot be imported: its Fake War board does not check out: a card is held by x9, who commands no unit"},
		{"altered seed", edit(func(m map[string]any) { m["seed"] = strings.Repeat("A", 43) + "=" }), "its revealed seed does not match its commitment: the file has been altered."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h.Unchanged("c1", tt.name, func() {
				h.Expect(t, tt.name, h.importFile("c1", umpire, interaction.File{Name: "x.json", Content: tt.file}), true, tt.want)
			})
		})
	}
	h.Unchanged("c1", "a player's import", func() {
		h.Expect(t, "import by a player over a running battle", h.importFile("c1", p1, interaction.File{Name: "g.json", Content: good}), true,
			"A battle is running in this channel; only its umpire (Wellington) can replace it with an import.")
	})
	h.Expect(t, "import by the umpire over a running battle", h.importFile("c1", umpire, interaction.File{Name: "g.json", Content: good}), false,
		"It replaces the battle that was in this channel.")
	h.Expect(t, "import without a file", h.Serve(h.Request("c5", umpire, "game import")), true, "Attach the file made by `/game export`")
}
