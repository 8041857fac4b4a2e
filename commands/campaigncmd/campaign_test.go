package campaigncmd_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/record"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/boltstore"
)

var (
	umpire = interaction.User{ID: "u0", Name: "Wellington"}
	player = interaction.User{ID: "p1", Name: "Sharpe"}
)

const ob = "character: Lt Sharpe | officer | British | veteran | british; character: Capt Ducos | officer | French | trained | french; " +
	"squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman, Cooper; " +
	"squad: Voltigeurs | Capt Ducos | infantry | trained | musket | bayonet | Lebrun, Marceau, Girard"

// fought starts the campaign Peninsula, musters its first battle in c1 and
// kills Cooper in it; it returns the press that would end it.
func fought(t testing.TB) (*commandstest.Harness, interaction.Request) {
	h := commandstest.New(t, commandstest.Seed(3))
	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "campaign forces", "name", "Peninsula", "text", ob)
	h.OK(umpire, "game start", "campaign", "Peninsula", "name", "The bridge")
	h.OK(umpire, "greenjackets roster figure", "name", "Cooper", "dead", true)
	r := h.OK(umpire, "game end")
	id := ""
	for _, m := range r.Ephemeral {
		for _, b := range m.Buttons {
			id = b.ID
		}
	}
	if !strings.HasPrefix(id, gamecmd.ButtonEnd+"/") {
		t.Fatalf("/game end shows no confirmation: %s", commandstest.Text(r))
	}
	req := interaction.Request{Kind: interaction.KindComponent, ID: "press-1", GuildID: "g1", ChannelID: h.Channel, User: umpire, CustomID: id}
	return h, req
}

// peninsula is the campaign Peninsula as the store holds it.
func peninsula(t testing.TB, h *commandstest.Harness) *campaign.Campaign {
	t.Helper()
	c, _, err := campaign.NewService(h.Service.Store(), h.Service.Now).View(t.Context(), "g1", "Peninsula", 0)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	return c
}

// TestRedeliveredConfirmation: Discord delivering the press twice ends the
// battle and carries it back once, and answers the second as the first; a
// second press of the button (another interaction) carries nothing back again.
func TestRedeliveredConfirmation(t *testing.T) {
	h, press := fought(t)
	first := h.Serve(press)
	if !strings.Contains(commandstest.Text(first), "Carried back: battle 1 of Peninsula") {
		t.Fatalf("the press: %s", commandstest.Text(first))
	}
	doc := h.Doc(h.Channel)
	before := peninsula(t, h)
	again := h.Serve(press)
	if diff := cmp.Diff(commandstest.Text(first), commandstest.Text(again)); diff != "" {
		t.Errorf("the redelivery is answered otherwise (-first +again):\n%s", diff)
	}
	pressed := press
	pressed.ID = "press-2"
	h.Expect(t, "a second press", h.Serve(pressed), false, "in the campaign Peninsula already, as battle 1; nothing changed")
	after := peninsula(t, h)
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the campaign changed after the first press (-before +after):\n%s", diff)
	}
	if len(after.Battles) != 1 || after.LogLen != 3 || string(h.Doc(h.Channel)) != string(doc) {
		t.Errorf("after three presses: %d battles, %d log entries", len(after.Battles), after.LogLen)
	}
	if strings.Contains(string(after.Forces), `"Cooper"`) {
		t.Errorf("Cooper is still in the forces: %s", after.Forces)
	}
}

// TestPressAfterAChange: the confirmation is bound to the moment /game end
// was asked; after another change it ends nothing.
func TestPressAfterAChange(t *testing.T) {
	h, press := fought(t)
	h.OK(umpire, "greenjackets roster figure", "name", "Harris", "serious", 1)
	h.Unchanged(h.Channel, "a stale press", func() {
		h.Expect(t, "a stale press", h.Serve(press), true, "The battle has moved on since `/game end` was asked")
	})
	if c := peninsula(t, h); len(c.Battles) != 0 {
		t.Errorf("a refused press carried the battle back")
	}
	player := press
	player.ID, player.User = "press-3", interaction.User{ID: "p1", Name: "Sharpe"}
	h.Expect(t, "a player's press", h.Serve(player), true, "Only the umpire")
}

