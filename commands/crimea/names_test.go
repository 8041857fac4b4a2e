package crimea_test

import (
	"bytes"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// misnamed are orders naming what is not on the roster of setUp, each with
// its refusal: the closest names the roster has of the kind the option names
// (a unit, an officer).
var misnamed = []struct {
	path string
	opts []any
	want string
}{
	{"crimea fire", []any{"unit", "93rd Highlander", "target", "Odessa Regiment"}, "No 93rd Highlander on the roster; did you mean 93rd Highlanders?"},
	{"crimea fire", []any{"unit", "Don Battery", "target", "93rd Highlandrs"}, "No 93rd Highlandrs on the roster; did you mean 93rd Highlanders?"},
	{"crimea fire", []any{"unit", "Don Battery", "target", "Lord Lucan"}, "No Lord Lucan on the roster."}, // an officer is no target
	{"crimea move", []any{"unit", "17th Lancer"}, "No 17th Lancer on the roster; did you mean 17th Lancers?"},
	{"crimea move", []any{"unit", "17th Lancers", "officer", "Lord Lukan"}, "No Lord Lukan on the roster; did you mean Lord Lucan?"},
	{"crimea movement", []any{"brigade", "Lucan"}, "No Lucan on the roster; did you mean Lord Lucan?"},
	{"crimea morale", []any{"unit", "Don Batery"}, "No Don Batery on the roster; did you mean Don Battery?"},
	{"crimea calibre", []any{"officer", "Menshikof"}, "No Menshikof on the roster; did you mean Menshikov?"},
	{"crimea combat", []any{"attacker", "Heavy Brigade", "defender", "Odesa Regiment"}, "No Odesa Regiment on the roster; did you mean Odessa Regiment?"},
	{"crimea combat", []any{"attacker", "Heavy Brigade", "defender", "Odessa Regiment", "defender-officer", "Liprandy"}, "No Liprandy on the roster; did you mean Liprandi?"},
	{"crimea ride", []any{"officer", "Lord Lucan", "units", "17th Lancers, Heavy Brigades"}, "No Heavy Brigades on the roster; did you mean Heavy Brigade?"},
	{"crimea unit-add", []any{"name", "4th Dragoons", "nationality", "British", "type", "heavy cavalry", "stands", 3, "officer", "Lord Lucen"},
		"No Lord Lucen on the roster; did you mean Lord Lucan?"},
	{"crimea unit-set", []any{"unit", "Odessa", "stands", 4}, "No Odessa on the roster; did you mean Odessa Regiment?"},
	{"crimea unit-set", []any{"unit", "Odessa Regiment", "officer", "Liprand"}, "No Liprand on the roster; did you mean Liprandi?"},
	{"crimea unit-remove", []any{"unit", "Vladimir Regiment"}, "No Vladimir Regiment on the roster."},
	{"crimea officer-add", []any{"name", "Cardigan", "side", "Allied", "rank", "brigade officer", "superior", "Lord Lukan", "calibre", "rash"},
		"No Lord Lukan on the roster; did you mean Lord Lucan?"},
	{"crimea officer-set", []any{"officer", "Liprandi", "superior", "Menshikoff"}, "No Menshikoff on the roster; did you mean Menshikov?"},
	{"crimea officer-remove", []any{"officer", "Raglan"}, "No Raglan on the roster; did you mean Lord Raglan?"},
}

// In a battle every unit and officer an order names is the roster's: any
// other is refused before anything happens, with the closest names; the
// roster's own spelling is taken in any case, and "none" is a word, not a
// name.
func TestNamesNotOnTheRosterRefused(t *testing.T) {
	h := newHarness(t, 3)
	setUp(h)
	for _, c := range misnamed {
		before := h.game()
		h.Refused(c.want, umpire, c.path, c.opts...)
		if after := h.game(); !bytes.Equal(after.Board, before.Board) || after.LogLen != before.LogLen {
			t.Errorf("/%s %v refused, yet it changed the battle", c.path, c.opts)
		}
	}
	h.OK(umpire, "crimea unit-set", "unit", "odessa regiment", "officer", "MENSHIKOV")
	if u := h.unit("Odessa Regiment"); u.Officer != "Menshikov" {
		t.Errorf("officer:MENSHIKOV put the Odessa Regiment under %q, want the roster's Menshikov", u.Officer)
	}
	h.OK(umpire, "crimea unit-set", "unit", "ODESSA REGIMENT", "officer", "None")
	if u := h.unit("Odessa Regiment"); u.Officer != "" {
		t.Errorf("officer:None left the Odessa Regiment under %q, want nobody", u.Officer)
	}
	commandstest.Expect(t, "fire in another case", h.Do(umpire, "crimea fire", "unit", "don battery", "target", "93RD HIGHLANDERS", "ammo", "ball"),
		false, "Fire: Don Battery at 93rd Highlanders")
}

// Under fog of war a name his side has not seen is no name to a player: it
// is refused as one not on the roster, and never suggested; the umpire, who
// sees it, is offered it.
func TestHiddenNamesNeverSuggested(t *testing.T) {
	h := newHarness(t, 4)
	fogUp(h)
	h.Refused("No Cossack Batery on the roster; did you mean Cossack Battery?", umpire, "crimea morale", "unit", "Cossack Batery")
	r := h.Do(lucan, "crimea fire", "unit", "93rd Highlanders", "target", "Cossack Batery")
	if !commandstest.IsRefusal(r) || r.Ephemeral[0].Content != "No Cossack Batery on the roster." {
		t.Errorf("an Allied player firing at the hidden battery, misspelt, is answered %q", commandstest.Text(r))
	}
}

// A quick ruling takes any name outside a battle; in a battle it names no
// one on the roster, and its free options (name:) stay free.
func TestQuickRulingsKeepFreeNames(t *testing.T) {
	h := newHarness(t, 5)
	for _, c := range [][]any{
		{"crimea fire", "nationality", "British", "type", "heavy infantry", "stands", 4, "target", "Chasseur"},
		{"crimea combat", "attacker", "Scots Grey", "defender", "Chasseur", "attacker-type", "heavy cavalry", "defender-type", "light cavalry"},
		{"crimea ride", "officer", "Cardigan", "units", "17th Lancer", "calibre", "rash"},
		{"crimea calibre", "officer", "Cardigan"},
		{"crimea morale", "unit", "Chasseur", "rating", 60},
	} {
		commandstest.Expect(t, c[0].(string)+" outside a battle", h.Do(umpire, c[0].(string), c[1:]...), false)
	}
	setUp(h)
	commandstest.Expect(t, "a quick morale test in a battle", h.Do(umpire, "crimea morale", "rating", 60, "name", "Rifles"), false, "Morale: Rifles")
	commandstest.Expect(t, "a quick fire in a battle", h.Do(umpire, "crimea fire", "nationality", "French", "type", "heavy infantry", "stands", 2),
		false, "Fire: French heavy infantry at the target")
}

// Through the Discord double, as in production: each name not on the roster
// is refused to the invoker alone, with the closest, and the battle is unchanged.
func TestDiscordNamesNotOnTheRosterRefused(t *testing.T) {
	tb := startTable(t)
	setUp(harness{tb.Harness})
	ump := commandstest.DiscordUser(umpire)
	for _, c := range misnamed {
		var opts []discordtest.Option
		for i := 0; i < len(c.opts); i += 2 {
			opts = append(opts, discordtest.Opt(c.opts[i].(string), c.opts[i+1]))
		}
		before := tb.Game()
		tb.Refused(c.want, ump, c.path, opts...)
		if after := tb.Game(); !bytes.Equal(after.Board, before.Board) || after.LogLen != before.LogLen {
			t.Errorf("/%s %v refused, yet it changed the battle", c.path, c.opts)
		}
	}
}
