package crimea_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// fogUp is the battle of setUp with a Cossack battery placed hidden and fog
// of war on.
func fogUp(h harness) {
	h.T.Helper()
	setUp(h)
	h.Public(umpire, "crimea unit-add", "name", "Cossack Battery", "nationality", "Russian", "type", "horse artillery", "stands", 2,
		"officer", "Liprandi", "hidden", true)
	h.Public(umpire, "game settings", "fog", "on")
}

func TestARosterUnderFogOfWar(t *testing.T) {
	h := newHarness(t, 5)
	fogUp(h)
	if u := h.unit("Cossack Battery"); !u.Hidden || u.Public || len(u.KnownTo) != 0 {
		t.Fatalf("hidden:true placed %+v", u.Sight)
	}
	for _, tt := range []struct {
		who  string
		text string
		sees bool
	}{
		{"the umpire", commandstest.Text(h.Do(umpire, "crimea roster")), true},
		{"a Russian player", commandstest.Text(h.Do(lipr, "crimea roster")), true},
		{"an Allied player", commandstest.Text(h.Do(lucan, "crimea roster")), false},
	} {
		if got := strings.Contains(tt.text, "Cossack Battery"); got != tt.sees {
			t.Errorf("%s's roster names the hidden battery: %v, want %v:\n%s", tt.who, got, tt.sees, tt.text)
		}
	}
	if s := commandstest.Text(h.Do(umpire, "game reveal", "unit", "cossack battery", "side", "Allied")); !strings.Contains(s, "Cossack Battery is revealed to the Allied side.") {
		t.Errorf("the reveal says %q", s)
	}
	if u := h.unit("Cossack Battery"); len(u.KnownTo) != 1 || u.KnownTo[0] != "Allied" || u.Public {
		t.Errorf("revealed to the Allies: %+v", u.Sight)
	}
	if s := commandstest.Text(h.Do(lucan, "crimea roster")); !strings.Contains(s, "Cossack Battery: Russian horse artillery in line, 2/2 stands, morale 50% (under Liprandi, hidden, known to Allied)") {
		t.Errorf("after the reveal the Allied roster shows:\n%s", s)
	}
	h.Refused("There is no unit or officer called \"Vladimir Regiment\" on the roster.", umpire, "game reveal", "unit", "Vladimir Regiment")
	if r := h.Do(umpire, "crimea unit-set", "unit", "Cossack Battery", "hidden", false); len(r.Public) > 0 || len(r.Ephemeral) == 0 {
		t.Errorf("under fog of war a roster change is told to the umpire alone: %s", commandstest.Text(r))
	}
	if u := h.unit("Cossack Battery"); u.Hidden || len(u.KnownTo) != 0 {
		t.Errorf("hidden:false left %+v", u.Sight)
	}
}

