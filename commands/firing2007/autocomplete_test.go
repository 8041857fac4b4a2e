package firing2007_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
)

// /game side and /game reveal complete the battle's sides, and reveal's unit
// every name of the board for the umpire, and none for a player: the names
// of hidden units are the umpire's.
func TestFogCommandsComplete(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	h.OK(umpire, "firing2007 unit-set", "name", "Battery", "hidden", true)
	h.OK(umpire, "game settings", "fog", "on")
	for _, tt := range []struct {
		who           interaction.User
		path, focused string
		typed         string
		want          []string
	}{
		{umpire, "game side", "side", "", []string{"British", "French"}},
		{umpire, "game reveal", "side", "fr", []string{"French"}},
		{umpire, "game reveal", "unit", "bat", []string{"Battery — French"}},
		{bob, "game reveal", "unit", "", nil},
	} {
		var got []string
		for _, c := range h.Serve(h.Autocomplete(tt.who, tt.path, tt.focused, tt.typed)).Choices {
			got = append(got, c.Name)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %s:%q for %s (-want +got):\n%s", tt.path, tt.focused, tt.typed, tt.who.Name, diff)
		}
	}
}
