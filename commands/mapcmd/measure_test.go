package mapcmd_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
)

// seed deals Green Jackets' Sharpe the 6, so that he acts first.
const seed = 1

// measured plays script in the console on a fresh referee, as the umpire
// unless a line says otherwise, and returns what it printed.
func measured(t *testing.T, script string) string {
	t.Helper()
	h := commandstest.New(t, commandstest.Seed(seed))
	return h.Console(t, "c1", "umpire", strings.TrimSpace(script)+"\n")
}

// TestFiring2007FireIsMeasured: the distance is the gap between the bases, a
// distance typed that the map contradicts is refused naming the measured
// one, the wood hides a base behind it, and a friend stepping into the gun's
// arc takes its canister away (F3a); off a map the distance is asked for.
func TestFiring2007FireIsMeasured(t *testing.T) {
	out := measured(t, `
/game start ruleset:firing2007 name:Minden
/firing2007 unit-add name:Foot type:british side:British strength:6 morale:8 player:alice
/firing2007 unit-add name:Guns type:light-gun side:British strength:3 morale:7 player:alice
/firing2007 unit-add name:Light type:line side:British strength:4 morale:7 player:alice
/firing2007 unit-add name:Grenadiers type:line side:French strength:6 morale:7 player:bob
/firing2007 unit-add name:Picardie type:line side:French strength:6 morale:7 player:bob
/firing2007 fire firer:Guns target:Picardie
/map table width:72 depth:48
/map terrain kind:wood name:"Minden Heath" shape:"30,20 40,20 40,30 30,30"
/map place unit:Foot at:"20,25" facing:E frontage:4 depth:1
/map place unit:Guns at:"20,10" facing:E frontage:2 depth:2
/map place unit:Grenadiers at:"50,25" facing:W frontage:4 depth:1
/map place unit:Picardie at:"30,10" facing:W frontage:4 depth:1
/turn new
@alice /firing2007 fire firer:Foot target:Grenadiers
@alice /firing2007 fire firer:Guns target:Picardie distance:12
@alice /firing2007 fire firer:Guns target:Picardie
/map place unit:Light at:"24,13" facing:E frontage:1 depth:2
@alice /firing2007 fire firer:Guns target:Picardie friendly-in-arc:false
@alice /firing2007 fire firer:Guns target:Picardie
`)
	commandstest.Shows(t, "fire", out,
		"Give distance: in inches",
		"The whole of Grenadiers's base is not visible from Foot: Minden Heath is in the way.",
		// The guns' front at x=21, Picardie's side at x=29.5: 8.5".
		"The map says otherwise than distance:12: 8.5\" from Guns to Picardie",
		"Fire: Guns at Picardie, 8.5\"",
		"+1 canister",
		"8.5\" from Guns to Picardie, between the nearest points of their footprints; Picardie is in the open.",
		"The map says otherwise than friendly-in-arc:false: a friendly unit stands in Guns's arc of fire (F3a).",
		"F3a note (a) forbids canister, not fire")
}

