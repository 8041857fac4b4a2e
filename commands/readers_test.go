package commands_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Under fog of war every reader's answer to /game status, /game log,
// /game report and autocomplete is rendered from his own view of the board
// and his own part of the log: a hidden French unit's player, rank and
// figures, and the label of a French secret roll, reach the French and the
// umpire, and neither the British nor the main channel. Nothing stands in
// for them there.
func TestEachReaderReadsHisViewAndHisPartOfTheLog(t *testing.T) {
	h, ump, alice, bob := fogBattle(t)
	carol := interaction.User{ID: "u9", Name: "Carol"} // plays nothing: reads the main channel
	h.OK(ump, "greenjackets roster character", "name", "Sgt Roche", "rank", "nco", "side", "French", "player", bob, "hidden", true)
	h.In("fr", bob, "roll", "dice", "2d6", "secret", true, "label", "ambush at the mill")
	h.In("fr", bob, "greenjackets aim", "squad", "Voltigeurs")
	h.In("brit", alice, "greenjackets aim", "squad", "Chosen Men")

	// What each reader is answered, files and autocomplete included.
	read := func(channel string, u interaction.User) string {
		var b strings.Builder
		for _, path := range []string{"game status", "game log", "game report"} {
			r := h.In(channel, u, path, "count", 50)
			b.WriteString(commandstest.Text(r))
			for _, m := range append(r.Public, r.Ephemeral...) {
				for _, f := range m.Files {
					b.WriteString(string(f.Content))
				}
			}
		}
		for _, ac := range [][2]string{{"greenjackets fire", "target"}, {"greenjackets aim", "squad"}, {"greenjackets melee", "defenders"}} {
			for _, c := range h.Serve(h.Autocomplete(u, ac[0], ac[1], "")).Choices {
				fmt.Fprintf(&b, "choice %s %v\n", c.Name, c.Value)
			}
		}
		return b.String()
	}
	secrets := []string{"Bob", "nco", "Leclerc", "Martin", "ambush at the mill", "Voltigeurs", "Sgt Roche", "unseen"}
	for _, tt := range []struct {
		who     string
		channel string
		u       interaction.User
	}{
		{"the British", "brit", alice},
		{"the main channel", "home", carol},
	} {
		s := read(tt.channel, tt.u)
		for _, n := range secrets {
			if strings.Contains(s, n) {
				t.Errorf("%s read %q:\n%s", tt.who, n, s)
			}
		}
	}
	for _, tt := range []struct {
		who     string
		channel string
		u       interaction.User
		want    []string
	}{
		{"the French", "fr", bob, secrets[:4]},
		{"the umpire", "home", ump, secrets[:5]},
	} {
		s := read(tt.channel, tt.u)
		for _, n := range tt.want {
			if !strings.Contains(s, n) {
				t.Errorf("%s never read %q:\n%s", tt.who, n, s)
			}
		}
	}
}

// Sealed orders revealed under fog of war: the entry of each writer's
// goes into the parts of the log of the readers whose view knows him as a
// commander, whoever revealed them, and of no other: the line of the
// hidden French captain's player reaches the French alone, the British
// player's every reader.
func TestRevealedOrdersEntryOfAnUnseenWriter(t *testing.T) {
	h, ump, alice, bob := fogBattle(t)
	h.In("fr", bob, "orders", "text", "hold the wood")
	h.In("brit", alice, "orders", "text", "advance on the mill")
	h.OK(ump, "orders", "reveal", true)
	for _, tt := range []struct {
		writer string
		reads  map[string]bool // by the part's reader
	}{
		{"Bob", map[string]bool{"main channel": false, "British": false, "French": true}},
		{"Alice", map[string]bool{"main channel": true, "British": true, "French": true}},
	} {
		var found bool
		for _, e := range h.Log("home") {
			if !strings.HasPrefix(e.Summary, "orders of "+tt.writer+" for turn 1 revealed") {
				continue
			}
			found = true
			for _, r := range []rules.Reader{rules.Main, {Side: "British"}, {Side: "French"}} {
				if _, ok := e.For(r); ok != tt.reads[r.String()] {
					t.Errorf("%s's part of the log holds %q: %v, want %v", r, e.Summary, ok, tt.reads[r.String()])
				}
			}
		}
		if !found {
			t.Fatalf("no entry of %s's orders revealed in the log", tt.writer)
		}
	}
	watcher := interaction.User{ID: "u9", Name: "Watcher"}
	for _, read := range []interaction.Response{h.Do(watcher, "game log", "count", 50), h.In("brit", alice, "game log", "count", 50)} {
		if s := commandstest.Text(read); strings.Contains(s, "Bob") || !strings.Contains(s, "orders of Alice") {
			t.Errorf("/game log of a reader who does not know Bob: %s, want Alice's orders and nothing of Bob's", s)
		}
	}
}

// The number of cards dealt is public (README, Remote umpiring: how many
// characters there are), though the deal gives a hidden French captain his
// card: the deal's entry is in every reader's part of the log, and the
// main channel's and the British /game log read it.
func TestTheDealIsEveryReadersEntry(t *testing.T) {
	h, ump, alice, _ := fogBattle(t)
	h.OK(ump, "turn new")
	const dealt = "turn 1: 2 cards dealt"
	var found bool
	for _, e := range h.Log("home") {
		if !strings.HasPrefix(e.Summary, dealt) {
			continue
		}
		found = true
		if !e.Secret {
			t.Errorf("%q shows the shuffle's dice before the end", e.Summary)
		}
		for _, r := range []rules.Reader{rules.Main, {Side: "British"}, {Side: "French"}} {
			if _, ok := e.For(r); !ok {
				t.Errorf("%s's part of the log lacks %q", r, e.Summary)
			}
		}
	}
	if !found {
		t.Fatalf("no entry %q in the log", dealt)
	}
	watcher := interaction.User{ID: "u9", Name: "Watcher"}
	for _, read := range []interaction.Response{h.Do(watcher, "game log", "count", 50), h.In("brit", alice, "game log", "count", 50)} {
		if s := commandstest.Text(read); !strings.Contains(s, dealt) {
			t.Errorf("/game log = %s, want %q", s, dealt)
		}
	}
}
