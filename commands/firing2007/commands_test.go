package firing2007_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/firing2007"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// The umpire keeps the roster; players cannot change it.
func TestRoster(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	b := h.board()
	if len(b.Units) != 4 || len(b.Generals) != 2 {
		t.Fatalf("roster %+v", b)
	}
	u := h.unit("42nd")
	if u.Strength != 6 || u.Start != 6 || u.Morale != 7 || u.Player != bob.ID || u.Formation != "line" || u.Cover != "none" {
		t.Errorf("42nd = %+v", u)
	}
	if g := h.general("Abercromby"); g.With != u.ID || len(g.Chain) != 2 {
		t.Errorf("Abercromby = %+v", g)
	}
	commandstest.Expect(t, "player adds", h.Do(bob, "firing2007 unit-add", "name", "Mine", "type", "line", "side", "British", "strength", int64(6), "morale", int64(6)),
		true, "Only the umpire (Amherst) can change the roster.")
	commandstest.Expect(t, "duplicate", h.Do(umpire, "firing2007 unit-add", "name", "42ND", "type", "line", "side", "British", "strength", int64(6), "morale", int64(6)),
		true, "There is already a unit called **42ND**")
	commandstest.Expect(t, "comma", h.Do(umpire, "firing2007 unit-add", "name", "A, B", "type", "line", "side", "British", "strength", int64(6), "morale", int64(6)),
		true, "can't contain a comma")
	commandstest.Expect(t, "unknown unit", h.Do(umpire, "firing2007 unit-set", "name", "Black Watch", "shaken", true),
		true, "No Black Watch on the roster.")
	commandstest.Expect(t, "unit-set", h.Do(umpire, "firing2007 unit-set", "name", "rangers", "formation", "column", "cover", "soft", "shaken", true),
		false, "**Rangers**: in column, in woods or soft cover, shaken.")
	if u := h.unit("Rangers"); u.Formation != "column" || u.Cover != "soft" || !u.Shaken {
		t.Errorf("Rangers after unit-set = %+v", u)
	}
	commandstest.Expect(t, "nothing to change", h.Do(umpire, "firing2007 unit-set", "name", "Rangers", "shaken", true), true, "Nothing changed")
	commandstest.Expect(t, "general-set", h.Do(umpire, "firing2007 general-set", "name", "Abercromby", "with", "none", "wounds", int64(1)),
		false, "Now: General **Abercromby**, light wound (½ speed); commands 42nd, Rangers")
	commandstest.Expect(t, "unit-remove", h.Do(umpire, "firing2007 unit-remove", "name", "Rangers"),
		false, "Removed **Rangers** from the roster. It is also gone from the command of General Abercromby.")
	if g := h.general("Abercromby"); len(g.Chain) != 1 {
		t.Errorf("Abercromby's chain after removing the Rangers = %v", g.Chain)
	}
	commandstest.Expect(t, "general-remove", h.Do(umpire, "firing2007 general-remove", "name", "Montcalm"), false, "Removed General **Montcalm**")
	commandstest.Expect(t, "roster", h.Do(bob, "firing2007 roster"), false, "**42nd** — British close order infantry, 6/6 SP, morale 7 · Bob")
}

