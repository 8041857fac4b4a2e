package mapcmd_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/rules/tabletop"
)

// TestGreenJacketsMoveIsMeasured: the Rifles at 10,10 move along the path of
// their centre (G7). Into the scrub at y=12 a jog is hard going, a crawl's 3",
// and 4.5" to 10,14.5 is refused naming both; no one runs into it; a point
// off the table and inches the map contradicts are refused; 3" east and 3"
// more is a jog's 6", and the Rifles stand at its end facing east, the way
// they went.
func TestGreenJacketsMoveIsMeasured(t *testing.T) {
	out, rifles := charged(t, greenJacketsSkirmish+`
/map terrain kind:rough name:Scrub shape:"5,12 15,12 15,14 5,14"
@alice /greenjackets move squad:Rifles speed:jog to:"10,14.5"
@alice /greenjackets move squad:Rifles speed:run to:"10,14.5"
@alice /greenjackets move squad:Rifles speed:jog to:"10,50"
@alice /greenjackets move squad:Rifles speed:jog to:"16,10" inches:5
@alice /greenjackets move squad:Rifles speed:jog to:"16,10" via:"13,10"
`, "Rifles")
	commandstest.Shows(t, "move", out,
		"Rifles cannot move 4.5\": this order goes at most 3\" (G7).",
		"No one may charge through rough ground; Rifles moves at a crawl there.",
		"10,50 is off the table (48\" by 48\"): a move stays on it.",
		"The map says otherwise than inches:5: Rifles moves 6\" from 10,10 to 16,10, measured along the path of its centre (G7).",
		"Rifles moves 6\" from 10,10 to 16,10 by way of 13,10, measured along the path of its centre (G7)",
		"Rifles now stands at 16,10 facing E")
	want := tabletop.Unit{Name: "Rifles", At: tabletop.Point{16, 10}, Facing: 90, Width: 3, Depth: 1}
	if rifles != want {
		t.Errorf("after the move the Rifles stand %+v, want %+v", rifles, want)
	}
}

// TestGreenJacketsMoveWithoutAMap: a battle with no map refuses to:, and a
// move of inches goes as it always has.
func TestGreenJacketsMoveWithoutAMap(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(seed))
	out := h.Console(t, "c1", "umpire", `/game start ruleset:greenjackets name:Skirmish
/greenjackets roster character name:Sharpe rank:officer side:British nation:british quality:veteran player:alice
/greenjackets roster squad name:Rifles officer:Sharpe arm:infantry quality:veteran weapon:rifle melee:sword figures:"Harris, Hagman"
@alice /greenjackets move squad:Rifles speed:jog to:"10,14"
@alice /greenjackets move squad:Rifles speed:jog inches:4
`)
	commandstest.Shows(t, "move", out,
		"This battle has no map: leave to:, via: and facing: out and give the move as round a table.",
		"Rifles moves 4\"")
}

// TestVolleyfireMoveIsMeasured: the Pomeranians, a line (3" an action), at
// 20,8 below a stream from y=10 to y=12 (V4, light terrain 2" an inch): by
// way of 20,9 to 20,11 is 2" open and 1" of stream, 4", and refused naming
// both; to 20,10.5, 2" open and 0.5" of stream, costs 3" and moves them,
// facing north, the way they went.
func TestVolleyfireMoveIsMeasured(t *testing.T) {
	out, u := charged(t, `
/game start ruleset:volleyfire name:Ligny
/volleyfire-roster commander-add name:Blucher side:Prussians nation:Prussian player:alice
/volleyfire-roster unit-add name:Pomeranians side:Prussians type:infantry bases:6 player:alice
/volleyfire first side:Prussians
/map table width:72 depth:48
/map terrain kind:stream name:Brook shape:"0,10 72,10 72,12 0,12"
/map place unit:Blucher at:"14,4" frontage:1 depth:1
/map place unit:Pomeranians at:"20,8" facing:E frontage:6 depth:1
/turn new
@alice /volleyfire activate unit:Pomeranians commander:Blucher
@alice /volleyfire move unit:Pomeranians to:"20,11" via:"20,9"
@alice /volleyfire move unit:Pomeranians to:"20,10.5" via:"20,9" light:2
@alice /volleyfire move unit:Pomeranians to:"20,10.5" via:"20,9"
`, "Pomeranians")
	commandstest.Shows(t, "move", out,
		"Too far: that move costs 4\" and Pomeranians may move 3\" in one action.",
		"The map says otherwise than light:2: Pomeranians moves from 20,8 to 20,10.5 by way of 20,9, 2\" of open ground, 0.5\" of light terrain ×2, measured along the path of its centre (V4).",
		"Pomeranians now stands at 20,10.5 facing N")
	want := tabletop.Unit{Name: "Pomeranians", At: tabletop.Point{20, 10.5}, Facing: 0, Width: 6, Depth: 1}
	if u != want {
		t.Errorf("after the move the Pomeranians stand %+v, want %+v", u, want)
	}
}

