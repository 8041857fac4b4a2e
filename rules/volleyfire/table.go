package volleyfire

import (
	"github.com/referee-bot/referee/rules/tabletop"
)

// An Aim is a shot as the table measures it.
type Aim struct {
	// Range is between the nearest points of the two units' bases.
	Range float64
	// Elevation is the height of the ground the shooter stands on, above the
	// table: an inch of range more for each (V5).
	Elevation float64
	// Cover: the target stands in terrain (6 to destroy); CoverBy names it.
	Cover   bool
	CoverBy string
}

// AimAt measures a shot from shooter at target on the table. A forest, a town
// or a hill between the two centres blocks it: it is refused.
func AimAt(t tabletop.Table, shooter, target tabletop.Unit) (Aim, error) {
	if err := t.Sees(Ground, shooter, target); err != nil {
		return Aim{}, err
	}
	a := Aim{Range: tabletop.Gap(shooter.Footprint(), target.Footprint()), Elevation: t.Elevation(shooter.At)}
	for _, f := range t.At(target.At) {
		if k, _ := tabletop.Find(Ground, f.Kind); k.Cover != "" {
			a.Cover, a.CoverBy = true, f.Name
			break
		}
	}
	return a, nil
}

// A Closest is the closest-enemy rule measured on the table (V3: out of
// command a unit may only shoot at the closest enemy).
type Closest struct {
	// Is: no enemy the shooter sees stands nearer than the target; an enemy
	// as near does not take it away.
	Is bool
	// Nearest is the nearest enemy the shooter sees (the target when Is),
	// Gap its distance and Target the target's, between the nearest points of
	// the bases.
	Nearest     tabletop.Unit
	Gap, Target float64
}

// Nearest measures whether target is the closest enemy shooter may shoot at:
// of the enemies (target among them or not), those the shooter sees, by the
// gap between the bases.
func Nearest(t tabletop.Table, shooter, target tabletop.Unit, enemies []tabletop.Unit) Closest {
	c := Closest{Nearest: target, Target: tabletop.Gap(shooter.Footprint(), target.Footprint())}
	c.Gap = c.Target
	for _, e := range enemies {
		if e.Name == target.Name || t.Sees(Ground, shooter, e) != nil {
			continue
		}
		if g := tabletop.Gap(shooter.Footprint(), e.Footprint()); g < c.Gap {
			c.Nearest, c.Gap = e, g
		}
	}
	c.Is = c.Target <= c.Gap+tenth/2
	if c.Is {
		c.Nearest, c.Gap = target, c.Target
	}
	return c
}

// tenth is the finest the referee measures: an enemy within half of it of
// the target's distance stands as near.
const tenth = 0.1

// A Reach is a charge measured on the table: the path from the nearest point
// of the charger's base to the nearest of the target's, in inches through
// open, light and heavy ground as a move counts them (V4), and the side of
// the target it strikes.
type Reach struct {
	Path    Path
	Strikes Facing
}

// ChargeReach measures charger's charge at target: the straight line between
// their nearest points, each stretch priced by the costliest ground it lies
// in, and the target's front, flank or rear by where the charger's centre
// stands from the target's (the quarters of 45° either side of its front and
// of its back).
func ChargeReach(t tabletop.Table, charger, target tabletop.Unit) Reach {
	from, to := tabletop.NearestOn(charger.Footprint(), target.Footprint())
	r := Reach{Path: PathOver(t, []tabletop.Point{from, to})}
	q := target.QuarterOf(charger.At)
	for f, side := range sides {
		if side == q {
			r.Strikes = f
		}
	}
	return r
}

// sides are the sides of a unit's footprint a charge strikes, by the facing
// the combat reads.
var sides = map[Facing]tabletop.Quarter{Front: tabletop.FrontQuarter, Flank: tabletop.FlankQuarter, Rear: tabletop.RearQuarter}

// ChargeEnd is where a charge that strikes target's side leaves charger on
// the table: its front against the middle of that side (of the flank nearer
// it), facing square into target.
func ChargeEnd(charger, target tabletop.Unit, strikes Facing) tabletop.Unit {
	return charger.AgainstSide(target, sides[strikes])
}

// PathOver is a path's inches through open, light and heavy ground (V4,
// Terrain), each stretch priced by the costliest ground it lies in.
func PathOver(t tabletop.Table, path []tabletop.Point) Path {
	var p Path
	for _, l := range t.Legs(path) {
		cost := 0.0
		for _, i := range l.In {
			k, _ := tabletop.Find(Ground, t.Terrain[i].Kind)
			cost = max(cost, k.Cost)
		}
		switch {
		case cost >= HeavyCost:
			p.Heavy += l.Length
		case cost >= LightCost:
			p.Light += l.Length
		default:
			p.Open += l.Length
		}
	}
	return p
}
