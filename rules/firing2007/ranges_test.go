package firing2007

import (
	"errors"
	"strings"
	"testing"

	"github.com/referee-bot/referee/rules"
)

// The range chart (F2), one case per band, with both ends of every band: a
// distance on a boundary takes the shorter band.
func TestRangedBands(t *testing.T) {
	tests := []struct {
		weapon   Weapon
		distance float64
		band     Band
		span     string
		boundary bool
	}{
		{Muskets, 0, Short, `0–6"`, false},
		{Muskets, 6, Short, `0–6"`, false},
		{Rifles, 0.5, Short, `0–6"`, false},
		{Rifles, 6, Short, `0–6"`, true},
		{Rifles, 6.5, Medium, `6–12"`, false},
		{Rifles, 12, Medium, `6–12"`, false},
		{LightGuns, 12, Short, `0–12"`, true},
		{LightGuns, 12.5, Medium, `12–24"`, false},
		{LightGuns, 24, Medium, `12–24"`, true},
		{LightGuns, 25, Long, `24–36"`, false},
		{LightGuns, 36, Long, `24–36"`, false},
		{MediumGuns, 15, Short, `0–15"`, true},
		{MediumGuns, 16, Medium, `15–30"`, false},
		{MediumGuns, 30, Medium, `15–30"`, true},
		{MediumGuns, 31, Long, `30–45"`, false},
		{MediumGuns, 45, Long, `30–45"`, false},
		{HeavyGuns, 18, Short, `0–18"`, true},
		{HeavyGuns, 19, Medium, `18–36"`, false},
		{HeavyGuns, 36, Medium, `18–36"`, true},
		{HeavyGuns, 37, Long, `36–54"`, false},
		{HeavyGuns, 54, Long, `36–54"`, false},
		{GalloperGuns, 9, Short, `0–9"`, true},
		{GalloperGuns, 10, Medium, `9–18"`, false},
		{GalloperGuns, 18, Medium, `9–18"`, true},
		{GalloperGuns, 19, Long, `18–21"`, false},
		{GalloperGuns, 21, Long, `18–21"`, false},
		{GrasshopperGuns, 6, Short, `0–6"`, true},
		{GrasshopperGuns, 7, Medium, `6–12"`, false},
		{GrasshopperGuns, 12, Medium, `6–12"`, true},
		{GrasshopperGuns, 13, Long, `12–18"`, false},
		{GrasshopperGuns, 18, Long, `12–18"`, false},
		{Howitzers, 9, Short, `0–9"`, true},
		{Howitzers, 24, Medium, `9–24"`, true},
		{Howitzers, 30, Long, `24–36"`, false},
		{Howitzers, 36, Long, `24–36"`, false},
	}
	for _, tt := range tests {
		reach, err := Ranged(tt.weapon, tt.distance, GapMedium)
		if err != nil {
			t.Errorf("Ranged(%s, %v) error %v", tt.weapon, tt.distance, err)
			continue
		}
		if reach.Band != tt.band || reach.Span.String() != tt.span {
			t.Errorf("Ranged(%s, %v) = %s %s, want %s %s", tt.weapon, tt.distance, reach.Band, reach.Span, tt.band, tt.span)
		}
		got := hasReading(reach.Readings, ReadingBoundary)
		if got != tt.boundary {
			t.Errorf("Ranged(%s, %v) boundary reading %v, want %v", tt.weapon, tt.distance, got, tt.boundary)
		}
	}
}

// The howitzer row skips 9–15": by default it is read as medium range, 9–24",
// and the reading is shown; with howitzer-gap=literal no band covers it.
func TestRangedHowitzerGap(t *testing.T) {
	for _, d := range []float64{9.5, 12, 15, 20} {
		reach, err := Ranged(Howitzers, d, GapMedium)
		if err != nil || reach.Band != Medium || !hasReading(reach.Readings, ReadingGap) {
			t.Errorf("Ranged(howitzers, %v) = %v %v %v, want medium with the F2 gap reading", d, reach.Band, reach.Readings, err)
		}
	}
	if reach, _ := Ranged(Howitzers, 30, GapMedium); hasReading(reach.Readings, ReadingGap) {
		t.Errorf("Ranged(howitzers, 30) shows the gap reading at long range")
	}
	for _, d := range []float64{9.5, 12, 14.9} {
		_, err := Ranged(Howitzers, d, GapLiteral)
		if !isBreach(err, "no band for 9–15") {
			t.Errorf("Ranged(howitzers, %v, literal) error %v, want the gap refused", d, err)
		}
	}
	for _, tt := range []struct {
		d    float64
		band Band
	}{{9, Short}, {15, Medium}, {24, Medium}, {25, Long}} {
		reach, err := Ranged(Howitzers, tt.d, GapLiteral)
		if err != nil || reach.Band != tt.band || hasReading(reach.Readings, ReadingGap) {
			t.Errorf("Ranged(howitzers, %v, literal) = %v %v, want %v without the gap reading", tt.d, reach.Band, err, tt.band)
		}
	}
}

// Beyond a weapon's longest band the shot is refused with the weapon's row.
func TestRangedOutOfRange(t *testing.T) {
	tests := []struct {
		weapon   Weapon
		distance float64
		table    string
	}{
		{Muskets, 6.5, `short 0–6", medium NA, long NA`},
		{Rifles, 12.5, `short 0–6", medium 6–12", long NA`},
		{LightGuns, 37, `short 0–12", medium 12–24", long 24–36"`},
		{MediumGuns, 46, `long 30–45"`},
		{HeavyGuns, 55, `long 36–54"`},
		{GalloperGuns, 22, `long 18–21"`},
		{GrasshopperGuns, 18.5, `long 12–18"`},
		{Howitzers, 37, `short 0–9", medium 15–24", long 24–36"`},
	}
	for _, tt := range tests {
		_, err := Ranged(tt.weapon, tt.distance, GapMedium)
		if !isBreach(err, "Out of range") || !strings.Contains(err.Error(), tt.table) {
			t.Errorf("Ranged(%s, %v) error %v, want out of range with %q", tt.weapon, tt.distance, err, tt.table)
		}
	}
	if _, err := Ranged(Muskets, -1, GapMedium); !isBreach(err, "0\" or more") {
		t.Errorf("Ranged(muskets, -1) error %v, want a refusal", err)
	}
}

func TestRangeTable(t *testing.T) {
	got := RangeTable()
	for _, want := range []string{"All muskets       0-6      NA       NA", "Howitzers         0-9      15-24    24-36"} {
		if !strings.Contains(got, want) {
			t.Errorf("RangeTable() lacks %q:\n%s", want, got)
		}
	}
}

func hasReading(rs []rules.Reading, want rules.Reading) bool {
	for _, r := range rs {
		if r == want {
			return true
		}
	}
	return false
}

func isBreach(err error, contains string) bool {
	var b *rules.Breach
	return errors.As(err, &b) && strings.Contains(b.Reason, contains)
}
