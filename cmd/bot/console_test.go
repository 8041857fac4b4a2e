package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
)

// playConsole runs `bot console args…` over a piped script, as a user would.
func playConsole(t *testing.T, dir string, script string, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := map[string]string{"DATA_DIR": dir}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		io.WriteString(w, script)
		w.Close()
	}()
	err = run(context.Background(), append([]string{"bot", "console"}, args...), getenv(env), r, &out, &errb)
	if err != nil {
		t.Fatalf("console run = %v; stderr:\n%s", err, errb.String())
	}
	return out.String(), errb.String()
}

// jsonLines decodes the console's -json output, a line at a time, into T.
func jsonLines[T any](t *testing.T, out string) []T {
	t.Helper()
	var lines []T
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var x T
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("not a JSON line: %s", l)
		}
		lines = append(lines, x)
	}
	return lines
}

const script = `# a scripted session
/help

@bob /help
/nope
/help extra:1
`

func TestConsoleTextSession(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), script, "-user", "alice", "-seed", "7", "-keep-going")
	for _, want := range []string{
		"# a scripted session",
		"» alice: /help",
		"(only you) ┃ Referee: dice, tables and turns",
		"» bob: /help",
		"(only you) ✗ There is no command /nope; /help lists them.",
		"(only you) ✗ /help has no option \"extra\"; its options: command.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("console output lacks %q; got:\n%s", want, out)
		}
	}
	if strings.Contains(out, "**") || strings.Contains(out, "`") {
		t.Errorf("console output shows raw markdown:\n%s", out)
	}
}

func TestConsoleJSONSession(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), script, "-user", "alice", "-json", "-keep-going")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d JSON lines, want 4 (one per command line):\n%s", len(lines), out)
	}
	type msg struct {
		Content string            `json:"content"`
		Embeds  []json.RawMessage `json:"embeds"`
		Buttons []json.RawMessage `json:"buttons"`
		Files   []json.RawMessage `json:"files"`
	}
	type line struct {
		OK        *bool            `json:"ok"`
		Error     *string          `json:"error"`
		Public    []msg            `json:"public"`
		Ephemeral []msg            `json:"ephemeral"`
		DMs       map[string][]msg `json:"dms"`
		Result    json.RawMessage  `json:"result"`
	}
	var got []line
	for _, l := range lines {
		var v line
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %q is not JSON: %v", l, err)
		}
		if v.OK == nil || v.Error == nil || v.Public == nil || v.Ephemeral == nil || v.DMs == nil || v.Result == nil {
			t.Fatalf("line %s lacks a key of {ok,error,public,ephemeral,dms,result}", l)
		}
		got = append(got, v)
	}
	if !*got[0].OK || len(got[0].Ephemeral) != 1 || len(got[0].Ephemeral[0].Embeds) != 1 {
		t.Errorf("/help = %s, want ok with the help embed", lines[0])
	}
	if *got[2].OK || !strings.Contains(*got[2].Error, "/nope") {
		t.Errorf("/nope = %s, want ok:false with an error", lines[2])
	}
	if *got[3].OK {
		t.Errorf("/help extra:1 = %s, want ok:false", lines[3])
	}
}

func TestNoTokenFallsBackToConsole(t *testing.T) {
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"bot"}, getenv(map[string]string{"DATA_DIR": t.TempDir()}), strings.NewReader("/help\n"), &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errb.String(), "DISCORD_TOKEN is not set") {
		t.Errorf("stderr = %q, want the fallback explained", errb.String())
	}
	if !strings.Contains(out.String(), "Referee: dice") {
		t.Errorf("stdout = %q, want /help answered", out.String())
	}
}

func TestConsoleSeedRepeatsRolls(t *testing.T) {
	const rolls = "/roll dice:4d6\n/roll dice:d100\n"
	a, _ := playConsole(t, t.TempDir(), rolls, "-seed", "9")
	b, _ := playConsole(t, t.TempDir(), rolls, "-seed", "9")
	c, _ := playConsole(t, t.TempDir(), rolls, "-seed", "10")
	if a != b {
		t.Errorf("-seed 9 twice gave different rolls:\n%s\n---\n%s", a, b)
	}
	if a == c {
		t.Errorf("-seed 9 and -seed 10 gave the same rolls:\n%s", a)
	}
}

