package volleyfire_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Formation changes, limbering, rifles' two reload actions, a rear charge, a
// charge that is fought with /volleyfire fight, a break-away, and a house rule.
func TestRosterActions(t *testing.T) {
	h := newHarness(t, 3)
	setup(h)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Battery", "side", "Allies", "type", "artillery", "formation", "unlimbered",
		"nation", "Portuguese", "player", bob)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Lanciers", "side", "French", "type", "cavalry", "bases", int64(4),
		"special", "ulhans", "nation", "Polish", "player", carol)
	h.OK(umpire, "game house-rule", "name", vf.HouseSquareMove, "value", "none")
	h.OK(umpire, "volleyfire first", "side", "Allies")
	h.OK(umpire, "turn new")
	if b := h.board(); b.Turn.Order[0] != "Allies" {
		t.Fatalf("umpire's choice ignored: %v", b.Turn.Order)
	}

	// Allies: the battery limbers and moves 4" (Portuguese).
	h.OK(bob, "volleyfire activate", "unit", "Battery", "commander", "Wellesley", "distance", 10.0)
	h.Refused("Artillery limbers", bob, "volleyfire formation", "unit", "Battery", "to", "column")
	h.Refused("unlimbered", bob, "volleyfire move", "unit", "Battery", "open", 3.0)
	h.OK(bob, "volleyfire formation", "unit", "Battery", "to", "limbered")
	r := commandstest.Ruling(t, h.OK(bob, "volleyfire move", "unit", "Battery", "open", 4.0))
	if !strings.Contains(r.Result, "4\" of its 4\"") {
		t.Errorf("Portuguese battery move: %s", r.Result)
	}

	// French: the ulhans charge the rifles in the rear: destroyed.
	h.OK(carol, "volleyfire activate", "unit", "Lanciers", "commander", "Victor", "distance", 5.0)
	resp := h.OK(carol, "volleyfire charge", "unit", "Lanciers", "target", "Rifles", "facing", "rear")
	if u := h.unit("Rifles"); u.Gone != "destroyed" || u.Bases != 0 || !strings.Contains(commandstest.Text(resp), "charged from behind") {
		t.Errorf("rear charge: %+v\n%s", u, commandstest.Text(resp))
	}
	h.OK(carol, "volleyfire done", "unit", "Lanciers")

	// Allies: 1st Foot forms square; with square-move=none it cannot move.
	h.OK(bob, "volleyfire activate", "unit", "1st Foot")
	h.OK(bob, "volleyfire formation", "unit", "1st Foot", "to", "square")
	h.Refused("square cannot move", bob, "volleyfire move", "unit", "1st Foot", "open", 1.0)
	h.OK(bob, "volleyfire done")

	// French: the hussars charge the square in the flank.
	h.OK(carol, "volleyfire activate", "unit", "Hussards", "commander", "Victor", "distance", 5.0)
	resp = h.OK(carol, "volleyfire charge", "unit", "Hussards", "target", "1st Foot", "facing", "flank", "side-bases", int64(3))
	if !strings.Contains(commandstest.Text(resp), "no mounted rerolls") {
		t.Errorf("cavalry charging a square:\n%s", commandstest.Text(resp))
	}
	h.OK(carol, "volleyfire done")
	// 4e Ligne, the French's last unit, shoots and reloads; the Allies have none left.
	h.OK(carol, "volleyfire activate", "unit", "4e Ligne", "commander", "Victor", "distance", 5.0)
	h.Refused("Combats are fought after all activations", carol, "volleyfire fight", "unit", "Hussards")
	h.OK(carol, "volleyfire shoot", "unit", "4e Ligne", "target", "Battery", "range", 12.0)
	h.OK(carol, "volleyfire reload", "unit", "4e Ligne")
	if b := h.board(); b.Turn.Phase != vf.Combats {
		t.Fatalf("phase = %s, want combat", b.Turn.Phase)
	}
	h.Refused("Only the umpire or a player with a unit in this combat", interaction.User{ID: "p9", Name: "Dave"}, "volleyfire fight", "unit", "Hussards")
	fr := commandstest.Ruling(t, h.OK(bob, "volleyfire fight", "unit", "1st Foot"))
	var defDice int
	for _, s := range fr.Steps {
		if s.Table == "combat" && strings.HasPrefix(s.What, "1st Foot") {
			defDice = len(s.Roll.Faces)
		}
	}
	if defDice != 3 || !hasReadingID(fr, "V2") {
		t.Errorf("flank fight: 1st Foot rolled %d dice, readings %v", defDice, fr.Readings)
	}
	h.Refused("has been fought this turn", bob, "volleyfire fight", "unit", "1st Foot")
	h.OK(umpire, "turn next")

	// Turn 2: break away.
	h.OK(umpire, "volleyfire first", "side", "Allies")
	h.OK(umpire, "turn new")
	b := h.board()
	if len(b.Combats) == 1 {
		h.OK(bob, "volleyfire activate", "unit", "1st Foot")
		h.OK(bob, "volleyfire breakaway", "unit", "1st Foot")
		if len(h.board().Combats) != 0 {
			t.Errorf("combat remains after breaking away")
		}
		h.Refused("not in combat", bob, "volleyfire breakaway", "unit", "1st Foot")
	}
}