// crimeaAlma is a Crimean battle on a map, the Allied left wing's card up
// (with the seed, the third): heavy infantry lines move 8" with the
// brigade's modifier, at best +4" (C6).
const crimeaAlma = `
/game start ruleset:crimea name:Alma
/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing" player:alice
/crimea officer-add name:Menshikov side:Russian rank:"wing commander" wing:"right wing" player:bob
/crimea unit-add name:"Light Division" nationality:British type:"heavy infantry" stands:6 officer:Raglan
/crimea allowance row:"heavy infantry lines" inches:8
/map table width:72 depth:48
/map place unit:Raglan at:"30,17" frontage:1 depth:1
/map place unit:"Light Division" at:"30,20" facing:N frontage:6 depth:1
/turn new
/turn next
/turn next
/turn next
`

// TestCrimeaMoveIsMeasured: the Light Division at 30,20 moves along the
// path of its centre (C6). To 30,33, 13", is beyond the best 8" + 4" and
// refused before anything is rolled; far: the map contradicts (Raglan
// stands 2" off, C3) is refused; by way of 30,22 to 36,30 is 2" north and
// 10" on a 6-8-10 triangle, 12": the brigade rolls 71, add 2", and the
// division goes its 10" along it, 2" north and 8" up the last leg, to
// 30 + 0.6×8, 22 + 0.8×8, facing that way (atan(6/8) = 37°), not east.
// With the roll made, the Highland Brigade's 11" to 40,31 is refused
// against the 10" it gave, and 6" to 40,26 goes the whole way and faces east.
func TestCrimeaMoveIsMeasured(t *testing.T) {
	out, ld := charged(t, crimeaAlma+`
/crimea unit-add name:"Highland Brigade" nationality:British type:"heavy infantry" stands:6 officer:Raglan
/map place unit:"Highland Brigade" at:"40,20" facing:N frontage:6 depth:1
@alice /crimea move unit:"Light Division" to:"30,33"
@alice /crimea move unit:"Light Division" to:"36,30" via:"30,22" far:true
@alice /crimea move unit:"Light Division" to:"36,30" via:"30,22" facing:E
@alice /crimea move unit:"Highland Brigade" to:"40,31"
@alice /crimea move unit:"Highland Brigade" to:"40,26" facing:E
`, "Light Division")
	commandstest.Shows(t, "move", out,
		"Too far: that path is 13\" and Light Division moves at most 12\" this turn (heavy infantry lines 8\", at best add 4\"): nothing is rolled (C6).",
		"The map says otherwise than far:true",
		"Light Division moves up to 10\" (heavy infantry lines 8\", add 2\"). The path is 12\" and Light Division moves 10\": it goes its whole move along it and stops there.",
		"Light Division moves 12\" from 30,20 to 36,30 by way of 30,22, measured along the path of its centre (C6)",
		"Light Division's move this turn is 10\": it stops 2\" short of 36,30; Light Division now stands at 34.8,28.4 facing 37°",
		"Too far: that path is 11\" and Highland Brigade moves 10\" this turn (the modifier for Raglan's brigade was rolled earlier this turn).",
		"Highland Brigade's move this turn is 10\": it goes the whole path; Highland Brigade now stands at 40,26 facing E")
	want := tabletop.Unit{Name: "Light Division", At: tabletop.Point{34.8, 28.4}, Facing: math.Atan2(6, 8) * 180 / math.Pi, Width: 6, Depth: 1}
	if diff := cmp.Diff(want, ld, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
		t.Errorf("after its move the Light Division stands otherwise (-want +got):\n%s", diff)
	}
}

// TestCrimeaMoveWithoutAMap: a battle with no map refuses to:.
func TestCrimeaMoveWithoutAMap(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(seed))
	out := h.Console(t, "c1", "umpire", `/game start ruleset:crimea name:Alma
/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing" player:alice
/crimea unit-add name:"Light Division" nationality:British type:"heavy infantry" stands:6 officer:Raglan
@alice /crimea move unit:"Light Division" to:"30,33"
`)
	commandstest.Shows(t, "move", out,
		"This battle has no map: leave to:, via: and facing: out and give the move as round a table.")
}
