package tabletop

import "math"

// Against is u brought into contact with target's front: its front edge laid
// along the middle of target's front edge, facing target (where a charge that
// reaches its target stands).
func (u Unit) Against(target Unit) Unit {
	fx, fy := heading(target.Facing)
	front := target.Front()
	u.At = Point{front[0] + fx*u.Depth/2, front[1] + fy*u.Depth/2}
	u.Facing = math.Mod(target.Facing+180, 360)
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