// Rifles take two reload actions, which may span turns.
func TestRifleReload(t *testing.T) {
	h := newHarness(t, 5)
	setup(h)
	h.OK(umpire, "volleyfire-roster unit-set", "unit", "Rifles", "loaded", false)
	h.OK(umpire, "volleyfire first", "side", "Allies")
	h.OK(umpire, "turn new")
	h.OK(bob, "volleyfire activate", "unit", "Rifles", "commander", "Wellesley", "distance", 3.0)
	r := h.OK(bob, "volleyfire reload", "unit", "Rifles")
	if u := h.unit("Rifles"); u.Loaded || u.Reloading != 1 || !strings.Contains(commandstest.Text(r), "1 of 2") {
		t.Errorf("one reload action: %+v\n%s", u, commandstest.Text(r))
	}
	h.OK(bob, "volleyfire reload", "unit", "Rifles")
	if u := h.unit("Rifles"); !u.Loaded || u.Reloading != 0 {
		t.Errorf("two reload actions: %+v", u)
	}
	h.Refused("never need reloading", carol, "volleyfire reload", "unit", "Hussards")
}

// Quick rulings without a battle: every factor as an option, nothing stored.
func TestQuickRulings(t *testing.T) {
	h := newHarness(t, 6)
	q := func(path string, opts ...any) string {
		t.Helper()
		r := h.In("c2", bob, path, opts...)
		if commandstest.IsRefusal(r) {
			t.Fatalf("%s refused: %s", path, commandstest.Text(r))
		}
		if !strings.Contains(commandstest.Text(r), "quick ruling, not logged") {
			t.Errorf("%s footer:\n%s", path, commandstest.Text(r))
		}
		return commandstest.Text(h.Detailed("c2", bob, r)) // the working, after one tap
	}
	if s := q("volleyfire shoot", "range", 12.0, "bases", int64(4), "nation", "Spanish", "target-bases", int64(6)); !strings.Contains(s, "Spanish 4+") {
		t.Errorf("Spanish at moderate:\n%s", s)
	}
	if s := q("volleyfire shoot", "range", 22.0, "elevation", 2.0, "bases", int64(2), "target-bases", int64(6)); !strings.Contains(s, "+2\" elevation, long") {
		t.Errorf("elevation:\n%s", s)
	}
	if s := q("volleyfire shoot", "range", 40.0, "weapon", "cannon", "target-bases", int64(5), "target-formation", "skirmish"); !strings.Contains(s, "scatters") {
		t.Errorf("cannon:\n%s", s)
	}
	if s := q("volleyfire fight", "c-type", "cavalry", "c-bases", int64(4), "c-special", "ulhans", "d-type", "infantry",
		"d-bases", int64(6), "d-nation", "Russian"); !strings.Contains(s, "+5 charging") || !strings.Contains(s, "Russians") {
		t.Errorf("ulhans against Russians:\n%s", s)
	}
	if s := q("volleyfire move", "type", "cavalry", "special", "dragoons", "nation", "Prussian", "open", 7.0); !strings.Contains(s, "7\" of its 7\"") {
		t.Errorf("Prussian dragoons:\n%s", s)
	}
	if s := q("volleyfire activate", "distance", 24.0, "nation", "French"); !strings.Contains(s, "in command") {
		t.Errorf("French command:\n%s", s)
	}
	if s := commandstest.Text(h.In("c2", bob, "volleyfire reload", "weapon", "rifle")); !strings.Contains(s, "takes 2 actions") {
		t.Errorf("rifle reload:\n%s", s)
	}
	if r := h.In("c2", bob, "volleyfire formation", "to", "square", "type", "cavalry"); !commandstest.IsRefusal(r) {
		t.Errorf("cavalry square allowed:\n%s", commandstest.Text(r))
	}
	if r := h.In("c2", bob, "volleyfire shoot", "range", 8.0); !commandstest.IsRefusal(r) || !strings.Contains(commandstest.Text(r), "bases") {
		t.Errorf("quick shot without bases:\n%s", commandstest.Text(r))
	}
	if r := h.In("c2", bob, "volleyfire charge", "unit", "A", "target", "B"); !commandstest.IsRefusal(r) || !strings.Contains(commandstest.Text(r), "no battle") {
		t.Errorf("charge without a battle:\n%s", commandstest.Text(r))
	}
}