// A .env copied from .env.example sets LOG_LEVEL=info for the bot; the console
// stays quiet unless -log-level asks for more.
func TestConsoleKeepsQuietUnderTheBotsLogLevel(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		noisy bool
	}{
		{[]string{"bot", "console"}, false},
		{[]string{"bot"}, false}, // no token: the console
		{[]string{"bot", "console", "-log-level", "debug"}, true},
	} {
		var out, errb bytes.Buffer
		env := map[string]string{"DATA_DIR": t.TempDir(), "LOG_LEVEL": "debug", "LOG_FORMAT": "text"}
		if err := run(context.Background(), tc.args, getenv(env), strings.NewReader("/help\n"), &out, &errb); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if noisy := strings.Contains(errb.String(), "level=DEBUG"); noisy != tc.noisy {
			t.Errorf("%v with LOG_LEVEL=debug: stderr %q; want debug lines: %v", tc.args, errb.String(), tc.noisy)
		}
	}
}

// A button press is logged, and shown in /game log and the report, by the
// label the presser read, not by its route.
func TestPressesAreLoggedByTheirLabel(t *testing.T) {
	const game = `/game start ruleset:firing2007
/firing2007 unit-add name:Foot type:line side:British strength:6 morale:8
/firing2007 unit-add name:Picardie type:line side:French strength:6 morale:7
/turn new
[Next turn]
/game log
/game report
`
	out, _ := playConsole(t, t.TempDir(), game, "-seed", "7")
	if !strings.Contains(out, "#5 turn 2 begins (player, Next turn)") || !strings.Contains(out, "**#5** turn 2 begins (player, **Next turn**)") ||
		strings.Contains(out, "v1/turn") {
		t.Errorf("the log and the report do not name the press by its label:\n%s", out)
	}
}

// TestConsoleScriptStopsAtARefusal: a script stops at its first line refused,
// saying which, and goes no further; -keep-going plays it to its end.
func TestConsoleScriptStopsAtARefusal(t *testing.T) {
	script := "/roll dice:d6\n/roll dice:d1\n/roll dice:2d6\n"
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"bot", "console", "-json"}, getenv(map[string]string{"DATA_DIR": t.TempDir()}),
		strings.NewReader(script), &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "/roll dice:d1") {
		t.Errorf("run = %v, want it stopped at line 2 (/roll dice:d1)", err)
	}
	if n := strings.Count(strings.TrimSpace(out.String()), "\n") + 1; n != 2 {
		t.Errorf("%d answers, want 2 (the last the refusal):\n%s", n, out.String())
	}
	out2, _ := playConsole(t, t.TempDir(), script, "-json", "-keep-going")
	if n := len(strings.Split(strings.TrimSpace(out2), "\n")); n != 3 {
		t.Errorf("-keep-going: %d answers, want 3:\n%s", n, out2)
	}
}

// TestConsoleStoreMemory: with -store memory a battle lasts as long as the
// console, so the same script plays twice in the same directory, and leaves
// nothing in it.
func TestConsoleStoreMemory(t *testing.T) {
	dir := t.TempDir()
	script := "/game start ruleset:crimea name:Alma\n/game status\n"
	for i := range 2 {
		out, _ := playConsole(t, dir, script, "-json", "-store", "memory")
		for _, l := range jsonLines[struct {
			OK    bool   `json:"ok"`
			Error string `json:"error"`
		}](t, out) {
			if !l.OK {
				t.Errorf("run %d: %s", i+1, l.Error)
			}
		}
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("-store memory left %d files in DATA_DIR", len(left))
	}
	var errb bytes.Buffer
	if err := run(context.Background(), []string{"bot", "console", "-store", "disk"}, getenv(nil), strings.NewReader(""), io.Discard, &errb); err == nil {
		t.Error("-store disk was accepted; want a refusal naming -store memory")
	}
}
