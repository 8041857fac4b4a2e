package firing2007_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

func TestARosterUnderFogOfWar(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	h.Do(umpire, "firing2007 unit-set", "name", "Battery", "hidden", true)
	h.OK(umpire, "firing2007 general-set", "name", "Montcalm", "hidden", true)
	h.OK(umpire, "game settings", "fog", "on")
	if u := h.unit("Battery"); !u.Hidden || u.Public || len(u.KnownTo) != 0 {
		t.Fatalf("hidden:true placed %+v", u.Sight)
	}
	for _, tt := range []struct {
		who  string
		text string
		sees bool
	}{
		{"the umpire", commandstest.Text(h.Do(umpire, "firing2007 roster")), true},
		{"the French player", commandstest.Text(h.Do(carol, "firing2007 roster")), true},
		{"the British player", commandstest.Text(h.Do(bob, "firing2007 roster")), false},
	} {
		for _, name := range []string{"Battery", "Montcalm"} {
			if got := strings.Contains(tt.text, name); got != tt.sees {
				t.Errorf("%s's roster names hidden %s: %v, want %v:\n%s", tt.who, name, got, tt.sees, tt.text)
			}
		}
		if tt.sees && !strings.Contains(tt.text, "**Battery** — howitzer, 5/5 SP, morale 7, hidden") {
			t.Errorf("%s's roster does not mark the Battery hidden:\n%s", tt.who, tt.text)
		}
	}
	if s := commandstest.Text(h.Do(umpire, "game reveal", "unit", "montcalm", "side", "british")); !strings.Contains(s, "General Montcalm is revealed to the British side.") {
		t.Errorf("the reveal says %q", s)
	}
	if g := h.general("Montcalm"); !slices.Equal(g.KnownTo, []string{"British"}) {
		t.Errorf("revealed to the British, Montcalm is known to %q", g.KnownTo)
	}
	if s := commandstest.Text(h.Do(bob, "firing2007 roster")); !strings.Contains(s, "General **Montcalm** with La Sarre; commands La Sarre; hidden, known to British") || strings.Contains(s, "Battery") {
		t.Errorf("after Montcalm's reveal the British roster shows:\n%s", s)
	}
	h.Refused("There is no unit or general called **Fort Carillon** on the roster", umpire, "game reveal", "unit", "Fort Carillon")
	if r := h.Do(umpire, "firing2007 unit-set", "name", "Battery", "hidden", false); len(r.Public) > 0 || len(r.Ephemeral) == 0 {
		t.Errorf("under fog of war a roster change is told to the umpire alone: %s", commandstest.Text(r))
	}
	if u := h.unit("Battery"); u.Hidden {
		t.Errorf("hidden:false left %+v", u.Sight)
	}
	h.Do(umpire, "firing2007 unit-set", "name", "Battery", "hidden", true)
	h.Refused("No Battery on the roster.", bob, "firing2007 fire", "firer", "42nd", "target", "Battery", "distance", 5.0)
	h.Do(umpire, "firing2007 fire", "firer", "Battery", "target", "42nd", "distance", 5.0)
	if u := h.unit("Battery"); !u.Public {
		t.Errorf("the Battery fired and is not revealed to all: %+v", u.Sight)
	}
}

// Under fog of war every order of a player naming an enemy his side has not
// seen is refused as one naming nothing on the roster, word for word, before
// anything else is said of it; a player the umpire put on a side (/game
// side) sees as that side though he commands nothing.
func TestOrdersNamingTheUnseen(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	h.Do(umpire, "firing2007 unit-set", "name", "Battery", "hidden", true)
	h.OK(umpire, "firing2007 general-set", "name", "Montcalm", "hidden", true)
	h.OK(umpire, "game settings", "fog", "on")
	dave := interaction.User{ID: "p9", Name: "Dave"}
	h.OK(umpire, "game side", "user", dave, "side", "British")
	for _, tt := range []struct {
		who    interaction.User
		hidden string
		path   string
		opts   []any
	}{
		{bob, "Montcalm", "firing2007 risk", []any{"general", "?"}},
		{bob, "Battery", "firing2007 fire", []any{"firer", "?", "target", "42nd", "distance", 5.0}},
		{bob, "Battery", "firing2007 fire", []any{"firer", "42nd", "target", "?", "distance", 5.0}},
		{dave, "Battery", "firing2007 fire", []any{"firer", "42nd", "target", "?", "distance", 5.0}},
		{dave, "Montcalm", "firing2007 risk", []any{"general", "?"}},
		{bob, "Battery", "firing2007 chain", []any{"general", "Abercromby", "units", "42nd, ?"}},
	} {
		h.RefusedAsUnknown(" on the roster.", tt.who, tt.hidden, "Royal Roussillon", tt.path, tt.opts...)
	}
	// What his side has seen is his to name: the umpire is asked for then.
	h.Refused("Only the umpire", bob, "firing2007 risk", "general", "Abercromby")
}
