package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestExamplesPlay runs every `go run ./cmd/bot console … < examples/….txt`
// command of the README, in the README's order, one after another on one
// DATA_DIR as from a fresh clone (with -json added), and fails unless every
// command line of each script is answered ok, but one a `# refused: …`
// comment line before it says is refused with those words, and that one a
// `# shows: …` line before it says shows those words in what it answered;
// every script in examples/ (and examples/fog/, examples/map/) must be run
// by one. The walkthroughs the README and
// examples/ give a newcomer cannot drift from what the referee does, nor
// collide with one another.
func TestExamplesPlay(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	runs := regexp.MustCompile("go run ./cmd/bot console ([^<`\n]*)< (examples/[a-z0-9/]+\\.txt)").FindAllSubmatch(readme, -1)
	scripts, err := filepath.Glob("../../examples/*.txt")
	if err != nil || len(scripts) < 4 {
		t.Fatalf("examples: %v, %v; want one script a rule set", scripts, err)
	}
	fog, _ := filepath.Glob("../../examples/fog/*.txt")  // remote umpiring, in three channels
	maps, _ := filepath.Glob("../../examples/map/*.txt") // played on a map
	unrun := map[string]bool{}
	for _, p := range slices.Concat(scripts, fog, maps) {
		unrun[strings.TrimPrefix(p, "../../")] = true
	}
	dir := t.TempDir() // one fresh clone's data directory for all
	for _, run := range runs {
		flags, path := strings.Fields(string(run[1])), string(run[2])
		delete(unrun, path)
		script, err := os.ReadFile(filepath.Join("../..", path))
		if err != nil {
			t.Fatal(err)
		}
		lines := commandLines(script)
		out, _ := playConsole(t, dir, string(script), append(flags, "-json")...)
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(nil, 1<<22)
		n := 0
		for ; sc.Scan(); n++ {
			var got exampleAnswer
			if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
				t.Fatalf("%s: answer %d is not JSON: %v", path, n+1, err)
			}
			if n >= len(lines) {
				continue
			}
			l := lines[n]
			switch {
			case l.refused == "" && !got.OK:
				t.Errorf("%s: %s: %s", path, l.text, got.Error)
			case l.refused != "" && (got.OK || !strings.Contains(got.Error, l.refused)):
				t.Errorf("%s: %s: answered ok %v, %q; want it refused: %s", path, l.text, got.OK, got.Error, l.refused)
			}
			for _, w := range l.shows {
				if text := got.text(); !strings.Contains(text, w) {
					t.Errorf("%s: %s: answered\n%s\nwant it to show: %s", path, l.text, text, w)
				}
			}
		}
		if n != len(lines) {
			t.Errorf("%s: %d answers to %d command lines", path, n, len(lines))
		}
	}
	for p := range unrun {
		t.Errorf("the README runs no `go run ./cmd/bot console … < %s`", p)
	}
}

// A commandLine is one command line of a console script, the words it is
// to be refused with ("": it is to be answered ok), and those its answer is
// to show.
type commandLine struct {
	text, refused string
	shows         []string
}

// An exampleAnswer is one line of the console's -json output.
type exampleAnswer struct {
	OK        bool             `json:"ok"`
	Error     string           `json:"error"`
	Public    []exampleMessage `json:"public"`
	Ephemeral []exampleMessage `json:"ephemeral"`
}

type exampleMessage struct {
	Content string `json:"content"`
	Embeds  []struct {
		Title, Description string
		Fields             []struct{ Name, Value string }
	} `json:"embeds"`
}

// text is every line the answer's messages show, public and ephemeral.
func (a exampleAnswer) text() string {
	var b strings.Builder
	for _, m := range slices.Concat(a.Public, a.Ephemeral) {
		b.WriteString(m.Content + "\n")
		for _, e := range m.Embeds {
			b.WriteString(e.Title + "\n" + e.Description + "\n")
			for _, f := range e.Fields {
				b.WriteString(f.Name + "\n" + f.Value + "\n")
			}
		}
	}
	return b.String()
}

// commandLines are a console script's command lines, as the console reads
// them: each gets one exampleAnswer.
func commandLines(script []byte) []commandLine {
	var lines []commandLine
	var next commandLine
	for _, l := range strings.Split(string(script), "\n") {
		switch l = strings.TrimSpace(l); {
		case strings.HasPrefix(l, "# refused:"):
			next.refused = strings.TrimSpace(strings.TrimPrefix(l, "# refused:"))
		case strings.HasPrefix(l, "# shows:"):
			next.shows = append(next.shows, strings.TrimSpace(strings.TrimPrefix(l, "# shows:")))
		case l != "" && !strings.HasPrefix(l, "#"):
			next.text = l
			lines = append(lines, next)
			next = commandLine{}
		}
	}
	return lines
}

// TestReadmeWalkthroughIsAnExample checks that every script the README shows
// after a `<!-- example: examples/….txt -->` marker is that file, word for
// word, so that what a newcomer pastes is what TestExamplesPlay plays.
func TestReadmeWalkthroughIsAnExample(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)<!-- example: (examples/[a-z0-9]+\\.txt) -->\n```[a-z]*\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(blocks) == 0 {
		t.Fatal("the README shows no example script (<!-- example: examples/….txt --> before a code block)")
	}
	for _, b := range blocks {
		want, err := os.ReadFile(filepath.Join("../..", string(b[1])))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b[2], want) {
			t.Errorf("the README's script differs from %s; make them the same", b[1])
		}
	}
}

// TestReadmeScreensAreCurrent plays the example a README screen (after a
// `<!-- screen: examples/….txt -->` marker) is taken from, in text mode as a
// user reads it, and checks that every line the screen shows is a line of what
// the console prints (… stands for lines left out).
func TestReadmeScreensAreCurrent(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	screens := regexp.MustCompile("(?s)<!-- screen: (examples/[a-z0-9]+\\.txt) -->\n```[a-z]*\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(screens) == 0 {
		t.Fatal("the README shows no screen (<!-- screen: examples/….txt --> before a code block)")
	}
	for _, s := range screens {
		script, err := os.ReadFile(filepath.Join("../..", string(s[1])))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := playConsole(t, t.TempDir(), string(script), "-seed", "7")
		printed := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			printed[strings.TrimRight(l, " ")] = true
		}
		var gone []string
		for _, l := range strings.Split(strings.TrimRight(string(s[2]), "\n"), "\n") {
			if l != "…" && !printed[l] {
				gone = append(gone, l)
			}
		}
		if len(gone) > 0 {
			t.Errorf("the README's screen of %s shows lines the console no longer prints:\n%s\n\nit prints:\n%s", s[1], strings.Join(gone, "\n"), out)
		}
	}
}
