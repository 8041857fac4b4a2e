package tabletop

import (
	"fmt"
	"math"

	"github.com/paulmach/orb"
)

// Point is a place on the table, in inches from its lower-left corner.
type Point = orb.Point

// Table is the battlefield: its size, its terrain and where the units stand.
type Table struct {
	Width   float64   `json:"width"`
	Depth   float64   `json:"depth"`
	Terrain []Feature `json:"terrain,omitempty"`
	Units   []Unit    `json:"units,omitempty"`
}

// Feature is one piece of terrain: an area (a closed outline) or a line (a river,
// road, wall or hedge). Kind is the rule set's own terrain kind; Height is a hill's,
// in inches above the table.
type Feature struct {
	Kind   string         `json:"kind"`
	Name   string         `json:"name"`
	Area   orb.Ring       `json:"area,omitempty"`
	Line   orb.LineString `json:"line,omitempty"`
	Height float64        `json:"height,omitempty"`
}

// IsLine reports whether the feature is a line rather than an area.
func (f Feature) IsLine() bool { return len(f.Line) > 0 }

// Unit is where a unit, squad, officer or base stands: the centre of its footprint,
// its facing and the footprint's frontage (Width) and depth.
type Unit struct {
	Name   string  `json:"name"`
	At     Point   `json:"at"`
	Facing float64 `json:"facing"`
	Width  float64 `json:"width"`
	Depth  float64 `json:"depth"`
}

// Footprint is the unit's outline on the table: its rectangle turned to its facing,
// corners in order front-left, front-right, rear-right, rear-left, closed.
func (u Unit) Footprint() orb.Ring {
	fx, fy := heading(u.Facing)      // towards the front
	rx, ry := heading(u.Facing + 90) // towards the right flank
	hw, hd := u.Width/2, u.Depth/2
	corner := func(side, ahead float64) Point {
		return Point{u.At[0] + rx*side + fx*ahead, u.At[1] + ry*side + fy*ahead}
	}
	fl, fr := corner(-hw, hd), corner(hw, hd)
	return orb.Ring{fl, fr, corner(hw, -hd), corner(-hw, -hd), fl}
}

// Front is the middle of the unit's front edge.
func (u Unit) Front() Point {
	fx, fy := heading(u.Facing)
	return Point{u.At[0] + fx*u.Depth/2, u.At[1] + fy*u.Depth/2}
}

// heading is the unit vector of a facing in degrees clockwise from +y.
func heading(deg float64) (x, y float64) {
	rad := deg * math.Pi / 180
	return math.Sin(rad), math.Cos(rad)
}

// Unit finds a placed unit by name.
func (t Table) Unit(name string) (Unit, bool) {
	for _, u := range t.Units {
		if u.Name == name {
			return u, true
		}
	}
	return Unit{}, false
}

// Contains reports whether a point lies on the table.
func (t Table) Contains(p Point) bool {
	return p[0] >= 0 && p[1] >= 0 && p[0] <= t.Width && p[1] <= t.Depth
}

// Validate checks that the table is one the measures can work on: a positive size,
// every area a closed outline of at least three corners on the table, every line at
// least two points on it, heights not negative, every unit on the table with a
// footprint, and names unique.
func (t Table) Validate() error {
	if !(t.Width > 0 && t.Depth > 0) || t.Width > MaxSide || t.Depth > MaxSide {
		return fmt.Errorf("the table must be between 1 and %g inches each way, not %g by %g", float64(MaxSide), t.Width, t.Depth)
	}
	if len(t.Terrain) > MaxFeatures {
		return fmt.Errorf("a table holds at most %d terrain features, not %d", MaxFeatures, len(t.Terrain))
	}
	seen := map[string]bool{}
	for _, f := range t.Terrain {
		if f.Name == "" {
			return fmt.Errorf("a %s has no name", f.Kind)
		}
		if seen["terrain:"+f.Name] {
			return fmt.Errorf("two terrain features are called %s", f.Name)
		}
		seen["terrain:"+f.Name] = true
		if err := t.validFeature(f); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	for _, u := range t.Units {
		if seen["unit:"+u.Name] {
			return fmt.Errorf("%s is placed twice", u.Name)
		}
		seen["unit:"+u.Name] = true
		if !t.Contains(u.At) {
			return fmt.Errorf("%s stands at %s, off the %gx%g table", u.Name, Format(u.At), t.Width, t.Depth)
		}
		if !(u.Width > 0 && u.Depth > 0) || u.Width > MaxSide || u.Depth > MaxSide {
			return fmt.Errorf("%s has no footprint (frontage %g, depth %g)", u.Name, u.Width, u.Depth)
		}
		if math.IsNaN(u.Facing) || math.IsInf(u.Facing, 0) {
			return fmt.Errorf("%s has no facing", u.Name)
		}
	}
	return nil
}

// The limits of a table: what a real table could be, and what keeps every measure
// quick.
const (
	MaxSide     = 1200 // inches: 100 feet
	MaxFeatures = 200
	MaxCorners  = 64
)

func (t Table) validFeature(f Feature) error {
	switch {
	case f.IsLine() && len(f.Area) > 0:
		return fmt.Errorf("is both an area and a line")
	case f.IsLine():
		if len(f.Line) < 2 || len(f.Line) > MaxCorners {
			return fmt.Errorf("a line needs 2 to %d points, not %d", MaxCorners, len(f.Line))
		}
		return t.onTable(f.Line)
	default:
		if !f.Area.Closed() || len(f.Area) < 4 || len(f.Area) > MaxCorners+1 {
			return fmt.Errorf("an area needs 3 to %d corners", MaxCorners)
		}
		if f.Height < 0 || f.Height > MaxSide || math.IsNaN(f.Height) {
			return fmt.Errorf("a height must be 0 or more inches, not %g", f.Height)
		}
		return t.onTable(f.Area)
	}
}

func (t Table) onTable(ps []Point) error {
	for _, p := range ps {
		if !t.Contains(p) {
			return fmt.Errorf("%s is off the %gx%g table", Format(p), t.Width, t.Depth)
		}
	}
	return nil
}

// Format writes a point as a command line takes it: "12,30.5".
func Format(p Point) string {
	return fmt.Sprintf("%s,%s", inches(p[0]), inches(p[1]))
}

func inches(v float64) string {
	return fmt.Sprintf("%.4g", math.Round(v*100)/100)
}
