package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// An EffectBand is a row of a chart of hit effects: the scores From to To do Effect.
type EffectBand struct {
	From, To int
	Effect   Effect
}

func (b EffectBand) span() (int, int) { return b.From, b.To }

// rowOf finds the row of chart holding score n, with its label "From-To"; ok is
// false when no row holds n.
func rowOf[R interface{ span() (int, int) }](chart []R, n int) (row R, label string, ok bool) {
	for _, r := range chart {
		if from, to := r.span(); n >= from && n <= to {
			return r, fmt.Sprintf("%d-%d", from, to), true
		}
	}
	return row, "", false
}

// parse reads s, ignoring case and the spaces around it, as one of the
// values or the value another word stands for; any other word is the breach
// "<s> is not <a>: <the values>.".
func (v vocabulary[T]) parse(s string) (T, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	if t, ok := v.also[w]; ok {
		return t, nil
	}
	for _, t := range v.values {
		if string(t) == w {
			return t, nil
		}
	}
	return "", rules.Breachf("%q is not %s: %s.", s, v.a, rules.Or(v.values))
}

// A vocabulary is the values of T a player may type, in the order they are
// offered; the other words that stand for them (also[""] is the value of
// nothing typed); and what T is called in the refusal of any other word.
type vocabulary[T ~string] struct {
	a      string
	values []T
	also   map[string]T
}

// Quality is a figure's or squad's experience (section 13).
type Quality string

// Qualities.
const (
	Raw     Quality = "raw"
	Trained Quality = "trained"
	Veteran Quality = "veteran"
)

// Qualities lists the qualities in order.
var Qualities = []Quality{Raw, Trained, Veteran}

// ParseQuality reads a quality; "" is trained, and "novice" is raw (the text uses both words).
func ParseQuality(s string) (Quality, error) {
	return qualityWords.parse(s)
}

var qualityWords = vocabulary[Quality]{"a quality", Qualities, map[string]Quality{"": Trained, "novice": Raw}}

// Arm is what a figure is (sections 2, 6 and 13).
type Arm string

// Arms.
const (
	Infantry     Arm = "infantry"
	LightCavalry Arm = "light-cavalry"
	HeavyCavalry Arm = "heavy-cavalry"
	Artillery    Arm = "artillery" // a gun crewman, or the gun team as it moves
	Gun          Arm = "gun"       // the piece itself
)

// Arms lists the arms in order.
var Arms = []Arm{Infantry, LightCavalry, HeavyCavalry, Artillery, Gun}

// ParseArm reads an arm.
func ParseArm(s string) (Arm, error) {
	return armWords.parse(s)
}

var armWords = vocabulary[Arm]{"an arm", Arms, map[string]Arm{
	"": Infantry, "foot": Infantry, "light cavalry": LightCavalry, "lightcavalry": LightCavalry,
	"heavy cavalry": HeavyCavalry, "heavycavalry": HeavyCavalry, "cavalry": HeavyCavalry, "crew": Artillery,
}}

// Mounted reports whether the arm rides.
func (a Arm) Mounted() bool { return a == LightCavalry || a == HeavyCavalry }

// Cover is what the target stands in.
type Cover string

// Covers.
const (
	Open Cover = "open"
	Soft Cover = "soft"
	Hard Cover = "hard"
)

// Covers lists the covers, from none to the most.
var Covers = []Cover{Open, Soft, Hard}

// ParseCover reads a cover.
func ParseCover(s string) (Cover, error) {
	return coverWords.parse(s)
}

var coverWords = vocabulary[Cover]{"a cover", Covers, map[string]Cover{"": Open, "none": Open}}

// Speed is how fast a figure moves this move (section 6).
type Speed string

// Speeds. Still is a figure that has not moved.
const (
	Still Speed = "still"
	Crawl Speed = "crawl"
	Jog   Speed = "jog"
	Run   Speed = "run" // run or charge
)

// AllSpeeds lists the speeds, from still to the fastest.
var AllSpeeds = []Speed{Still, Crawl, Jog, Run}

// Charge is the word for a run that charges: the speed of a run, and the
// move ends in contact.
const Charge = "charge"

// ParseSpeed reads a speed.
func ParseSpeed(s string) (Speed, error) {
	return speedWords.parse(s)
}

var speedWords = vocabulary[Speed]{"a speed", AllSpeeds, map[string]Speed{
	"": Still, "none": Still, "stationary": Still, "walk": Crawl, "slow": Crawl, "slow-walk": Crawl,
	"trot": Jog, Charge: Run,
}}

// House rules this rule set understands (docs/readings.md readings an umpire may switch).
const (
	// HouseMoraleDead: "plus1" (+1 per dead figure, the reading and the default) or "literal" (−1 as printed). G21.
	HouseMoraleDead = "morale-dead-figures"
	// HouseLightWounds: "none" (recorded, no effect, the default) or "minus1" (−1 to fire and melee per light wound). G13.
	HouseLightWounds = "light-wounds"
	// HouseCanister: "at-or-under" (the default) or "under" (strictly under, as printed). G15.
	HouseCanister = "canister-roll"
	// HouseSpotting: "required" (the default: fire and melee against the roster need
	// the enemy section spotted this turn) or "off" (the umpire tracks spotting on the table). G6.
	HouseSpotting = "spotting"
)

// Roll d20 and return the step's Roll.
func d20(src dice.Source) rules.Roll {
	f := src.Roll(20)
	return rules.Roll{Notation: "d20", Faces: []int{f}, Total: f}
}

func d6(src dice.Source) rules.Roll {
	f := src.Roll(6)
	return rules.Roll{Notation: "d6", Faces: []int{f}, Total: f}
}

func d10(src dice.Source) rules.Roll {
	f := src.Roll(10)
	return rules.Roll{Notation: "d10", Faces: []int{f}, Total: f}
}

func twoD6(src dice.Source) rules.Roll {
	a, b := src.Roll(6), src.Roll(6)
	return rules.Roll{Notation: "2d6", Faces: []int{a, b}, Total: a + b}
}

// atMost is the chance that a d20 rolls at or under v.
func atMost(v int) float64 { return float64(min(max(v, 0), 20)) / 20 }

func intp(v int) *int { return &v }

// inches renders a distance: 8, 8.5.
func inches(d float64) string {
	if d == float64(int(d)) {
		return fmt.Sprintf("%d\"", int(d))
	}
	return fmt.Sprintf("%.1f\"", d)
}

// qualityFire is the firer's quality modifier (section 7).
func qualityMods(q Quality, veteran, raw string, vet, rawv int) []rules.Modifier {
	switch q {
	case Veteran:
		return []rules.Modifier{{Value: vet, Reason: veteran}}
	case Raw:
		return []rules.Modifier{{Value: rawv, Reason: raw}}
	}
	return nil
}
