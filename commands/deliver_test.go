package commands_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// postedTo is the text of what r posted to channel.
func postedTo(r interaction.Response, channel string) string {
	var ms []interaction.Message
	for _, p := range r.Posts {
		if p.ChannelID == channel {
			ms = append(ms, p.Message)
		}
	}
	return commandstest.TextOf(ms)
}

// detailsIn is the id of the Details button of r's copy for channel, the
// command having been given in given.
func detailsIn(t *testing.T, r interaction.Response, channel, given string) string {
	t.Helper()
	ms := r.Public
	if channel != given {
		ms = nil
		for _, p := range r.Posts {
			if p.ChannelID == channel {
				ms = append(ms, p.Message)
			}
		}
	}
	for _, m := range ms {
		for _, b := range m.Buttons {
			if strings.HasPrefix(b.ID, battle.ButtonDetails+"/") {
				return b.ID
			}
		}
	}
	t.Fatalf("no Details button in %s: %s", channel, commandstest.Text(r))
	return ""
}

// What a bystander types is shown as he typed it, hidden names and all,
// and kept so: nothing he types is rewritten by what is hidden, so that no
// one can test names against the fog.
func TestTypedTextIsNeverRewritten(t *testing.T) {
	h, _, _, _ := fogBattle(t)
	carol := interaction.User{ID: "u3", Name: "Carol"}
	label := "Capt Dubois and the Voltigeurs in the wood"
	r := h.Do(carol, "roll", "dice", "2d6", "label", label)
	if s := commandstest.Text(r); len(r.Public) != 1 || !strings.Contains(s, label) || strings.Contains(s, "unseen") {
		t.Errorf("/roll label: %q by a bystander: %s, want it shown in the channel as typed", label, s)
	}
	orders := "Watch for Capt Dubois; Leclerc and Martin are in the wood."
	r = h.Do(carol, "orders", "text", orders)
	if s := commandstest.TextOf(r.Ephemeral); !strings.Contains(s, orders) || strings.Contains(s, "unseen") {
		t.Errorf("/orders text: %q by a bystander: %s, want his orders shown him as typed", orders, commandstest.Text(r))
	}
	if o := h.Game("home").Orders; o == nil || len(o.Sealed) != 1 || o.Sealed[0].Text != orders {
		t.Errorf("the sealed orders kept: %+v, want %q as typed", o, orders)
	}
}

// A hidden unit's act is told to its own side and the umpire, and reaches
// neither the enemy's channel nor the main channel, in any form.
func TestAHiddenActReachesNoEnemy(t *testing.T) {
	h, ump, _, bob := fogBattle(t)
	done(t, h, ump, "game desk", "channel", "desk")
	before := h.Game("home").Parts
	mainPart := before[""]
	r := h.In("fr", bob, "greenjackets aim", "squad", "Voltigeurs")
	if !strings.Contains(commandstest.TextOf(r.Public), "Voltigeurs") || !strings.Contains(postedTo(r, "desk"), "Voltigeurs") {
		t.Errorf("a hidden section's aim: %s, want it shown in the French channel and at the desk", commandstest.Text(r))
	}
	for _, ch := range []string{"home", "brit"} {
		if s := postedTo(r, ch); s != "" {
			t.Errorf("a hidden section's aim reached %s:\n%s", ch, s)
		}
	}
	if len(r.Ephemeral) != 0 || len(r.DMs) != 0 {
		t.Errorf("a hidden section's aim answered privately too: %s", commandstest.Text(r))
	}
	g := h.Game("home")
	if g.Parts[""] != mainPart || g.Parts["british"] != before["british"] {
		t.Errorf("the main channel's and the British parts of the log grew by a hidden act: %v → %v", before, g.Parts)
	}
	log := h.Log("home")
	if e := log[len(log)-1]; !e.Fog {
		t.Errorf("the act's entry is not marked as logged under fog: %+v", e)
	} else if _, ok := e.For(rules.Main); ok {
		t.Errorf("the main channel's part of the log holds the hidden act: %+v", e.Shown)
	}
}

var rollNumber = regexp.MustCompile(`roll #\d+`)

// Under fog each audience's copy of a ruling is footed with the number of
// its entry in that audience's part of the log and no roll number (which
// counts the hidden side's rolls too); the umpire's desk reads the log's own
// numbers. Each copy's Details button is bound to its part: the presser
// reads it under his own number, and a side cannot press another's.
func TestFootersAndDetailsPerAudience(t *testing.T) {
	h, ump, alice, bob := fogBattle(t)
	done(t, h, ump, "game desk", "channel", "desk")
	// Revealed to all, the Voltigeurs may be fired upon from the desk.
	done(t, h, ump, "game reveal", "unit", "Voltigeurs")
	r := h.In("desk", ump, "greenjackets fire", "squad", "Chosen Men", "range", 12.0, "target", "Voltigeurs")
	desk := commandstest.TextOf(r.Public)
	if !rollNumber.MatchString(desk) {
		t.Errorf("the umpire's copy at his desk is not footed with the roll: %s", desk)
	}
	g := h.Game("home")
	footers := map[string]string{}
	for _, ch := range []string{"home", "brit", "fr"} {
		s := postedTo(r, ch)
		if s == "" {
			t.Fatalf("the fire in the open was not posted to %s: %s", ch, commandstest.Text(r))
		}
		if rollNumber.MatchString(s) {
			t.Errorf("%s's copy carries a roll number:\n%s", ch, s)
		}
		footers[ch] = regexp.MustCompile(`log #\d+`).FindString(s)
	}
	if footers["home"] == footers["fr"] || !strings.Contains(desk, "log #"+itoa(g.LogLen)) {
		t.Errorf("footers %v and the desk's %q: want the French part numbered apart from the main channel's, the desk by the log", footers, desk)
	}
	if footers["fr"] != "log #"+itoa(g.Parts["french"]) {
		t.Errorf("the French copy's footer %q, want its part's %d", footers["fr"], g.Parts["french"])
	}

	french := detailsIn(t, r, "fr", "desk")
	if got := h.PressIn("brit", alice, french); !commandstest.IsRefusal(got) || !strings.Contains(got.Ephemeral[0].Content, "not shown to you") {
		t.Errorf("the French copy's Details pressed by the British: %s, want it refused", commandstest.Text(got))
	}
	if got := h.PressIn("fr", bob, french); commandstest.IsRefusal(got) || !strings.Contains(commandstest.Text(got), footers["fr"]) {
		t.Errorf("the French copy's Details pressed by the French: %s, want the working under %s", commandstest.Text(got), footers["fr"])
	}
	main := detailsIn(t, r, "home", "desk")
	if got := h.PressIn("home", alice, main); commandstest.IsRefusal(got) || rollNumber.MatchString(commandstest.Text(got)) {
		t.Errorf("the main channel's Details pressed by the British: %s, want the working under her own number", commandstest.Text(got))
	}
	if got := h.Press(alice, detailsIn(t, r, "desk", "desk")); !commandstest.IsRefusal(got) {
		t.Errorf("the desk's Details pressed by the British: %s, want it refused", commandstest.Text(got))
	}

	// A button left from another battle in the channel reads no other.
	h.End("home", ump)
	h.OK(ump, "game start", "ruleset", "greenjackets")
	if got := h.PressIn("home", alice, main); !commandstest.IsRefusal(got) || !strings.Contains(got.Ephemeral[0].Content, "another battle") {
		t.Errorf("a Details button of the battle before: %s, want it refused as another battle's", commandstest.Text(got))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
