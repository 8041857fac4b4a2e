package battle

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
)

// A name is found as a whole word, its case ignored; a stand-in that starts
// a sentence takes a capital.
func TestReplaceName(t *testing.T) {
	for _, tc := range []struct{ s, name, want string }{
		{"Fire: Chosen Men at Voltigeurs.", "Voltigeurs", "Fire: Chosen Men at x."},
		{"voltigeurs run", "Voltigeurs", "X run"},
		{"Gunner and Gun fire", "Gun", "Gunner and x fire"},
		{"Gun fires. Gun reloads", "Gun", "X fires. X reloads"},
		{"**Gun** fires", "Gun", "**X** fires"},
		{"Lefèvre's section", "Lefèvre", "X's section"},
		{"Martine rides", "Martin", "Martine rides"},
	} {
		with := "x"
		if got := replaceName(tc.s, tc.name, with); got != tc.want {
			t.Errorf("replaceName(%q, %q) = %q, want %q", tc.s, tc.name, got, tc.want)
		}
	}
}

// unseenIn answers who may not see what from a map of it.
func unseenIn(unseen map[string][]string) func(string) ([]string, error) {
	return func(reader string) ([]string, error) { return unseen[reader], nil }
}

// A message is cut to its reader in every text it carries: content, embeds,
// files; a button naming what he may not see is left out.
func TestCutToTheReader(t *testing.T) {
	v := &sieve{unseenOf: unseenIn(map[string][]string{"": {"Dubois", "Voltigeurs"}, "British": {"Dubois"}}),
		names: map[string]string{"Dubois": "French", "Voltigeurs": "French", "Sharpe": "British"}, unseen: map[string][]string{}}
	m := interaction.Message{
		Content: "Sharpe fires at Voltigeurs",
		Embeds:  []interaction.Embed{{Title: "Dubois falls", Fields: []interaction.Field{{Name: "Roster", Value: "Voltigeurs: 2 left"}}}},
		Buttons: []interaction.Button{{Label: "Details", ID: "v1/details/3/0"}, {Label: "Rally Voltigeurs", ID: "v1/x"}},
		Files:   []interaction.File{{Name: "r.md", Content: []byte("Dubois")}},
	}
	got, err := v.cut(m, Main)
	if err != nil {
		t.Fatal(err)
	}
	want := interaction.Message{
		Content: "Sharpe fires at an unseen French unit",
		Embeds:  []interaction.Embed{{Title: "An unseen French unit falls", Fields: []interaction.Field{{Name: "Roster", Value: "An unseen French unit: 2 left"}}}},
		Buttons: []interaction.Button{{Label: "Details", ID: "v1/details/3/0"}},
		Files:   []interaction.File{{Name: "r.md", Content: []byte("An unseen French unit")}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cut for the main channel (-want +got):\n%s", diff)
	}
	dropped, _ := v.drop(interaction.Message{Content: "Count 5.\nDubois acts.", Embeds: []interaction.Embed{{Fields: []interaction.Field{{Name: "Turn", Value: "Voltigeurs"}}}}}, Main)
	if diff := cmp.Diff(interaction.Message{Content: "Count 5.", Embeds: []interaction.Embed{{}}}, dropped); diff != "" {
		t.Errorf("drop for the main channel (-want +got):\n%s", diff)
	}
	if got, _ := v.cut(m, Umpire); !sameMessage(got, m) {
		t.Errorf("the umpire's cut changed the message: %+v", got)
	}
	for _, tc := range []struct {
		m     interaction.Message
		r     Reader
		hides bool
		tells string
		first string
	}{
		{interaction.Message{Content: "Take aim: Voltigeurs"}, Main, true, "British", "French"},
		{interaction.Message{Content: "Sharpe observes Voltigeurs"}, Main, true, "British", "British"},
		{interaction.Message{Content: "Sharpe observes Voltigeurs"}, Reader{Side: "British"}, false, "British", "British"},
		{interaction.Message{Content: "Count 5"}, Main, false, "", ""},
		{interaction.Message{Content: "Dubois acts"}, Reader{Side: "British"}, true, "", "French"},
	} {
		if hides, _ := v.hides(tc.m, tc.r); hides != tc.hides {
			t.Errorf("hides(%q, %+v) = %v, want %v", tc.m.Content, tc.r, hides, tc.hides)
		}
		for _, side := range []string{"British", "French"} {
			if tells, _ := v.tells(tc.m, side); tells != (side == tc.tells) {
				t.Errorf("tells(%q, %s) = %v", tc.m.Content, side, tells)
			}
		}
		if got := v.first(tc.m); got != tc.first {
			t.Errorf("first(%q) = %q, want %q", tc.m.Content, got, tc.first)
		}
	}
}
