package crimea

import (
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

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

// Engaged refuses a close combat on the table between units not in contact:
// the combat follows a charge that reaches (C8). It names the gap.
func Engaged(attacker, defender tabletop.Unit) error {
	gap := ChargeGap(attacker, defender)
	if tabletop.Tenth(gap) == 0 {
		return nil
	}
	return rules.Breachf("%s is not in contact with %s: %s\" apart on the map. Close combat follows a charge that reaches (C8): charge with `/crimea move charge:` first.",
		attacker.Name, defender.Name, tenth(gap))
}

// FallBack is where a unit that moves back inches, its normal move, after a
// close combat stands on the table (ReadingBack): straight away from the
// enemy's centre, facing as it did, stopping at the table's edge.
func FallBack(t tabletop.Table, u, enemy tabletop.Unit, inches float64) tabletop.Unit {
	back := u.Back(enemy.At, inches)
	back.At = t.Stop(u.At, back.At)
	return back
}

// ReadingBack is where a unit that fails its morale in a close combat goes
// on the map.
var ReadingBack = rules.Reading{ID: "C8", Text: "on the map a unit that fails its morale in a close combat moves back one normal move (its allowance, no modifier) straight away from the enemy, facing as it did, stopping at the table's edge; the text's other choice for the attacker, its starting position, is the umpire's to give with /map place"}
