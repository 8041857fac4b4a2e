package firing2007

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A FactorKey names one line of the firing factors chart.
type FactorKey int

// The lines of the firing factors chart, in the post's order.
const (
	FBritish FactorKey = iota
	FMilitiaIndians
	FStrength34
	FStrength12
	FColumn
	FRiflesShort
	FRiflesMedium
	FShaken
	FGunsShort
	FGunsMedium
	FGunsLong
	FSolidCover
	FSoftCover
	FHardCover
)

// A Factor is one line of the firing factors chart.
type Factor struct {
	Key   FactorKey
	Text  string
	Value int
	// Short is Text in two or three words, for a short ruling's arithmetic.
	Short string
}

// FiringFactors is the "Firing factors" chart of the post (F3), as printed.
var FiringFactors = []Factor{
	{FBritish, "British close order infantry", +1, "British close order"},
	{FMilitiaIndians, "militia and Indians", -1, "militia or Indians"},
	{FStrength34, "firing unit has 3 or 4 strength points", -1, "3–4 strength points"},
	{FStrength12, "firing unit has 1 or 2 strength points", -2, "1–2 strength points"},
	{FColumn, "firing unit is in column", -2, "in column"},
	{FRiflesShort, "rifles at short range", -1, "rifles, short range"},
	{FRiflesMedium, "rifles at medium range", -2, "rifles, medium range"},
	{FShaken, "firing unit is shaken", -1, "shaken"},
	{FGunsShort, "guns at short range (canister)", +1, "canister"},
	{FGunsMedium, "guns at medium range", -1, "guns, medium range"},
	{FGunsLong, "guns at long range", -2, "guns, long range"},
	{FSolidCover, "target is in solid cover", -3, "solid cover"},
	{FSoftCover, "target is in woods or soft cover", -1, "soft cover"},
	{FHardCover, "target is in hard cover or buildings", -2, "hard cover"},
}

// factor is the chart's line as a modifier.
func factor(k FactorKey) rules.Modifier {
	for _, f := range FiringFactors {
		if f.Key == k {
			return rules.Modifier{Value: f.Value, Reason: f.Text, Short: f.Short}
		}
	}
	panic(fmt.Sprintf("firing2007: no factor %d", k))
}

// CavalryFire is the house rule on cavalry firing (F6).
type CavalryFire string

// The values of the cavalry-fire house rule.
const (
	// CavalryNoRule, the default: the post has no special rule; cavalry fire as muskets.
	CavalryNoRule CavalryFire = "none"
	// CavalryMinus1: cavalry fire with −1.
	CavalryMinus1 CavalryFire = "-1"
	// CavalryForbidden: cavalry may not fire.
	CavalryForbidden CavalryFire = "forbidden"
)

// ReadingCavalry is the F6 reading, shown whenever cavalry fire under the default.
var ReadingCavalry = rules.Reading{ID: "F6",
	Text: "the post gives cavalry no firing factor or range; the referee has them fire on the muskets row with no special factor (house rule cavalry-fire=-1 or cavalry-fire=forbidden)"}

// ReadingHowitzerGuns is the F3 reading that howitzers count as guns for the range factors.
var ReadingHowitzerGuns = rules.Reading{ID: "F3",
	Text: "howitzers take the guns' range factors and canister rule (the chart lists them with the guns)"}

// ReadingNoCanister is the F3a reading: a friend in the arc forbids canister, not fire.
var ReadingNoCanister = rules.Reading{ID: "F3a",
	Text: "note (a) forbids canister, not fire: a gun at short range with a friendly unit in its arc fires ball, without the canister +1 (no other short-range factor applies)"}

// ReadingOverhead is the F3b reading of overhead fire.
var ReadingOverhead = rules.Reading{ID: "F3b",
	Text: "overhead fire: the intervening friendly unit must be at least 12\" from the firer and at least 12\" from the target (so the target is at least 24\" away); the referee checks both from the distances given"}

// OverheadClearance is how far, in inches, a friendly unit fired over must be
// from both the firer and the target (note b).
const OverheadClearance = 12

// House is the house rules in force that touch firing.
type House struct {
	Cavalry     CavalryFire
	HowitzerGap HowitzerGap
}

// A Firer is the firing unit as the factors see it.
type Firer struct {
	Type     UnitType
	Strength int
	Column   bool
	Shaken   bool
}

// A Shot is one unit firing at one target.
type Shot struct {
	Firer    Firer
	Cover    Cover   // the target's cover
	Distance float64 // inches
	// FriendlyInArc: a friendly unit is in the arc of fire, so a gun at short
	// range fires ball, not canister (note a, F3a).
	FriendlyInArc bool
	// Overhead: the fire passes over an intervening friendly unit (note b), which
	// stands Clearance inches from the nearer of the firer and the target; it
	// must be OverheadClearance from both (F3b).
	Overhead  bool
	Clearance float64
	// HigherGround: the firer fires from, or at a target on, higher ground.
	HigherGround bool
	House        House
}

