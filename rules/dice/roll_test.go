package dice

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// TestRollScripted rolls every notation feature with scripted dice and checks the
// total and the rendering of every die with its marks.
func TestRollScripted(t *testing.T) {
	tests := []struct {
		notation string
		faces    []int
		want     string
		total    int64
	}{
		{"d20", []int{17}, "d20 [17] = 17", 17},
		{"D20", []int{17}, "D20 [17] = 17", 17},
		{"3d6", []int{1, 2, 3}, "3d6 [1, 2, 3] = 6", 6},
		{"2d6+3", []int{4, 2}, "2d6 [4, 2] + 3 = 9", 9},
		{"2d6 - 3", []int{4, 2}, "2d6 [4, 2] - 3 = 3", 3},
		{"1d20+1d6+4", []int{17, 3}, "1d20 [17] + 1d6 [3] + 4 = 24", 24},
		{"(1d4+1)*2", []int{3}, "(1d4 [3] + 1) * 2 = 8", 8},
		{"2*(3-d6)", []int{5}, "2 * (3 - d6 [5]) = -4", -4},
		{"-d6", []int{5}, "- d6 [5] = -5", -5},
		{"7", nil, "7 = 7", 7},
		{"d100", []int{7, 3}, "d100 [red 7, white 3 → 73] = 73", 73},
		{"d%", []int{10, 10}, "d% [red 0, white 0 → 100] = 100", 100},
		{"d%", []int{10, 4}, "d% [red 0, white 4 → 4] = 4", 4},
		{"d100", []int{1, 10}, "d100 [red 1, white 0 → 10] = 10", 10},
		{"2d%", []int{3, 4, 5, 6}, "2d% [red 3, white 4 → 34; red 5, white 6 → 56] = 90", 90},
		{"4d6kh3", []int{3, 1, 6, 5}, "4d6kh3 [3, 1 dropped, 6, 5] = 14", 14},
		{"4d6k3", []int{3, 1, 6, 5}, "4d6k3 [3, 1 dropped, 6, 5] = 14", 14},
		{"2d20kh", []int{3, 15}, "2d20kh [3 dropped, 15] = 15", 15},
		{"2d20kl1", []int{3, 15}, "2d20kl1 [3, 15 dropped] = 3", 3},
		{"4d6dl1", []int{3, 1, 6, 5}, "4d6dl1 [3, 1 dropped, 6, 5] = 14", 14},
		{"4d6dh1", []int{3, 1, 6, 5}, "4d6dh1 [3, 1, 6 dropped, 5] = 9", 9},
		{"3d6kh1", []int{4, 4, 4}, "3d6kh1 [4, 4 dropped, 4 dropped] = 4", 4},
		{"10d6>=5", []int{1, 5, 6, 4, 5, 2, 3, 6, 6, 1}, "10d6>=5 [1, 5✓, 6✓, 4, 5✓, 2, 3, 6✓, 6✓, 1] = 5", 5},
		{"3d6>5", []int{5, 6, 1}, "3d6>5 [5, 6✓, 1] = 1", 1},
		{"3d6<=2", []int{2, 3, 1}, "3d6<=2 [2✓, 3, 1✓] = 2", 2},
		{"3d6<2", []int{2, 3, 1}, "3d6<2 [2, 3, 1✓] = 1", 1},
		{"3d6=6", []int{6, 3, 6}, "3d6=6 [6✓, 3, 6✓] = 2", 2},
		{"3d6>=5+1", []int{6, 3, 6}, "3d6>=5 [6✓, 3, 6✓] + 1 = 3", 3},
		{"2d6r1", []int{1, 1, 4, 3}, "2d6r1 [1 → 1 → 4, 3] = 7", 7},
		{"2d6ro1", []int{1, 1, 3}, "2d6ro1 [1 → 1, 3] = 4", 4},
		{"d6r<3", []int{2, 1, 5}, "d6r<3 [2 → 1 → 5] = 5", 5},
		{"d6r1r2", []int{2, 1, 5}, "d6r1r2 [2 → 1 → 5] = 5", 5},
		{"d6r=1", []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
			"d6r=1 [1 → 1 → 1 → 1 → 1 → 1 → 1 → 1 → 1 → 1 → 1] = 1", 1}, // capped at MaxRerolls
		{"d6!", []int{6, 6, 2}, "d6! [6! + 6! + 2] = 14", 14},
		{"3d6!", []int{1, 6, 3, 2}, "3d6! [1, 6! + 3, 2] = 12", 12},
		{"d6!>=5", []int{5, 6, 1}, "d6!>=5 [5! + 6! + 1] = 12", 12},
		{"d6!5", []int{5, 6}, "d6!5 [5! + 6] = 11", 11},
		{"d6!", []int{6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6},
			"d6! [6! + 6! + 6! + 6! + 6! + 6! + 6! + 6! + 6! + 6! + 6] = 66", 66}, // capped at MaxExplosions
		{"4d6!kh2", []int{6, 1, 2, 5, 3}, "4d6!kh2 [6! + 1, 2 dropped, 5, 3 dropped] = 12", 12},
		{"4d6!kl2", []int{6, 1, 2, 5, 3}, "4d6!kl2 [6! + 1 dropped, 2, 5 dropped, 3] = 5", 5},
		{"3d6!>=5", []int{6, 5, 1, 4, 2}, "3d6!>=5 [6! + 5! + 1, 4, 2] = 18", 18},
		{"3d6>=5!", []int{6, 5, 4, 2}, "3d6>=5! [6!✓ + 5✓, 4, 2] = 2", 2},
		{"4d6kh2>=4", []int{6, 1, 4, 5}, "4d6kh2>=4 [6✓, 1 dropped, 4 dropped, 5✓] = 2", 2},
		{"2d6r1kh1", []int{1, 4, 3}, "2d6r1kh1 [1 → 4, 3 dropped] = 4", 4},
		{"3#d20", []int{5, 17, 9}, "d20 [5] = 5; d20 [17] = 17; d20 [9] = 9", 31},
		{"2 # d6+1", []int{2, 3}, "d6 [2] + 1 = 3; d6 [3] + 1 = 4", 7},
	}
	for _, tt := range tests {
		t.Run(tt.notation, func(t *testing.T) {
			e, err := Parse(tt.notation)
			if err != nil {
				t.Fatalf("Parse(%q) = %v", tt.notation, err)
			}
			src := dicetest.Script(t, tt.faces...)
			r := e.Roll(src)
			src.Done()
			if got := r.String(); got != tt.want {
				t.Errorf("Roll(%q).String() = %q, want %q", tt.notation, got, tt.want)
			}
			if r.Total != tt.total {
				t.Errorf("Roll(%q).Total = %d, want %d", tt.notation, r.Total, tt.total)
			}
		})
	}
}

