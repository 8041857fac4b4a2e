package dice

import (
	"errors"
	"math"
	"testing"
)

func mustParse(t testing.TB, s string) *Expr {
	t.Helper()
	e, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q) = %v", s, err)
	}
	return e
}

func mustDist(t testing.TB, s string) Dist {
	t.Helper()
	d, err := mustParse(t, s).Dist()
	if err != nil {
		t.Fatalf("Parse(%q).Dist() = %v", s, err)
	}
	return d
}

func binom(n, k int) float64 {
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

// TestDistExact checks exact odds against values worked out by hand.
func TestDistExact(t *testing.T) {
	third := 1.0 / 3
	tests := []struct {
		notation string
		x        int
		want     float64
	}{
		{"d20", 13, 1.0 / 20},
		{"2d6", 7, 6.0 / 36},
		{"2d6+3", 10, 6.0 / 36},
		{"3d6", 18, 1.0 / 216},
		{"3d6", 10, 27.0 / 216},
		{"d100", 100, 1.0 / 100},
		{"d%", 1, 1.0 / 100},
		{"4d6kh3", 18, 21.0 / 1296},
		{"4d6kh3", 3, 1.0 / 1296},
		{"4d6dl1", 18, 21.0 / 1296},
		{"2d20kh1", 20, 39.0 / 400},
		{"2d20kl1", 20, 1.0 / 400},
		{"2d20kl1", 1, 39.0 / 400},
		{"10d6>=5", 3, binom(10, 3) * math.Pow(third, 3) * math.Pow(2*third, 7)},
		{"10d6>=5", 10, math.Pow(third, 10)},
		{"d6ro1", 1, 1.0 / 36},
		{"d6ro1", 4, 7.0 / 36},
		{"d6r1", 1, math.Pow(1.0/6, MaxRerolls+1)},
		{"d6!", 6, 0},
		{"d6!", 9, 1.0 / 36},
		{"d6!", 13, 1.0 / 216},
		{"d2!", 2*MaxExplosions + 2, math.Pow(0.5, MaxExplosions+1)}, // the capped die shows 2 and stops
		{"d2!", 2*MaxExplosions + 1, math.Pow(0.5, MaxExplosions+1)},
		{"d6*d6", 36, 1.0 / 36},
		{"d6*d6", 12, 4.0 / 36},
		{"-d6", -6, 1.0 / 6},
		{"2d6-d6", -4, 1.0 / 216},
		{"(d4+1)*2", 10, 1.0 / 4},
		{"3#d20", 20, 1.0 / 20},
		{"d6>=5!", 2, 1.0 / 6 * (1.0/6 + 1.0/6*4.0/6)}, // a 6 sets off a 5, or a 6 then 1-4
	}
	for _, tt := range tests {
		d := mustDist(t, tt.notation)
		if got := d.P(tt.x); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Dist(%q).P(%d) = %.15g, want %.15g", tt.notation, tt.x, got, tt.want)
		}
		sum := 0.0
		d.Values(func(_ int, p float64) { sum += p })
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("Dist(%q) sums to %v, want 1", tt.notation, sum)
		}
	}
}

func TestDistMean(t *testing.T) {
	tests := []struct {
		notation string
		want     float64
	}{
		{"1d20+1d6+4", 18},
		{"4d6kh3", 15869.0 / 1296},
		{"10d6>=5", 10.0 / 3},
		{"d6!", 3.5 * (1 - math.Pow(1.0/6, MaxExplosions+1)) / (1 - 1.0/6)},
		{"200d6", 700},
	}
	for _, tt := range tests {
		if got := mustDist(t, tt.notation).Mean(); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Dist(%q).Mean() = %v, want %v", tt.notation, got, tt.want)
		}
	}
}

