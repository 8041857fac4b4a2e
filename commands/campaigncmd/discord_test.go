package campaigncmd_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
)

// The campaign's authority through the Discord double: Wellington runs the
// campaign Peninsula, whose first battle is fought in the table's channel;
// Obadiah plays his own battles in others.
var (
	dWellington = discordtest.User{ID: "300000000000000201", Name: "Wellington"}
	dObadiah    = discordtest.User{ID: "300000000000000202", Name: "Obadiah"}
)

const (
	bridge = "400000000000000201"
	own    = "400000000000000202"
	free   = "400000000000000203"
)

// say sends u's command in channel and waits for its answer.
func say(tb *commandstest.Table, u discordtest.User, channel, path string, opts ...discordtest.Option) discordtest.Reply {
	tb.T.Helper()
	return tb.D.Slash(u, channel, path, opts...).Wait(tb.T, "/"+path+" answered", commandstest.Answered)
}

// endIn is /game end by u in channel, confirmed with its button; it
// returns the text of all the press is answered with, once delivered.
func endIn(tb *commandstest.Table, u discordtest.User, channel string) string {
	tb.T.Helper()
	for _, m := range say(tb, u, channel, "game end").All() {
		for _, b := range m.Buttons() {
			if b.Routes(gamecmd.ButtonEnd) {
				x := tb.D.Press(u, m, b.CustomID)
				x.Wait(tb.T, "the end confirmed", func(r discordtest.Reply) bool { return len(r.Followups) > 0 })
				tb.Delivered() // the carry-back follows the end
				return commandstest.Texts(x.Reply().All())
			}
		}
	}
	tb.T.Fatalf("/game end in %s showed no button to confirm it", channel)
	return ""
}

// mustered starts Peninsula and musters the bridge in its channel, where
// Cooper is killed.
func mustered(t *testing.T) *commandstest.Table {
	tb := commandstest.Discord(t, commandstest.Channel(bridge))
	o := discordtest.Opt
	say(tb, dWellington, bridge, "campaign start", o("name", "Peninsula"), o("ruleset", "greenjackets"))
	say(tb, dWellington, bridge, "campaign forces", o("name", "Peninsula"), o("text", ob))
	tb.Public(dWellington, "game start", o("campaign", "Peninsula"), o("name", "The bridge"))
	tb.Public(dWellington, "greenjackets roster figure", o("name", "Cooper"), o("dead", true))
	return tb
}

func discordCampaign(t *testing.T, tb *commandstest.Table) *campaign.Campaign {
	t.Helper()
	c, _, err := campaign.NewService(tb.Service.Store(), tb.Service.Now).View(t.Context(), tb.D.Guild, "Peninsula", 0)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	return c
}

// Obadiah's own battle, its file named Peninsula's with the bridge's
// muster id and attached to /game import in a free channel, carries
// nothing back when he ends it; the bridge carries back once, by
// Wellington's press, and not again.
func TestCampaignAuthorityOverDiscord(t *testing.T) {
	tb := mustered(t)
	o := discordtest.Opt
	say(tb, dObadiah, own, "game start", o("ruleset", "greenjackets"), o("name", "My own"))
	r := tb.In(own, interaction.User{ID: dObadiah.ID, Name: dObadiah.Name}, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/game export: %s", commandstest.Text(r))
	}
	var doc map[string]any
	if err := json.Unmarshal(r.Ephemeral[0].Files[0].Content, &doc); err != nil {
		t.Fatal(err)
	}
	doc["campaign"], doc["muster"] = "Peninsula", tb.Game().Muster
	file, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	imported := commandstest.Texts(say(tb, dObadiah, free, "game import", o("file", discordtest.Attachment{Name: "b.json", Content: file})).All())
	if !strings.Contains(imported, "an imported battle does not carry back into a campaign") {
		t.Errorf("the import says %q, want that it does not carry back", imported)
	}
	if got := endIn(tb, dObadiah, free); strings.Contains(got, "Carried back") {
		t.Errorf("the imported battle's end says %q", got)
	}
	if c := discordCampaign(t, tb); len(c.Battles) != 0 {
		t.Fatalf("an imported battle carried back: the campaign holds %d battles", len(c.Battles))
	}

	if got := endIn(tb, dWellington, bridge); !strings.Contains(got, "Carried back: battle 1 of Peninsula") {
		t.Errorf("the bridge's end says %q, want it carried back", got)
	}
	tb.Refused("in the campaign Peninsula already, as battle 1", dWellington, "game end")
	if c := discordCampaign(t, tb); len(c.Battles) != 1 {
		t.Errorf("the campaign holds %d battles, want 1", len(c.Battles))
	}
}

