package tabletop

import (
	"math"
	"slices"

	"github.com/paulmach/orb"
)

// Reach is how far a unit may move and shoot, as its rule set reads it, for
// the map to draw: its moves (an allowance in inches of open ground each,
// nearest first) and its weapon's range bands (each band's far edge, nearest
// first). Either may be empty: a rule set may give a unit no move or no
// ranges of its own.
type Reach struct {
	Moves []Band
	Bands []Band
	// Gun: ground that artillery may not enter (NoGuns) stops its moves.
	Gun bool
	// Hard are the kinds of ground that are hard going: a move that enters
	// them goes no farther in all than its Hard (Green Jackets' woods, marsh
	// and rough ground, at a crawl).
	Hard []string
}

// Band is a distance, named where the rules name it: a move's allowance
// ("jog", 6" in the open, 3" if it enters hard going) or a range band's far
// edge ("close", 10"; Green Jackets' bands are known by their inches alone).
type Band struct {
	Name   string
	Inches float64
	Hard   float64
}

// rays is how many directions the outlines of Reachable and Seen are drawn
// through: every 5°, so that the four edges' directions are among them.
const rays = 72

// Reachable is the ground a unit standing at from may reach in one straight
// move going any way: an outline through the end of the move in each of rays
// directions. Each inch through an area of a kind with a Cost above 1 counts
// that many (the costliest area it stands in); a move entering hard going
// goes no farther than the move's Hard; a gun stops at ground it may not
// enter (NoGuns); no move leaves the table.
func (t Table) Reachable(kinds []Kind, from Point, r Reach, move Band) orb.Ring {
	out := make(orb.Ring, 0, rays+1)
	for i := range rays {
		far := t.edge(from, float64(i)*360/rays)
		out = append(out, lerp(from, far, t.spend(kinds, from, far, r, move)))
	}
	return append(out, out[0])
}

// spend is how far along the segment from a to b (as a fraction) the move
// goes, paying for the ground it crosses.
func (t Table) spend(kinds []Kind, a, b Point, r Reach, move Band) float64 {
	length := Distance(a, b)
	if length < epsilon {
		return 0
	}
	gone, left, limit := 0.0, move.Inches, math.Inf(1)
	for _, l := range t.Legs([]Point{a, b}) {
		cost := 1.0
		for _, i := range l.In {
			k, _ := Find(kinds, t.Terrain[i].Kind)
			if r.Gun && k.NoGuns {
				limit = min(limit, gone)
			}
			if slices.Contains(r.Hard, k.Name) {
				limit = min(limit, max(gone, move.Hard))
			}
			cost = max(cost, k.Cost)
		}
		if gone >= limit {
			return limit / length
		}
		if l.Length*cost >= left {
			return min(gone+left/cost, limit) / length
		}
		gone, left = gone+l.Length, left-l.Length*cost
	}
	return min(length, limit) / length
}

// edge is where a straight line from p, on a bearing in degrees clockwise
// from north, leaves the table.
func (t Table) edge(p Point, bearing float64) Point {
	dx, dy := heading(bearing)
	far := math.Inf(1)
	if dx > epsilon {
		far = min(far, (t.Width-p[0])/dx)
	} else if dx < -epsilon {
		far = min(far, -p[0]/dx)
	}
	if dy > epsilon {
		far = min(far, (t.Depth-p[1])/dy)
	} else if dy < -epsilon {
		far = min(far, -p[1]/dy)
	}
	far = max(far, 0)
	return Point{p[0] + dx*far, p[1] + dy*far}
}

// Beyond is the outline of the ground within d inches of a footprint: its
// sides pushed out by d and its corners rounded, so a unit whose footprint
// reaches into it is within d (as Gap measures) of the one whose footprint it
// was drawn round.
func Beyond(r orb.Ring, d float64) orb.Ring {
	h := hull(append([]Point(nil), r[:len(r)-1]...))
	const steps = 8 // points on each corner's arc
	var out orb.Ring
	n := len(h) - 1
	for i := range n {
		prev, p, next := h[(i+n-1)%n], h[i], h[(i+1)%n]
		// The hull runs anticlockwise: each side's outward normal is on its right.
		from := math.Atan2(-(p[0] - prev[0]), p[1]-prev[1])
		to := math.Atan2(-(next[0] - p[0]), next[1]-p[1])
		for to < from {
			to += 2 * math.Pi
		}
		for k := range steps + 1 {
			a := from + (to-from)*float64(k)/steps
			out = append(out, Point{p[0] + d*math.Cos(a), p[1] + d*math.Sin(a)})
		}
	}
	return append(out, out[0])
}

// seenStep is how finely Seen looks along each direction: every half inch.
const seenStep = 0.5

// Seen is the ground a unit at from sees, to radius inches and no farther
// than the table's edge: an outline through, in each of rays directions, the
// farthest point to which the line of sight is clear all the way, looked at
// every half inch. The names in skip do not screen it.
func (s *Sightlines) Seen(from Point, radius float64, skip ...string) orb.Ring {
	out := make(orb.Ring, 0, rays+1)
	for i := range rays {
		far := s.table.edge(from, float64(i)*360/rays)
		full := Distance(from, far)
		at := func(d float64) Point {
			if full < epsilon {
				return from
			}
			return lerp(from, far, d/full)
		}
		length, reach := min(full, radius), 0.0
		for d := min(seenStep, length); d > reach && s.Between(from, at(d), skip...).Clear; d = min(d+seenStep, length) {
			reach = d
		}
		out = append(out, at(reach))
	}
	return append(out, out[0])
}
