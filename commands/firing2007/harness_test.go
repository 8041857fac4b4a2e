package firing2007_test

import (
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/firing2007"
	"github.com/referee-bot/referee/commands/interaction"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Amherst"}
	bob    = interaction.User{ID: "p1", Name: "Bob"}
	carol  = interaction.User{ID: "p2", Name: "Carol"}
)

// harness is the shared command harness with the Firing board at hand.
type harness struct{ *commandstest.Harness }

func newHarness(t testing.TB) harness {
	return harness{commandstest.New(t, commandstest.Seed(20, 7))}
}

// board is channel c1's board as stored.
func (h harness) board() firing2007.Board {
	return commandstest.Board[firing2007.Board](h.T, h.Game("c1"))
}

func (h harness) unit(name string) firing2007.Unit {
	h.T.Helper()
	for _, u := range h.board().Units {
		if u.Name == name {
			return u
		}
	}
	h.T.Fatalf("no unit %q on the roster", name)
	return firing2007.Unit{}
}

func (h harness) general(name string) firing2007.General {
	h.T.Helper()
	for _, g := range h.board().Generals {
		if g.Name == name {
			return g
		}
	}
	h.T.Fatalf("no general %q on the roster", name)
	return firing2007.General{}
}

// musterSteps start a battle with a small roster: two British units and a
// general, two French units and a general.
var musterSteps = []struct {
	path string
	opts []any
}{
	{"game start", []any{"ruleset", "firing2007", "name", "Ticonderoga"}},
	{"firing2007 unit-add", []any{"name", "42nd", "type", "british", "side", "British", "strength", int64(6), "morale", int64(7), "player", bob}},
	{"firing2007 unit-add", []any{"name", "Rangers", "type", "rifles", "side", "British", "strength", int64(4), "morale", int64(6), "formation", "skirmish"}},
	{"firing2007 unit-add", []any{"name", "La Sarre", "type", "line", "side", "French", "strength", int64(6), "morale", int64(6), "cover", "hard", "player", carol}},
	{"firing2007 unit-add", []any{"name", "Battery", "type", "howitzer", "side", "French", "strength", int64(5), "morale", int64(7)}},
	{"firing2007 general-add", []any{"name", "Abercromby", "side", "British", "with", "42nd", "chain", "42nd, Rangers", "player", bob}},
	{"firing2007 general-add", []any{"name", "Montcalm", "side", "French", "with", "La Sarre", "chain", "La Sarre, Battery"}},
}

// muster plays musterSteps in the harness's channel.
func (h harness) muster(t testing.TB) {
	t.Helper()
	for _, s := range musterSteps {
		if r := h.Do(umpire, s.path, s.opts...); commandstest.IsRefusal(r) {
			t.Fatalf("%s: %s", s.path, commandstest.Text(r))
		}
	}
}
