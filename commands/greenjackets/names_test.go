package greenjackets_test

import (
	"bytes"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// In a battle every name an order gives is the roster's: a name that is not
// there is refused before anything happens, with the closest names, in
// every option that names a squad, figure, character or side.
func TestDiscordNamesNotOnTheRosterRefused(t *testing.T) {
	tt := startTable(t)
	tt.public(dUmpire, "game start", discordtest.Opt("ruleset", gj.ID), discordtest.Opt("name", "The bridge"))
	tt.public(dUmpire, "greenjackets roster import", discordtest.Opt("text", orderOfBattle))
	o := discordtest.Opt
	for _, c := range []struct {
		path string
		opts []discordtest.Option
		want string
	}{
		{"greenjackets fire", []discordtest.Option{o("squad", "Chosen Men"), o("target", "Voltigeur"), o("range", 12.0)},
			"No Voltigeur on the roster; did you mean Voltigeurs?"},
		{"greenjackets fire", []discordtest.Option{o("squad", "Chosen Man"), o("target", "Voltigeurs"), o("range", 12.0)},
			"No Chosen Man on the roster; did you mean Chosen Men?"},
		{"greenjackets fire", []discordtest.Option{o("squad", "Chosen Men"), o("figures", "Harris, Hagmen"), o("target", "Voltigeurs"), o("range", 12.0)},
			"No Hagmen on the roster; did you mean Hagman?"},
		{"greenjackets observe", []discordtest.Option{o("officer", "Lt Sharp"), o("target", "Voltigeurs"), o("range", 12.0)},
			"No Lt Sharp on the roster; did you mean Lt Sharpe?"},
		{"greenjackets observe", []discordtest.Option{o("officer", "Lt Sharpe"), o("target", "Grenadiers"), o("range", 12.0)},
			"No Grenadiers on the roster."},
		{"greenjackets hit", []discordtest.Option{o("hits", 1), o("target", "Harriss")},
			"No Harriss on the roster; did you mean Harris?"},
		{"greenjackets melee", []discordtest.Option{o("attackers", "Hagmen (sword charging)"), o("defenders", "Leclerc")},
			"No Hagmen on the roster; did you mean Hagman?"},
		{"greenjackets artillery", []discordtest.Option{o("range", 10.0), o("squad", "Chosen Men"), o("targets", "Leclerk:2")},
			"No Leclerk on the roster; did you mean Leclerc?"},
		{"greenjackets move", []discordtest.Option{o("speed", "jog"), o("squad", "Voltigeur")},
			"No Voltigeur on the roster; did you mean Voltigeurs?"},
		{"greenjackets morale", []discordtest.Option{o("squad", "Tirailleur")},
			"No Tirailleur on the roster; did you mean Tirailleurs?"},
		{"greenjackets roster squad", []discordtest.Option{o("name", "Rifles"), o("officer", "Sgt Harpr")},
			"No Sgt Harpr on the roster; did you mean Sgt Harper?"},
		{"greenjackets roster character", []discordtest.Option{o("name", "Lt Hogan"), o("side", "Brtish")},
			"No Brtish on the roster; did you mean British? To add Brtish, give `new-side:true`."},
		{"greenjackets roster character", []discordtest.Option{o("name", "Lt Hogan"), o("side", "Prussian")},
			"No Prussian on the roster. To add Prussian, give `new-side:true`."},
		{"greenjackets roster character", []discordtest.Option{o("name", "Lt Hogan"), o("nation", "martian")},
			"`nation:` is british, french, portuguese, spanish, german, italian, polish, prussian, austrian, russian or american, not \"martian\"."},
	} {
		before, logged := tt.Game().Board, tt.Game().LogLen
		tt.Refused(c.want, dUmpire, c.path, c.opts...)
		if g := tt.Game(); !bytes.Equal(g.Board, before) || g.LogLen != logged {
			t.Errorf("/%s refused, yet it changed the battle", c.path)
		}
	}
	// A new side confirmed is added; the names' own spelling is taken in any case.
	tt.public(dUmpire, "greenjackets roster character", o("name", "Lt Hogan"), o("side", "Prussian"), o("new-side", true))
	tt.public(dUmpire, "greenjackets roster character", o("name", "Cpl Roux"), o("side", "french"))
	if c := tt.board().Character("Cpl Roux"); c == nil || c.Side != "French" {
		t.Errorf("Cpl Roux side:french = %+v, want the roster's French", c)
	}
}

// Outside a battle a quick ruling takes any name.
func TestQuickRulingsKeepFreeNames(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3), commandstest.Channel("no-battle"))
	for _, c := range [][]any{
		{"greenjackets fire", "range", 8.0, "target", "Chasseur", "weapon", "musket", "count", 4},
		{"greenjackets hit", "hits", 1, "target", "Chasseur"},
		{"greenjackets melee", "attackers", "Harper (sword charging)", "defenders", "Chasseur"},
	} {
		if r := h.Do(umpire, c[0].(string), c[1:]...); commandstest.IsRefusal(r) {
			t.Errorf("/%s outside a battle refused: %s", c[0], commandstest.Text(r))
		}
	}
}
