package firing2007_test

import (
	"bytes"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// misnamed are orders naming what is not on the mustered roster (harness.muster),
// each with its refusal: the closest names the roster has, of the kind the
// option names (a unit, a general).
var misnamed = []struct {
	path string
	opts []any
	want string
}{
	{"firing2007 fire", []any{"firer", "42nd", "target", "La Sare", "distance", 5.0}, "No La Sare on the roster; did you mean La Sarre?"},
	{"firing2007 fire", []any{"firer", "Ranger", "target", "La Sarre", "distance", 5.0}, "No Ranger on the roster; did you mean Rangers?"},
	{"firing2007 fire", []any{"firer", "42nd", "target", "Royal Roussillon", "distance", 5.0}, "No Royal Roussillon on the roster."},
	{"firing2007 fire", []any{"firer", "42nd", "target", "Montcalm", "distance", 5.0}, "No Montcalm on the roster."}, // a general is no target
	{"firing2007 risk", []any{"general", "Montcalme"}, "No Montcalme on the roster; did you mean Montcalm?"},
	{"firing2007 chain", []any{"general", "Abercrombie", "units", "all"}, "No Abercrombie on the roster; did you mean Abercromby?"},
	{"firing2007 chain", []any{"general", "Montcalm", "units", "La Sarre, Batery"}, "No Batery on the roster; did you mean Battery?"},
	{"firing2007 unit-set", []any{"name", "Rangrs", "shaken", true}, "No Rangrs on the roster; did you mean Rangers?"},
	{"firing2007 unit-remove", []any{"name", "Black Watch"}, "No Black Watch on the roster."},
	{"firing2007 general-add", []any{"name", "Lévis", "side", "French", "with", "La Sar"}, "No La Sar on the roster; did you mean La Sarre?"},
	{"firing2007 general-set", []any{"name", "Montcalm", "chain", "La Sarre, Bttery"}, "No Bttery on the roster; did you mean Battery?"},
	{"firing2007 general-remove", []any{"name", "Abercomby"}, "No Abercomby on the roster; did you mean Abercromby?"},
	// A side is one the battle has: after its first two a new one is confirmed.
	{"firing2007 unit-add", []any{"name", "Royal Americans", "type", "line", "side", "Brtish", "strength", int64(6), "morale", int64(6)},
		"No Brtish on the roster; did you mean British? To add Brtish, give `new-side:true`."},
	{"firing2007 general-add", []any{"name", "Johnson", "side", "Mohawk"}, "No Mohawk on the roster. To add Mohawk, give `new-side:true`."},
	{"firing2007 unit-set", []any{"name", "Rangers", "side", "Frence"}, "No Frence on the roster; did you mean French? To add Frence, give `new-side:true`."},
}

// In a battle every unit, general or side an order names is the roster's:
// any other is refused before anything happens, with the closest names; the
// roster's own spelling is taken in any case, "none" and "all" are words,
// not names, and a new side is taken when confirmed.
func TestNamesNotOnTheRosterRefused(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	for _, c := range misnamed {
		before := h.Game("c1")
		h.Refused(c.want, umpire, c.path, c.opts...)
		if after := h.Game("c1"); !bytes.Equal(after.Board, before.Board) || after.LogLen != before.LogLen {
			t.Errorf("/%s %v refused, yet it changed the battle", c.path, c.opts)
		}
	}
	h.OK(umpire, "firing2007 general-set", "name", "montcalm", "with", "none", "chain", "la sarre, BATTERY")
	if g, sarre, battery := h.general("Montcalm"), h.unit("La Sarre"), h.unit("Battery"); g.With != 0 || len(g.Chain) != 2 || g.Chain[0] != sarre.ID || g.Chain[1] != battery.ID {
		t.Errorf("Montcalm with:none chain:\"la sarre, BATTERY\" = %+v", g)
	}
	h.OK(umpire, "firing2007 unit-add", "name", "Royal Americans", "type", "line", "side", "british", "strength", int64(6), "morale", int64(6))
	h.OK(umpire, "firing2007 general-add", "name", "Johnson", "side", "Mohawk", "new-side", true)
	if u, g := h.unit("Royal Americans"), h.general("Johnson"); u.Side != "British" || g.Side != "Mohawk" {
		t.Errorf("side:british is %q, want the roster's British; side:Mohawk new-side:true is %q", u.Side, g.Side)
	}
	commandstest.Expect(t, "fire in another case", h.Do(bob, "firing2007 fire", "firer", "42ND", "target", "la sarre", "distance", 5.0), false, "Fire: 42nd at La Sarre, 5\"")
}

// Outside a battle no name is held to a roster: a quick ruling names no unit,
// and an order that names one is told there is no roster, whatever it names.
func TestNamesOutsideABattle(t *testing.T) {
	h := newHarness(t)
	h.Refused("There is no battle in this channel, so no roster", bob, "firing2007 fire", "firer", "Chasseur", "target", "La Sare", "distance", 5.0)
	h.Refused("There is no battle in this channel, so no roster", bob, "firing2007 risk", "general", "Montcalme")
	commandstest.Expect(t, "a quick ruling", h.Do(bob, "firing2007 fire", "distance", 5.0, "firer-type", "line", "strength", int64(4)), false, "Fire: Line infantry at the target, 5\"")
}

// Through the Discord double, as in production: each name not on the roster
// is refused to the invoker alone, with the closest, and the battle is unchanged.
func TestDiscordNamesNotOnTheRosterRefused(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(20, 7), commandstest.Channel("400000000000002008"))
	ump := commandstest.DiscordUser(umpire)
	harness{tb.Harness}.muster(t)
	for _, c := range misnamed {
		var opts []discordtest.Option
		for i := 0; i < len(c.opts); i += 2 {
			v := c.opts[i+1]
			if n, ok := v.(int64); ok { // the harness's whole number, as Discord sends it
				v = int(n)
			}
			opts = append(opts, discordtest.Opt(c.opts[i].(string), v))
		}
		before := tb.Game()
		tb.Refused(c.want, ump, c.path, opts...)
		if after := tb.Game(); !bytes.Equal(after.Board, before.Board) || after.LogLen != before.LogLen {
			t.Errorf("/%s %v refused, yet it changed the battle", c.path, c.opts)
		}
	}
}