// Against the roster: the firer's commander or the umpire fires; the ruling's
// dice decide the loss and the shaken, and the roster follows them.
func TestFireAgainstRoster(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	h.Do(umpire, "turn new")
	commandstest.Expect(t, "not his", h.Do(bob, "firing2007 fire", "firer", "La Sarre", "target", "42nd", "distance", 5.0),
		true, "**La Sarre** is not yours to command: only Carol or the umpire can order it to fire.")
	commandstest.Expect(t, "own side", h.Do(bob, "firing2007 fire", "firer", "42nd", "target", "Rangers", "distance", 5.0),
		true, "are both on the British side")
	commandstest.Expect(t, "quick options with the roster", h.Do(bob, "firing2007 fire", "firer", "42nd", "target", "La Sarre", "distance", 5.0, "strength", int64(3)),
		true, "leave out `strength`")
	commandstest.Expect(t, "out of range", h.Do(bob, "firing2007 fire", "firer", "42nd", "target", "La Sarre", "distance", 7.0),
		true, `Out of range: all muskets reach 6" at most (short 0–6", medium NA, long NA); the target is 7" away.`)
	r := h.Do(umpire, "firing2007 fire", "firer", "Battery", "target", "42nd", "distance", 9.0, "friendly-in-arc", true)
	commandstest.Expect(t, "ball, not canister, with a friend in the arc", h.Detailed(h.Channel, umpire, r), false, "howitzers, short range 0–9\"", "**F3a** note (a) forbids canister, not fire")
	if mods := commandstest.Ruling(t, r).Steps[0].Modifiers; len(mods) != 0 {
		t.Errorf("a gun with a friend in its arc fires with %v, want no factor (no canister +1)", mods)
	}

	for i := range 6 {
		firer, target := "42nd", "La Sarre"
		who := bob
		if i%2 == 1 {
			firer, target, who = "La Sarre", "42nd", carol
		}
		before := h.unit(target)
		gens := map[string]firing2007.General{}
		for _, g := range h.board().Generals {
			gens[g.Name] = g
		}
		r := h.Do(who, "firing2007 fire", "firer", firer, "target", target, "distance", 6.0)
		if before.Strength == 0 {
			commandstest.Expect(t, "target spent", r, true, "has no strength points left to lose")
			continue
		}
		commandstest.Expect(t, "fire", r, false, "roll #", "Odds")
		rul := commandstest.Ruling(t, r)
		step := rul.Steps[0]
		score := step.Roll.Total + rules.Sum(step.Modifiers)
		after := h.unit(target)
		lost := before.Strength - after.Strength
		if (score >= 7) != (lost == 1) || lost < 0 || lost > 1 {
			t.Errorf("fire %d: score %d, strength %d → %d", i, score, before.Strength, after.Strength)
		}
		if after.Shaken != (before.Shaken || score > before.Morale) {
			t.Errorf("fire %d: score %d vs morale %d, shaken %v → %v", i, score, before.Morale, before.Shaken, after.Shaken)
		}
		if !h.unit(firer).Fired {
			t.Errorf("fire %d: %s not marked as fired", i, firer)
		}
		if lost == 0 && len(rul.Steps) != 1 {
			t.Errorf("fire %d: no loss, yet %d rolls", i, len(rul.Steps))
		}
		for _, s := range rul.Steps[1:] {
			name := strings.TrimPrefix(s.What, "Risk to General ")
			g, was := h.general(name), gens[name]
			switch s.Result {
			case "no effect":
				if g.LightWounds != was.LightWounds || g.Dead {
					t.Errorf("fire %d: %s unhurt, yet %+v", i, name, g)
				}
			case "light wound, moves at ½ speed", "second light wound: incapacitated, removed from play":
				if g.LightWounds != was.LightWounds+1 {
					t.Errorf("fire %d: %s wounded, yet %+v", i, name, g)
				}
			case "dead":
				if !g.Dead {
					t.Errorf("fire %d: %s killed, yet %+v", i, name, g)
				}
			}
		}
	}
	if got := h.board().Turn; got != 1 {
		t.Errorf("turn %d", got)
	}
}

// A general killed: his chain waits on the umpire, who shakes the units within
// 18" with a button or by name; a player cannot, and it is settled once.
func TestGeneralKilled(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	// Roll risk for fresh generals until one is killed (the battle's dice are
	// fixed by its seed, so this is the same every run).
	var killed interaction.Response
	for i := 0; i < 60 && killed.Public == nil; i++ {
		h.Do(umpire, "firing2007 general-set", "name", "Montcalm", "wounds", int64(0))
		r := h.Do(umpire, "firing2007 risk", "general", "Montcalm")
		commandstest.Expect(t, "risk", r, false, "Risk to General Montcalm")
		if h.general("Montcalm").Dead {
			killed = r
		}
	}
	if killed.Public == nil {
		t.Fatal("Montcalm survived 60 risk rolls")
	}
	commandstest.Expect(t, "killed", killed, false, "**General Montcalm is dead.** Umpire: which units of his chain of command — La Sarre, Battery — are within 18\"?",
		"(All 2 within 18\": shake them v1/firing2007/chain/", "(None within 18\" v1/firing2007/chain/")
	if len(h.board().Pending) != 1 {
		t.Fatalf("pending %+v", h.board().Pending)
	}
	all := killed.Public[0].Buttons[0].ID
	commandstest.Expect(t, "risk when dead", h.Do(umpire, "firing2007 risk", "general", "Montcalm"), true, "already out of play (dead)")
	commandstest.Expect(t, "player presses", h.Press(carol, all), true, "Only the umpire (Amherst) can settle General Montcalm's chain of command.")
	commandstest.Expect(t, "not in chain", h.Do(umpire, "firing2007 chain", "general", "Montcalm", "units", "42nd"), true, "**42nd** is not in General Montcalm's chain of command (La Sarre, Battery).")
	commandstest.Expect(t, "umpire presses", h.Press(umpire, all), false, "The death of General Montcalm", "**Shaken:** La Sarre, Battery")
	if !h.unit("La Sarre").Shaken || !h.unit("Battery").Shaken || len(h.board().Pending) != 0 {
		t.Errorf("after the chain: %+v", h.board())
	}
	commandstest.Expect(t, "pressed twice", h.Press(umpire, all), true, "already been settled")

	// By name, for a general the umpire marks dead himself.
	h.Do(umpire, "firing2007 general-set", "name", "Abercromby", "dead", true)
	commandstest.Expect(t, "chain by name", h.Do(umpire, "firing2007 chain", "general", "Abercromby", "units", "rangers"),
		false, "**Shaken:** Rangers", "**Not within 18\":** 42nd")
	if h.unit("42nd").Shaken || !h.unit("Rangers").Shaken {
		t.Errorf("chain by name shook the wrong units")
	}
}

