package tabletop

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// TestAgainst brings a 3" by 1" squad into contact with a 4" by 2" target's
// front, worked by hand: the target's front edge runs 1" ahead of its centre,
// and the squad's centre stands half its depth beyond that, facing back.
func TestAgainst(t *testing.T) {
	squad := Unit{Name: "Chosen Men", At: Point{5, 5}, Facing: 90, Width: 3, Depth: 1}
	tests := []struct {
		name   string
		target Unit
		want   Unit
	}{
		{"facing north: front edge at y 11, the squad at 11.5 facing south",
			Unit{Name: "Voltigeurs", At: Point{20, 10}, Facing: 0, Width: 4, Depth: 2},
			Unit{Name: "Chosen Men", At: Point{20, 11.5}, Facing: 180, Width: 3, Depth: 1}},
		{"facing west: front edge at x 19, the squad at 18.5 facing east",
			Unit{Name: "Voltigeurs", At: Point{20, 10}, Facing: 270, Width: 4, Depth: 2},
			Unit{Name: "Chosen Men", At: Point{18.5, 10}, Facing: 90, Width: 3, Depth: 1}},
	}
	for _, tt := range tests {
		got := squad.Against(tt.target)
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, near)); diff != "" {
			t.Errorf("%s: Against mismatch (-want +got):\n%s", tt.name, diff)
		}
		if g := Gap(got.Footprint(), tt.target.Footprint()); g > near {
			t.Errorf("%s: Against leaves a gap of %v, want the footprints touching", tt.name, g)
		}
	}
}

// TestAgainstSide lays a 4" by 1" column against each side of the Ligne, a
// 6" by 2" line at 20,10, worked by hand: the middle of its front or rear
// edge stands 1" from its centre and of a flank edge 3", and the column's
// centre half its own depth (0.5") beyond, facing square into the Ligne. The
// flank is the one on the column's side of the line.
func TestAgainstSide(t *testing.T) {
	north := Unit{Name: "Ligne", At: Point{20, 10}, Facing: 0, Width: 6, Depth: 2}
	east := Unit{Name: "Ligne", At: Point{20, 10}, Facing: 90, Width: 6, Depth: 2}
	tests := []struct {
		name   string
		target Unit
		from   Point
		side   Quarter
		at     Point
		facing float64
	}{
		{"front of a line facing north: 1\" ahead, 11.5, facing south", north, Point{20, 20}, FrontQuarter, Point{20, 11.5}, 180},
		{"rear of a line facing north: 1\" behind, 8.5, facing north", north, Point{20, 0}, RearQuarter, Point{20, 8.5}, 0},
		{"right flank of a line facing north: 3\" east, 23.5, facing west", north, Point{30, 12}, FlankQuarter, Point{23.5, 10}, 270},
		{"left flank of a line facing north: 3\" west, 16.5, facing east", north, Point{5, 9}, FlankQuarter, Point{16.5, 10}, 90},
		{"right flank of a line facing east: 3\" south, 6.5, facing north", east, Point{20, 0}, FlankQuarter, Point{20, 6.5}, 0},
		{"rear of a line facing east: 1\" west, 18.5, facing east", east, Point{0, 10}, RearQuarter, Point{18.5, 10}, 90},
	}
	for _, tt := range tests {
		column := Unit{Name: "Pomeranians", At: tt.from, Facing: 45, Width: 4, Depth: 1}
		got := column.AgainstSide(tt.target, tt.side)
		want := Unit{Name: "Pomeranians", At: tt.at, Facing: tt.facing, Width: 4, Depth: 1}
		if diff := cmp.Diff(want, got, tabletoptest.Near); diff != "" {
			t.Errorf("%s: AgainstSide mismatch (-want +got):\n%s", tt.name, diff)
		}
		if g := Gap(got.Footprint(), tt.target.Footprint()); g > near {
			t.Errorf("%s: AgainstSide leaves a gap of %v, want the footprints touching", tt.name, g)
		}
		if q := tt.target.QuarterOf(got.At); q != tt.side {
			t.Errorf("%s: AgainstSide stands the column in the Ligne's %s, want its %s", tt.name, q, tt.side)
		}
	}
}

