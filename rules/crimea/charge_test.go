package crimea

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules/dice/dicetest"
	"github.com/referee-bot/referee/rules/tabletop"
)

// TestChargeEnd brings the Light Division (6" by 1", facing north from
// 30,20: its front edge at y 20.5) at the Vladimir Regiment (4" by 2", facing
// south from 30,34: its front edge at y 33) 12.5" off, worked by hand.
func TestChargeEnd(t *testing.T) {
	ld := tabletop.Unit{Name: "Light Division", At: tabletop.Point{30, 20}, Facing: 0, Width: 6, Depth: 1}
	vr := tabletop.Unit{Name: "Vladimir Regiment", At: tabletop.Point{30, 34}, Facing: 180, Width: 4, Depth: 2}
	if got := ChargeGap(ld, vr); !tabletop.Agree(got, 12.5) {
		t.Fatalf("ChargeGap = %v, want 33 − 20.5 = 12.5", got)
	}
	tests := []struct {
		name string
		goes float64
		want tabletop.Unit
	}{
		{"a 14\" move reaches: against the front at y 33, the centre half its depth short",
			14, tabletop.Unit{Name: "Light Division", At: tabletop.Point{30, 32.5}, Facing: 0, Width: 6, Depth: 1}},
		{"a 12.5\" move just reaches", 12.5, tabletop.Unit{Name: "Light Division", At: tabletop.Point{30, 32.5}, Facing: 0, Width: 6, Depth: 1}},
		{"a 10\" move falls short: 10\" north, 2.5\" off", 10, tabletop.Unit{Name: "Light Division", At: tabletop.Point{30, 30}, Facing: 0, Width: 6, Depth: 1}},
	}
	for _, tt := range tests {
		got := ChargeEnd(ld, vr, tt.goes)
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("%s: ChargeEnd mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
	short := ChargeEnd(ld, vr, 10)
	if got := ChargeGap(short, vr); !tabletop.Agree(got, 2.5) {
		t.Errorf("after a short charge the gap is %v, want 12.5 − 10 = 2.5", got)
	}
}

// A charge measured on the map: within the unit's move this turn it owes
// its close combat; beyond, it falls short, goes its whole move and owes
// none (ReadingShort); with no allowance set it cannot be measured.
func TestAChargeMeasuredOnTheMap(t *testing.T) {
	in := func(v float64) *float64 { return &v }
	order := func(reach float64) MoveOrder {
		return MoveOrder{Actor: lucan, Unit: "17th Lancers", Charge: "Odessa Regiment", Reach: in(reach)}
	}
	tests := []struct {
		name   string
		reach  float64
		short  bool
		result string
	}{
		{"11.5\" off, a 12\" move (light cavalry 12\", 50 reads no modifier)", 11.5, false,
			"The charge reaches Odessa Regiment, 11.5\" off within its 12\" move: the close combat is resolved after movement (C8)."},
		{"12\" off, just within it", 12, false, "The charge reaches Odessa Regiment, 12\" off"},
		{"14.2\" off, beyond it", 14.2, true,
			"The charge at Odessa Regiment falls short: Odessa Regiment stands 14.2\" off and 17th Lancers moves 12\"; it goes its whole move at Odessa Regiment and stops, and no close combat is owed."},
	}
	for _, tt := range tests {
		b := inTurn(Card{Allied, CavalryC})
		src := dicetest.Script(t, rolls(50)...)
		res, err := b.Move(src, order(tt.reach), House{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		src.Done()
		if res.Short != tt.short || res.Goes != 12 || !strings.Contains(res.Ruling.Result, tt.result) {
			t.Errorf("%s: Move = short %v, goes %d, %q; want short %v, 12\", %q", tt.name, res.Short, res.Goes, res.Ruling.Result, tt.short, tt.result)
		}
		if owed := len(b.CombatsDue()) == 1; owed == tt.short {
			t.Errorf("%s: combats due %v, want one unless the charge fell short", tt.name, b.CombatsDue())
		}
		if tt.short && !slices.Contains(res.Ruling.Readings, ReadingShort) {
			t.Errorf("%s: readings %v, want %v", tt.name, res.Ruling.Readings, ReadingShort)
		}
	}
	b := inTurn(Card{Allied, CavalryC})
	b.Allowances = nil
	_, err := b.Move(dicetest.Script(t), order(4), House{})
	if got := breach(t, err); !strings.Contains(got, "no allowance is set for light cavalry") {
		t.Errorf("a charge measured with no allowance set: %q, want it refused", got)
	}
	if u, _ := b.Unit("17th Lancers"); u.Moved {
		t.Error("the refused charge moved the Lancers")
	}
}
