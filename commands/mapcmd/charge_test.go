package mapcmd_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// charged plays script as measured does and returns what it printed and
// where the unit called name stands on the table after it.
func charged(t *testing.T, script, name string) (string, tabletop.Unit) {
	t.Helper()
	h := commandstest.New(t, commandstest.Seed(seed))
	out := h.Console(t, "c1", "umpire", strings.TrimSpace(script)+"\n")
	u, ok := h.Game("c1").Map.Unit(name)
	if !ok {
		t.Fatalf("%s is not on the table", name)
	}
	return out, u
}

// TestGreenJacketsChargeIsMeasured: a charge at a target beyond the run's 9"
// is refused naming both distances, one into the copse is refused whatever
// its length, inches typed that the map contradicts are refused; one that
// reaches moves the Rifles against the Voltigeurs' front, facing them (G7,
// G6a), and the table with them.
func TestGreenJacketsChargeIsMeasured(t *testing.T) {
	out, rifles := charged(t, greenJacketsSkirmish+`
@alice /greenjackets move squad:Rifles speed:charge target:Voltigeurs
/map place unit:Grenadiers at:"12,24" frontage:3 depth:1
/map terrain kind:rough name:Scrub shape:"10,20 15,20 15,26 10,26"
@alice /greenjackets move squad:Rifles speed:charge target:Grenadiers
/map place unit:Voltigeurs at:"10,18" facing:S frontage:3 depth:1
@alice /greenjackets move squad:Rifles speed:charge target:Voltigeurs inches:5
@alice /greenjackets move squad:Rifles speed:charge target:Voltigeurs
`, "Rifles")
	commandstest.Shows(t, "charge", out,
		// The Rifles' front at y=10.5, the Voltigeurs' back at y=35.5.
		"Rifles cannot reach Voltigeurs, 25\" away: this charge goes at most 9\" (G7).",
		"Rifles's charge would go into Scrub: no one charges through woods, marsh or rough ground (G7).",
		// The Voltigeurs' front, facing south, at y=17.5: 7".
		"The map says otherwise than inches:5: 7\" from Rifles to Voltigeurs, between the nearest points of their footprints (G7).",
		"Charge: Rifles at Voltigeurs",
		"Rifles moves 7\" (7\" of 9\" this turn).",
		"Rifles now stands at 10,17 facing N, against the front of Voltigeurs",
		"Rifles charges into contact with Voltigeurs")
	want := tabletop.Unit{Name: "Rifles", At: tabletop.Point{10, 17}, Facing: 0, Width: 3, Depth: 1}
	if rifles != want {
		t.Errorf("after the charge the Rifles stand %+v, want %+v", rifles, want)
	}
}

// TestCrimeaChargeIsMeasured: with heavy infantry lines at 8" and the
// brigade's modifier (4" to 12"), the Light Division's charge at the
// Vladimir Regiment 12.5" off falls short: it goes its whole move straight
// at them and owes no combat (C8); the Highland Brigade's, 3.6" off, reaches
// and stands against their front.
func TestCrimeaChargeIsMeasured(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(seed))
	out := h.Console(t, "c1", "umpire", strings.TrimSpace(`
/game start ruleset:crimea name:Alma
/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing" player:alice
/crimea officer-add name:Menshikov side:Russian rank:"wing commander" wing:"right wing" player:bob
/crimea unit-add name:"Light Division" nationality:British type:"heavy infantry" stands:6 officer:Raglan
/crimea unit-add name:"Highland Brigade" nationality:British type:"heavy infantry" stands:6 officer:Raglan
/crimea unit-add name:"Vladimir Regiment" nationality:Russian type:"heavy infantry" stands:8 formation:column officer:Menshikov
/crimea allowance row:"heavy infantry lines" inches:8
/map table width:72 depth:48
/map place unit:"Light Division" at:"30,20" facing:N frontage:6 depth:1
/map place unit:"Highland Brigade" at:"36,29" facing:N frontage:6 depth:1
/map place unit:"Vladimir Regiment" at:"30,34" facing:S frontage:4 depth:2
/turn new
/turn next
/turn next
/turn next
@alice /crimea move unit:"Light Division" charge:"Vladimir Regiment"
@alice /crimea move unit:"Highland Brigade" charge:"Vladimir Regiment"
`)+"\n")
	commandstest.Shows(t, "charge", out,
		"card 3 of 8: Allied left wing",
		// The Light Division's front at y=20.5, the Vladimir Regiment's at y=33.
		"The charge at Vladimir Regiment falls short: Vladimir Regiment stands 12.5\" off",
		"12.5\" from Light Division to Vladimir Regiment, between the nearest points of their footprints (C8)",
		// The Highland Brigade's corner (33, 29.5) to the regiment's (32, 33): √(1 + 3.5²).
		"The charge reaches Vladimir Regiment, 3.6\" off",
		"Highland Brigade now stands at 30,32.5 facing N, against the front of Vladimir Regiment")
	table := *h.Game("c1").Map
	ld, _ := table.Unit("Light Division")
	vr, _ := table.Unit("Vladimir Regiment")
	if gone := ld.At[1] - 20; ld.At[0] != 30 || ld.Facing != 0 || gone < 4 || !tabletop.Agree(tabletop.Gap(ld.Footprint(), vr.Footprint()), 12.5-gone) {
		t.Errorf("after falling short the Light Division stands %+v: want it moved its whole move due north, that much nearer", ld)
	}
	if hb, _ := table.Unit("Highland Brigade"); hb.At != (tabletop.Point{30, 32.5}) || hb.Facing != 0 {
		t.Errorf("after its charge the Highland Brigade stands %+v, want at 30,32.5 facing N", hb)
	}
}

