package campaigncmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// The campaign's authority played as a script in the console, as an
// umpire and a hostile player type it: Wellington runs the campaign
// Peninsula in #bridge, Obadiah plays his own battles.

// consoleUser is who a console line speaks as (@name).
func consoleUser(name string) interaction.User {
	return interaction.User{ID: "console:" + strings.ToLower(name), Name: name}
}

// exported is the battle in channel as /game export gives it to u, written
// to a file whose path a console line can attach; edit changes it first.
func exported(t *testing.T, h *commandstest.Harness, channel string, u interaction.User, edit func(doc map[string]any)) string {
	t.Helper()
	r := h.In(channel, u, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/game export in #%s: %s", channel, commandstest.Text(r))
	}
	b := r.Ephemeral[0].Files[0].Content
	if edit != nil {
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		edit(doc)
		var err error
		if b, err = json.Marshal(doc); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "battle.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func consoleCampaign(t *testing.T, h *commandstest.Harness) *campaign.Campaign {
	t.Helper()
	c, _, err := campaign.NewService(h.Service.Store(), h.Service.Now).View(t.Context(), "console", "Peninsula", 0)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	return c
}

const musterScript = `/campaign start name:Peninsula ruleset:greenjackets
/campaign forces name:Peninsula text:"` + ob + `"
/game start campaign:Peninsula name:"The bridge"
/greenjackets roster figure name:Cooper dead:true
`

// Obadiah's own battle, exported, named Peninsula's and given the muster
// id of the bridge, imported in #free and ended there, carries nothing
// back: the import says so, and the campaign has no battle.
func TestConsoleAnImportCannotWriteIntoACampaign(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	h.Console(t, "bridge", "Wellington", musterScript+"@Obadiah #own /game start ruleset:greenjackets name:\"My own\"\n")
	muster := h.Game("bridge").Muster
	file := exported(t, h, "own", consoleUser("Obadiah"), func(doc map[string]any) {
		doc["campaign"], doc["muster"] = "Peninsula", muster
	})
	out := h.Console(t, "bridge", "Wellington", "@Obadiah #free /game import file:"+file+"\n@Obadiah #free /game end\n@Obadiah #free [End the battle]\n/campaign status name:Peninsula\n")
	commandstest.Shows(t, "the import and end", out, "an imported battle does not carry back into a campaign", "Battle over")
	if c := consoleCampaign(t, h); len(c.Battles) != 0 {
		t.Errorf("an imported battle carried back: the campaign holds %d battles", len(c.Battles))
	}
}

// Copies of the bridge imported while it runs, ended, carry nothing back;
// the bridge carries back once, and a second /game end says it has.
func TestConsoleCopiesCarryBackOnce(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	h.Console(t, "bridge", "Wellington", musterScript)
	file := exported(t, h, "bridge", consoleUser("Wellington"), nil)
	out := h.Console(t, "bridge", "Wellington", "@Wellington #copy /game import file:"+file+"\n@Wellington #copy /game end\n@Wellington #copy [End the battle]\n/game end\n[End and carry back]\n/game end\n")
	commandstest.Shows(t, "the copy and the bridge", out, "Imported: The bridge", "an imported battle does not carry back into a campaign", "Carried back: battle 1 of Peninsula", "in the campaign Peninsula already, as battle 1")
	c := consoleCampaign(t, h)
	gone := 0
	for _, b := range c.Battles {
		for _, ch := range b.Changes {
			if ch.Name == "Cooper" {
				gone++
			}
		}
	}
	if len(c.Battles) != 1 || gone != 1 {
		t.Errorf("the campaign holds %d battles, Cooper carried back %d times; want 1 and once", len(c.Battles), gone)
	}
}

// The bridge handed to Obadiah ends by his press but carries back only by
// Wellington's, the campaign's umpire.
func TestConsoleOnlyTheCampaignsUmpireCarriesBack(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	out := h.Console(t, "bridge", "Wellington", musterScript+`/game umpire user:@Obadiah
@Obadiah [Accept]
@Obadiah /game end
@Obadiah [End and carry back]
@Obadiah /game end
@Obadiah [Carry back]
/game end
[Carry back]
`)
	commandstest.Shows(t, "the hand-over and the ends", out, "Only the campaign's umpire (Wellington) can carry a battle back into it.", "Carried back: battle 1 of Peninsula")
	if c := consoleCampaign(t, h); len(c.Battles) != 1 {
		t.Errorf("the campaign holds %d battles, want 1", len(c.Battles))
	}
}

// A campaign file that lists the bridge twice is refused at /campaign
// import, and the campaign is as it was.
func TestConsoleACampaignFileCannotCarryABattleTwice(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	h.Console(t, "bridge", "Wellington", musterScript+"/game end\n[End and carry back]\n")
	req := h.Request("bridge", consoleUser("Wellington"), "campaign export", "name", "Peninsula")
	req.GuildID = "console" // the console's server, where its campaigns are
	r := h.Serve(req)
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/campaign export: %s", commandstest.Text(r))
	}
	var doc map[string]any
	if err := json.Unmarshal(r.Ephemeral[0].Files[0].Content, &doc); err != nil {
		t.Fatal(err)
	}
	battles := doc["battles"].([]any)
	twice := map[string]any{}
	for k, v := range battles[0].(map[string]any) {
		twice[k] = v
	}
	twice["n"] = 2
	doc["battles"] = append(battles, twice)
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "campaign.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out := h.Console(t, "bridge", "Wellington", "/campaign import file:"+path+"\n")
	commandstest.Shows(t, "the import", out, "battles 1 and 2 are the same battle")
	if c := consoleCampaign(t, h); len(c.Battles) != 1 {
		t.Errorf("after the refused import the campaign holds %d battles, want 1", len(c.Battles))
	}
}
