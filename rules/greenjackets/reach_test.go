package greenjackets

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules/tabletop"
)

// TestReach: riflemen crawl 3", jog 6" and run 9" (section 6), into hard going
// at a crawl and never at a run (G7); a rifle reaches 40" (section 7), the
// pistol of a second man does not shorten it; its bands are the chart's rows,
// known by their inches.
func TestReach(t *testing.T) {
	b := &Board{Squads: []*Squad{{Name: "Rifles", Arm: Infantry,
		Figures: []*Figure{{Name: "Harris", Weapon: Rifle}, {Name: "Hagman", Weapon: Pistol}}}}}
	got, err := b.Reach("Hagman")
	want := tabletop.Reach{Hard: HardGoing,
		Moves: []tabletop.Band{{Name: "crawl", Inches: 3, Hard: 3}, {Name: "jog", Inches: 6, Hard: 3}, {Name: "run", Inches: 9}},
		Bands: []tabletop.Band{{Inches: 5}, {Inches: 10}, {Inches: 20}, {Inches: 30}, {Inches: 40}}}
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("Reach(Hagman's squad) = %+v, %v; want %+v", got, err, want)
	}
	if _, err := b.Reach("Sharpe"); err == nil {
		t.Error("Reach(Sharpe) found a squad")
	}
}