// TestAChargeOffTheTableIsRefused: the Voltigeurs face the far edge with
// their front at y=48.3; the Rifles against it would stand at y=48.8, off
// the 48" table, so the charge is refused and nothing moves.
func TestAChargeOffTheTableIsRefused(t *testing.T) {
	out, rifles := charged(t, greenJacketsSkirmish+`
/map place unit:Rifles at:"10,40" frontage:3 depth:1
/map place unit:Voltigeurs at:"10,47.8" facing:N frontage:3 depth:1
@alice /greenjackets move squad:Rifles speed:charge target:Voltigeurs
`, "Rifles")
	commandstest.Shows(t, "charge", out, "Rifles's charge would end at 10,48.8, off the table: the umpire places it with /map place.")
	if rifles.At != (tabletop.Point{10, 40}) {
		t.Errorf("after the refused charge the Rifles stand at %v, want 10,40", rifles.At)
	}
}

// TestVolleyfireChargeMovesTheCharger: a charge that reaches stands the
// Pomeranians, a 6" by 1" line at 20,8 facing north, with their front
// against the middle of the side of the Ligne it strikes, facing square
// into it (V4 and V7); already in contact, the charge goes no inches, says
// how the map measured it, and squares them against the side struck; one
// beyond the line's 3" is refused and moves no one.
func TestVolleyfireChargeMovesTheCharger(t *testing.T) {
	pomeranians := func(x, y, facing float64) tabletop.Unit {
		return tabletop.Unit{Name: "Pomeranians", At: tabletop.Point{x, y}, Facing: facing, Width: 6, Depth: 1}
	}
	tests := []struct {
		name, ligne string
		shows       []string
		want        tabletop.Unit
	}{
		// The Ligne's front at y=10.5, 2" off: the Pomeranians' centre 0.5" short of it.
		{"at the front", `at:"20,11" facing:S`, []string{
			"Pomeranians moves: 2\" of its 3\".",
			"Pomeranians now stands at 20,10 facing N, against the front of Ligne",
		}, pomeranians(20, 10, 0)},
		// The Ligne faces away, its rear at y=10.5: destroyed, and the Pomeranians stand against it.
		{"from behind", `at:"20,11" facing:N`, []string{
			"Pomeranians strikes Ligne's rear: it stands more than 135° off its front",
			"Pomeranians now stands at 20,10 facing N, against the rear of Ligne",
		}, pomeranians(20, 10, 0)},
		// Corner to corner at 23,8.5, the Pomeranians' centre 99° off the Ligne's
		// front: its left flank, whose edge runs along x=23, the Pomeranians' centre 0.5" west.
		{"in contact, at a flank", `at:"26,9" facing:N`, []string{
			"Pomeranians is already in contact with Ligne: the charge goes no inches.",
			"Pomeranians is in contact with Ligne; Pomeranians strikes Ligne's flank: it stands between 45° and 135° off its front",
			"Pomeranians now stands at 22.5,9 facing E, against the flank of Ligne",
		}, pomeranians(22.5, 9, 90)},
		// 6" up to the Ligne's front at y=14.5.
		{"beyond its move", `at:"20,15" facing:S`, []string{
			"Too far: that move costs 6\" and Pomeranians may move 3\" in one action. The charge falls short: nothing was done.",
		}, pomeranians(20, 8, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, got := charged(t, volleyfireLines+`
/map place unit:Ligne `+tt.ligne+` frontage:6 depth:1
@alice /volleyfire activate unit:Pomeranians commander:Blucher
@alice /volleyfire charge unit:Pomeranians target:Ligne
`, "Pomeranians")
			commandstest.Shows(t, "charge", out, tt.shows...)
			if diff := cmp.Diff(tt.want, got, tabletoptest.Near); diff != "" {
				t.Errorf("after the charge the Pomeranians stand otherwise (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCrimeaCombatMovesBackWhoFails: in contact on the map, a unit that
// fails its morale in close combat moves back one normal move (8", heavy
// infantry lines), straight away from the enemy's centre and facing as it
// was, stopping at the table's edge; when both pass, both hold (C8). The
// Light stands against the Vladimir's front: centres at 30,y and 30,y+1.5.
func TestCrimeaCombatMovesBackWhoFails(t *testing.T) {
	unit := func(name string, y, facing float64, w, d float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{30, y}, Facing: facing, Width: w, Depth: d}
	}
	tests := []struct {
		name         string
		light, vlad  int // morale ratings: 1 all but fails, 100 passes
		y            float64
		shows        string
		wantL, wantV tabletop.Unit
	}{
		{"the attacker fails: 8\" south of 32.5", 1, 100, 32.5,
			"Light moves back one normal move, 8\", straight away from Vladimir (C8): Light now stands at 30,24.5 facing N",
			unit("Light", 24.5, 0, 6, 1), unit("Vladimir", 34, 180, 4, 2)},
		{"the defender fails: 8\" north of 34", 100, 1, 32.5,
			"Vladimir moves back one normal move, 8\", straight away from Light (C8): Vladimir now stands at 30,42 facing S",
			unit("Light", 32.5, 0, 6, 1), unit("Vladimir", 42, 180, 4, 2)},
		{"the defender fails by the far edge: 4\" to y 48", 100, 1, 42.5,
			"Vladimir moves back 4\" of its normal move of 8\", straight away from Light to the table's edge (C8): Vladimir now stands at 30,48 facing S",
			unit("Light", 42.5, 0, 6, 1), unit("Vladimir", 48, 180, 4, 2)},
		{"both pass: both hold", 100, 100, 32.5, "Close combat: Light attacks Vladimir",
			unit("Light", 32.5, 0, 6, 1), unit("Vladimir", 34, 180, 4, 2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := commandstest.New(t, commandstest.Seed(seed))
			out := h.Console(t, "c1", "umpire", fmt.Sprintf(`/game start ruleset:crimea name:Alma
/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing"
/crimea officer-add name:Menshikov side:Russian rank:"wing commander" wing:"right wing"
/crimea unit-add name:Light nationality:British type:"heavy infantry" stands:6 officer:Raglan morale:%d
/crimea unit-add name:Vladimir nationality:Russian type:"heavy infantry" stands:8 officer:Menshikov morale:%d
/crimea allowance row:"heavy infantry lines" inches:8
/map table width:72 depth:48
/map place unit:Light at:"30,%g" facing:N frontage:6 depth:1
/map place unit:Vladimir at:"30,%g" facing:S frontage:4 depth:2
/crimea combat attacker:Light defender:Vladimir
`, tt.light, tt.vlad, tt.y, tt.y+1.5))
			commandstest.Shows(t, "combat", out, tt.shows)
			table := *h.Game("c1").Map
			for _, want := range []tabletop.Unit{tt.wantL, tt.wantV} {
				got, _ := table.Unit(want.Name)
				if diff := cmp.Diff(want, got, tabletoptest.Near); diff != "" {
					t.Errorf("after the combat %s stands otherwise (-want +got):\n%s", want.Name, diff)
				}
			}
		})
	}
}

// TestCrimeaCombatOnTheMapNeedsAllowances: either unit may have to move
// back one normal move, so on the map a combat is refused before any roll
// while the defender's row has no allowance, and nothing moves.
func TestCrimeaCombatOnTheMapNeedsAllowances(t *testing.T) {
	out := measured(t, `
/game start ruleset:crimea name:Alma
/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing"
/crimea officer-add name:Menshikov side:Russian rank:"wing commander" wing:"right wing"
/crimea unit-add name:Light nationality:British type:"heavy infantry" stands:6 officer:Raglan
/crimea unit-add name:Vladimir nationality:Russian type:"heavy infantry" stands:8 formation:column officer:Menshikov
/crimea allowance row:"heavy infantry lines" inches:8
/map table width:72 depth:48
/map place unit:Light at:"30,32.5" facing:N frontage:6 depth:1
/map place unit:Vladimir at:"30,34" facing:S frontage:4 depth:2
/crimea combat attacker:Light defender:Vladimir
`)
	commandstest.Shows(t, "combat", out,
		"On the map a unit that fails its morale in close combat moves back one normal move, and no allowance is set for heavy infantry columns (Vladimir): the umpire sets it with /crimea allowance (C6).")
	if strings.Contains(out, "Close combat: Light attacks Vladimir") {
		t.Errorf("the combat was fought with no allowance for the Vladimir:\n%s", out)
	}
}
