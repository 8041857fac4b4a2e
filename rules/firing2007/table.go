package firing2007

import (
	"slices"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// ArcOfFire is how far to either side of its front a base may fire, in degrees:
// "anything directly in front of a base and up to 45° to either side".
const ArcOfFire = 45

// behind is how close before a target a wall or hedge must stand to cover it, in
// inches past the target's base.
const behind = 1

// A Laid shot is one measured on the table: what the firer and target's places
// and the ground they stand on make of its options.
type Laid struct {
	// Distance is between the nearest points of the two bases.
	Distance float64
	// Cover is the best cover of the ground the target stands in, or of a wall
	// or hedge just before it; CoverBy names that ground ("" in the open).
	Cover   Cover
	CoverBy string
	// FriendlyInArc: a friend stands within the firer's arc no farther than the
	// target, so a gun fires ball, not canister (note a, F3a).
	FriendlyInArc bool
	// Over are the friends between firer and target, fired over (note b);
	// Clearance is the least distance from any of them to the firer or the
	// target, and HigherGround says that the firer or the target stands higher
	// than each of them.
	Over         []string
	Clearance    float64
	HigherGround bool
}

// Lay measures a shot from firer at target on the table, friends being the
// firer's side's other units. It refuses a target outside the firer's arc of
// fire, or whose whole base is not visible from the middle of the firer's front.
func Lay(t tabletop.Table, firer, target tabletop.Unit, friends []tabletop.Unit) (Laid, error) {
	aim := target.Footprint()
	if !firer.InArc(aim, ArcOfFire) {
		return Laid{}, rules.Breachf("%s is %.0f° off %s's front: a unit fires at what is in front of it and up to %d° to either side.",
			bold(target.Name), firer.OffFront(target.At), rules.Inert(firer.Name), ArcOfFire)
	}
	if v := t.Sightlines(tabletop.SightOf(Ground)).Whole(firer.Front(), aim); !v.Clear {
		return Laid{}, rules.Breachf("The whole of %s's base is not visible from %s: %s is in the way.",
			bold(target.Name), rules.Inert(firer.Name), rules.Inert(v.By))
	}
	l := Laid{Distance: tabletop.Gap(firer.Footprint(), aim), Cover: Open}
	ground := t.At(target.At)
	ground = append(ground, t.LinesNear(firer.At, target.At, target.Depth/2+behind)...)
	for _, f := range ground {
		k, _ := tabletop.Find(Ground, f.Kind)
		if c := Cover(k.Cover); k.Cover != "" && slices.Index(Covers, c) > slices.Index(Covers, l.Cover) {
			l.Cover, l.CoverBy = c, f.Name
		}
	}
	fire := firer.Footprint()
	l.HigherGround = true
	for _, f := range friends {
		if tabletop.Gap(fire, f.Footprint()) <= l.Distance && firer.InArc(f.Footprint(), ArcOfFire) {
			l.FriendlyInArc = true
		}
	}
	for _, f := range tabletop.Intervening(firer, target, friends) {
		clear := min(tabletop.Gap(fire, f.Footprint()), tabletop.Gap(f.Footprint(), aim))
		if len(l.Over) == 0 || clear < l.Clearance {
			l.Clearance = clear
		}
		l.Over = append(l.Over, f.Name)
		low := t.Elevation(f.At)
		l.HigherGround = l.HigherGround && max(t.Elevation(firer.At), t.Elevation(target.At)) > low
	}
	l.HigherGround = l.HigherGround && len(l.Over) > 0
	return l, nil
}