// TestVolleyfireShootIsMeasured: the command distance, the range, the
// shooter's height on a hill and the target's cover come from the map; a
// forest between them refuses the shot.
func TestVolleyfireShootIsMeasured(t *testing.T) {
	out := measured(t, `
/game start ruleset:volleyfire name:Ligny
/volleyfire-roster commander-add name:Blucher side:Prussians nation:Prussian player:alice
/volleyfire-roster commander-add name:Gerard side:French nation:French player:bob
/volleyfire-roster unit-add name:Pomeranians side:Prussians type:infantry bases:6 player:alice
/volleyfire-roster unit-add name:Ligne side:French type:infantry bases:6 player:bob
/volleyfire-roster unit-add name:Legere side:French type:infantry bases:6 player:bob
/volleyfire first side:Prussians
/map table width:72 depth:48
/map terrain kind:hill name:Ridge shape:"10,0 30,0 30,12 10,12" height:2
/map terrain kind:swamp name:Fen shape:"10,20 30,20 30,30 10,30"
/map terrain kind:forest name:Wood shape:"40,0 50,0 50,48 40,48"
/map place unit:Blucher at:"14,4"
/map place unit:Pomeranians at:"20,8" facing:N frontage:6 depth:1
/map place unit:Gerard at:"60,40"
/map place unit:Ligne at:"20,25" facing:S frontage:6 depth:1
/map place unit:Legere at:"60,8" facing:W frontage:6 depth:1
/turn new
@alice /volleyfire activate unit:Pomeranians commander:Blucher distance:10
@alice /volleyfire activate unit:Pomeranians commander:Blucher
@alice /volleyfire shoot unit:Pomeranians target:Legere
@alice /volleyfire shoot unit:Pomeranians target:Ligne cover:false
@alice /volleyfire shoot unit:Pomeranians target:Ligne
`)
	commandstest.Shows(t, "shoot", out,
		// Blucher's base (13.5–14.5, 3.5–4.5) to the line's corner (17, 7.5): √(2.5² + 3²).
		"The map says otherwise than distance:10: 3.9\" from Blucher to Pomeranians",
		"3.9\" from Blucher to Pomeranians, between the nearest points of their footprints.",
		"Pomeranians cannot see Legere: Wood is in the way.",
		"The map says otherwise than cover:false: Ligne has cover from Fen.",
		// The line's front at y=8.5, the Ligne's at y=24.5: 16".
		"Shooting: Pomeranians at Ligne, 16\"",
		"Pomeranians stands 2\" above the table, 2\" more range; Ligne has cover from Fen.")
}

// TestGreenJacketsSpottingIsMeasured: an officer cannot observe through a
// wood (G6); the range and the cover of a section behind a hedge come from
// the map, for spotting and for fire alike.
func TestGreenJacketsSpottingIsMeasured(t *testing.T) {
	out := measured(t, greenJacketsSkirmish+`
@alice /greenjackets observe officer:Sharpe target:Grenadiers
@alice /greenjackets observe officer:Sharpe target:Voltigeurs range:20
@alice /greenjackets observe officer:Sharpe target:Voltigeurs
@alice /greenjackets fire squad:Rifles target:Voltigeurs cover:hard
@alice /greenjackets fire squad:Rifles target:Voltigeurs
`)
	commandstest.Shows(t, "observe", out,
		"Sharpe cannot see Grenadiers: Copse is in the way.",
		// Sharpe's 1" base ends at y=8.5, the Voltigeurs' begins at y=35.5: 27".
		"The map says otherwise than range:20: 27\" from Sharpe to Voltigeurs",
		"Observation: Sharpe looks for Voltigeurs at 27\"",
		"Voltigeurs has soft cover from Hedge",
		"The map says otherwise than cover:hard: Voltigeurs has soft cover from Hedge.",
		"−2 soft cover")
}

// TestGreenJacketsFiguresRangesAreMeasured: a figure placed apart from his
// squad fires at his own range (section 7: each figure's range measured on
// its own), and ranges: typed that the map contradicts is refused naming it.
func TestGreenJacketsFiguresRangesAreMeasured(t *testing.T) {
	out := measured(t, greenJacketsSkirmish+`
/map place unit:Harris at:"16,30"
@alice /greenjackets observe officer:Sharpe target:Voltigeurs
@alice /greenjackets fire squad:Rifles target:Voltigeurs ranges:"25, 25"
@alice /greenjackets fire squad:Rifles target:Voltigeurs ranges:"6, 25"
`)
	commandstest.Shows(t, "fire", out,
		// Harris's corner (15.5,30.5) to the Voltigeurs' (11.5,35.5): √(4² + 5²) = 6.4.
		"The map says otherwise than the ranges: typed: Harris stands 6.4\" from Voltigeurs, not 25\".",
		"Harris fires from where he stands apart: 6.4\" from Harris to Voltigeurs, between the nearest points of their footprints",
		"Fire: Rifles at Voltigeurs")
}

