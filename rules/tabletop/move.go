package tabletop

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// Route is the path of a move: from where the unit's centre stands, through
// each of via in order, to its destination.
func Route(from Point, via []Point, to Point) []Point {
	path := make([]Point, 0, len(via)+2)
	path = append(path, from)
	path = append(path, via...)
	return append(path, to)
}

// Cut is the first length inches of a path: the path itself when it is no
// longer, otherwise its points up to that length and the point reached there.
func Cut(path []Point, length float64) []Point {
	out := []Point{path[0]}
	left := length
	for i := 1; i < len(path) && left > epsilon; i++ {
		seg := Distance(path[i-1], path[i])
		if seg > left+epsilon {
			return append(out, lerp(path[i-1], path[i], left/seg))
		}
		left -= seg
		out = append(out, path[i])
	}
	return out
}

// alongStep is how finely Along looks at a path: every tenth of an inch,
// closer than any table is measured.
const alongStep = 0.1

// Along reports whether the whole of a path lies within reach of a line (a
// road): each of its points, looked at every tenth of an inch, is no farther
// than reach from the line.
func Along(path []Point, line orb.LineString, reach float64) bool {
	near := func(p Point) bool {
		for j := 1; j < len(line); j++ {
			if planar.DistanceFromSegment(line[j-1], line[j], p) <= reach+epsilon {
				return true
			}
		}
		return false
	}
	for i := 1; i < len(path); i++ {
		n := int(math.Ceil(Distance(path[i-1], path[i]) / alongStep))
		for k := 0; k <= n; k++ {
			if !near(lerp(path[i-1], path[i], float64(k)/float64(max(n, 1)))) {
				return false
			}
		}
	}
	return len(path) > 0 && near(path[0])
}

// Entered is the terrain areas a path passes through at all, by index into
// the table's terrain, each once, in the table's order.
func (t Table) Entered(path []Point) []int {
	seen := make([]bool, len(t.Terrain))
	for _, l := range t.Legs(path) {
		for _, i := range l.In {
			seen[i] = true
		}
	}
	var in []int
	for i, s := range seen {
		if s {
			in = append(in, i)
		}
	}
	return in
}
