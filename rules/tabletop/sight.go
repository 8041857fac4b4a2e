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

// Sightlines answers lines of sight over one table under one rule, with each
// feature's bounds worked out once, so that a whole table's lines of sight (every
// unit to every other) cost little.
type Sightlines struct {
	table  Table
	rule   SightRule
	bounds []orb.Bound
	units  []orb.Ring
	ubound []orb.Bound
	// ground is the height of the ground where each unit stands, worked out once.
	ground map[Point]float64
}

// Sightlines prepares the table's lines of sight under a rule.
func (t Table) Sightlines(rule SightRule) *Sightlines {
	s := &Sightlines{table: t, rule: rule, bounds: make([]orb.Bound, len(t.Terrain))}
	for i, f := range t.Terrain {
		if f.IsLine() {
			s.bounds[i] = f.Line.Bound()
		} else {
			s.bounds[i] = f.Area.Bound()
		}
	}
	s.ground = make(map[Point]float64, len(t.Units))
	for _, u := range t.Units {
		s.ground[u.At] = s.elevation(u.At)
	}
	if rule.Screens {
		for _, u := range t.Units {
			r := u.Footprint()
			s.units = append(s.units, r)
			s.ubound = append(s.ubound, r.Bound())
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
	line := orb.Bound{Min: a, Max: a}.Extend(b)
	ha, hb := s.elevation(a), s.elevation(b)
	length := Distance(a, b)
	var buf [MaxCorners]span
	for i, f := range s.table.Terrain {
		if f.IsLine() || !meets(a, b, line, s.bounds[i]) {
			continue
		}
		blocks := s.rule.Blocks != nil && s.rule.Blocks(f)
		if !blocks && f.Height == 0 {
			continue
		}
		for _, sp := range appendInside(buf[:0], a, b, f.Area) {
			atEnd := sp.from <= epsilon || sp.to >= 1-epsilon
			if blocks && !(atEnd && (sp.to-sp.from)*length <= s.rule.SeeInto+epsilon) {
				return Sight{By: f.Name}
			}
			if f.Height > 0 && !atEnd {
				lowest := min(ha+(hb-ha)*sp.from, ha+(hb-ha)*sp.to)
				if f.Height > lowest+epsilon {
					return Sight{By: f.Name}
				}
			}
		}
	}
	for i, r := range s.units {
		name := s.table.Units[i].Name
		if !meets(a, b, line, s.ubound[i]) || slices.Contains(skip, name) {
			continue
		}
		for _, sp := range appendInside(buf[:0], a, b, r) {
			if sp.to-sp.from > epsilon {
				return Sight{By: name}
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
	if h, ok := s.ground[p]; ok {
		return h
	}
	h := 0.0
	for i, f := range s.table.Terrain {
		if f.Height > h && s.bounds[i].Contains(p) && ringContains(f.Area, p) {
			h = f.Height
		}
	}
	return h
}

// meets reports whether segment ab (whose bounds are line) may touch a box: the
// boxes overlap and the box's corners do not all lie on one side of the segment's
// line. It only rules out; the exact test follows it.
func meets(a, b Point, line, box orb.Bound) bool {
	if !line.Intersects(box) {
		return false
	}
	dx, dy := b[0]-a[0], b[1]-a[1]
	side := func(x, y float64) float64 { return dx*(y-a[1]) - dy*(x-a[0]) }
	s1, s2 := side(box.Min[0], box.Min[1]), side(box.Max[0], box.Min[1])
	s3, s4 := side(box.Max[0], box.Max[1]), side(box.Min[0], box.Max[1])
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
