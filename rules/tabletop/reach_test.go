package tabletop

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

func TestNearestOn(t *testing.T) {
	tests := []struct {
		name   string
		a, b   orb.Ring
		pa, pb Point
	}{
		// The corner (1,1) to the corner (4,5): the 3-4-5 of TestGap.
		{"corner to corner", tabletoptest.Square(0, 0, 1, 1), tabletoptest.Square(4, 5, 6, 6), Point{1, 1}, Point{4, 5}},
		// The diamond's left corner (5,1) to the square's right side, straight across.
		{"a corner against a side", orb.Ring{{5, 1}, {7, -1}, {9, 1}, {7, 3}, {5, 1}}, tabletoptest.Square(0, 0, 2, 2), Point{5, 1}, Point{2, 1}},
		// The small square's corner (3,9) above the big one's top side at y=2.
		{"a corner above a long side", tabletoptest.Square(0, 0, 10, 2), orb.Ring{{3, 9}, {4, 10}, {3, 11}, {2, 10}, {3, 9}}, Point{3, 2}, Point{3, 9}},
		// Overlapping: one point, a corner of the first inside the second.
		{"overlapping", tabletoptest.Square(0, 0, 3, 3), tabletoptest.Square(2, 2, 5, 5), Point{2, 2}, Point{2, 2}},
	}
	for _, tt := range tests {
		pa, pb := NearestOn(tt.a, tt.b)
		if diff := cmp.Diff([]Point{tt.pa, tt.pb}, []Point{pa, pb}, cmpopts.EquateApprox(0, near)); diff != "" {
			t.Errorf("%s: NearestOn (-want +got):\n%s", tt.name, diff)
		}
		if d, gap := Distance(pa, pb), Gap(tt.a, tt.b); d-gap > near || gap-d > near {
			t.Errorf("%s: NearestOn's points are %v apart, the gap %v", tt.name, d, gap)
		}
	}
}

func TestQuarterOf(t *testing.T) {
	// A unit at (10,10) facing east.
	u := Unit{At: Point{10, 10}, Facing: 90, Width: 4, Depth: 2}
	tests := []struct {
		at   Point
		want Quarter
	}{
		{Point{20, 10}, FrontQuarter},
		{Point{20, 20}, FrontQuarter}, // 45° off the front: still the front
		{Point{10, 20}, FlankQuarter}, // due north, 90° off
		{Point{11, 2}, FlankQuarter},  // 83° off, on its right
		{Point{0, 0}, RearQuarter},    // 135° off: the rear
		{Point{0, 10}, RearQuarter},
	}
	for _, tt := range tests {
		if got := u.QuarterOf(tt.at); got != tt.want {
			t.Errorf("QuarterOf(%v) of a unit facing east = %s, want %s", tt.at, got, tt.want)
		}
	}
}