// Quick rulings: every factor as an option, with or without a battle.
func TestQuickRulings(t *testing.T) {
	h := newHarness(t)
	r := h.In("c9", bob, "firing2007 fire", "distance", 20.0, "firer-type", "light-gun", "strength", int64(3),
		"cover", "soft", "morale", int64(6), "general", true)
	commandstest.Expect(t, "quick fire", h.Detailed("c9", bob, r), false, "Fire: Light gun at the target, 20\"", "−1 firing unit has 3 or 4 strength points",
		"−1 guns at medium range", "−1 target is in woods or soft cover", "quick ruling, not logged", "loses 1 strength point 17%", "shaken 17%", "The general: dead 1.4%")
	rul := commandstest.Ruling(t, r)
	if got := rul.Odds[0].P; math.Abs(got-6.0/36) > 1e-12 {
		t.Errorf("P(loss) at −3 = %v, want 6/36", got)
	}
	commandstest.Expect(t, "roster fire without a battle", h.In("c9", bob, "firing2007 fire", "distance", 5.0, "firer", "42nd", "target", "x"),
		true, "There is no battle in this channel, so no roster")
	commandstest.Expect(t, "no type", h.In("c9", bob, "firing2007 fire", "distance", 5.0), true, "give the firer's type (firer-type:)")
	commandstest.Expect(t, "no strength", h.In("c9", bob, "firing2007 fire", "distance", 5.0, "firer-type", "line"), true, "Give the line infantry's strength points")
	commandstest.Expect(t, "overhead muskets", h.In("c9", bob, "firing2007 fire", "distance", 30.0, "firer-type", "heavy-gun", "strength", int64(6), "over-friendly", 13.0),
		true, "the heavy gun is not firing to or from higher ground")
	r = h.In("c9", bob, "firing2007 fire", "distance", 30.0, "firer-type", "heavy-gun", "strength", int64(6), "over-friendly", 13.0, "higher-ground", true)
	commandstest.Expect(t, "overhead from higher ground", h.Detailed("c9", bob, r), false, "heavy guns, medium range 18–36\"", "−1 guns at medium range")
	commandstest.Expect(t, "quick risk", h.In("c9", bob, "firing2007 risk", "wounds", int64(1)), false,
		"Risk to the general", "second light wound: incapacitated, removed from play 19%", "dead 8.3%")

	// In a battle a quick ruling is logged, and the roster is untouched.
	h.muster(t)
	before := h.board()
	r = h.Do(carol, "firing2007 fire", "distance", 4.0, "firer-type", "indians", "strength", int64(2), "column", true, "shaken", true)
	commandstest.Expect(t, "quick fire in a battle", h.Detailed(h.Channel, carol, r), false, "Fire: Indians in column at the target, 4\"", "−1 militia and Indians", "−2 firing unit has 1 or 2 strength points",
		"−2 firing unit is in column", "−1 firing unit is shaken", "roll #1", "loses 1 strength point 0%")
	after := h.board()
	if a, b := mustJSON(t, before), mustJSON(t, after); a != b {
		t.Errorf("a quick ruling changed the roster")
	}
}

