package firing2007

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A Weapon is a row of the range chart.
type Weapon string

// The rows of the range chart.
const (
	Muskets         Weapon = "all muskets"
	Rifles          Weapon = "rifles"
	LightGuns       Weapon = "light guns"
	MediumGuns      Weapon = "medium guns"
	HeavyGuns       Weapon = "heavy guns"
	GalloperGuns    Weapon = "galloper guns"
	GrasshopperGuns Weapon = "grasshopper guns"
	Howitzers       Weapon = "howitzers"
)

// IsGun reports whether the weapon is artillery: every row but muskets and rifles.
func (w Weapon) IsGun() bool { return w != Muskets && w != Rifles }

// A Band is a range band of the chart.
type Band int

// The range bands.
const (
	Short Band = iota
	Medium
	Long
)

func (b Band) String() string {
	switch b {
	case Short:
		return "short"
	case Medium:
		return "medium"
	}
	return "long"
}

// A Span is a band's distances in inches, From (exclusive, except 0) to To
// (inclusive); the zero Span is "NA", a band the weapon does not have.
type Span struct{ From, To float64 }

// NA is a band the weapon does not have.
var NA = Span{}

// Has reports whether the weapon has the band.
func (s Span) Has() bool { return s.To > 0 }

func (s Span) String() string {
	if !s.Has() {
		return "NA"
	}
	return inches(s.From) + "–" + inches(s.To) + `"`
}

// A RangeRow is one row of the range chart.
type RangeRow struct {
	Weapon              Weapon
	Short, Medium, Long Span
}

// Span returns the row's span for a band.
func (r RangeRow) Span(b Band) Span {
	switch b {
	case Short:
		return r.Short
	case Medium:
		return r.Medium
	}
	return r.Long
}

// Max is the weapon's greatest range.
func (r RangeRow) Max() float64 {
	return max(r.Short.To, r.Medium.To, r.Long.To)
}

// Table is the row as players read it: "short 0–6", medium 6–12", long NA".
func (r RangeRow) Table() string {
	return fmt.Sprintf("short %s, medium %s, long %s", r.Short, r.Medium, r.Long)
}

// RangeChart is the "Ranges" chart of the post (F2), in inches, as printed.
// The howitzer row skips 9–15": see HowitzerGap.
var RangeChart = []RangeRow{
	//         weapon     short          medium          long
	{Muskets, Span{0, 6}, NA, NA},
	{Rifles, Span{0, 6}, Span{6, 12}, NA},
	{LightGuns, Span{0, 12}, Span{12, 24}, Span{24, 36}},
	{MediumGuns, Span{0, 15}, Span{15, 30}, Span{30, 45}},
	{HeavyGuns, Span{0, 18}, Span{18, 36}, Span{36, 54}},
	{GalloperGuns, Span{0, 9}, Span{9, 18}, Span{18, 21}},
	{GrasshopperGuns, Span{0, 6}, Span{6, 12}, Span{12, 18}},
	{Howitzers, Span{0, 9}, Span{15, 24}, Span{24, 36}},
}

// Row returns the range chart row of a weapon.
func Row(w Weapon) (RangeRow, bool) {
	for _, r := range RangeChart {
		if r.Weapon == w {
			return r, true
		}
	}
	return RangeRow{}, false
}

// HowitzerGap is how the referee reads the howitzer row's missing 9–15" (F2).
type HowitzerGap string

// The readings of the howitzer gap.
const (
	// GapMedium, the default reading: the medium band covers 9–24".
	GapMedium HowitzerGap = "medium"
	// GapLiteral: the printed chart gives no band for 9–15", so no fire there.
	GapLiteral HowitzerGap = "literal"
)

// ReadingGap is the F2 reading of the howitzer gap.
var ReadingGap = rules.Reading{ID: "F2",
	Text: `the howitzer row skips 9–15"; the referee reads medium range as 9–24" (house rule howitzer-gap=literal: no fire at 9–15")`}

// ReadingBoundary is the F2 reading of a distance on a band boundary.
var ReadingBoundary = rules.Reading{ID: "F2", Text: "a distance on a band boundary takes the shorter band"}

// A Reach is where a target stands on a weapon's range chart.
type Reach struct {
	Row  RangeRow
	Band Band
	// Span is the band's distances as the referee read them (the howitzer gap applied).
	Span     Span
	Readings []rules.Reading
}

// Ranged finds the band of a weapon's range chart that a distance in inches falls
// in. A distance on a boundary takes the shorter band. Out of range (or in the
// howitzer gap read literally) is a *rules.Breach that gives the weapon's row.
func Ranged(w Weapon, distance float64, gap HowitzerGap) (Reach, error) {
	row, ok := Row(w)
	if !ok {
		return Reach{}, fmt.Errorf("firing2007: no range chart row for %q", w)
	}
	if distance < 0 || distance != distance {
		return Reach{}, rules.Breachf("A distance is 0\" or more; %s was given.", inches(distance))
	}
	prevEnd := -1.0 // where the previous band ended; -1 before the first
	for _, b := range []Band{Short, Medium, Long} {
		s := row.Span(b)
		if !s.Has() {
			continue
		}
		reach := Reach{Row: row, Band: b, Span: s}
		if prevEnd >= 0 && s.From > prevEnd {
			// A gap in the printed row (only the howitzers have one).
			if gap == GapLiteral {
				if distance > prevEnd && distance < s.From {
					return Reach{}, rules.Breachf("The printed howitzer row gives no band for %s–%s\" (house rule howitzer-gap=literal), so the howitzer cannot fire at %s\". Howitzers: %s.",
						inches(prevEnd), inches(s.From), inches(distance), row.Table())
				}
			} else {
				reach.Span.From = prevEnd
				if distance > prevEnd && distance <= s.To {
					reach.Readings = append(reach.Readings, ReadingGap)
				}
			}
		}
		lowerIn := reach.Span.From != prevEnd // a lower end no band before it claims
		if distance <= reach.Span.To && (distance > reach.Span.From || (lowerIn && distance == reach.Span.From)) {
			if onBoundary(row, distance) {
				reach.Readings = append(reach.Readings, ReadingBoundary)
			}
			return reach, nil
		}
		prevEnd = s.To
	}
	return Reach{}, rules.Breachf("Out of range: %s reach %s\" at most (%s); the target is %s\" away.",
		w, inches(row.Max()), row.Table(), inches(distance))
}

// onBoundary reports whether a distance is where one band of the row ends and
// the next begins.
func onBoundary(row RangeRow, d float64) bool {
	return (row.Medium.Has() && d == row.Short.To) || (row.Long.Has() && d == row.Medium.To)
}

// RangeTable renders the range chart as a fixed-width table for /rules.
func RangeTable() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-17s %-8s %-8s %-8s\n", "Ranges (inches)", "Short", "Medium", "Long")
	for _, r := range RangeChart {
		cell := func(s Span) string {
			if !s.Has() {
				return "NA"
			}
			return inches(s.From) + "-" + inches(s.To)
		}
		fmt.Fprintf(&b, "%-17s %-8s %-8s %-8s\n", rules.Capital(string(r.Weapon)), cell(r.Short), cell(r.Medium), cell(r.Long))
	}
	return b.String()
}
