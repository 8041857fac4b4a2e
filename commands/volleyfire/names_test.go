package volleyfire_test

import (
	"bytes"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// In a battle every name an order gives is the roster's: a unit, command
// base or side that is not there is refused before anything happens, with
// the closest names, in every option that names one. A battle's first two
// sides need no confirmation; any other new side, or one spelt like an old
// one, is added only with new-side:true.
func TestDiscordNamesNotOnTheRosterRefused(t *testing.T) {
	tb := openTable(t)
	tb.Public(dUmpire, "game start", o("ruleset", vf.ID), o("name", "Talavera"))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "1st Foot"), o("side", "Allies"), o("type", "infantry"), o("bases", 6), o("player", dBob))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "Rifles"), o("side", "Allies"), o("type", "infantry"), o("bases", 4), o("player", dBob))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "4e Ligne"), o("side", "French"), o("type", "infantry"), o("bases", 6), o("player", dCarol))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "Hussards"), o("side", "French"), o("type", "cavalry"), o("bases", 4), o("player", dCarol))
	tb.Public(dUmpire, "volleyfire-roster commander-add", o("name", "Wellesley"), o("side", "Allies"), o("player", dBob))
	tb.Public(dUmpire, "volleyfire-roster commander-add", o("name", "Victor"), o("side", "French"), o("player", dCarol))
	tb.Public(dUmpire, "volleyfire first", o("side", "allies")) // the roster's spelling, in any case
	tb.Public(dUmpire, "turn new")
	for _, c := range []struct {
		who  discordtest.User
		path string
		opts []discordtest.Option
		want string
	}{
		{dBob, "volleyfire activate", []discordtest.Option{o("unit", "1st Fot"), o("commander", "Wellesley"), o("distance", 6.0)},
			"No 1st Fot on the roster; did you mean 1st Foot?"},
		{dBob, "volleyfire activate", []discordtest.Option{o("unit", "1st Foot"), o("commander", "Welesley"), o("distance", 6.0)},
			"No Welesley on the roster; did you mean Wellesley?"},
		{dBob, "volleyfire shoot", []discordtest.Option{o("unit", "Rifles"), o("target", "4e Lign"), o("range", 8.0)},
			"No 4e Lign on the roster; did you mean 4e Ligne?"},
		{dBob, "volleyfire shoot", []discordtest.Option{o("unit", "Rifles"), o("target", "Grenadiers"), o("range", 8.0)},
			"No Grenadiers on the roster."},
		{dBob, "volleyfire move", []discordtest.Option{o("unit", "Rifle"), o("open", 2.0)},
			"No Rifle on the roster; did you mean Rifles?"},
		{dBob, "volleyfire reload", []discordtest.Option{o("unit", "Rifle")},
			"No Rifle on the roster; did you mean Rifles?"},
		{dBob, "volleyfire formation", []discordtest.Option{o("unit", "Rifle"), o("to", "column")},
			"No Rifle on the roster; did you mean Rifles?"},
		{dBob, "volleyfire done", []discordtest.Option{o("unit", "Rifle")},
			"No Rifle on the roster; did you mean Rifles?"},
		{dBob, "volleyfire breakaway", []discordtest.Option{o("unit", "Rifle")},
			"No Rifle on the roster; did you mean Rifles?"},
		{dBob, "volleyfire fight", []discordtest.Option{o("unit", "Rifle")},
			"No Rifle on the roster; did you mean Rifles?"},
		{dCarol, "volleyfire charge", []discordtest.Option{o("unit", "Hussard"), o("target", "Rifles")},
			"No Hussard on the roster; did you mean Hussards?"},
		{dCarol, "volleyfire charge", []discordtest.Option{o("unit", "Hussards"), o("target", "Rifle")},
			"No Rifle on the roster; did you mean Rifles?"},
		{dUmpire, "volleyfire first", []discordtest.Option{o("side", "Alies")},
			"No Alies on the roster; did you mean Allies?"},
		{dUmpire, "volleyfire-roster unit-set", []discordtest.Option{o("unit", "Rifels"), o("bases", 3)},
			"No Rifels on the roster; did you mean Rifles?"},
		{dUmpire, "volleyfire-roster unit-remove", []discordtest.Option{o("unit", "Husards")},
			"No Husards on the roster; did you mean Hussards?"},
		{dUmpire, "volleyfire-roster commander-set", []discordtest.Option{o("commander", "Victr"), o("royal", true)},
			"No Victr on the roster; did you mean Victor?"},
		{dUmpire, "volleyfire-roster commander-set", []discordtest.Option{o("commander", "Victor"), o("join", "4e Ligen")},
			"No 4e Ligen on the roster; did you mean 4e Ligne?"},
		{dUmpire, "volleyfire-roster commander-add", []discordtest.Option{o("name", "Picton"), o("side", "Allies"), o("join", "1st Fut")},
			"No 1st Fut on the roster; did you mean 1st Foot?"},
		{dUmpire, "volleyfire-roster unit-add", []discordtest.Option{o("name", "Guards"), o("side", "Alies"), o("type", "infantry")},
			"No Alies on the roster; did you mean Allies? To add Alies, give `new-side:true`."},
		{dUmpire, "volleyfire-roster commander-add", []discordtest.Option{o("name", "Blucher"), o("side", "Prussians")},
			"No Prussians on the roster. To add Prussians, give `new-side:true`."},
		{dUmpire, "volleyfire-roster unit-set", []discordtest.Option{o("unit", "Rifles"), o("side", "Frnech")},
			"No Frnech on the roster; did you mean French? To add Frnech, give `new-side:true`."},
		{dUmpire, "volleyfire-roster unit-add", []discordtest.Option{o("name", "Guards"), o("side", "Allies"), o("type", "infantry"), o("nation", "martian")},
			"`nation:` is other, British, French, Prussian, Russian, Spanish, Polish or Portuguese, not \"martian\"."},
	} {
		before, logged := tb.Game().Board, tb.Game().LogLen
		tb.Refused(c.want, c.who, c.path, c.opts...)
		if g := tb.Game(); !bytes.Equal(g.Board, before) || g.LogLen != logged {
			t.Errorf("/%s refused, yet it changed the battle", c.path)
		}
	}
	// A new side confirmed is added; a side's own spelling is taken in any case.
	tb.Public(dUmpire, "volleyfire-roster commander-add", o("name", "Blucher"), o("side", "Prussians"), o("new-side", true))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "Guards"), o("side", "allies"), o("type", "infantry"), o("bases", 4))
	if u := unit(tb, "Guards"); u.Side != "Allies" {
		t.Errorf("Guards side:allies is on %q, want the roster's Allies", u.Side)
	}
	// Without commander: a side with command bases is asked which one is in
	// range; commander:none activates out of command.
	tb.Refused("Name the command base Rifles is in range of, with `commander:` and `distance:` (Wellesley (20\"))", dBob,
		"volleyfire activate", o("unit", "rifles"))
	tb.Public(dBob, "volleyfire activate", o("unit", "rifles"), o("commander", "NONE"))
	if b := board(tb); b.Turn.Active != "Rifles" || b.Turn.InCommand {
		t.Errorf("commander:none activated %q, in command %v; want Rifles out of command", b.Turn.Active, b.Turn.InCommand)
	}
}