// ShotFactors is what Factors works out for a shot the rules allow: the range
// band it falls in, the firing factors that apply to it, and the readings of
// the rules that applied.
type ShotFactors struct {
	Reach     Reach
	Modifiers []rules.Modifier
	Readings  []rules.Reading
}

// Factors works out the range band and every firing factor that applies to a
// shot, with the readings that applied, or a *rules.Breach when the shot is not
// allowed: out of range, overhead fire not allowed, cavalry forbidden to fire, a
// firer with no strength left. A friend in the arc only takes canister away.
func Factors(s Shot) (ShotFactors, error) {
	kind, ok := Kind(s.Firer.Type)
	if !ok {
		return ShotFactors{}, fmt.Errorf("firing2007: unknown unit type %q", s.Firer.Type)
	}
	if s.Firer.Strength < 1 {
		return ShotFactors{}, rules.Breachf("The firing unit has no strength points left, so it cannot fire.")
	}
	var readings []rules.Reading
	if s.Firer.Type == Cavalry {
		switch s.House.Cavalry {
		case CavalryForbidden:
			return ShotFactors{}, rules.Breachf("Cavalry may not fire in this battle (house rule cavalry-fire=forbidden).")
		case CavalryMinus1:
			readings = append(readings, rules.Reading{ID: "house rule", Text: "cavalry-fire=-1: cavalry fire on the muskets row at −1"})
		default:
			readings = append(readings, ReadingCavalry)
		}
	}
	reach, err := Ranged(kind.Weapon, s.Distance, s.House.HowitzerGap)
	if err != nil {
		return ShotFactors{}, err
	}
	readings = append(readings, reach.Readings...)
	gun := kind.Weapon.IsGun()
	if s.Overhead {
		switch {
		case !gun:
			return ShotFactors{}, rules.Breachf("Overhead fire is only available to guns firing to or from higher ground and to howitzers (note b); %s cannot fire over a friendly unit.", kind.Label)
		case kind.Weapon != Howitzers && !s.HigherGround:
			return ShotFactors{}, rules.Breachf("Overhead fire is only available to guns firing to or from higher ground and to howitzers (note b); the %s is not firing to or from higher ground.", kind.Label)
		case s.Clearance > s.Distance:
			return ShotFactors{}, rules.Breachf("The friendly unit fired over stands between the firer and the target, so it cannot be %s\" from one of them when they are %s\" apart.", inches(s.Clearance), inches(s.Distance))
		case min(s.Clearance, s.Distance-s.Clearance) < OverheadClearance:
			near, far := min(s.Clearance, s.Distance-s.Clearance), max(s.Clearance, s.Distance-s.Clearance)
			return ShotFactors{}, rules.Breachf("For overhead fire the friendly unit in between must be at least %d\" from the firer and at least %d\" from the target (note b, F3b); it is %s\" from one and %s\" from the other.",
				OverheadClearance, OverheadClearance, inches(near), inches(far))
		}
		readings = append(readings, ReadingOverhead)
	}
	canister := gun && reach.Band == Short
	if canister && (s.FriendlyInArc || s.Overhead) {
		canister = false
		readings = append(readings, ReadingNoCanister)
	}
	var mods []rules.Modifier
	switch s.Firer.Type {
	case BritishCloseOrder:
		mods = append(mods, factor(FBritish))
	case Militia, Indians:
		mods = append(mods, factor(FMilitiaIndians))
	case Cavalry:
		if s.House.Cavalry == CavalryMinus1 {
			mods = append(mods, rules.Modifier{Value: -1, Reason: "cavalry firing (house rule)", Short: "cavalry firing"})
		}
	}
	switch {
	case s.Firer.Strength <= 2:
		mods = append(mods, factor(FStrength12))
	case s.Firer.Strength <= 4:
		mods = append(mods, factor(FStrength34))
	}
	if s.Firer.Column {
		mods = append(mods, factor(FColumn))
	}
	if kind.Weapon == Rifles {
		switch reach.Band {
		case Short:
			mods = append(mods, factor(FRiflesShort))
		case Medium:
			mods = append(mods, factor(FRiflesMedium))
		}
	}
	if s.Firer.Shaken {
		mods = append(mods, factor(FShaken))
	}
	if gun {
		if kind.Weapon == Howitzers {
			readings = append(readings, ReadingHowitzerGuns)
		}
		switch {
		case canister:
			mods = append(mods, factor(FGunsShort))
		case reach.Band == Medium:
			mods = append(mods, factor(FGunsMedium))
		case reach.Band == Long:
			mods = append(mods, factor(FGunsLong))
		}
	}
	switch s.Cover {
	case Solid:
		mods = append(mods, factor(FSolidCover))
	case Soft:
		mods = append(mods, factor(FSoftCover))
	case Hard:
		mods = append(mods, factor(FHardCover))
	}
	return ShotFactors{Reach: reach, Modifiers: mods, Readings: readings}, nil
}

// FactorTable renders the firing factors chart for /rules.
func FactorTable() string {
	var b strings.Builder
	for _, f := range FiringFactors {
		fmt.Fprintf(&b, "%+d  %s\n", f.Value, f.Text)
	}
	return b.String()
}