// The bridge handed to Obadiah ends by his press, but carries back only by
// Wellington's: Obadiah's press of Carry back is refused.
func TestOnlyTheCampaignsUmpireCarriesBackOverDiscord(t *testing.T) {
	tb := mustered(t)
	tb.HandOver(bridge, interaction.User{ID: dWellington.ID, Name: dWellington.Name}, interaction.User{ID: dObadiah.ID, Name: dObadiah.Name})
	if got := endIn(tb, dObadiah, bridge); !strings.Contains(got, "Only the campaign's umpire (Wellington) can carry a battle back into it.") {
		t.Errorf("the end by the battle's umpire says %q", got)
	}
	if got := endIn(tb, dObadiah, bridge); !strings.Contains(got, "Only the campaign's umpire (Wellington)") {
		t.Errorf("Obadiah's press of Carry back is answered %q, want refused", got)
	}
	if c := discordCampaign(t, tb); len(c.Battles) != 0 {
		t.Fatalf("the battle's umpire carried it back")
	}
	if got := endIn(tb, dWellington, bridge); !strings.Contains(got, "Carried back: battle 1 of Peninsula") {
		t.Errorf("the campaign's umpire's press says %q, want it carried back", got)
	}
}

// A battle mustered over Discord names its players as the campaign kept
// them from the battle whose roster it enlisted: its status, turn status
// and the deadline's DM say Granby and Broglie, never their ids.
func TestMusteredBattleNamesItsPlayersOverDiscord(t *testing.T) {
	granby := discordtest.User{ID: "300000000000000211", Name: "Granby"}
	broglie := discordtest.User{ID: "300000000000000212", Name: "Broglie"}
	tb := commandstest.Discord(t, commandstest.Channel(bridge))
	o := discordtest.Opt
	say(tb, dWellington, bridge, "campaign start", o("name", "Minden"), o("ruleset", "firing2007"))
	tb.Public(dWellington, "game start", o("ruleset", "firing2007"), o("name", "Muster"))
	tb.Public(dWellington, "firing2007 unit-add", o("name", "Kingsley's Foot"), o("type", "british"), o("side", "British"),
		o("strength", 6), o("morale", 8), o("player", granby))
	tb.Public(dWellington, "firing2007 unit-add", o("name", "Regiment Picardie"), o("type", "line"), o("side", "French"),
		o("strength", 6), o("morale", 7), o("player", broglie))
	say(tb, dWellington, bridge, "campaign forces", o("name", "Minden"))
	endIn(tb, dWellington, bridge)
	tb.Public(dWellington, "game start", o("campaign", "Minden"), o("name", "Minden"))
	shown := commandstest.Texts(say(tb, dWellington, bridge, "game status").All())
	say(tb, dWellington, bridge, "game deadline", o("move", "1d"))
	say(tb, dWellington, bridge, "turn new")
	shown += commandstest.Texts(say(tb, dWellington, bridge, "turn status").All())
	shown += commandstest.Texts(say(tb, dWellington, bridge, "campaign status", o("name", "Minden")).All())
	shown += commandstest.Texts(tb.WaitDMs(granby, 1)) + commandstest.Texts(tb.WaitDMs(broglie, 1))
	for _, want := range []string{"Granby", "Broglie"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the mustered battle does not name %s:\n%s", want, shown)
		}
	}
	for _, id := range []string{granby.ID, broglie.ID, "user "} {
		if strings.Contains(shown, id) {
			t.Errorf("the mustered battle shows %q:\n%s", id, shown)
		}
	}
}