// TestExportImportExport: a campaign's file imports and exports byte for
// byte as it was; a file altered anywhere is refused and changes nothing.
func TestExportImportExport(t *testing.T) {
	h, press := fought(t)
	h.Serve(press)
	file := exportFile(t, h)
	h.OK(umpire, "campaign import", "file", interaction.File{Name: "c.json", Content: file})
	if diff := cmp.Diff(string(file), string(exportFile(t, h))); diff != "" {
		t.Errorf("export → import → export changed the file (-first +second):\n%s", diff)
	}
	for _, tt := range []struct{ name, from, to, want string }{
		{"a man twice", `"name": "Hagman"`, `"name": "Harris"`, "names both a figure and a figure"},
		{"an unknown reading", `"reading": "K1"`, `"reading": "K9"`, "carries back a change the referee cannot have made"},
		{"an unknown field", `"log_len"`, `"log_length"`, "a field this referee does not know"},
		{"a side with no name met", `"fought": {`, `"fought": {"": ["Harris"], `, "records forces the referee cannot have met"},
		{"a house rule's value", `"forces"`, `"house_rules": {"dead": "resurrected"}, "forces"`, `house rule "dead" to "resurrected"`},
	} {
		bad := strings.Replace(string(file), tt.from, tt.to, 1)
		if bad == string(file) {
			t.Fatalf("%s: %q is not in the file", tt.name, tt.from)
		}
		h.Refused(tt.want, umpire, "campaign import", "file", interaction.File{Name: "c.json", Content: []byte(bad)})
	}
	h.Refused("only its umpire can replace it", player, "campaign import", "file", interaction.File{Name: "c.json", Content: file})
}

func exportFile(t testing.TB, h *commandstest.Harness) []byte {
	t.Helper()
	r := h.OK(umpire, "campaign export", "name", "Peninsula")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("export: %s", commandstest.Text(r))
	}
	return r.Ephemeral[0].Files[0].Content
}

// FuzzReadCampaign: any file is either refused with a reason or read into a
// campaign that exports, imports and exports again byte for byte the same.
func FuzzReadCampaign(f *testing.F) {
	h, press := fought(f)
	h.Serve(press)
	file := exportFile(f, h)
	f.Add(file)
	f.Add([]byte(strings.Replace(string(file), `"Harris"`, `"\u0048arris"`, 1)))
	f.Add([]byte(`{"schema":1,"ruleset":"greenjackets","forces":{"characters":[],"squads":[],"Squads":[]}}`))
	find := func(id string) (battle.Ruleset, bool) {
		for _, rs := range commands.Rulesets() {
			if rs.ID() == id {
				return rs, true
			}
		}
		return nil, false
	}
	now := time.Date(2027, time.January, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, b []byte) {
		c, log, err := record.ReadCampaign(b, "g1", find, now)
		if err != nil {
			return
		}
		out, err := record.ExportCampaign(c, log)
		if err != nil {
			t.Fatalf("ExportCampaign of an accepted file: %v", err)
		}
		c2, log2, err := record.ReadCampaign(out, "g1", find, now)
		if err != nil {
			t.Fatalf("ReadCampaign(ExportCampaign(ReadCampaign(file))) refused: %v", err)
		}
		again, err := record.ExportCampaign(c2, log2)
		if err != nil {
			t.Fatalf("ExportCampaign of a re-imported file: %v", err)
		}
		if diff := cmp.Diff(string(out), string(again)); diff != "" {
			t.Fatalf("export → import → export changed it (-first +second):\n%s", diff)
		}
	})
}

// written is a store that counts the writes of each key.
type written struct {
	*boltstore.Store
	mu     sync.Mutex
	writes map[string]int
}

func (w *written) UpdateLog(ctx context.Context, key, id string, fn state.LogUpdateFunc) (state.Applied, error) {
	a, err := w.Store.UpdateLog(ctx, key, id, fn)
	if err == nil && !a.Replayed {
		w.mu.Lock()
		w.writes[key]++
		w.mu.Unlock()
	}
	return a, err
}

func (w *written) count(key string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.writes[key]
}

// A campaign is written again at each new turn of a battle mustered from
// it, so that it is kept as long as the battle is played (a document is
// forgotten after GAME_TTL without a write), and a redelivered /turn new
// writes it no more.
func TestATurnOfItsBattleKeepsTheCampaign(t *testing.T) {
	bolt, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bolt.Close() })
	store := &written{Store: bolt, writes: map[string]int{}}
	h := commandstest.New(t, commandstest.Seed(3), commandstest.Store(store))
	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "campaign forces", "name", "Peninsula", "text", ob)
	h.OK(umpire, "game start", "campaign", "Peninsula", "name", "The bridge")
	key, err := campaign.Key("g1", "Peninsula")
	if err != nil {
		t.Fatal(err)
	}
	before := store.count(key)
	req := interaction.Request{Kind: interaction.KindCommand, ID: "turn-1", GuildID: "g1", ChannelID: h.Channel, User: umpire, Path: "turn new"}
	for range 2 { // delivered twice
		h.Router.Serve(t.Context(), req)
	}
	if got := store.count(key) - before; got != 1 {
		t.Errorf("/turn new of a campaign's battle wrote the campaign %d times, want once", got)
	}
}
