package gamecmd_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the referee now shows; if the change is meant, run go test -update and review the diff.\ngot:\n%s", path, got)
	}
}

// TestTranscript plays a short battle with fixed dice and clock, and checks
// everything the players and the umpire are shown against a golden file, and
// the after-action report against another.
func TestTranscript(t *testing.T) {
	h := newHarness(t)
	var out bytes.Buffer
	step := func(who, line string, opts ...any) {
		user := umpire
		switch who {
		case "Sharpe":
			user = p1
		case "Ducos":
			user = p2
		}
		fmt.Fprintf(&out, "\n>>> %s: /%s %v\n", who, line, opts)
		out.WriteString(commandstest.Text(h.Do(user, line, opts...)))
	}
	step("Wellington", "game start", "ruleset", "fakewar", "name", "Talavera")
	step("Wellington", "game house-rule", "name", "aim", "value", "steady")
	step("Wellington", "turn new")
	step("Sharpe", "card")
	step("Sharpe", "act")
	step("Ducos", "game undo", "reason", "not his turn")
	step("Wellington", "game undo", "reason", "out of range")
	step("Ducos", "act")
	step("Ducos", "game status")
	step("Ducos", "game log")
	step("Ducos", "game verify")
	step("Wellington", "game end")
	out.WriteString("\n>>> Wellington: [End the battle]\n")
	out.WriteString(commandstest.Text(h.End(h.Channel, umpire)))
	step("Ducos", "game verify")
	step("Ducos", "rules", "ruleset", "fakewar", "topic", "fire")
	golden(t, "transcript.golden", out.Bytes())

	r := h.Do(p2, "game report")
	if len(r.Public) != 1 || len(r.Public[0].Files) != 1 {
		t.Fatalf("report: %s", commandstest.Text(r))
	}
	golden(t, "report.golden", r.Public[0].Files[0].Content)
}
