package mapcmd_test

import (
	"testing"

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
		"This battle has no map: give the move's distance in inches, or leave to:, via: and facing: out.",
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
