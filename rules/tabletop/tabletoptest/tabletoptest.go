// Package tabletoptest holds what the tests of the table's measures, of the
// rule sets' measures and of the map's pictures build their tables from.
package tabletoptest

import (
	"math"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"
)

// Square is the axis-aligned outline from (x0,y0) to (x1,y1), closed, corners
// anticlockwise from the first: a wood, a hill or a town laid out as a box.
func Square(x0, y0, x1, y1 float64) orb.Ring {
	return orb.Ring{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

// Near compares what the table measures and where it stands units (points,
// inches, facings, whole units) as equal within a millionth: the sines and
// cosines of a facing leave crumbs no table is read to. A point is compared
// by its coordinates (orb.Point's own Equal is exact).
var Near = cmp.Options{
	cmpopts.EquateApprox(0, near),
	cmp.Comparer(func(a, b orb.Point) bool { return math.Abs(a[0]-b[0]) <= near && math.Abs(a[1]-b[1]) <= near }),
}

const near = 1e-6