// The house rules reach the rulings.
func TestHouseRules(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	h.Do(umpire, "firing2007 unit-add", "name", "Dragoons", "type", "cavalry", "side", "British", "strength", int64(3), "morale", int64(5))
	commandstest.Expect(t, "cavalry default", h.Do(umpire, "firing2007 fire", "firer", "Dragoons", "target", "La Sarre", "distance", 6.0), false,
		"the post gives cavalry no firing factor or range")
	h.Do(umpire, "game house-rule", "name", "cavalry-fire", "value", "-1")
	commandstest.Expect(t, "cavalry -1", h.Detailed(h.Channel, umpire, h.Do(umpire, "firing2007 fire", "firer", "Dragoons", "target", "La Sarre", "distance", 6.0)), false,
		"−1 cavalry firing (house rule)", "cavalry-fire=-1: cavalry fire on the muskets row at −1")
	h.Do(umpire, "game house-rule", "name", "cavalry-fire", "value", "forbidden")
	commandstest.Expect(t, "cavalry forbidden", h.Do(umpire, "firing2007 fire", "firer", "Dragoons", "target", "La Sarre", "distance", 6.0), true,
		"Cavalry may not fire in this battle")
	commandstest.Expect(t, "howitzer gap", h.Detailed(h.Channel, umpire, h.Do(umpire, "firing2007 fire", "firer", "Battery", "target", "42nd", "distance", 12.0)), false,
		"howitzers, medium range 9–24\"", "the howitzer row skips 9–15\"")
	h.Do(umpire, "game house-rule", "name", "howitzer-gap", "value", "literal")
	commandstest.Expect(t, "howitzer gap literal", h.Do(umpire, "firing2007 fire", "firer", "Battery", "target", "42nd", "distance", 12.0), true,
		"The printed howitzer row gives no band for 9–15\"")
}

// The turn counter: no turn sequence, no cards.
func TestTurns(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	commandstest.Expect(t, "status before", h.Do(bob, "turn status"), true, "No turn has begun yet")
	commandstest.Expect(t, "player turns", h.Do(bob, "turn new"), true, "Only the umpire (Amherst) can start a new turn.")
	commandstest.Expect(t, "turn 1", h.Do(umpire, "turn new"), false, "Turn 1", "ends its turn with `/turn next`", "(Next turn v1/turn/next/1)")
	h.Do(bob, "firing2007 fire", "firer", "42nd", "target", "La Sarre", "distance", 6.0)
	commandstest.Expect(t, "status", h.Do(bob, "turn status"), false, "Fired this turn: 42nd", "Not yet fired: Rangers, La Sarre, Battery")
	commandstest.Expect(t, "fires twice", h.Do(bob, "firing2007 fire", "firer", "42nd", "target", "La Sarre", "distance", 6.0), false,
		"had already fired this turn; the text sets no limit")
	commandstest.Expect(t, "next button", h.Press(umpire, "v1/turn/next"), false, "Turn 2")
	if h.unit("42nd").Fired || h.board().Turn != 2 {
		t.Errorf("turn 2 did not clear the marks: %+v", h.board())
	}
	commandstest.Expect(t, "card", h.Do(bob, "card"), true, "Rules – Firing deals no cards")
	commandstest.Expect(t, "act", h.Do(bob, "act"), true, "has no turn sequence or activations")
}

// /game status, the after-action report and /rules.
func TestStatusLossesTopics(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	h.Do(umpire, "firing2007 unit-set", "name", "La Sarre", "strength", int64(4), "shaken", true)
	h.Do(umpire, "firing2007 general-set", "name", "Montcalm", "dead", true)
	commandstest.Expect(t, "status", h.Do(bob, "game status"), false, "British", "**La Sarre** — line infantry, 4/6 SP, morale 6, in hard cover or buildings, **shaken** · Carol",
		"General **Montcalm** — **dead**")
	g := h.Game("c1")
	losses, err := firing2007.New().Losses(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**British**: lost 0 of 10 strength points\n- no losses", "**French**: lost 2 of 11 strength points",
		"- La Sarre: 6 → 4 strength points, shaken", "- General Montcalm: killed"} {
		if !strings.Contains(losses, want) {
			t.Errorf("Losses lacks %q:\n%s", want, losses)
		}
	}
	var names []string
	for _, tp := range firing2007.New().Topics() {
		names = append(names, tp.Name)
		r := h.Do(bob, "rules", "ruleset", "firing2007", "topic", tp.Name)
		commandstest.Expect(t, "rules "+tp.Name, r, false, tp.Title)
	}
	if got := strings.Join(names, " "); got != "ranges factors morale generals notes readings" {
		t.Errorf("topics %s", got)
	}
}

