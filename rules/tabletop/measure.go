package tabletop

import (
	"math"
	"slices"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// epsilon is the length below which two measures are the same: a thousandth of an
// inch, far finer than any rule asks.
const epsilon = 1e-9

// Distance is the straight-line distance between two points.
func Distance(a, b Point) float64 { return planar.Distance(a, b) }

// Gap is the distance between two outlines at their nearest points: 0 when they
// touch or overlap. Ranges and command distances are gaps between footprints.
func Gap(a, b orb.Ring) float64 {
	if overlaps(a, b) {
		return 0
	}
	best := math.Inf(1)
	for _, pair := range [2][2]orb.Ring{{a, b}, {b, a}} {
		from, to := pair[0], pair[1]
		for _, p := range from {
			for i := 1; i < len(to); i++ {
				best = min(best, planar.DistanceFromSegment(to[i-1], to[i], p))
			}
		}
	}
	return best
}

func overlaps(a, b orb.Ring) bool {
	if planar.RingContains(a, b[0]) || planar.RingContains(b, a[0]) {
		return true
	}
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			if _, ok := cross(a[i-1], a[i], b[j-1], b[j]); ok {
				return true
			}
		}
	}
	return false
}

// GapTo is the distance from a point to an outline, 0 inside it.
func GapTo(r orb.Ring, p Point) float64 {
	if planar.RingContains(r, p) {
		return 0
	}
	best := math.Inf(1)
	for i := 1; i < len(r); i++ {
		best = min(best, planar.DistanceFromSegment(r[i-1], r[i], p))
	}
	return best
}

// Length is the length of a path through its points in order.
func Length(path []Point) float64 {
	total := 0.0
	for i := 1; i < len(path); i++ {
		total += Distance(path[i-1], path[i])
	}
	return total
}

// cross is where segment ab meets segment cd, as the fraction of the way along ab,
// and whether they meet at all (touching ends included; parallel segments do not
// meet).
func cross(a, b, c, d Point) (float64, bool) {
	rx, ry := b[0]-a[0], b[1]-a[1]
	sx, sy := d[0]-c[0], d[1]-c[1]
	denom := rx*sy - ry*sx
	if math.Abs(denom) < epsilon {
		return 0, false
	}
	qx, qy := c[0]-a[0], c[1]-a[1]
	t := (qx*sy - qy*sx) / denom
	if t < -epsilon || t > 1+epsilon {
		return 0, false
	}
	if u := (qx*ry - qy*rx) / denom; u < -epsilon || u > 1+epsilon {
		return 0, false
	}
	return min(max(t, 0), 1), true
}

// span is a stretch of a segment, as fractions of the way along it.
type span struct{ from, to float64 }

// inside is the stretches of segment ab that lie inside an outline, in order.
func inside(a, b Point, r orb.Ring) []span { return appendInside(nil, a, b, r) }

// appendInside appends to spans the stretches of segment ab inside an outline.
func appendInside(spans []span, a, b Point, r orb.Ring) []span {
	var buf [2 * (MaxCorners + 2)]float64
	cuts := append(buf[:0], 0, 1)
	for i := 1; i < len(r); i++ {
		if t, ok := cross(a, b, r[i-1], r[i]); ok {
			cuts = append(cuts, t)
		}
	}
	slices.Sort(cuts)
	first := len(spans)
	for i := 1; i < len(cuts); i++ {
		from, to := cuts[i-1], cuts[i]
		if to-from < epsilon {
			continue
		}
		mid := lerp(a, b, (from+to)/2)
		if !ringContains(r, mid) {
			continue
		}
		if n := len(spans); n > first && spans[n-1].to >= from-epsilon {
			spans[n-1].to = to
			continue
		}
		spans = append(spans, span{from, to})
	}
	return spans
}

func lerp(a, b Point, t float64) Point {
	return Point{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t}
}

// Through is how much of a path lies inside an area, in inches.
func Through(path []Point, area orb.Ring) float64 {
	total := 0.0
	for i := 1; i < len(path); i++ {
		seg := Distance(path[i-1], path[i])
		for _, s := range inside(path[i-1], path[i], area) {
			total += (s.to - s.from) * seg
		}
	}
	return total
}

// Crossings is how many times a path crosses a line (a river, wall or hedge).
func Crossings(path []Point, line orb.LineString) int {
	n := 0
	for i := 1; i < len(path); i++ {
		var at []float64
		for j := 1; j < len(line); j++ {
			if t, ok := cross(path[i-1], path[i], line[j-1], line[j]); ok {
				at = append(at, t)
			}
		}
		// A path through a bend of the line touches two of its segments at one point.
		slices.Sort(at)
		n += len(slices.CompactFunc(at, func(x, y float64) bool { return y-x < epsilon }))
	}
	return n
}

