package campaigncmd_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

var hostile = interaction.User{ID: "p2", Name: "Obadiah"}

// gameFile is the channel's battle as /game export gives it, by u.
func gameFile(t *testing.T, h *commandstest.Harness, channel string, u interaction.User) []byte {
	t.Helper()
	r := h.In(channel, u, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/game export in %s: %s", channel, commandstest.Text(r))
	}
	return r.Ephemeral[0].Files[0].Content
}

// set sets a top-level field of a battle's file.
func set(t *testing.T, file []byte, field string, value any) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(file, &doc); err != nil {
		t.Fatal(err)
	}
	doc[field] = value
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// An import cannot attach a battle to a campaign: a hostile player's own
// battle, exported, named the campaign's (and given the muster id of a
// battle it did muster), imported in a free channel and ended, carries
// nothing back; the campaign is as it was.
func TestAnImportCannotWriteIntoACampaign(t *testing.T) {
	h, _ := fought(t)
	muster := h.Game(h.Channel).Muster
	if muster == "" {
		t.Fatal("the campaign's battle has no muster id")
	}
	before := peninsula(t, h)

	h.In("own", hostile, "game start", "ruleset", "greenjackets", "name", "My own")
	file := set(t, set(t, gameFile(t, h, "own", hostile), "campaign", "Peninsula"), "muster", muster)
	r := h.In("free", hostile, "game import", "file", interaction.File{Name: "b.json", Content: file})
	h.Expect(t, "the import", r, false, "It was mustered from the campaign Peninsula; an imported battle does not carry back into a campaign")
	if g := h.Game("free"); g.Campaign != "" || g.Muster != "" {
		t.Errorf("the imported battle is of the campaign %q (muster %q), want none", g.Campaign, g.Muster)
	}
	h.Expect(t, "its end", h.End("free", hostile), false, "Battle over")
	if diff := cmp.Diff(before, peninsula(t, h)); diff != "" {
		t.Errorf("an imported battle changed the campaign:\n%s", diff)
	}
}

// One battle is carried back once, whatever copies of it exist: copies
// imported while it runs carry nothing, and the battle the campaign
// mustered carries back once (Harris is gone once, not three times).
func TestCopiesOfABattleCarryBackOnce(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "campaign forces", "name", "Peninsula", "text", ob)
	h.OK(umpire, "game start", "campaign", "Peninsula", "name", "The bridge")
	h.OK(umpire, "greenjackets roster figure", "name", "Harris", "dead", true)
	file := gameFile(t, h, h.Channel, umpire)
	for _, copyIn := range []string{"copy1", "copy2"} {
		h.In(copyIn, umpire, "game import", "file", interaction.File{Name: "b.json", Content: file})
		h.Expect(t, "the end of "+copyIn, h.End(copyIn, umpire), false, "Battle over")
	}
	h.Expect(t, "the end of the battle mustered", h.End(h.Channel, umpire), false, "Carried back: battle 1 of Peninsula")
	c := peninsula(t, h)
	if len(c.Battles) != 1 {
		t.Fatalf("the campaign holds %d battles, want 1", len(c.Battles))
	}
	gone := 0
	for _, ch := range c.Battles[0].Changes {
		if ch.Name == "Harris" {
			gone++
		}
	}
	if gone != 1 {
		t.Errorf("Harris carried back %d times, want once", gone)
	}
	h.Expect(t, "/game end again", h.In(h.Channel, umpire, "game end"), true, "in the campaign Peninsula already, as battle 1")
}

// Only the campaign's umpire carries a battle back: the battle handed to
// another umpire ends by his press, but carries back only when the
// campaign's umpire confirms it with /game end in the ended battle.
func TestOnlyTheCampaignsUmpireCarriesBack(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "campaign forces", "name", "Peninsula", "text", ob)
	h.OK(umpire, "game start", "campaign", "Peninsula", "name", "The bridge")
	h.OK(umpire, "greenjackets roster figure", "name", "Cooper", "dead", true)
	h.Expect(t, "the hand-over", h.HandOver(h.Channel, umpire, hostile), false, "is now the umpire")
	r := h.End(h.Channel, hostile)
	h.Expect(t, "the end by the battle's umpire", r, false, "Battle over", "Only the campaign's umpire (Wellington) can carry a battle back into it.")
	if c := peninsula(t, h); len(c.Battles) != 0 {
		t.Fatalf("the battle's umpire carried it back")
	}
	h.Expect(t, "/game end by the battle's umpire", h.In(h.Channel, hostile, "game end"), false, "Carry back")
	h.Expect(t, "his press of it", h.End(h.Channel, hostile), true, "Only the campaign's umpire (Wellington)")
	h.Expect(t, "the campaign's umpire's", h.End(h.Channel, umpire), false, "Carried back: battle 1 of Peninsula", "Cooper")
	h.Expect(t, "again", h.End(h.Channel, umpire), true, "in the campaign Peninsula already, as battle 1")
}

// A campaign file lists each battle once: one listed twice is refused. A
// file of the campaign from before a battle was carried back, imported
// over it, does not make that battle carry back again: the battles still
// to carry back are the campaign's own, never a file's.
func TestACampaignFileCannotCarryABattleTwice(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "campaign forces", "name", "Peninsula", "text", ob)
	h.OK(umpire, "game start", "campaign", "Peninsula", "name", "The bridge")
	h.OK(umpire, "greenjackets roster figure", "name", "Cooper", "dead", true)
	early := exportFile(t, h)
	if !strings.Contains(string(early), `"mustered"`) {
		t.Fatalf("the campaign's file does not list the battle it mustered:\n%s", early)
	}
	h.End(h.Channel, umpire)
	file := exportFile(t, h)

	var doc map[string]any
	if err := json.Unmarshal(file, &doc); err != nil {
		t.Fatal(err)
	}
	battles := doc["battles"].([]any)
	twice := map[string]any{}
	for k, v := range battles[0].(map[string]any) {
		twice[k] = v
	}
	twice["n"] = 2
	doc["battles"] = append(battles, twice)
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	h.Refused("battles 1 and 2 are the same battle", umpire, "campaign import", "file", interaction.File{Name: "c.json", Content: b})

	h.OK(umpire, "campaign import", "file", interaction.File{Name: "c.json", Content: early})
	h.Expect(t, "/game end after the old file's import", h.In(h.Channel, umpire, "game end"), true, "did not muster this battle")
	if c := peninsula(t, h); len(c.Battles) != 0 || len(c.Mustered) != 0 {
		t.Errorf("after the old file's import the campaign holds %d battles and %d to carry back, want none", len(c.Battles), len(c.Mustered))
	}
}
