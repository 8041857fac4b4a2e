// Package tabletoptest holds what the tests of the table's measures, of the
// rule sets' measures and of the map's pictures build their tables from.
package tabletoptest

import "github.com/paulmach/orb"

// Square is the axis-aligned outline from (x0,y0) to (x1,y1), closed, corners
// anticlockwise from the first: a wood, a hill or a town laid out as a box.
func Square(x0, y0, x1, y1 float64) orb.Ring {
	return orb.Ring{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}
