package crimea

import "github.com/referee-bot/referee/rules/tabletop"

// ChargeGap measures how far a charge must go on the table (C8): from the
// nearest point of the charger's footprint to the nearest point of the
// unit charged. The text gives the ground no cost to a move.
func ChargeGap(charger, target tabletop.Unit) float64 {
	return tabletop.Gap(charger.Footprint(), target.Footprint())
}

// ChargeEnd is where a charge with a move of goes inches leaves the charger
// on the table: reaching, its front against the middle of the target's
// front, facing it; falling short (ReadingShort), its whole move along the
// line between the nearest points of the two footprints, facing the way it
// went.
func ChargeEnd(charger, target tabletop.Unit, goes float64) tabletop.Unit {
	if ChargeGap(charger, target) <= goes {
		return charger.Against(target)
	}
	from, to := tabletop.NearestOn(charger.Footprint(), target.Footprint())
	return charger.Toward(from, to, goes)
}
