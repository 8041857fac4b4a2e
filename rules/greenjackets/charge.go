package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// RoadReach is how near a road's line a charge must keep, all the way, to
// go at the road's speed (G7, "on a road add 2\" to all speeds").
const RoadReach = 1

// riverKinds are the lines the umpire rules on (G7: "rivers: umpire defines
// if passable and for what troops"); obstacleKinds those the text gives no
// cost to cross.
var (
	riverKinds    = []string{"river", "stream"}
	obstacleKinds = []string{"wall", "hedge"}
)

// A ChargeLine is a charge measured on the table (G7, section 6): the
// straight line from the nearest point of the charger's footprint to the
// nearest point of the target's, and the ground it goes over.
type ChargeLine struct {
	From, To tabletop.Point
	Length   float64
	Going
	// Contact is where the charger stands once it reaches: its front against
	// the middle of the target's front, facing it.
	Contact tabletop.Unit
}

// MeasureCharge measures a charge of charger at target on the table.
func MeasureCharge(t tabletop.Table, charger, target tabletop.Unit) ChargeLine {
	from, to := tabletop.NearestOn(charger.Footprint(), target.Footprint())
	c := ChargeLine{From: from, To: to, Length: tabletop.Distance(from, to), Contact: charger.Against(target)}
	var centre []tabletop.Point // a charger already in contact goes by no road
	if c.Length > 0 {
		centre = []tabletop.Point{charger.At, c.Contact.At}
	}
	c.Going = goingOver(t, []tabletop.Point{from, to}, centre)
	return c
}

// Passable refuses a charge the ground forbids, whatever its length: one
// into hard going, through which no one charges (G7: "may not charge
// through"; woods and marsh are impassable to guns besides), and one across
// a river or stream, which the umpire rules on (he may move the charger
// himself with the map).
func (c ChargeLine) Passable(who string) error {
	if c.Hard != "" {
		return rules.Breachf("%s's charge would go into %s: no one charges through woods, marsh or rough ground (G7).", who, c.Hard)
	}
	if len(c.Rivers) > 0 {
		return rules.Breachf("%s's charge crosses %s: rivers are the umpire's to rule (G7), so the referee does not measure it; the umpire moves the charger on the map if it goes.", who, c.Rivers[0])
	}
	return nil
}

// beyond refuses a move order of inches when it goes beyond its allowance:
// with a target, naming how far off the target is and how far the charge
// goes.
func (o MoveOrder) beyond(who string, allowed float64) error {
	if o.Inches == nil || *o.Inches <= allowed {
		return nil
	}
	if o.Target != "" {
		return rules.Breachf("%s cannot reach %s, %s away: this charge goes at most %s (G7).", who, o.Target, inches(*o.Inches), inches(allowed))
	}
	return rules.Breachf("%s cannot move %s: this order goes at most %s (G7).", who, inches(*o.Inches), inches(allowed))
}

// chargeAt checks a move order's target before it moves anyone: only a
// charge goes at one, by one squad or character, at an enemy it may see.
func (b *Board) chargeAt(o MoveOrder) (section, error) {
	switch {
	case o.Target == "":
		return section{}, nil
	case !o.Charge:
		return section{}, rules.Breachf("Only a charge goes at a target: give `speed:charge`, or leave `target:` out.")
	case len(o.Squads) != 1:
		return section{}, rules.Breachf("One squad or character charges at a target at a time.")
	}
	if err := b.inSight(o.Actor, o.Target); err != nil {
		return section{}, err
	}
	sec, ok := b.sectionNamed(o.Target)
	mine, _ := b.sectionNamed(o.Squads[0])
	switch {
	case !ok:
		return section{}, rules.Breachf("There is no squad, figure or character called %s on the roster to charge.", rules.Inert(o.Target))
	case Same(sec.key, mine.key) || sec.side != "" && Same(sec.side, mine.side):
		return section{}, rules.Breachf("%s is on the charger's own side: charge an enemy.", rules.Inert(o.Target))
	}
	return sec, nil
}

// charged records a charge that reached its target: the charger and the
// target are in contact (G6a), and contact spots both ways (G6).
func (b *Board) charged(charger string, at section, target string) string {
	unit := target
	if s, _ := b.Figure(target); s != nil {
		unit = s.Name
	}
	b.touch(charger, unit)
	mine, _ := b.sectionNamed(charger)
	if c, t := b.Character(mine.key), b.Character(at.key); c != nil && mine.side != "" {
		if b.Running() {
			c.spot(at.key, true)
			if t != nil {
				t.spot(mine.key, true)
			}
		}
		b.spotted(c, at.key)
		if t != nil {
			b.spotted(t, mine.key)
		}
	}
	return fmt.Sprintf("%s charges into contact with %s: they are in contact until one moves away, and each has spotted the other (G6, G6a).", charger, unit)
}