// TestToward moves a unit along a 3-4-5 line, worked by hand.
func TestToward(t *testing.T) {
	u := Unit{Name: "Light Division", At: Point{10, 10}, Facing: 0, Width: 6, Depth: 1}
	a, b := Point{10, 10.5}, Point{13, 14.5} // 5" long, bearing atan2(3, 4) = 36.87°
	tests := []struct {
		name string
		d    float64
		want Unit
	}{
		{"2.5\" of 5: half way", 2.5, Unit{Name: "Light Division", At: Point{11.5, 12}, Facing: 36.86989764584402, Width: 6, Depth: 1}},
		{"8\" stops at the line's end", 8, Unit{Name: "Light Division", At: Point{13, 14}, Facing: 36.86989764584402, Width: 6, Depth: 1}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, u.Toward(a, b, tt.d), cmpopts.EquateApprox(0, near)); diff != "" {
			t.Errorf("%s: Toward mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
	if got := u.Toward(a, a, 3); got != u {
		t.Errorf("Toward along no line = %+v, want it where it stood", got)
	}
}

// TestEnded stands a unit at the end of its path, facing along the last leg
// that went anywhere.
func TestEnded(t *testing.T) {
	squad := Unit{Name: "Chosen Men", At: Point{5, 5}, Facing: 90, Width: 3, Depth: 1}
	tests := []struct {
		name   string
		path   []Point
		at     Point
		facing float64
	}{
		{"straight north", []Point{{5, 5}, {5, 12}}, Point{5, 12}, 0},
		{"north, then west", []Point{{5, 5}, {5, 12}, {1, 12}}, Point{1, 12}, 270},
		{"south-east, then a last point where it already is", []Point{{5, 5}, {8, 2}, {8, 2}}, Point{8, 2}, 135},
		{"nowhere: it keeps its facing", []Point{{5, 5}, {5, 5}}, Point{5, 5}, 90},
	}
	for _, tt := range tests {
		got := squad.Ended(tt.path)
		want := Unit{Name: "Chosen Men", At: tt.at, Facing: tt.facing, Width: 3, Depth: 1}
		if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("%s: Ended (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestBack moves a unit straight away from a point, worked by hand, its
// facing kept.
func TestBack(t *testing.T) {
	tests := []struct {
		name     string
		u        Unit
		from     Point
		d        float64
		want     Point
		wantFace float64
	}{
		{"from the enemy's centre 1.5\" ahead: 8\" due south", Unit{At: Point{30, 32.5}, Facing: 0}, Point{30, 34}, 8, Point{30, 24.5}, 0},
		{"along a 3-4-5 line from 10,10: 5\" on to 16,18", Unit{At: Point{13, 14}, Facing: 180}, Point{10, 10}, 5, Point{16, 18}, 180},
		{"on the point itself: straight back from its front", Unit{At: Point{20, 10}, Facing: 90}, Point{20, 10}, 3, Point{17, 10}, 90},
	}
	for _, tt := range tests {
		got := tt.u.Back(tt.from, tt.d)
		want := tt.u
		want.At, want.Facing = tt.want, tt.wantFace
		if diff := cmp.Diff(want, got, tabletoptest.Near); diff != "" {
			t.Errorf("%s: Back (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestStop stops a line at the edge of a 72" by 48" table, worked by hand.
func TestStop(t *testing.T) {
	table := Table{Width: 72, Depth: 48}
	tests := []struct {
		name string
		a, b Point
		want Point
	}{
		{"on the table: its end", Point{10, 10}, Point{5, 5}, Point{5, 5}},
		{"over the far edge: where it crosses y 48", Point{60, 44}, Point{60, 52}, Point{60, 48}},
		{"over the right edge a third of the way: 72,42", Point{70, 40}, Point{76, 46}, Point{72, 42}},
		{"past the corner: the bottom edge first, a quarter of the way", Point{2, 2}, Point{-2, -6}, Point{1, 0}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, table.Stop(tt.a, tt.b), tabletoptest.Near); diff != "" {
			t.Errorf("%s: Stop (-want +got):\n%s", tt.name, diff)
		}
	}
}
