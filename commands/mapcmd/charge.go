package mapcmd

import (
	"fmt"
	"math"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	rc "github.com/referee-bot/referee/rules/crimea"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/rules/tabletop"
)

// A charge measured on the table, and the charger moved there once its
// rule set has ruled on it.

// GreenJacketsCharge measures /greenjackets move speed:charge target:
// (gj.MeasureCharge, G7): the inches from the charger's footprint to the
// target's, whether it goes along a road; a charge into hard going or
// across a river is refused.
var GreenJacketsCharge = Rule{From: "squad", To: "target", Options: []string{"inches", "road"},
	Measure: func(e Ends) (Measured, error) {
		c := gj.MeasureCharge(e.Table, e.From, e.To)
		if err := c.Passable(e.From.Name); err != nil {
			return Measured{}, err
		}
		how := apart(c.Length, e.From, e.To)
		for _, o := range c.Obstacles {
			how += fmt.Sprintf(", over %s (an obstacle costs nothing)", o)
		}
		road := fmt.Sprintf("%s keeps to %s all the way: +%d\" (G7)", e.From.Name, c.Road, gj.RoadBonus)
		return Measured{Values: []Value{
			{Option: "inches", Is: c.Length, How: how + " (G7)"},
			{Option: "road", Is: c.Road != "", How: road, Quiet: c.Road == ""},
		}}, nil
	}}

// CrimeaCharge measures /crimea move's charge on the battle's table
// (rc.ChargeGap, C8): how far off the unit charged stands, and how that was
// measured, for the ruling; ok is false off a map or with either unit not
// placed, and the charge reaches as the players say.
func CrimeaCharge(tx *battle.Tx, unit, charged string) (reach float64, how string, ok bool) {
	c, d, ok := placedPair(tx, unit, charged)
	if !ok {
		return 0, "", false
	}
	reach = rc.ChargeGap(c, d)
	return reach, apart(reach, c, d) + " (C8)", true
}

// placedPair are the units called a and b as they stand on the battle's
// table, and whether both do.
func placedPair(tx *battle.Tx, a, b string) (tabletop.Unit, tabletop.Unit, bool) {
	g := tx.Game
	if g == nil || g.Map == nil {
		return tabletop.Unit{}, tabletop.Unit{}, false
	}
	ua, okA := g.Map.Unit(a)
	ub, okB := g.Map.Unit(b)
	return ua, ub, okA && okB
}

// stays is how little, in inches or degrees, a charger may be moved or turned
// and still be said to stay where it stood: less than the table is read to.
const stays = 0.01

// Charged moves the unit called charger on the battle's table to where its
// charge at target left it (to, from the two as they stand there), and says
// where, for the ruling (that it stays, when it is already there); off a
// map, or with either not placed, it does nothing and says nothing. A place
// off the table is refused.
func Charged(tx *battle.Tx, charger, target string, to func(charger, target tabletop.Unit) tabletop.Unit) (string, error) {
	c, d, ok := placedPair(tx, charger, target)
	if !ok {
		return "", nil
	}
	g := tx.Game
	moved := to(c, d)
	if !g.Map.Contains(moved.At) {
		return "", interaction.Refusef("%s's charge would end at %s, off the table: the umpire places it with `/map place`.", charger, tabletop.Format(moved.At))
	}
	if tabletop.Distance(moved.At, c.At) < stays && math.Abs(math.Remainder(moved.Facing-c.Facing, 360)) < stays {
		return fmt.Sprintf("%s stays at %s facing %s", c.Name, tabletop.Format(c.At), compassName(math.Round(c.Facing))), nil
	}
	return place(tx, moved), nil
}

// CrimeaBack moves the unit called unit on the battle's table back its normal
// move of move inches, from the enemy it fought (rc.FallBack, C8), and says
// where, for the ruling; off a map, or with either not placed, it does
// nothing and says nothing.
func CrimeaBack(tx *battle.Tx, unit, enemy string, move int) string {
	u, e, ok := placedPair(tx, unit, enemy)
	if !ok || move <= 0 {
		return ""
	}
	moved := rc.FallBack(*tx.Game.Map, u, e, float64(move))
	how := fmt.Sprintf("%s moves back one normal move, %d\", straight away from %s (C8): ", unit, move, enemy)
	if gone := tabletop.Distance(u.At, moved.At); gone < float64(move)-stays {
		how = fmt.Sprintf("%s moves back %s\" of its normal move of %d\", straight away from %s to the table's edge (C8): ", unit, inches(gone), move, enemy)
	}
	return how + place(tx, moved)
}