// greenJacketsSkirmish is a Green Jackets battle on a map, Sharpe to act:
// the Rifles 25" from the Voltigeurs behind a hedge, the Grenadiers behind a
// copse.
const greenJacketsSkirmish = `
/game start ruleset:greenjackets name:Skirmish
/greenjackets roster character name:Sharpe rank:officer side:British nation:british quality:veteran player:alice
/greenjackets roster character name:Leclerc rank:officer side:French nation:french quality:trained player:bob
/greenjackets roster squad name:Rifles officer:Sharpe arm:infantry quality:veteran weapon:rifle melee:sword figures:"Harris, Hagman"
/greenjackets roster squad name:Voltigeurs officer:Leclerc arm:infantry quality:trained weapon:musket melee:bayonet figures:"Dubois, Martin"
/greenjackets roster squad name:Grenadiers officer:Leclerc arm:infantry quality:trained weapon:musket melee:bayonet figures:"Roux, Morel"
/map table width:48 depth:48
/map terrain kind:wood name:Copse shape:"20,20 30,20 30,30 20,30"
/map terrain kind:hedge name:Hedge shape:"0,35 20,35"
/map place unit:Sharpe at:"12,8"
/map place unit:Rifles at:"10,10" frontage:3 depth:1
/map place unit:Voltigeurs at:"10,36" frontage:3 depth:1
/map place unit:Leclerc at:"40,40"
/map place unit:Grenadiers at:"25,40" frontage:3 depth:1
/turn new
/turn next
@alice /act
`

// TestCrimeaFireAndCombatAreMeasured: a wood hides a target from fire; a
// unit 19" from its officer is far (C3); a close combat out of contact is
// refused with the gap, and in contact a defender on a hill is attacked
// uphill (C8); saying otherwise is refused.
func TestCrimeaFireAndCombatAreMeasured(t *testing.T) {
	out := measured(t, `
/game start ruleset:crimea name:Alma
/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing" player:alice
/crimea officer-add name:Menshikov side:Russian rank:"wing commander" wing:"right wing" player:bob
/crimea unit-add name:Light nationality:British type:"heavy infantry" stands:6 officer:Raglan
/crimea unit-add name:Vladimir nationality:Russian type:"heavy infantry" stands:8 officer:Menshikov
/crimea unit-add name:Kazan nationality:Russian type:"heavy infantry" stands:8 officer:Menshikov
/map table width:72 depth:48
/map terrain kind:hill name:Kourgane shape:"20,33 50,33 50,48 20,48" height:1
/map terrain kind:wood name:Vineyards shape:"0,14 16,14 16,22 0,22"
/map place unit:Light at:"30,20" frontage:6 depth:1
/map place unit:Vladimir at:"30,34" frontage:4 depth:2
/map place unit:Kazan at:"5,10" frontage:6 depth:1
/map place unit:Raglan at:"30,0"
/crimea allowance row:"heavy infantry lines" inches:8
/crimea fire unit:Light target:Kazan
/crimea move unit:Light far:false
/crimea combat attacker:Light defender:Vladimir
/map place unit:Light at:"30,32.5" frontage:6 depth:1
/crimea combat attacker:Light defender:Vladimir uphill:false
/crimea combat attacker:Light defender:Vladimir
`)
	commandstest.Shows(t, "fire and combat", out,
		"Light cannot see Kazan: Vineyards is in the way.",
		// Raglan's 1" base ends at y=0.5, the Light's begins at y=19.5: 19".
		"The map says otherwise than far:false: 19\" from Raglan to Light, between the nearest points of their footprints: more than 18\", two orders (C3).",
		// The Light's front at y=20.5, the Vladimir's back at y=33.
		"Light is not in contact with Vladimir: 12.5\" apart on the map. Close combat follows a charge that reaches (C8): charge with /crimea move charge: first.",
		// The Light's front on the Vladimir's back at y=33, the foot of the hill.
		"The map says otherwise than uphill:false: Light attacks uphill: Vladimir stands on higher ground.",
		"Close combat: Light attacks Vladimir",
		"Light attacks uphill: Vladimir stands on higher ground.")
}