// monteCarlo is every notation feature; the exact odds of each must agree with the
// frequencies of the real roll path.
var monteCarlo = []string{
	"d20", "3d6", "2d6+3", "d100", "d%", "2d%", "1d20+1d6+4", "(1d4+1)*2", "d6*d6", "2d6-1d4", "-d6", "d4*-2",
	"4d6kh3", "4d6dl1", "2d20kl1", "4d6dh1", "3d6k2",
	"10d6>=5", "6d6>5", "5d6<=2", "5d6<2", "4d6=6", "3d%>=60", "2d6>=5+1",
	"2d6r1", "2d6ro1", "d6r<3", "d6r1r2", "d2r2", "3d4ro<2",
	"d4!", "d2!", "2d6!>=5", "3d6!kh2", "4d4!>=3", "3d6>=5!", "3d6!>=5>=4", "4d4!kl2",
	"4d6r1kh3", "3d6kh2>=4", "2d4!ro1", "4d6ro1dl1>=4", "d10!r1",
	"3#d20", "2#2d6+1",
}

func TestDistMatchesRolls(t *testing.T) {
	const n = 20000
	seed := []byte("monte carlo seed for the referee")
	for i, s := range monteCarlo {
		t.Run(s, func(t *testing.T) {
			e := mustParse(t, s)
			d, err := e.Dist()
			if err != nil {
				t.Fatalf("Dist(%q) = %v", s, err)
			}
			src := NewStream(seed, uint64(i))
			count := map[int]int{}
			var r Result
			total := 0
			for range n {
				e.RollInto(src, &r)
				for _, v := range r.Totals {
					count[int(v)]++
					total++
				}
			}
			for x, c := range count {
				if d.P(x) == 0 {
					t.Errorf("%q rolled %d (%d times), which its exact odds give no chance", s, x, c)
				}
			}
			worst := 0.0
			d.Values(func(x int, p float64) {
				f := float64(count[x]) / float64(total)
				sigma := math.Sqrt(p * (1 - p) / float64(total))
				// The normal approximation holds where at least 10 rolls are expected; below
				// that the 1/total slack admits a single rare roll.
				if z := math.Abs(f-p) / sigma; p*float64(total) >= 10 && z > worst {
					worst = z
				}
				if math.Abs(f-p) > 5*sigma+1.0/float64(total) {
					t.Errorf("%q: P(%d) = %.5f exactly, %.5f in %d rolls (%.1fσ)", s, x, p, f, total, math.Abs(f-p)/sigma)
				}
			})
			t.Logf("%q: %d values, worst deviation %.2fσ where 10 rolls are expected", s, len(d.Table()), worst)
		})
	}
}

func TestDistRefused(t *testing.T) {
	tests := []struct {
		notation string
		limit    string
	}{
		{"100d1000", "MaxDistSpan"},
		{"200d6*200d6", "MaxDistSpan"},
		{"d1000*1000", "MaxDistSpan"},
		{"60d1000r1", "MaxDistWork"},
		{"200d1000kh100", "MaxDistSpan"},
		{"150d100!kh5", "MaxDistWork"},
	}
	for _, tt := range tests {
		_, err := mustParse(t, tt.notation).Dist()
		var de *Error
		if !errors.As(err, &de) || de.Limit != tt.limit {
			t.Errorf("Dist(%q) = %v, want an *Error naming %s", tt.notation, err, tt.limit)
		}
	}
}

func TestTableAndPercentile(t *testing.T) {
	d := mustDist(t, "2d6")
	rows := d.Table()
	if len(rows) != 11 {
		t.Fatalf("Table() has %d rows, want 11", len(rows))
	}
	for _, r := range rows {
		if math.Abs(r.Eq-d.P(r.Value)) > 1e-15 || math.Abs(r.AtLeast-d.AtLeast(r.Value)) > 1e-12 ||
			math.Abs(r.AtMost-d.AtMost(r.Value)) > 1e-12 {
			t.Errorf("Table row %+v disagrees with P/AtLeast/AtMost", r)
		}
	}
	tests := []struct {
		x    int
		want float64
	}{{7, 50}, {2, 100.0 / 72}, {12, 100 - 100.0/72}, {1, 0}, {13, 100}}
	for _, tt := range tests {
		if got := d.Percentile(tt.x); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("2d6 Percentile(%d) = %v, want %v", tt.x, got, tt.want)
		}
	}
	if v := mustDist(t, "d6").Variance(); math.Abs(v-35.0/12) > 1e-12 {
		t.Errorf("d6 Variance() = %v, want 35/12", v)
	}
}
