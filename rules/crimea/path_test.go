package crimea

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
	"github.com/referee-bot/referee/rules/tabletop"
)

// lancers stand at 10,10 facing north; their path goes 6" north to 10,16
// and then 10" to 18,22 (8" east, 6" north: a 3-4-5 triangle), 16" in all,
// its last leg on a bearing of atan(8/6) = 53.13°.
var (
	lancers   = tabletop.Unit{Name: "17th Lancers", At: tabletop.Point{10, 10}, Facing: 0, Width: 4, Depth: 1}
	lancerWay = MeasureMove(lancers, []tabletop.Point{{10, 16}}, tabletop.Point{18, 22})
)

// TestMoveEnd measures the Lancers' path by hand and stands them at the end
// of a move along it (C6, ReadingMoveShort).
func TestMoveEnd(t *testing.T) {
	if !tabletop.Agree(lancerWay.Length, 16) {
		t.Fatalf("MeasureMove length = %v, want 6 + 10 = 16", lancerWay.Length)
	}
	last := math.Atan2(8, 6) * 180 / math.Pi
	at := func(x, y, facing float64) tabletop.Unit {
		u := lancers
		u.At, u.Facing = tabletop.Point{x, y}, facing
		return u
	}
	tests := []struct {
		name   string
		goes   int
		beyond bool
		want   tabletop.Unit
	}{
		{"a 20\" move goes the whole path, facing along its last leg", 20, false, at(18, 22, last)},
		{"a 16\" move just goes it", 16, false, at(18, 22, last)},
		{"a 12\" move stops 6\" up the last leg: 10 + 0.8×6, 16 + 0.6×6", 12, true, at(14.8, 19.6, last)},
		{"a 4\" move stops on the first leg, facing north", 4, true, at(10, 14, 0)},
		{"no move leaves them as they stand", 0, true, lancers},
	}
	for _, tt := range tests {
		if got := lancerWay.Beyond(tt.goes); got != tt.beyond {
			t.Errorf("%s: Beyond(%d) = %v, want %v", tt.name, tt.goes, got, tt.beyond)
		}
		if diff := cmp.Diff(tt.want, lancerWay.End(lancers, tt.goes), cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("%s: End mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestLargest: the longest move is the allowance with the column's best
// modifier, 91–100 (C6): +6" for cavalry and horse guns, +4" for infantry
// and foot guns.
func TestLargest(t *testing.T) {
	tests := []struct {
		m    Mover
		want int
	}{
		{Mover{Type: LightCavalry, Allowance: 12, Set: true}, 18},
		{Mover{Type: HorseArtillery, Allowance: 10, Set: true}, 16},
		{Mover{Type: HeavyInfantry, Allowance: 6, Set: true}, 10},
		{Mover{Type: FootArtillery, Allowance: 4, Set: true}, 8},
	}
	for _, tt := range tests {
		if got := tt.m.Largest(); got != tt.want {
			t.Errorf("%s %d\": Largest() = %d, want %d", tt.m.Type, tt.m.Allowance, got, tt.want)
		}
	}
}

// A move to a point measured on the map, the Lancers' 16" path: within the
// best the modifier could give (12" + 6") it is rolled, and at 50 (no
// modifier) the Lancers move 12" and stop short; a path longer than 18", or
// with no allowance set, is refused before anything is rolled; a roll made
// earlier this turn holds the path to the move it gave.
func TestAMoveToAPoint(t *testing.T) {
	order := MoveOrder{Actor: lucan, Unit: "17th Lancers", Line: &lancerWay}
	b := inTurn(Card{Allied, CavalryC})
	src := dicetest.Script(t, rolls(50)...)
	res, err := b.Move(src, order, House{})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	want := "The path is 16\" and 17th Lancers moves 12\": it goes its whole move along it and stops there."
	if !res.Short || res.Goes != 12 || !strings.Contains(res.Ruling.Result, want) {
		t.Errorf("Move = short %v, goes %d, %q; want short, 12\", %q", res.Short, res.Goes, res.Ruling.Result, want)
	}
	if !slices.Contains(res.Ruling.Readings, ReadingMoveShort) {
		t.Errorf("readings %v, want %v", res.Ruling.Readings, ReadingMoveShort)
	}

	b = inTurn(Card{Allied, CavalryC})
	res, err = b.Move(dicetest.Script(t, rolls(95)...), order, House{})
	if err != nil || res.Short || res.Goes != 18 || slices.Contains(res.Ruling.Readings, ReadingMoveShort) {
		t.Errorf("at 95 (+6\") Move = short %v, goes %d, %v; want the whole 16\" within 18\"", res.Short, res.Goes, err)
	}

	far := MeasureMove(lancers, nil, tabletop.Point{10, 29.04})
	refused := []struct {
		name   string
		change func(*Board)
		order  MoveOrder
		want   string
	}{
		{"a 19\" path, beyond 12\" + 6\"", func(*Board) {}, MoveOrder{Actor: lucan, Unit: "17th Lancers", Line: &far},
			"Too far: that path is 19\" and 17th Lancers moves at most 18\" this turn (light cavalry 12\", at best add 6\"): nothing is rolled (C6)."},
		{"no allowance set", func(b *Board) { b.Allowances = nil }, order,
			"On the map a move to a point is measured against the unit's move, and no allowance is set for light cavalry"},
		{"the brigade rolled 50 earlier: 12\"", func(b *Board) {
			b.Rolled = map[string]rules.Roll{"officer:lord lucan": D100(dicetest.Script(t, rolls(50)...))}
		}, order, "Too far: that path is 16\" and 17th Lancers moves 12\" this turn (the modifier for Lord Lucan's brigade was rolled earlier this turn)."},
		{"with a charge", func(*Board) {}, MoveOrder{Actor: lucan, Unit: "17th Lancers", Charge: "Odessa Regiment", Line: &lancerWay},
			"17th Lancers charges Odessa Regiment or moves to a point, not both"},
	}
	// An empty dice script fails the test if anything is rolled.
	for _, tt := range refused {
		b := inTurn(Card{Allied, CavalryC})
		tt.change(b)
		_, err := b.Move(dicetest.Script(t), tt.order, House{})
		if got := breach(t, err); !strings.Contains(got, tt.want) {
			t.Errorf("%s: refused %q, want %q", tt.name, got, tt.want)
		}
		u, _ := b.Unit("17th Lancers")
		o, _ := b.Officer("Lord Lucan")
		if u.Moved || o.Orders != BaseOrders[o.Calibre] {
			t.Errorf("%s: the refused move changed the board: moved %v, %d orders left", tt.name, u.Moved, o.Orders)
		}
	}
}