// volleyfireLines is a Volleyfire! battle on a map: the Pomeranians 2" from
// the Ligne, front to front, and about 7" from the Legere at their right.
const volleyfireLines = `
/game start ruleset:volleyfire name:Ligny
/volleyfire-roster commander-add name:Blucher side:Prussians nation:Prussian player:alice
/volleyfire-roster commander-add name:Gerard side:French nation:French player:bob
/volleyfire-roster unit-add name:Pomeranians side:Prussians type:infantry bases:6 player:alice
/volleyfire-roster unit-add name:Ligne side:French type:infantry bases:6 player:bob
/volleyfire-roster unit-add name:Legere side:French type:infantry bases:6 player:bob
/volleyfire first side:Prussians
/map table width:72 depth:48
/map place unit:Blucher at:"14,4"
/map place unit:Pomeranians at:"20,8" facing:N frontage:6 depth:1
/map place unit:Gerard at:"60,40"
/map place unit:Legere at:"30,14" facing:W frontage:6 depth:1
/turn new
`

// TestVolleyfireClosestIsMeasured: out of command a unit may only shoot at
// the closest enemy (V3); on a map the referee knows which that is, refuses
// another target naming it, and refuses closest:true typed for another.
// In command it may shoot at any enemy it sees, and the ruling says nothing
// of the closest.
func TestVolleyfireClosestIsMeasured(t *testing.T) {
	in := measured(t, volleyfireLines+`
/map place unit:Ligne at:"20,25" facing:S frontage:6 depth:1
@alice /volleyfire activate unit:Pomeranians commander:Blucher
@alice /volleyfire shoot unit:Pomeranians target:Ligne closest:true
`)
	commandstest.Shows(t, "shoot in command", in,
		// The line's front at y=8.5, the Ligne's at y=24.5: 16", the Legere nearer.
		"Shooting: Pomeranians at Ligne, 16\"",
		"16\" from Pomeranians to Ligne, between the nearest points of their footprints; Ligne is in the open.")
	if strings.Contains(in, "closest enemy") || strings.Contains(in, "The map says otherwise") {
		t.Errorf("in command the ruling speaks of the closest enemy (V3 binds only a unit out of command):\n%s", in)
	}

	out := measured(t, volleyfireLines+`
/map place unit:Ligne at:"20,25" facing:S frontage:6 depth:1
@alice /volleyfire activate unit:Pomeranians commander:none
@alice /volleyfire shoot unit:Pomeranians target:Ligne
@alice /volleyfire shoot unit:Pomeranians target:Ligne closest:true
@alice /volleyfire shoot unit:Pomeranians target:Legere bases:1
`)
	commandstest.Shows(t, "shoot", out,
		"Pomeranians is out of command: it may only shoot at the closest enemy, and on the map that is Legere, not Ligne.",
		// The Pomeranians' corner (23,8.5) to the Legere's (29.5,11): √(6.5² + 2.5²) = 6.96.
		"The map says otherwise than closest:true: Ligne is not the closest enemy Pomeranians sees: Legere is, 7\" off (V3).",
		"Shooting: Pomeranians at Legere, 7\"",
		"Legere is the closest enemy Pomeranians sees (V3)")
}