// Leg is a stretch of a path with the terrain it lies in: the areas it is inside
// (by index into the table's terrain; none is open ground).
type Leg struct {
	Length float64
	In     []int
}

// Legs cuts a path into stretches by the terrain areas they lie in, in order, so a
// rule set can price each stretch (Volleyfire!'s light terrain at 2" an inch, heavy
// at 3"). Stretches in the same areas that follow one another are joined.
func (t Table) Legs(path []Point) []Leg {
	var legs []Leg
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		cuts := []float64{0, 1}
		for _, f := range t.Terrain {
			for j := 1; j < len(f.Area); j++ {
				if c, ok := cross(a, b, f.Area[j-1], f.Area[j]); ok {
					cuts = append(cuts, c)
				}
			}
		}
		slices.Sort(cuts)
		seg := Distance(a, b)
		for k := 1; k < len(cuts); k++ {
			from, to := cuts[k-1], cuts[k]
			if to-from < epsilon {
				continue
			}
			in := t.areasAt(lerp(a, b, (from+to)/2))
			if n := len(legs); n > 0 && slices.Equal(legs[n-1].In, in) {
				legs[n-1].Length += (to - from) * seg
				continue
			}
			legs = append(legs, Leg{Length: (to - from) * seg, In: in})
		}
	}
	return legs
}

// areasAt is the terrain areas that hold a point, by index.
func (t Table) areasAt(p Point) []int {
	var in []int
	for i, f := range t.Terrain {
		if !f.IsLine() && ringContains(f.Area, p) {
			in = append(in, i)
		}
	}
	return in
}

// At is the terrain areas a point stands in.
func (t Table) At(p Point) []Feature {
	var fs []Feature
	for _, i := range t.areasAt(p) {
		fs = append(fs, t.Terrain[i])
	}
	return fs
}

// Elevation is the height of the ground at a point: the highest hill it stands on,
// 0 on the flat.
func (t Table) Elevation(p Point) float64 {
	h := 0.0
	for _, f := range t.At(p) {
		h = max(h, f.Height)
	}
	return h
}

// Bearing is the direction from a to b in degrees clockwise from north.
func Bearing(a, b Point) float64 {
	deg := math.Atan2(b[0]-a[0], b[1]-a[1]) * 180 / math.Pi
	return math.Mod(deg+360, 360)
}

// OffFront is how far, in degrees (0 to 180), the direction from the unit's centre
// to a point lies from the unit's facing.
func (u Unit) OffFront(p Point) float64 {
	d := math.Abs(math.Mod(Bearing(u.At, p)-u.Facing+540, 360) - 180)
	return d
}

// InArc reports whether any part of an outline lies within half degrees either side
// of the unit's front, seen from the unit's centre (Firing 2007's arc of fire is 45°
// either side of the front).
func (u Unit) InArc(r orb.Ring, half float64) bool {
	for _, p := range r {
		if u.OffFront(p) <= half+epsilon {
			return true
		}
	}
	// An outline can straddle the arc with every corner outside it: test the arc's
	// edges against the outline's sides.
	for _, side := range []float64{-half, half} {
		fx, fy := heading(u.Facing + side)
		far := Point{u.At[0] + fx*MaxSide*2, u.At[1] + fy*MaxSide*2}
		for i := 1; i < len(r); i++ {
			if _, ok := cross(u.At, far, r[i-1], r[i]); ok {
				return true
			}
		}
	}
	return false
}

// ringContains reports whether a point lies inside a closed outline (or on its
// edge), by the even-odd rule. It is planar.RingContains without working out the
// outline's bounds each time, which callers that test many points have already.
func ringContains(r orb.Ring, p Point) bool {
	in := false
	for i := 1; i < len(r); i++ {
		a, b := r[i-1], r[i]
		if nearBox(a, b, p) && planar.DistanceFromSegmentSquared(a, b, p) < epsilon*epsilon {
			return true
		}
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < a[0]+(p[1]-a[1])*(b[0]-a[0])/(b[1]-a[1]) {
			in = !in
		}
	}
	return in
}

// nearBox reports whether p lies within the bounds of segment ab widened by a
// millionth of an inch: a point outside them is farther than epsilon from the
// segment, so its distance need not be worked out.
func nearBox(a, b, p Point) bool {
	const pad = 1e-6
	return p[0] >= min(a[0], b[0])-pad && p[0] <= max(a[0], b[0])+pad && p[1] >= min(a[1], b[1])-pad && p[1] <= max(a[1], b[1])+pad
}
