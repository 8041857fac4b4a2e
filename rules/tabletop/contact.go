package tabletop

import "math"

// Against is u brought into contact with target's front: its front edge laid
// along the middle of target's front edge, facing target (where a charge that
// reaches its target stands).
func (u Unit) Against(target Unit) Unit { return u.AgainstSide(target, FrontQuarter) }

// AgainstSide is u brought into contact with the given side of target: its
// front edge laid along the middle of that edge of target's footprint, facing
// square into it. The flank is the one on u's side of target (its right when
// u stands square behind or before it).
func (u Unit) AgainstSide(target Unit, side Quarter) Unit {
	toward, reach := 0.0, target.Depth/2 // from target's centre to the middle of the edge
	switch side {
	case RearQuarter:
		toward = 180
	case FlankQuarter:
		toward, reach = 90, target.Width/2
		if rx, ry := heading(target.Facing + 90); rx*(u.At[0]-target.At[0])+ry*(u.At[1]-target.At[1]) < -epsilon {
			toward = 270 // u stands off target's left
		}
	}
	dx, dy := heading(target.Facing + toward)
	u.At = Point{target.At[0] + dx*(reach+u.Depth/2), target.At[1] + dy*(reach+u.Depth/2)}
	u.Facing = math.Mod(target.Facing+toward+180, 360)
	return u
}

// Toward is u moved d inches along the line from a to b (no farther than b),
// its footprint carried with it, facing the way it went: where a move of d
// inches along that line leaves it. A line of no length leaves it where it
// stands.
func (u Unit) Toward(a, b Point, d float64) Unit {
	l := Distance(a, b)
	if l < epsilon {
		return u
	}
	f := min(max(d, 0)/l, 1)
	u.At = Point{u.At[0] + (b[0]-a[0])*f, u.At[1] + (b[1]-a[1])*f}
	u.Facing = Bearing(a, b)
	return u
}

// Ended is u at the end of a move along path: standing on its last point,
// facing the way its last leg went (as it stood, if the path goes nowhere).
func (u Unit) Ended(path []Point) Unit {
	for i := len(path) - 1; i > 0; i-- {
		if Distance(path[i-1], path[i]) > epsilon {
			u.Facing = Bearing(path[i-1], path[i])
			break
		}
	}
	if len(path) > 0 {
		u.At = path[len(path)-1]
	}
	return u
}

// Back is u moved d inches straight away from the point from, keeping its
// facing (where a unit that falls back from an enemy there goes); standing
// on that point, it goes straight back from its front.
func (u Unit) Back(from Point, d float64) Unit {
	dx, dy := u.At[0]-from[0], u.At[1]-from[1]
	l := math.Hypot(dx, dy)
	if l < epsilon {
		fx, fy := heading(u.Facing)
		dx, dy, l = -fx, -fy, 1
	}
	u.At = Point{u.At[0] + dx/l*d, u.At[1] + dy/l*d}
	return u
}

// Stop is the farthest point of the line from a (on the table) to b that is
// still on the table: b itself when it is, otherwise where the line meets
// the table's edge.
func (t Table) Stop(a, b Point) Point {
	f := 1.0
	for i, side := range []float64{t.Width, t.Depth} {
		switch d := b[i] - a[i]; {
		case b[i] > side:
			f = min(f, (side-a[i])/d)
		case b[i] < 0:
			f = min(f, -a[i]/d)
		}
	}
	return lerp(a, b, max(f, 0))
}
