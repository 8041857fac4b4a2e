package crimea

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules/dice/dicetest"
	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
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

// TestEngaged: a close combat on the table is fought in contact (C8); 12.5"
// apart it is refused naming the gap.
func TestEngaged(t *testing.T) {
	ld := tabletop.Unit{Name: "Light Division", At: tabletop.Point{30, 20}, Facing: 0, Width: 6, Depth: 1}
	vr := tabletop.Unit{Name: "Vladimir Regiment", At: tabletop.Point{30, 34}, Facing: 180, Width: 4, Depth: 2}
	if got, want := breach(t, Engaged(ld, vr)), "Light Division is not in contact with Vladimir Regiment: 12.5\" apart on the map. Close combat follows a charge that reaches (C8): charge with `/crimea move charge:` first."; got != want {
		t.Errorf("Engaged 12.5\" apart = %q, want %q", got, want)
	}
	if err := Engaged(ChargeEnd(ld, vr, 14), vr); err != nil {
		t.Errorf("Engaged against the front = %v, want none", err)
	}
}

// TestFallBack moves a unit back its normal move straight away from the
// enemy's centre, facing as it was (ReadingBack), worked by hand on a 72" by
// 48" table.
func TestFallBack(t *testing.T) {
	table := tabletop.Table{Width: 72, Depth: 48}
	unit := func(name string, x, y, facing float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Facing: facing, Width: 6, Depth: 1}
	}
	tests := []struct {
		name     string
		u, enemy tabletop.Unit
		inches   float64
		want     tabletop.Unit
	}{
		{"the enemy 1.5\" ahead: 8\" due south", unit("Light Division", 30, 32.5, 0), unit("Vladimir Regiment", 30, 34, 180), 8, unit("Light Division", 30, 24.5, 0)},
		// Away from 10,10 through 13,14 (a 3-4-5 line): 10" on is 6 east, 8 north.
		{"charged at an angle: along the line of the centres", unit("Cossacks", 13, 14, 200), unit("Rifles", 10, 10, 20), 10, unit("Cossacks", 19, 22, 200)},
		{"by the far edge: it stops there, 4\" back", unit("Vladimir Regiment", 30, 44, 180), unit("Light Division", 30, 42.5, 0), 8, unit("Vladimir Regiment", 30, 48, 180)},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, FallBack(table, tt.u, tt.enemy, tt.inches), tabletoptest.Near); diff != "" {
			t.Errorf("%s: FallBack (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestCombatOnTheTable: on the table a unit that fails its morale moves
// back its normal move, the allowance of its row (C8, ReadingBack): the
// Lancers 12", the Odessa Regiment's column 10"; both passing, both hold;
// off the table nothing is moved. Without the defender's allowance the
// combat is refused before any roll.
func TestCombatOnTheTable(t *testing.T) {
	tests := []struct {
		name                   string
		onTable                bool
		rolls                  []int
		attackerBack, defender int
	}{
		{"the attacker fails (10)", true, rolls(10), 12, 0},
		{"the defender fails (95, 10)", true, rolls(95, 10), 0, 10},
		{"both pass (95, 55)", true, rolls(95, 55), 0, 0},
		{"off the table, the attacker fails", false, rolls(10), 0, 0},
	}
	for _, tt := range tests {
		b := inTurn(Card{Allied, CavalryC})
		b.Units[0].Moved = true
		b.Allowances[RowHeavyInfantryCol] = 10
		src := dicetest.Script(t, tt.rolls...)
		res, err := b.Combat(src, CombatOrder{Actor: lucan, Attacker: "17th Lancers", Defender: "Odessa Regiment", Facing: Front, OnTable: tt.onTable}, House{})
		src.Done()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.AttackerBack != tt.attackerBack || res.DefenderBack != tt.defender {
			t.Errorf("%s: back %d\" and %d\", want %d\" and %d\"", tt.name, res.AttackerBack, res.DefenderBack, tt.attackerBack, tt.defender)
		}
		if shown := slices.Contains(res.Ruling.Readings, ReadingBack); shown != (tt.attackerBack+tt.defender > 0) {
			t.Errorf("%s: ReadingBack shown %v", tt.name, shown)
		}
	}
	b := inTurn(Card{Allied, CavalryC})
	b.Units[0].Moved = true
	_, err := b.Combat(dicetest.Script(t), CombatOrder{Actor: lucan, Attacker: "17th Lancers", Defender: "Odessa Regiment", Facing: Front, OnTable: true}, House{})
	if got, want := breach(t, err), "On the map a unit that fails its morale in close combat moves back one normal move, and no allowance is set for heavy infantry columns (Odessa Regiment): the umpire sets it with `/crimea allowance` (C6)."; got != want {
		t.Errorf("a combat on the table with no allowance for the defender refused %q, want %q", got, want)
	}
}
