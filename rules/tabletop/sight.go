package tabletop

import (
	"slices"

	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules"
)

// SightRule is what a rule set says of sight: which terrain blocks it, how far a
// unit sees into (and is seen in) the blocking ground it stands in, and whether the
// footprints of other units screen what lies behind them.
type SightRule struct {
	Blocks  func(Feature) bool
	SeeInto float64
	Screens bool
}

// Sight is the verdict on one line of sight: clear, or blocked by a named feature or
// unit.
type Sight struct {
	Clear bool
	By    string
}

// Sightlines answers lines of sight over one table under one rule. What does
// not change from one line to the next is worked out once: which pieces of
// ground block or rise, each one's bounds, the units' footprints and bounds,
// and the ground each unit stands on. A whole table's lines of sight (every
// unit to every other) then cost little.
type Sightlines struct {
	// table is the table's size, for Seen.
	table   Table
	seeInto float64
	// ground are the areas that block sight or rise, in the table's order:
	// the only terrain a line of sight can meet.
	ground []obstacle
	// hills are the areas with a height, for the height of the ground.
	hills []obstacle
	// screens are the units' footprints when units screen, in the table's
	// order.
	screens []obstacle
	// standing is the height of the ground where each unit stands.
	standing map[Point]float64
}

// obstacle is a piece of ground or a unit's footprint that may stand in a
// line of sight, with its bounds.
type obstacle struct {
	box    orb.Bound
	ring   orb.Ring
	name   string
	blocks bool
	height float64
}

// Sightlines prepares the table's lines of sight under a rule.
func (t Table) Sightlines(rule SightRule) *Sightlines {
	s := &Sightlines{table: Table{Width: t.Width, Depth: t.Depth}, seeInto: rule.SeeInto, ground: make([]obstacle, 0, len(t.Terrain))}
	for _, f := range t.Terrain {
		if f.IsLine() {
			continue
		}
		o := obstacle{box: f.Area.Bound(), ring: f.Area, name: f.Name, blocks: rule.Blocks != nil && rule.Blocks(f), height: f.Height}
		if o.blocks || o.height > 0 {
			s.ground = append(s.ground, o)
		}
		if o.height > 0 {
			s.hills = append(s.hills, o)
		}
	}
	s.standing = make(map[Point]float64, len(t.Units))
	for _, u := range t.Units {
		s.standing[u.At] = s.elevation(u.At)
	}
	if rule.Screens {
		s.screens = make([]obstacle, len(t.Units))
		for i, u := range t.Units {
			r := u.Footprint()
			s.screens[i] = obstacle{box: r.Bound(), ring: r, name: u.Name}
		}
	}
	return s
}

// Between is the line of sight from a to b. The names in skip are units whose
// footprints do not screen it (the looker and the one looked at).
//
// A blocking area blocks the line wherever the line passes through it, except the
// stretch of it at either end no longer than SeeInto: a unit in a wood sees out of it
// and is seen from outside, at its edge. A hill blocks where it rises above the line
// drawn from the looker's ground to the target's, except on the hill either of them
// stands on: units on a hill see over what is lower.
func (s *Sightlines) Between(a, b Point, skip ...string) Sight {
	line := newSegment(a, b)
	var length, ha, hb float64
	var measured, raised bool
	var buf [MaxCorners]span
	for i := range s.ground {
		g := &s.ground[i]
		if !line.meets(g.box) {
			continue
		}
		for _, sp := range appendInside(buf[:0], a, b, g.ring) {
			atEnd := sp.from <= epsilon || sp.to >= 1-epsilon
			if g.blocks {
				if !measured {
					length, measured = Distance(a, b), true
				}
				if !(atEnd && (sp.to-sp.from)*length <= s.seeInto+epsilon) {
					return Sight{By: g.name}
				}
			}
			if g.height > 0 && !atEnd {
				if !raised {
					ha, hb, raised = s.elevation(a), s.elevation(b), true
				}
				lowest := min(ha+(hb-ha)*sp.from, ha+(hb-ha)*sp.to)
				if g.height > lowest+epsilon {
					return Sight{By: g.name}
				}
			}
		}
	}
	for i := range s.screens {
		u := &s.screens[i]
		if !line.meets(u.box) || slices.Contains(skip, u.name) {
			continue
		}
		for _, sp := range appendInside(buf[:0], a, b, u.ring) {
			if sp.to-sp.from > epsilon {
				return Sight{By: u.name}
			}
		}
	}
	return Sight{Clear: true}
}

// Whole is the line of sight from a point to every corner of an outline: clear only
// if each is (Firing 2007: the whole of the target base must be visible).
func (s *Sightlines) Whole(from Point, target orb.Ring, skip ...string) Sight {
	for _, p := range target[:len(target)-1] {
		if v := s.Between(from, p, skip...); !v.Clear {
			return v
		}
	}
	return Sight{Clear: true}
}

// elevation is Table.Elevation with the hills' bounds known, and the ground under
// each unit looked up.
func (s *Sightlines) elevation(p Point) float64 {
	if h, ok := s.standing[p]; ok {
		return h
	}
	h := 0.0
	for i := range s.hills {
		if f := &s.hills[i]; f.height > h && f.box.Contains(p) && ringContains(f.ring, p) {
			h = f.height
		}
	}
	return h
}

// segment is a line of sight from a to b, with its bounds and direction.
type segment struct {
	a, min, max Point
	dx, dy      float64
}

func newSegment(a, b Point) segment {
	return segment{a: a, min: Point{min(a[0], b[0]), min(a[1], b[1])}, max: Point{max(a[0], b[0]), max(a[1], b[1])},
		dx: b[0] - a[0], dy: b[1] - a[1]}
}

// meets reports whether the segment may touch a box: the boxes overlap and the
// box's corners do not all lie on one side of the segment's line. It only rules
// out; the exact test follows it.
func (l segment) meets(box orb.Bound) bool {
	return box.Min[0] <= l.max[0] && box.Max[0] >= l.min[0] && box.Min[1] <= l.max[1] && box.Max[1] >= l.min[1] && l.straddles(box)
}

// straddles reports whether the box's corners do not all lie on one side of
// the segment's line.
func (l segment) straddles(box orb.Bound) bool {
	x0, y0 := box.Min[0]-l.a[0], box.Min[1]-l.a[1]
	x1, y1 := box.Max[0]-l.a[0], box.Max[1]-l.a[1]
	s1, s2 := l.dx*y0-l.dy*x0, l.dx*y0-l.dy*x1
	s3, s4 := l.dx*y1-l.dy*x1, l.dx*y1-l.dy*x0
	return !(s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0) && !(s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0)
}

// Sees refuses, as a breach of the rules, a look from one unit at another
// when ground that blocks sight among kinds (SightOf) stands between their
// centres: "Rifles cannot see Voltigeurs: Copse is in the way."
func (t Table) Sees(kinds []Kind, from, to Unit) error {
	if v := t.Sightlines(SightOf(kinds)).Between(from.At, to.At); !v.Clear {
		return rules.Breachf("%s cannot see %s: %s is in the way.", rules.Inert(from.Name), rules.Inert(to.Name), rules.Inert(v.By))
	}
	return nil
}