// A player cannot fire at what his side has not seen; a hidden battery that
// fires is revealed to all.
func TestFireUnderFogOfWar(t *testing.T) {
	h := newHarness(t, 6)
	fogUp(h)
	h.Refused(`No Cossack Battery on the roster.`, lucan, "crimea fire", "unit", "93rd Highlanders", "target", "Cossack Battery")
	h.Refused(`No Vladimir Regiment on the roster.`, lucan, "crimea fire", "unit", "93rd Highlanders", "target", "Vladimir Regiment")
	if u := h.unit("Cossack Battery"); u.Public {
		t.Fatalf("a refused fire revealed the battery: %+v", u.Sight)
	}
	h.Do(lipr, "crimea fire", "unit", "Cossack Battery", "target", "93rd Highlanders", "ammo", "ball")
	if u := h.unit("Cossack Battery"); !u.Public {
		t.Fatalf("the battery fired and is not revealed to all: %+v", u.Sight)
	}
	if s := commandstest.Text(h.Do(lucan, "crimea roster")); !strings.Contains(s, "Cossack Battery") {
		t.Errorf("after the battery fired the Allied roster does not show it:\n%s", s)
	}
	h.Do(umpire, "game settings", "fog", "off")
	h.Do(umpire, "crimea unit-add", "name", "Vladimir Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 4, "hidden", true)
	if s := commandstest.Text(h.Do(lucan, "crimea fire", "unit", "93rd Highlanders", "target", "Vladimir Regiment")); strings.Contains(s, "on the roster") {
		t.Errorf("with fog of war off a hidden unit is refused as out of sight: %s", s)
	}
}

// Under fog of war every order of a player naming an enemy his side has not
// seen is refused as one naming nothing on the roster, word for word; a
// player the umpire put on a side (/game side) sees as that side though he
// commands nothing.
func TestOrdersNamingTheUnseen(t *testing.T) {
	h := newHarness(t, 8)
	fogUp(h)
	nolan := interaction.User{ID: "p9", Name: "NolanPlayer"}
	h.OK(umpire, "game side", "user", nolan, "side", "Allied")
	for _, tt := range []struct {
		who  interaction.User
		path string
		opts []any
	}{
		{lucan, "crimea morale", []any{"unit", "?"}},
		{lucan, "crimea movement", []any{"unit", "?"}},
		{lucan, "crimea move", []any{"unit", "?"}},
		{lucan, "crimea fire", []any{"unit", "?", "target", "93rd Highlanders"}},
		{lucan, "crimea fire", []any{"unit", "93rd Highlanders", "target", "?"}},
		{lucan, "crimea combat", []any{"attacker", "?", "defender", "17th Lancers"}},
		{lucan, "crimea combat", []any{"attacker", "17th Lancers", "defender", "?"}},
		{lucan, "crimea ride", []any{"officer", "Lord Lucan", "units", "17th Lancers, ?"}},
		{nolan, "crimea fire", []any{"unit", "93rd Highlanders", "target", "?"}},
		{nolan, "crimea morale", []any{"unit", "?"}},
	} {
		h.RefusedAsUnknown(" on the roster.", tt.who, "Cossack Battery", "Vladimir Regiment", tt.path, tt.opts...)
	}
	h.OK(lipr, "crimea morale", "unit", "Cossack Battery")
}

// C2, C3 under fog of war: at the turn's start each side is told its own
// officers' orders, not the hidden enemy's; the main channel is told the
// deck is shuffled and the orders of the officers both sides see; the
// umpire, at his desk, every officer's.
func TestATurnsStartIsToldEachSideItsOwnOfficersOrders(t *testing.T) {
	h := newHarness(t, 9)
	fogUp(h)
	for _, set := range [][]any{
		{"crimea officer-add", "name", "Gorchakov", "side", "Russian", "rank", "brigade officer", "superior", "Liprandi",
			"calibre", "rash", "morale", 50, "player", lipr, "hidden", true},
		{"game desk", "channel", "desk"},
		{"game side-channel", "side", "Allied", "channel", "allied"},
		{"game side-channel", "side", "Russian", "channel", "russian"},
	} {
		if h.Do(umpire, set[0].(string), set[1:]...); h.Outcome() != interaction.OutcomeOK {
			t.Fatalf("%v: %s", set, h.Outcome())
		}
	}
	resp := h.In("desk", umpire, "turn new")
	told := map[string]string{"desk": commandstest.TextOf(resp.Public)}
	for _, p := range resp.Posts {
		told[p.ChannelID] += commandstest.TextOf([]interaction.Message{p.Message})
	}
	for _, tc := range []struct {
		channel, reader string
		sees            bool
	}{
		{"desk", "the umpire", true},
		{"russian", "the Russian side", true},
		{"allied", "the Allied side", false},
		{"c1", "the main channel", false},
	} {
		text := told[tc.channel]
		for _, want := range []string{"Turn 1: the movement deck is shuffled", "Lord Lucan (Allied cautious): 3 orders", "Liprandi (Russian cautious): 3 orders"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s is not told %q:\n%s", tc.reader, want, text)
			}
		}
		if got := strings.Contains(text, "Gorchakov"); got != tc.sees {
			t.Errorf("%s is told of the hidden Gorchakov's orders: %v, want %v:\n%s", tc.reader, got, tc.sees, text)
		}
	}
	if len(told) != 4 {
		t.Errorf("the turn's start is told in %d channels, want the desk, the main channel and each side's: %v", len(told), told)
	}
}
