package greenjackets

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// TestMeasureCharge measures charges across a table with a wood, rough
// ground, a road, a hedge and a stream, every number worked by hand. Squads
// are 3" by 1": a squad at y has its front at y + 0.5 when facing north and
// its back at y − 0.5.
func TestMeasureCharge(t *testing.T) {
	table := tabletop.Table{Width: 48, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "wood", Name: "Copse", Area: tabletoptest.Square(20, 20, 30, 30)},
		{Kind: "rough", Name: "Scrub", Area: tabletoptest.Square(0, 20, 6, 30)},
		{Kind: "road", Name: "Lisbon Road", Line: orb.LineString{{40, 0}, {40, 48}}},
		{Kind: "hedge", Name: "Long Hedge", Line: orb.LineString{{10, 15}, {18, 15}}},
		{Kind: "stream", Name: "Brook", Line: orb.LineString{{0, 40}, {48, 40}}},
	}}
	at := func(name string, x, y, facing float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Facing: facing, Width: 3, Depth: 1}
	}
	tests := []struct {
		name             string
		charger, target  tabletop.Unit
		length           float64
		road, hard       string
		rivers, obstacle []string
	}{
		{"open ground: 18.5 − 10.5 = 8 inches", at("Chosen Men", 14, 10, 0), at("Voltigeurs", 14, 19, 180),
			8, "", "", nil, []string{"Long Hedge"}},
		{"up the road: 30.5 − 10.5 = 20 inches, never more than 1\" off it", at("Chosen Men", 40, 10, 0), at("Voltigeurs", 40.5, 31, 180),
			20, "Lisbon Road", "", nil, nil},
		{"into the copse: 24.5 − 10.5 = 14 inches", at("Chosen Men", 25, 10, 0), at("Voltigeurs", 25, 25, 180),
			14, "", "Copse", nil, nil},
		{"through the scrub to beyond it: 34.5 − 10.5 = 24 inches", at("Chosen Men", 3, 10, 0), at("Voltigeurs", 3, 35, 180),
			24, "", "Scrub", nil, nil},
		{"across the brook: 44.5 − 35.5 = 9 inches", at("Chosen Men", 14, 35, 0), at("Voltigeurs", 14, 45, 180),
			9, "", "", []string{"Brook"}, nil},
	}
	for _, tt := range tests {
		got := MeasureCharge(table, tt.charger, tt.target)
		if !tabletop.Agree(got.Length, tt.length) || got.Road != tt.road || got.Hard != tt.hard ||
			!cmp.Equal(got.Rivers, tt.rivers) || !cmp.Equal(got.Obstacles, tt.obstacle) {
			t.Errorf("%s: MeasureCharge = %g\" road %q hard %q rivers %v obstacles %v, want %g\" road %q hard %q rivers %v obstacles %v",
				tt.name, got.Length, got.Road, got.Hard, got.Rivers, got.Obstacles, tt.length, tt.road, tt.hard, tt.rivers, tt.obstacle)
		}
		// The target faces south: its front edge is at y − 0.5, and the charger
		// stands half its depth beyond, facing north.
		want := tabletop.Unit{Name: "Chosen Men", At: tabletop.Point{tt.target.At[0], tt.target.At[1] - 1}, Facing: 0, Width: 3, Depth: 1}
		if diff := cmp.Diff(want, got.Contact, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("%s: the charger in contact (-want +got):\n%s", tt.name, diff)
		}
	}
}

// A charge at a target: beyond its allowance it is refused naming both
// distances; through woods or across a stream it is refused; one that
// reaches ends in contact, and contact spots both ways (G6, G6a, G7).
func TestChargeAtATarget(t *testing.T) {
	in := func(v float64) *float64 { return &v }
	charge := func(inches *float64) MoveOrder {
		return MoveOrder{Command: Command{Actor: umpire, Squads: []string{"Chosen Men"}}, Speed: Run, Charge: true, Inches: inches, Target: "Voltigeurs"}
	}
	tests := []struct {
		name    string
		order   MoveOrder
		refused string
	}{
		{"11.2\" off, the charge goes 9\"", charge(in(11.2)), "Chosen Men cannot reach Voltigeurs, 11.2\" away: this charge goes at most 9\" (G7)."},
		{"a jog at a target", withOrder(charge(in(4)), func(o *MoveOrder) { o.Speed, o.Charge = Jog, false }), "Only a charge goes at a target"},
		{"through the copse", withOrder(charge(in(4)), func(o *MoveOrder) { o.Woods = true }), "No one may charge through woods or marsh"},
		{"at his own side", withOrder(charge(in(4)), func(o *MoveOrder) { o.Target = "Lt Sharpe" }), "on the charger's own side"},
		{"two squads at once", withOrder(charge(in(4)), func(o *MoveOrder) { o.Squads = []string{"Chosen Men", "Voltigeurs"} }), "One squad or character"},
	}
	for _, tt := range tests {
		b := bridge()
		if _, err := b.Move(tt.order); err == nil || !strings.Contains(err.Error(), tt.refused) {
			t.Errorf("%s: Move = %v, want refused: %s", tt.name, err, tt.refused)
		}
		if len(b.Contacts) != 0 {
			t.Errorf("%s: a refused charge left contacts %v", tt.name, b.Contacts)
		}
	}
	b := bridge()
	out, err := b.Move(charge(in(8)))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Contact{{A: "Chosen Men", B: "Voltigeurs", Since: 1}}, b.Contacts); diff != "" {
		t.Errorf("contacts after the charge (-want +got):\n%s", diff)
	}
	if s := b.Squad("Chosen Men"); s.Moved != 8 || s.Pace != PaceCharge {
		t.Errorf("the Chosen Men moved %g at %s, want 8\" at a charge", s.Moved, s.Pace)
	}
	sharpe, dubois := b.Character("Lt Sharpe"), b.Character("Capt Dubois")
	if sharpe.sighting("Capt Dubois") == nil || dubois.sighting("Lt Sharpe") == nil {
		t.Errorf("after the charge Sharpe spotted %v, Dubois %v: want each the other's section", sharpe.Spotted, dubois.Spotted)
	}
	if out.Ruling.Title != "Charge: Chosen Men at Voltigeurs" || !strings.Contains(strings.Join(out.Notes, " "), "charges into contact with Voltigeurs") {
		t.Errorf("the charge reads %q, %q", out.Ruling.Title, out.Notes)
	}
}

func withOrder(o MoveOrder, fn func(*MoveOrder)) MoveOrder { fn(&o); return o }

// TestChargePassable refuses a charge into hard going or across a stream,
// naming it, and lets one over open ground and a hedge go.
func TestChargePassable(t *testing.T) {
	tests := []struct {
		line    ChargeLine
		refused string
	}{
		{ChargeLine{Going: Going{Obstacles: []string{"Long Hedge"}}}, ""},
		{ChargeLine{Going: Going{Hard: "Copse"}}, "Chosen Men's charge would go into Copse: no one charges through woods, marsh or rough ground (G7)."},
		{ChargeLine{Going: Going{Rivers: []string{"Brook"}}}, "Chosen Men's charge crosses Brook: rivers are the umpire's to rule (G7)"},
	}
	for _, tt := range tests {
		err := tt.line.Passable("Chosen Men")
		if tt.refused == "" && err != nil || tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)) {
			t.Errorf("Passable(%+v) = %v, want refused %q", tt.line, err, tt.refused)
		}
	}
}
