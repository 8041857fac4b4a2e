package tabletop

import (
	"cmp"
	"slices"

	"github.com/paulmach/orb"
)

// Between is the ground between two footprints: the smallest convex outline
// holding both, which a line of fire from any part of one to any part of the
// other stays inside.
func Between(a, b orb.Ring) orb.Ring {
	return hull(append(slices.Clone(a[:len(a)-1]), b[:len(b)-1]...))
}

// hull is the convex hull of points, closed, corners anticlockwise (Andrew's
// monotone chain).
func hull(ps []Point) orb.Ring {
	slices.SortFunc(ps, func(p, q Point) int { return cmp.Or(cmp.Compare(p[0], q[0]), cmp.Compare(p[1], q[1])) })
	ps = slices.Compact(ps)
	if len(ps) < 3 {
		return append(orb.Ring(ps), ps[0])
	}
	turn := func(o, a, b Point) float64 { return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0]) }
	var h []Point
	for pass := range 2 {
		start := len(h)
		for _, p := range ps {
			for len(h) >= start+2 && turn(h[len(h)-2], h[len(h)-1], p) <= epsilon {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1] // each chain's last point starts the other
		if pass == 0 {
			slices.Reverse(ps)
		}
	}
	return append(orb.Ring(h), h[0])
}

// Intervening are the units of others, other than the two named, whose
// footprints stand on the ground between from and to (Between): in the way of a
// line of fire from one to the other.
func Intervening(from, to Unit, others []Unit) []Unit {
	ground := Between(from.Footprint(), to.Footprint())
	var in []Unit
	for _, u := range others {
		if u.Name != from.Name && u.Name != to.Name && overlaps(ground, u.Footprint()) {
			in = append(in, u)
		}
	}
	return in
}

// LinesNear are the lines (walls, hedges, rivers) that the straight line from a
// to b crosses no farther than within from b: what stands just in front of a
// target at b, seen from a.
func (t Table) LinesNear(a, b Point, within float64) []Feature {
	length := Distance(a, b)
	var fs []Feature
	for _, f := range t.Terrain {
		for i := 1; i < len(f.Line); i++ {
			if at, ok := cross(a, b, f.Line[i-1], f.Line[i]); ok && (1-at)*length <= within+epsilon {
				fs = append(fs, f)
				break
			}
		}
	}
	return fs
}
