package campaigncmd_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// choices are the values autocomplete offers for focused, typed so far.
func choices(h *commandstest.Harness, path, focused, typed string, opts ...any) []string {
	var out []string
	for _, c := range h.Serve(h.Autocomplete(umpire, path, focused, typed, opts...)).Choices {
		out = append(out, c.Value)
	}
	return out
}

// /campaign list lists the server's campaigns by name, each with its rule
// set, umpire and battles; another server's are not among them, and a
// server with none is told how to start one.
func TestCampaignList(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	r := h.Do(player, "campaign list")
	h.Expect(t, "no campaign", r, false, "None yet: `/campaign start name:… ruleset:…` starts one.")
	if len(r.Public) != 0 {
		t.Errorf("an empty list in public: %s", commandstest.Text(r))
	}

	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "campaign forces", "name", "Peninsula", "text", ob)
	h.OK(umpire, "game start", "campaign", "Peninsula", "name", "The bridge")
	h.OK(player, "campaign start", "name", "Crimea 1854", "ruleset", "crimea")
	h.Serve(interaction.Request{Kind: interaction.KindCommand, ID: "other-guild", GuildID: "g2", ChannelID: "c9", User: player,
		Path: "campaign start", Options: map[string]any{"name": "Elsewhere", "ruleset": "volleyfire"}})
	h.Refused("no campaign called Talavera", umpire, "campaign status", "name", "Talavera") // tried, never written

	r = h.Public(player, "campaign list")
	h.Expect(t, "two campaigns", r, false, "Campaigns on this server (2)",
		"**Crimea 1854** · Stormed at with Shot and Shell · umpire Sharpe · 0 battles fought\n"+
			"**Peninsula** · Green Jackets · umpire Wellington · 0 battles fought, 1 under way")
	if text := commandstest.Text(r); strings.Contains(text, "Elsewhere") || strings.Contains(text, "Talavera") {
		t.Errorf("the list holds another server's campaign or one never started:\n%s", text)
	}
}

// A campaign's name autocompletes from the server's campaigns, in every
// /campaign command that names one and in /game start campaign:; /campaign
// edit quality: from the campaign's rule set's qualities.
func TestCampaignChoices(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	if got := choices(h, "campaign status", "name", ""); len(got) != 0 {
		t.Errorf("names on a server with no campaign = %q", got)
	}
	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "campaign start", "name", "Crimea 1854", "ruleset", "crimea")
	h.OK(umpire, "campaign start", "name", "Pyrenees", "ruleset", "volleyfire")
	for _, tt := range []struct {
		path, focused, typed string
		want                 []string
	}{
		{"campaign status", "name", "", []string{"Crimea 1854", "Peninsula", "Pyrenees"}},
		{"campaign edit", "name", "p", []string{"Peninsula", "Pyrenees"}},
		{"campaign report", "name", "PEN", []string{"Peninsula"}},
		{"game start", "campaign", "1854", []string{"Crimea 1854"}},
		{"campaign log", "name", "waterloo", nil},
	} {
		if got := choices(h, tt.path, tt.focused, tt.typed); !slices.Equal(got, tt.want) {
			t.Errorf("/%s %s:%q = %q, want %q", tt.path, tt.focused, tt.typed, got, tt.want)
		}
	}
	for _, tt := range []struct {
		campaign, typed string
		want            []string
	}{
		{"Peninsula", "", []string{"raw", "trained", "veteran"}},
		{"Crimea 1854", "", []string{"indolent", "cautious", "normal", "rash"}},
		{"Pyrenees", "el", []string{"elite"}},
		{"Talavera", "", nil},
	} {
		if got := choices(h, "campaign edit", "quality", tt.typed, "name", tt.campaign, "entry", "x"); !slices.Equal(got, tt.want) {
			t.Errorf("/campaign edit name:%s quality:%q = %q, want %q", tt.campaign, tt.typed, got, tt.want)
		}
	}
}

// A campaign written before the server's index was kept is listed from its
// next change on.
func TestCampaignListedByItsNextChange(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	key, err := campaign.Key("g1", "Old Guard")
	if err != nil {
		t.Fatal(err)
	}
	old := &campaign.Campaign{Guild: "g1", Name: "Old Guard", Ruleset: "greenjackets", Umpire: umpire.ID, UmpireName: umpire.Name,
		Started: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Forces: json.RawMessage(`{}`)}
	doc, err := old.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Store.Update(t.Context(), key, "written-before", func([]byte) ([]byte, []byte, error) { return doc, nil, nil }); err != nil {
		t.Fatal(err)
	}
	h.Expect(t, "before", h.Do(umpire, "campaign list"), false, "None yet")
	h.OK(umpire, "campaign settings", "name", "Old Guard", "fog", "on")
	h.Expect(t, "after a change", h.Do(umpire, "campaign list"), false, "**Old Guard** · Green Jackets · umpire Wellington")
}