// The umpire's /turn next never skips a side due: with no unit activated,
// the side's first unit due holds, its activation spent without an action,
// and the other side activates (V3: players switch off activations until
// all units capable have taken actions); then the combats, then the turn
// ends.
func TestHold(t *testing.T) {
	h := newHarness(t, 7)
	setup(h)
	h.OK(umpire, "volleyfire first", "side", "Allies")
	h.OK(umpire, "turn new")
	h.Refused("Only the umpire", bob, "turn next")
	if s := commandstest.Text(h.OK(umpire, "turn next")); !strings.Contains(s, "1st Foot holds: its activation is spent") || !strings.Contains(s, "The **French** side activates now") {
		t.Errorf("hold:\n%s", s)
	}
	h.Refused("already acted", bob, "volleyfire activate", "unit", "1st Foot")
	h.OK(carol, "volleyfire activate", "unit", "Hussards", "commander", "Victor", "distance", 1.0)
	h.OK(carol, "volleyfire done")
	h.OK(bob, "volleyfire activate", "unit", "Rifles", "commander", "none")
	h.OK(bob, "volleyfire done")
	h.OK(carol, "volleyfire activate", "unit", "4e Ligne", "commander", "Victor", "distance", 1.0)
	h.OK(carol, "volleyfire done")
	if b := h.board(); b.Turn.Phase != vf.Combats || !b.Turn.Spent["1st Foot"] {
		t.Errorf("after every unit has acted: %+v", b.Turn)
	}
	if s := commandstest.Text(h.OK(umpire, "turn next")); !strings.Contains(s, "No combats to fight. **Turn 1 is over.**") {
		t.Errorf("end of turn:\n%s", s)
	}
}

// A command base standing alone may be shot at; one that has joined a unit may not (V8).
func TestShootCommandBase(t *testing.T) {
	h := newHarness(t, 8)
	setup(h)
	h.OK(umpire, "volleyfire first", "side", "French")
	h.OK(umpire, "turn new")
	h.OK(carol, "volleyfire activate", "unit", "4e Ligne", "commander", "Victor", "distance", 2.0)
	h.Refused("cannot be targeted on its own", carol, "volleyfire shoot", "unit", "4e Ligne", "target", "Wellesley", "range", 6.0)
	h.Refused("your own side", carol, "volleyfire shoot", "unit", "4e Ligne", "target", "Victor", "range", 6.0)
	h.OK(carol, "volleyfire done")
	h.OK(bob, "volleyfire activate", "unit", "1st Foot")
	r := commandstest.Ruling(t, h.OK(bob, "volleyfire shoot", "unit", "1st Foot", "target", "Victor", "range", 3.0))
	lost := destroyedIn(r, 1) == 1
	if got := h.board().Commanders[1].Lost; got != lost {
		t.Errorf("Victor lost = %v, ruling says %v: %s", got, lost, r.Result)
	}
}
