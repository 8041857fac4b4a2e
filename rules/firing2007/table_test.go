package firing2007

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// TestLay measures shots on a table with a wood, a hill and a wall, every
// number worked by hand.
func TestLay(t *testing.T) {
	table := tabletop.Table{Width: 72, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "wood", Name: "Minden Heath", Area: tabletoptest.Square(30, 20, 40, 30)},
		{Kind: "hill", Name: "Knoll", Area: tabletoptest.Square(15, 5, 25, 15), Height: 2},
		{Kind: "wall", Name: "Churchyard wall", Line: orb.LineString{{10, 39}, {30, 39}}},
	}}
	// A 2" gun on the knoll facing north, its front edge at y=11.
	gun := tabletop.Unit{Name: "Gun", At: tabletop.Point{20, 10}, Width: 2, Depth: 2}
	// 4" by 1" lines: the enemy behind the wall, a friend halfway.
	enemy := tabletop.Unit{Name: "Enemy", At: tabletop.Point{20, 40}, Facing: 180, Width: 4, Depth: 1}
	friend := tabletop.Unit{Name: "Friend", At: tabletop.Point{20, 25}, Width: 4, Depth: 1}
	// A 1" skirmish base just inside the wood's south-west corner, its nearest
	// corner (30.5,20) 9.5" across and 9" up from the gun's (21,11).
	edge := tabletop.Unit{Name: "Edge", At: tabletop.Point{31, 20.5}, Width: 1, Depth: 1}
	deep := tabletop.Unit{Name: "Deep", At: tabletop.Point{35, 25}, Width: 4, Depth: 1}
	flank := tabletop.Unit{Name: "Flank", At: tabletop.Point{40, 10}, Width: 4, Depth: 1}
	tests := []struct {
		name    string
		target  tabletop.Unit
		friends []tabletop.Unit
		want    Laid
		refused string
	}{
		{name: "behind a wall, 39.5 − 11 = 28.5 inches", target: enemy,
			want: Laid{Distance: 28.5, Cover: Hard, CoverBy: "Churchyard wall"}},
		{name: "over a friend from the knoll: 24.5 − 11 = 13.5 from the gun, 39.5 − 25.5 = 14 from the enemy",
			target: enemy, friends: []tabletop.Unit{friend},
			want: Laid{Distance: 28.5, Cover: Hard, CoverBy: "Churchyard wall", FriendlyInArc: true,
				Over: []string{"Friend"}, Clearance: 13.5, HigherGround: true}},
		{name: "at the wood's edge, √(9.5² + 9²) inches; the friend is farther", target: edge, friends: []tabletop.Unit{friend},
			want: Laid{Distance: math.Hypot(9.5, 9), Cover: Soft, CoverBy: "Minden Heath"}},
		{name: "deep in the wood", target: deep, refused: "The whole of **Deep**'s base is not visible from Gun: Minden Heath is in the way."},
		{name: "off to the flank", target: flank, refused: "**Flank** is 90° off Gun's front"},
	}
	for _, tt := range tests {
		got, err := Lay(table, gun, tt.target, tt.friends)
		if tt.refused != "" {
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("%s: Lay = %+v, %v; want refused: %s", tt.name, got, err, tt.refused)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Lay refused: %v", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-6)); diff != "" {
			t.Errorf("%s: Lay (-want +got):\n%s", tt.name, diff)
		}
	}
	low := friend
	low.At = tabletop.Point{20, 12} // on the knoll with the gun: not fired over from higher ground
	got, err := Lay(table, gun, enemy, []tabletop.Unit{low})
	if err != nil || got.HigherGround || got.Clearance != 0.5 {
		t.Errorf("over a friend on the knoll = %+v, %v; want no higher ground, 0.5\" clear of the gun", got, err)
	}
}