// TestVolleyfireChargeIsMeasured: the inches charged and the side struck
// come from the map; a charge beyond the allowance falls short, and a typed
// distance or side the map contradicts is refused naming the measure.
func TestVolleyfireChargeIsMeasured(t *testing.T) {
	out := measured(t, volleyfireLines+`
/map place unit:Ligne at:"20,11" facing:S frontage:6 depth:1
@alice /volleyfire activate unit:Pomeranians commander:Blucher
@alice /volleyfire charge unit:Pomeranians target:Legere
@alice /volleyfire charge unit:Pomeranians target:Ligne open:5
@alice /volleyfire charge unit:Pomeranians target:Ligne facing:rear
@alice /volleyfire charge unit:Pomeranians target:Ligne
`)
	commandstest.Shows(t, "charge", out,
		"Too far: that move costs 7\" and Pomeranians may move 3\" in one action. The charge falls short: nothing was done.",
		// The Pomeranians' front at y=8.5, the Ligne's at y=10.5.
		"The map says otherwise than open:5: Pomeranians charges 2\" of open ground to Ligne, between the nearest points of their footprints (V4).",
		"The map says otherwise than facing:rear: Pomeranians strikes Ligne's front: it stands within 45° of its front.",
		"Charge: Pomeranians at Ligne",
		"Pomeranians charges 2\" of open ground to Ligne, between the nearest points of their footprints (V4); Pomeranians strikes Ligne's front")
}

// TestGreenJacketsLookingAboutIsMeasured: under fog of war Sharpe, naming no
// target, looks about the table (G6): of Leclerc's hidden section the
// Voltigeurs are what he may see (the copse hides the Grenadiers and
// Leclerc), 27" off behind the hedge, soft cover, a 12 or under on the d20
// to spot; what the table measures is not typed.
func TestGreenJacketsLookingAboutIsMeasured(t *testing.T) {
	hidden := strings.Replace(strings.Replace(greenJacketsSkirmish, "/game start ruleset:greenjackets name:Skirmish",
		"/game start ruleset:greenjackets name:Skirmish\n/game settings fog:on", 1),
		"quality:trained player:bob", "quality:trained player:bob hidden:true", 1)
	out := measured(t, hidden+`
@alice /greenjackets observe officer:Sharpe range:20
@alice /greenjackets observe officer:Sharpe
@alice /greenjackets fire squad:Rifles target:Voltigeurs
`)
	commandstest.Shows(t, "observe", out,
		"Leave out range:, or name a target:.",
		"Observation: Sharpe looks about",
		// Sharpe's base ends at y=8.5, the Voltigeurs' begins at y=35.5: 27"; the d20 rolls 5.
		`Voltigeurs, 27" off, need ≤ 12 → spotted`,
		`Spotted: Sharpe sees Leclerc's section (Voltigeurs, 27" off).`,
		"Fire: Rifles at Voltigeurs")
}

// TestGreenJacketsContactIsMeasured: contact (G6: it spots without a roll) is
// whether a footprint of the officer's section touches the target's: typed
// where none does, it is refused; the Rifles' front edge (y=35.5) on the
// Voltigeurs' makes it.
func TestGreenJacketsContactIsMeasured(t *testing.T) {
	out := measured(t, greenJacketsSkirmish+`
@alice /greenjackets observe officer:Sharpe target:Voltigeurs contact:true
/map place unit:Rifles at:"10,35" frontage:3 depth:1
@alice /greenjackets observe officer:Sharpe target:Voltigeurs
`)
	commandstest.Shows(t, "observe", out,
		"The map says otherwise than contact:true: no one of Sharpe's section on the table touches Voltigeurs.",
		"Sharpe's section touches Voltigeurs: contact spots (G6)",
		"Spotted: contact spots automatically.")
}

// TestGreenJacketsLookingAboutNeedsTheOfficerOnTheTable: an officer not on
// the table cannot look about it; his observation asks for its range.
func TestGreenJacketsLookingAboutNeedsTheOfficerOnTheTable(t *testing.T) {
	out := measured(t, greenJacketsSkirmish+`
/map remove name:Sharpe
@alice /greenjackets observe officer:Sharpe
`)
	commandstest.Shows(t, "observe", out, "Give range: in inches")
}
