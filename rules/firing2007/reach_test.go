package firing2007

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules/tabletop"
)

// TestReach: a medium gun's row of the range chart (F2) is 15", 30" and 45";
// muskets have short range only; no moves.
func TestReach(t *testing.T) {
	b := &Board{Units: []Unit{{Name: "Royal Artillery", Type: MediumGun}, {Name: "42nd", Type: BritishCloseOrder}}}
	got, err := b.Reach("Royal Artillery")
	want := tabletop.Reach{Bands: []tabletop.Band{{Name: "short", Inches: 15}, {Name: "medium", Inches: 30}, {Name: "long", Inches: 45}}}
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("Reach(Royal Artillery) = %+v, %v; want %+v", got, err, want)
	}
	if got, _ := b.Reach("42nd"); len(got.Bands) != 1 || got.Bands[0].Inches != 6 {
		t.Errorf("Reach(42nd) = %+v, want short 6\" only", got)
	}
}
