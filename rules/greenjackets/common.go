package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// ID is the rule set's id.
const ID = "greenjackets"

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

// parse reads s, ignoring case and the spaces around it, as the value its word
// stands for; any other word is the breach "<s> is not <notA>.".
func (v vocabulary[T]) parse(s string) (T, error) {
	if w, ok := v.words[strings.ToLower(strings.TrimSpace(s))]; ok {
		return w, nil
	}
	return "", rules.Breachf("%q is not %s.", s, v.notA)
}

// A vocabulary is the words a player may type for the values of T, and what
// T is called in the refusal of any other word.
type vocabulary[T ~string] struct {
	notA  string
	words map[string]T
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

var qualityWords = vocabulary[Quality]{"a quality: raw, trained or veteran", map[string]Quality{
	"": Trained, "trained": Trained, "raw": Raw, "novice": Raw, "veteran": Veteran,
}}

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

var armWords = vocabulary[Arm]{"an arm: infantry, light-cavalry, heavy-cavalry, artillery or gun", map[string]Arm{
	"": Infantry, "infantry": Infantry, "foot": Infantry, "light-cavalry": LightCavalry,
	"light cavalry": LightCavalry, "lightcavalry": LightCavalry, "heavy-cavalry": HeavyCavalry,
	"heavy cavalry": HeavyCavalry, "heavycavalry": HeavyCavalry, "cavalry": HeavyCavalry,
	"artillery": Artillery, "crew": Artillery, "gun": Gun,
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

// ParseCover reads a cover.
func ParseCover(s string) (Cover, error) {
	return coverWords.parse(s)
}

var coverWords = vocabulary[Cover]{"a cover: open, soft or hard", map[string]Cover{
	"": Open, "open": Open, "none": Open, "soft": Soft, "hard": Hard,
}}

// Speed is how fast a figure moves this move (section 6).
type Speed string

// Speeds. Still is a figure that has not moved.
const (
	Still Speed = "still"
	Crawl Speed = "crawl"
	Jog   Speed = "jog"
	Run   Speed = "run" // run or charge
)

// ParseSpeed reads a speed.
func ParseSpeed(s string) (Speed, error) {
	return speedWords.parse(s)
}

var speedWords = vocabulary[Speed]{"a speed: crawl, jog or run (charge)", map[string]Speed{
	"": Still, "still": Still, "none": Still, "stationary": Still, "crawl": Crawl, "walk": Crawl,
	"slow": Crawl, "slow-walk": Crawl, "jog": Jog, "trot": Jog, "run": Run, "charge": Run,
}}

// House rules this rule set understands (NOTES.md readings an umpire may switch).
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

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
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