// Autocomplete offers the roster's units and generals, the enemy first for
// a target, each labelled with its kind and place.
func TestAutocomplete(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	ask := func(path, focused, typed string, opts []any) (values, labels string) {
		var vs, ls []string
		for _, c := range h.Serve(h.Autocomplete(bob, path, focused, typed, opts...)).Choices {
			vs, ls = append(vs, c.Value), append(ls, c.Name)
		}
		return strings.Join(vs, ","), strings.Join(ls, "; ")
	}
	for _, tt := range []struct {
		path, focused, typed, want string
		opts                       []any
	}{
		{"firing2007 fire", "firer", "", "42nd,Rangers,La Sarre,Battery", nil},
		{"firing2007 fire", "target", "sar", "La Sarre", nil},
		// The enemy first: Bob commands the 42nd; the firer, when given, says.
		{"firing2007 fire", "target", "r", "La Sarre,Battery,Rangers", nil},
		{"firing2007 fire", "target", "", "42nd,Rangers,La Sarre,Battery", []any{"firer", "La Sarre"}},
		{"firing2007 risk", "general", "mont", "Montcalm", nil},
		{"firing2007 general-set", "name", "", "Abercromby,Montcalm", nil},
		{"firing2007 general-set", "with", "n", "none,42nd,Rangers", nil},
		{"firing2007 unit-set", "name", "42", "42nd", nil},
		{"firing2007 chain", "units", "", "all,none,42nd,Rangers,La Sarre,Battery", nil},
		{"firing2007 chain", "units", "42nd, r", "42nd, Rangers,42nd, La Sarre,42nd, Battery", nil},
		{"firing2007 general-set", "chain", "Rangers,", "Rangers, 42nd,Rangers, La Sarre,Rangers, Battery", nil},
	} {
		if got, _ := ask(tt.path, tt.focused, tt.typed, tt.opts); got != tt.want {
			t.Errorf("autocomplete %s %s=%q = %s, want %s", tt.path, tt.focused, tt.typed, got, tt.want)
		}
	}
	_, labels := ask("firing2007 fire", "target", "", []any{"firer", "42nd"})
	if !strings.HasPrefix(labels, "La Sarre — ") || !strings.Contains(labels, ", French, 6/6 SP") {
		t.Errorf("target labels: %s", labels)
	}
	if _, labels := ask("firing2007 risk", "general", "mont", nil); labels != "Montcalm — general, French" {
		t.Errorf("general label: %s", labels)
	}
}

// An imported board is checked: it decodes and every reference resolves.
func TestValidateBoard(t *testing.T) {
	h := newHarness(t)
	h.muster(t)
	g := h.Game("c1")
	rs := firing2007.New()
	if err := rs.ValidateBoard(g.Board); err != nil {
		t.Fatalf("the mustered board is refused: %v", err)
	}
	if err := rs.ValidateBoard(mustRaw(t, rs.NewBoard())); err != nil {
		t.Errorf("a new board is refused: %v", err)
	}
	for _, tt := range []struct {
		name   string
		change func(b *firing2007.Board)
		want   string
	}{
		{"unknown type", func(b *firing2007.Board) { b.Units[0].Type = "pikemen" }, `unknown type "pikemen"`},
		{"duplicate name", func(b *firing2007.Board) { b.Units[1].Name = "42nd" }, `two units are called "42nd"`},
		{"general with a missing unit", func(b *firing2007.Board) { b.Generals[0].With = 99 }, "which is not on the roster"},
		{"chain with a missing unit", func(b *firing2007.Board) { b.Generals[1].Chain = []int{77} }, "commands unit 77"},
		{"strength above start", func(b *firing2007.Board) { b.Units[0].Strength = 9 }, "has strength 9 of 6"},
		{"morale", func(b *firing2007.Board) { b.Units[0].Morale = 40 }, "basic morale 40"},
		{"pending for a live general", func(b *firing2007.Board) { b.Pending = []firing2007.Pending{{General: b.Generals[0].ID}} }, "not a dead general"},
		{"id beyond next", func(b *firing2007.Board) { b.NextID = 2 }, "outside 1..2"},
	} {
		b := h.board()
		tt.change(&b)
		err := rs.ValidateBoard(mustRaw(t, b))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ValidateBoard = %v, want %q", tt.name, err, tt.want)
		}
	}
	if err := rs.ValidateBoard(json.RawMessage(`{"units": 3}`)); err == nil {
		t.Errorf("a malformed board is accepted")
	}
}

func mustRaw(t testing.TB, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustJSON(t testing.TB, v any) string { return string(mustRaw(t, v)) }
