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