// TestRollMarkdown marks dice as dice bots do: dropped dice struck through,
// natural maxima and minima of the dice kept bold (not a d100's reading), "*"
// escaped.
func TestRollMarkdown(t *testing.T) {
	tests := []struct {
		notation string
		faces    []int
		want     string
	}{
		{"d20", []int{17}, "d20 [17] = 17"},
		{"d20", []int{20}, "d20 [**20**] = 20"},
		{"d20+2", []int{1}, "d20 [**1**] + 2 = 3"},
		{"4d6kh3", []int{6, 1, 2, 5}, "4d6kh3 [**6**, ~~1~~, 2, 5] = 13"},
		{"2d20kl1", []int{3, 15}, "2d20kl1 [3, ~~15~~] = 3"},
		{"(1d4+1)*2", []int{4}, "(1d4 [**4**] + 1) \\* 2 = 10"},
		{"10d6>=5", []int{1, 5, 6}, "10d6>=5 [**1**, 5✓, **6**✓"},
		{"d100", []int{10, 10}, "d100 [red 0, white 0 → 100] = 100"},
		{"2d6r1", []int{1, 4, 3}, "2d6r1 [**1** → 4, 3] = 7"},
	}
	for _, tt := range tests {
		t.Run(tt.notation, func(t *testing.T) {
			e, err := Parse(tt.notation)
			if err != nil {
				t.Fatalf("Parse(%q) = %v", tt.notation, err)
			}
			faces := tt.faces
			if e.String() == "10d6>=5" {
				faces = append(faces, 1, 1, 1, 1, 1, 1, 1)
			}
			r := e.Roll(dicetest.Script(t, faces...))
			got := r.Markdown()
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("Roll(%q).Markdown() = %q, want %q", tt.notation, got, tt.want)
			}
		})
	}
}

func TestRepeatTotals(t *testing.T) {
	e, err := Parse("3#d20+1")
	if err != nil {
		t.Fatal(err)
	}
	r := e.Roll(dicetest.Script(t, 5, 17, 9))
	if diff := cmp.Diff([]int64{6, 18, 10}, r.Totals); diff != "" {
		t.Errorf("Totals (-want +got):\n%s", diff)
	}
	if e.Repeat() != 3 {
		t.Errorf("Repeat() = %d, want 3", e.Repeat())
	}
	var reps []uint8
	for _, d := range r.Dice {
		reps = append(reps, d.Rep)
	}
	if diff := cmp.Diff([]uint8{0, 1, 2}, reps); diff != "" {
		t.Errorf("Rep of dice (-want +got):\n%s", diff)
	}
}

func TestDetail(t *testing.T) {
	e, err := Parse("4d6kh3 + 2d%>=50")
	if err != nil {
		t.Fatal(err)
	}
	r := e.Roll(dicetest.Script(t, 3, 1, 6, 5, 7, 3, 2, 10))
	want := []TermDetail{
		{Term: 0, Notation: "4d6kh3", Value: 14, Dice: []RolledDie{
			{Sides: 6, Face: 3}, {Sides: 6, Face: 1, Mark: Dropped}, {Sides: 6, Face: 6}, {Sides: 6, Face: 5}}},
		{Term: 1, Notation: "2d%>=50", Value: 1, Pool: true, Dice: []RolledDie{
			{Sides: 100, Face: 73, Term: 1, Mark: Success}, {Sides: 100, Face: 20, Term: 1}}},
	}
	if diff := cmp.Diff(want, r.Detail()); diff != "" {
		t.Errorf("Detail() (-want +got):\n%s", diff)
	}
	if d := r.Dice[4]; d.Red() != 7 || d.White() != 3 || !d.Percent() {
		t.Errorf("d100 die %+v: red %d white %d, want 7 and 3", d, d.Red(), d.White())
	}
}

