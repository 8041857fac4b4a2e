package dice

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestD66Roll(t *testing.T) {
	for _, c := range []struct {
		notation string
		faces    []int
		shown    string
		total    int64
	}{
		{"d66", []int{3, 5}, "d66 [3,5] = 35", 35},
		{"1d66", []int{1, 1}, "1d66 [1,1] = 11", 11},
		{"d66", []int{6, 6}, "d66 [6,6] = 66", 66},
		{"2#d66", []int{2, 4, 6, 1}, "d66 [2,4] = 24; d66 [6,1] = 61", 0},
	} {
		r := mustParse(t, c.notation).Roll(dicetest.Script(t, c.faces...))
		if got := r.String(); got != c.shown {
			t.Errorf("%s with %v: %q, want %q", c.notation, c.faces, got, c.shown)
		}
		if c.total != 0 && r.Total != c.total {
			t.Errorf("%s with %v: total %d, want %d", c.notation, c.faces, r.Total, c.total)
		}
		if got := r.AsRoll().Shown; got != c.shown {
			t.Errorf("%s AsRoll().Shown %q, want %q", c.notation, got, c.shown)
		}
	}
}

func TestD66Refused(t *testing.T) {
	for _, s := range []string{"2d66", "d66+1", "d66*2", "-d66", "d66+d6", "d6+d66", "d66kh1", "d66r11", "d66>=30", "d66!"} {
		_, err := Parse(s)
		if err == nil || !strings.Contains(err.Error(), "rolled alone") {
			t.Errorf("Parse(%q) = %v, want the d66 refusal", s, err)
		}
	}
}

func TestD66Odds(t *testing.T) {
	d, err := mustParse(t, "d66").Dist()
	if err != nil {
		t.Fatal(err)
	}
	var got, want []int
	for x := 0; x <= 100; x++ {
		if p := d.P(x); p != 0 {
			got = append(got, x)
			if diff := p - 1.0/36; diff > 1e-12 || diff < -1e-12 {
				t.Errorf("P(%d) = %v, want 1/36", x, p)
			}
		}
	}
	for tens := 1; tens <= 6; tens++ {
		for units := 1; units <= 6; units++ {
			want = append(want, tens*10+units)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("d66 readings (-want +got):\n%s", diff)
	}
}

// TestD66Verify recomputes a d66 from its two d6 draws, as /game verify does.
func TestD66Verify(t *testing.T) {
	seed := []byte("a game seed revealed at the end!")
	for n := uint64(0); n < 50; n++ {
		r := mustParse(t, "d66").Roll(NewStream(seed, n))
		draws := verifyFaces(seed, n, []int{6, 6})
		if got, want := draws[0]*10+draws[1], int(r.Dice[0].Face); got != want {
			t.Errorf("roll %d: recomputed %d, logged %d", n, got, want)
		}
	}
}
