package commandstest

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/console"
)

// Console plays script in the console over h's referee, user speaking in
// channel unless a line says otherwise, and returns what it printed.
func (h *Harness) Console(t testing.TB, channel, user, script string) string {
	t.Helper()
	var out strings.Builder
	con := &console.Console{Router: h.Router, Commands: h.Commands, Channel: channel, User: user, Echo: true}
	if err := con.Run(t.Context(), strings.NewReader(script), &out); err != nil {
		t.Fatalf("the console: %v", err)
	}
	return out.String()
}

// Shows fails t unless the console's output out, at step, shows every one
// of wants.
func Shows(t testing.TB, step, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("%s: the console does not show %q:\n%s", step, w, out)
		}
	}
}
