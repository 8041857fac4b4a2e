package details_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// The Details button of a ruling made before fog of war came on is
// anyone's to press: it was shown to all.
func TestDetailsOfARulingBeforeFog(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	umpire := interaction.User{ID: "u0", Name: "Umpire"}
	bob := interaction.User{ID: "u2", Name: "Bob"}
	h.OK(umpire, "game start", "ruleset", "greenjackets")
	r := h.OK(umpire, "greenjackets fire", "range", 12.0, "count", int64(3), "quality", "veteran") // log #2
	var id string
	for _, b := range r.Public[0].Buttons {
		if strings.HasPrefix(b.ID, battle.ButtonDetails+"/") {
			id = b.ID
		}
	}
	if id == "" {
		t.Fatalf("the ruling shows no Details: %s", commandstest.Text(r))
	}
	h.OK(umpire, "game settings", "fog", "on")
	h.OK(umpire, "greenjackets roster character", "name", "Capt Dubois", "side", "French", "player", bob, "hidden", true)
	got := h.Press(bob, id)
	if commandstest.IsRefusal(got) || len(got.Ephemeral) != 1 || got.Ephemeral[0].Embeds[0].Footer != "log #2" {
		t.Errorf("Details of the ruling before fog, pressed by a French player: %s, want its working footed log #2", commandstest.Text(got))
	}
}
