package volleyfire_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

func TestARosterUnderFogOfWar(t *testing.T) {
	h := newHarness(t, 5)
	setup(h)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Cuirassiers", "side", "French", "type", "cavalry", "bases", int64(4),
		"special", "cuirassiers", "nation", "French", "player", carol, "hidden", true)
	h.OK(umpire, "volleyfire-roster commander-set", "commander", "Victor", "hidden", true)
	h.OK(umpire, "game settings", "fog", "on")
	if u := h.unit("Cuirassiers"); !u.Hidden || u.Public || len(u.KnownTo) != 0 {
		t.Fatalf("hidden:true placed %+v", u.Sight)
	}
	for _, tt := range []struct {
		who  string
		text string
		sees bool
	}{
		{"the umpire", commandstest.Text(h.Do(umpire, "volleyfire-roster show")), true},
		{"the French player", commandstest.Text(h.Do(carol, "volleyfire-roster show")), true},
		{"the Allied player", commandstest.Text(h.Do(bob, "volleyfire-roster show")), false},
	} {
		for _, name := range []string{"Cuirassiers", "Victor"} {
			if got := strings.Contains(tt.text, name); got != tt.sees {
				t.Errorf("%s's roster names hidden %s: %v, want %v:\n%s", tt.who, name, got, tt.sees, tt.text)
			}
		}
		if tt.sees && !strings.Contains(tt.text, "**Cuirassiers** — French cuirassiers, 4 bases, line, pistol, Carol, hidden") {
			t.Errorf("%s's roster does not mark the Cuirassiers hidden:\n%s", tt.who, tt.text)
		}
	}
	if s := commandstest.Text(h.Do(umpire, "game reveal", "unit", "victor", "side", "allies")); !strings.Contains(s, "Victor is revealed to the Allies side.") {
		t.Errorf("the reveal says %q", s)
	}
	if c := h.board().Commanders[1]; !slices.Equal(c.KnownTo, []string{"Allies"}) {
		t.Errorf("revealed to the Allies, Victor is known to %q", c.KnownTo)
	}
	if s := commandstest.Text(h.Do(bob, "volleyfire-roster show")); !strings.Contains(s, "Victor") || strings.Contains(s, "Cuirassiers") {
		t.Errorf("after Victor's reveal the Allied roster shows:\n%s", s)
	}
	h.Refused("There is no unit or command base Lancers on the roster.", umpire, "game reveal", "unit", "Lancers")
	h.Refused("No Cuirassiers on the roster.", bob, "volleyfire shoot", "unit", "Rifles", "target", "Cuirassiers", "range", 8.0)
	h.Refused("No Cuirassiers on the roster.", bob, "volleyfire charge", "unit", "1st Foot", "target", "Cuirassiers")
	h.Do(umpire, "volleyfire-roster unit-set", "unit", "Cuirassiers", "hidden", false)
	if u := h.unit("Cuirassiers"); u.Hidden {
		t.Errorf("hidden:false left %+v", u.Sight)
	}
}

// Under fog of war every order of a player naming an enemy his side has not
// seen is refused as one naming nothing on the roster, word for word; a
// player the umpire put on a side (/game side) sees as that side though he
// commands nothing.
func TestOrdersNamingTheUnseen(t *testing.T) {
	h := newHarness(t, 8)
	setup(h)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Cuirassiers", "side", "French", "type", "cavalry", "bases", int64(4),
		"special", "cuirassiers", "nation", "French", "player", carol, "hidden", true)
	h.OK(umpire, "volleyfire-roster commander-set", "commander", "Victor", "hidden", true)
	h.OK(umpire, "game settings", "fog", "on")
	dave := interaction.User{ID: "p9", Name: "Dave"}
	h.OK(umpire, "game side", "user", dave, "side", "Allies")
	for _, tt := range []struct {
		who    interaction.User
		hidden string
		path   string
		opts   []any
	}{
		{bob, "Cuirassiers", "volleyfire activate", []any{"unit", "?"}},
		{bob, "Victor", "volleyfire activate", []any{"unit", "1st Foot", "commander", "?"}},
		{bob, "Cuirassiers", "volleyfire done", []any{"unit", "?"}},
		{bob, "Cuirassiers", "volleyfire move", []any{"unit", "?", "open", 1.0}},
		{bob, "Cuirassiers", "volleyfire reload", []any{"unit", "?"}},
		{bob, "Cuirassiers", "volleyfire formation", []any{"unit", "?", "to", "square"}},
		{bob, "Cuirassiers", "volleyfire breakaway", []any{"unit", "?"}},
		{bob, "Cuirassiers", "volleyfire shoot", []any{"unit", "?", "target", "Rifles", "range", 8.0}},
		{bob, "Cuirassiers", "volleyfire charge", []any{"unit", "1st Foot", "target", "?"}},
		{dave, "Cuirassiers", "volleyfire shoot", []any{"unit", "Rifles", "target", "?", "range", 8.0}},
		{dave, "Cuirassiers", "volleyfire activate", []any{"unit", "?"}},
	} {
		h.RefusedAsUnknown(" on the roster.", tt.who, tt.hidden, "Lancers", tt.path, tt.opts...)
	}
}

// Under fog of war the Allied side is not told who plays the hidden French:
// once an Allied unit's activation ends, the French side activates with
// the players of its units the Allies know of, whoever commands the
// hidden ones.
func TestTheAlliesAreNotToldWhoPlaysTheHiddenFrench(t *testing.T) {
	h := newHarness(t, 9)
	setup(h)
	dave := interaction.User{ID: "p9", Name: "Dave"}
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Cuirassiers", "side", "French", "type", "cavalry", "bases", int64(4),
		"special", "cuirassiers", "nation", "French", "player", dave, "hidden", true)
	h.OK(umpire, "game settings", "fog", "on")
	h.OK(umpire, "volleyfire first", "side", "Allies")
	h.OK(umpire, "turn new")
	h.OK(bob, "volleyfire activate", "unit", "1st Foot", "commander", "none")
	r := h.OK(bob, "volleyfire done", "unit", "1st Foot")
	const want = "The **French** side activates now (Carol): `/volleyfire activate unit:…`."
	if s := commandstest.Text(r); !strings.Contains(s, want) || strings.Contains(s, "Dave") {
		t.Errorf("the end of 1st Foot's activation reads:\n%s\nwant %q, and no Dave", s, want)
	}
	if s := commandstest.Text(h.Do(bob, "turn status")); !strings.Contains(s, want) || strings.Contains(s, "Dave") {
		t.Errorf("the Allies' /turn status reads:\n%s\nwant %q, and no Dave", s, want)
	}
}
