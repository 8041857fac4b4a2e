package commands_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// TestStartSaysWhatToDoNext pins what the umpire reads at /game start in each
// rule set: what to do next, the roster first, against testdata/start.golden
// (go test ./commands -run Start -update rewrites it).
func TestStartSaysWhatToDoNext(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(9))
	umpire := interaction.User{ID: "u1", Name: "Amherst"}
	var got bytes.Buffer
	for _, rs := range commands.Rulesets() {
		fmt.Fprintf(&got, ">>> /game start ruleset:%s\n", rs.ID())
		got.WriteString(commandstest.Text(h.In("start-"+rs.ID(), umpire, "game start", "ruleset", rs.ID())))
		got.WriteString("\n")
	}
	const golden = "testdata/start.golden"
	if flag.Lookup("update").Value.String() == "true" { // routes_test.go's -update
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	// Every command the steps name is one the referee has.
	for _, m := range regexp.MustCompile("`/([^`]+)`").FindAllStringSubmatch(got.String(), -1) {
		var words []string // the command path: the words before the first option
		for _, w := range strings.Fields(m[1]) {
			if strings.Contains(w, ":") {
				break
			}
			words = append(words, w)
		}
		path := strings.Join(words, " ")
		if !slices.ContainsFunc(h.Router.Commands(), func(c string) bool { return c == path || strings.HasPrefix(c, path+" ") }) {
			t.Errorf("/game start names /%s, which is no command", path)
		}
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("/game start differs from %s; run with -update if the change is meant:\n%s", golden, got.Bytes())
	}
}