// Under fog of war a name is refused as the reader's side sees the roster:
// the closest names it is offered are those it may see, never a hidden one.
func TestNamesSuggestedOnlyFromWhatTheReaderSees(t *testing.T) {
	h := newHarness(t, 9)
	setup(h)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Cuirassiers", "side", "French", "type", "cavalry", "bases", int64(4),
		"player", carol, "hidden", true)
	h.OK(umpire, "game settings", "fog", "on")
	h.Refused("No Cuirasiers on the roster.", bob, "volleyfire shoot", "unit", "Rifles", "target", "Cuirasiers", "range", 8.0)
	h.Refused("No Cuirasiers on the roster; did you mean Cuirassiers?", umpire, "volleyfire shoot", "unit", "Rifles", "target", "Cuirasiers", "range", 8.0)
	h.Refused("No Cuirasiers on the roster; did you mean Cuirassiers?", carol, "volleyfire move", "unit", "Cuirasiers", "open", 2.0)
}

// Outside a battle a quick ruling takes any name.
func TestQuickRulingsKeepFreeNames(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3), commandstest.Channel("no-battle"))
	for _, c := range [][]any{
		{"volleyfire shoot", "range", 8.0, "unit", "Chasseur", "target", "Grenadier", "bases", int64(4), "target-bases", int64(3)},
		{"volleyfire activate", "unit", "Chasseur", "commander", "Bluchr", "distance", 10.0},
		{"volleyfire move", "unit", "Chasseur", "type", "cavalry", "open", 4.0},
		{"volleyfire fight", "unit", "Chasseur", "c-type", "cavalry", "c-bases", int64(4), "d-type", "infantry", "d-bases", int64(4)},
	} {
		if r := h.Do(umpire, c[0].(string), c[1:]...); commandstest.IsRefusal(r) {
			t.Errorf("/%s outside a battle refused: %s", c[0], commandstest.Text(r))
		}
	}
}
