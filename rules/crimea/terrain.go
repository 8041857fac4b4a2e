package crimea

import (
	"github.com/referee-bot/referee/rules/tabletop"
)

// Ground is the ground of a Stormed at with Shot and Shell table: a hill is what
// makes an attack uphill (−10 to reach the defender), works and buildings are the
// cover its charts name.
var Ground = []tabletop.Kind{
	{Name: "hill", Means: "high ground: attacking uphill to reach a defender on it −10", Hill: true},
	{Name: "wood", Means: "blocks sight", BlocksSight: true, Cover: "wood"},
	{Name: "works", Means: "field works: infantry in them are in works", Cover: "works"},
	{Name: "town", Means: "buildings: blocks sight", BlocksSight: true, Cover: "buildings"},
	{Name: "field", Means: "open ground"},
	{Name: "river", Line: true, Means: "as the umpire rules"},
	{Name: "road", Line: true, Means: "open ground"},
}

// Sees refuses fire from one unit at another on the table when a wood, a town
// or a hill higher than both stands between their centres.
func Sees(t tabletop.Table, from, to tabletop.Unit) error {
	return t.Sees(Ground, from, to)
}

// Uphill reports whether an attacker must go uphill to reach a defender: the
// defender stands on higher ground than the attacker (C8's −10).
func Uphill(t tabletop.Table, attacker, defender tabletop.Unit) bool {
	return t.Elevation(defender.At) > t.Elevation(attacker.At)
}

// OrderReach is how far from his officer a unit moves on one order (C3):
// farther, it needs two.
const OrderReach = 18

// FromOfficer measures how far a unit stands from the officer ordering it,
// between the nearest points of their footprints, and whether that is more
// than OrderReach (C3: two orders to move).
func FromOfficer(officer, unit tabletop.Unit) (float64, bool) {
	d := tabletop.Gap(officer.Footprint(), unit.Footprint())
	return d, tabletop.Tenth(d) > OrderReach
}