func TestAsRoll(t *testing.T) {
	tests := []struct {
		notation string
		faces    []int
		want     rules.Roll
	}{
		{"2d6+3", []int{4, 2}, rules.Roll{Notation: "2d6+3", Faces: []int{4, 2}, Total: 9}},
		{"d100", []int{7, 3}, rules.Roll{Notation: "d100", Faces: []int{73}, Total: 73,
			Shown: "d100 [red 7, white 3 → 73] = 73"}},
		{"2d20kh1", []int{3, 15}, rules.Roll{Notation: "2d20kh1", Faces: []int{3, 15}, Total: 15,
			Shown: "2d20kh1 [3 dropped, 15] = 15"}},
	}
	for _, tt := range tests {
		e, err := Parse(tt.notation)
		if err != nil {
			t.Fatal(err)
		}
		r := e.Roll(dicetest.Script(t, tt.faces...))
		if diff := cmp.Diff(tt.want, r.AsRoll()); diff != "" {
			t.Errorf("AsRoll(%q) (-want +got):\n%s", tt.notation, diff)
		}
	}
}

func TestRollPercent(t *testing.T) {
	for red := 1; red <= 10; red++ {
		for white := 1; white <= 10; white++ {
			r, w, got := RollPercent(dicetest.Script(t, red, white))
			want := (red%10)*10 + white%10
			if want == 0 {
				want = 100
			}
			if r != red%10 || w != white%10 || got != want {
				t.Errorf("RollPercent(%d, %d) = %d, %d, %d; want %d, %d, %d", red, white, r, w, got, red%10, white%10, want)
			}
		}
	}
}

// TestRollIntoNoAlloc checks that a warm Result is reused without allocating.
func TestRollIntoNoAlloc(t *testing.T) {
	src := NewStream(make([]byte, SeedSize), 1)
	for _, c := range []string{"d20", "2d6+3", "4d6kh3", "10d6>=5", "d100", "1d20+1d6+4", "3#d20"} {
		var e Expr
		var r Result
		if err := ParseInto(&e, c); err != nil {
			t.Fatal(err)
		}
		e.RollInto(src, &r)
		if n := testing.AllocsPerRun(100, func() {
			if err := ParseInto(&e, c); err != nil {
				t.Fatal(err)
			}
			e.RollInto(src, &r)
		}); n != 0 {
			t.Errorf("ParseInto+RollInto(%q) allocates %v times, want 0", c, n)
		}
	}
}

func TestSummary(t *testing.T) {
	e := mustParse(t, "12d6r1kh10>=5+1")
	r := e.Roll(dicetest.Script(t, 1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1, 1, 6, 1, 4))
	tests := []struct {
		limit int
		want  string
	}{
		{1000, "12d6r1kh10>=5 [1 → 2 dropped, 3, 4, 5✓, 6✓, 6✓, 5✓, 4, 3, 2 dropped, 1 → 1 → 6✓, 1 → 4] + 1 = 6"},
		{100, "12d6r1kh10>=5 [3×2, 4×3, 5×2, 6×3; 4 rerolled; 2 dropped; 5 successes] + 1 = 6"},
		{40, "12d6r1kh10>=5 [16 dice → 5] + 1 = 6"},
		{20, "12d6r1kh10>= … = 6"},
		{3, " "},
	}
	for _, tt := range tests {
		got := r.Summary(tt.limit)
		if got != tt.want {
			t.Errorf("Summary(%d) = %q, want %q", tt.limit, got, tt.want)
		}
		if len(got) > tt.limit {
			t.Errorf("Summary(%d) is %d bytes long", tt.limit, len(got))
		}
	}
}

// TestConcurrentRolls rolls one Expr from many goroutines (run with -race): an Expr
// is read-only once parsed.
func TestConcurrentRolls(t *testing.T) {
	e := mustParse(t, "3#4d6r1kh3+2d%>=50-d6")
	done := make(chan Result)
	for i := range 8 {
		go func() {
			var r Result
			for range 100 {
				e.RollInto(NewStream([]byte("concurrent"), uint64(i)), &r)
			}
			done <- r
		}()
	}
	for range 8 {
		r := <-done
		checkResult(t, e, &r)
	}
}

func TestMarkString(t *testing.T) {
	tests := []struct {
		m    Mark
		want string
	}{{0, ""}, {Dropped, "dropped"}, {Rerolled, "rerolled"}, {Exploded | Success, "exploded+success"},
		{Dropped | Rerolled | Exploded | Success, "dropped+rerolled+exploded+success"}}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("Mark(%d).String() = %q, want %q", uint8(tt.m), got, tt.want)
		}
	}
}
