package commands_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
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
