package tabletop

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// NearestOn are the nearest points of two outlines, the first on a, the
// second on b: the ends of the shortest line between them, whose length is
// their Gap. Outlines that touch or overlap give one point where they meet
// twice.
func NearestOn(a, b orb.Ring) (Point, Point) {
	if p, ok := meeting(a, b); ok {
		return p, p
	}
	best, pa, pb := math.Inf(1), a[0], b[0]
	// closest keeps p and q when they are nearer than the best so far, p on a.
	closest := func(p, q Point) {
		if d := Distance(p, q); d < best {
			best, pa, pb = d, p, q
		}
	}
	for _, p := range a {
		for i := 1; i < len(b); i++ {
			closest(p, onSegment(b[i-1], b[i], p))
		}
	}
	for _, q := range b {
		for i := 1; i < len(a); i++ {
			closest(onSegment(a[i-1], a[i], q), q)
		}
	}
	return pa, pb
}

// meeting is a point two outlines share when they touch or overlap: a corner
// of one inside the other, or where two of their sides cross.
func meeting(a, b orb.Ring) (Point, bool) {
	if planar.RingContains(b, a[0]) {
		return a[0], true
	}
	if planar.RingContains(a, b[0]) {
		return b[0], true
	}
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			if t, ok := cross(a[i-1], a[i], b[j-1], b[j]); ok {
				return lerp(a[i-1], a[i], t), true
			}
		}
	}
	return Point{}, false
}

// onSegment is the point of segment ab nearest to p.
func onSegment(a, b, p Point) Point {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dy*dy
	if l2 < epsilon*epsilon {
		return a
	}
	t := ((p[0]-a[0])*dx + (p[1]-a[1])*dy) / l2
	return lerp(a, b, min(max(t, 0), 1))
}

// A Quarter is the side of a unit a point lies on, seen from its centre:
// its front, a flank or its rear.
type Quarter string

// The quarters of a unit.
const (
	FrontQuarter Quarter = "front"
	FlankQuarter Quarter = "flank"
	RearQuarter  Quarter = "rear"
)

// QuarterOf is the quarter of u that p lies in: within 45° either side of
// its facing the front, within 45° either side of its back the rear, a
// flank between (a point on the 45° line is the front's or the rear's).
func (u Unit) QuarterOf(p Point) Quarter {
	switch off := u.OffFront(p); {
	case off <= 45+epsilon:
		return FrontQuarter
	case off >= 135-epsilon:
		return RearQuarter
	}
	return FlankQuarter
}
