package volleyfire_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/volleyfire"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// A scripted turn with two units a side, through the real routes and store:
// activation order, command ranges, shooting and loads, out-of-command limits,
// hussars moving and shooting, a charge and the combat phase.
func TestScriptedTurn(t *testing.T) {
	for seed := byte(1); seed <= 4; seed++ {
		t.Run(string('a'+rune(seed)), func(t *testing.T) { playTurn(t, newHarness(t, seed)) })
	}
}

func playTurn(t *testing.T, h harness) {
	setup(h)
	h.Refused("Only the umpire", bob, "volleyfire-roster unit-add", "name", "Sneaky", "side", "Allies", "type", "infantry", "bases", int64(6))
	h.Refused("No turn has started", bob, "volleyfire activate", "unit", "1st Foot")
	h.Refused("no cards", bob, "card")
	h.Refused("activating a unit", bob, "act")

	r := h.OK(umpire, "turn new")
	first := commandstest.Ruling(t, r)
	if first.Title != "Who activates first" || len(first.Readings) == 0 {
		t.Fatalf("turn new ruling = %+v", first)
	}
	b := h.board()
	if b.Turn.Number != 1 || b.Turn.Phase != vf.Activations || len(b.Turn.Order) != 2 {
		t.Fatalf("turn = %+v", b.Turn)
	}
	if !strings.Contains(commandstest.Text(r), "activation") {
		t.Errorf("turn new does not say whose activation it is:\n%s", commandstest.Text(r))
	}
	h.Refused("Only the umpire", bob, "turn new")
	h.Refused("still in its activations", umpire, "turn new")

	plans := map[string]func(){
		"1st Foot": func() { footPlan(t, h) },
		"Rifles":   func() { riflesPlan(t, h) },
		"Hussards": func() { hussarsPlan(t, h) },
		"4e Ligne": func() { lignePlan(t, h) },
	}
	order := []string{"1st Foot", "Rifles", "Hussards", "4e Ligne"}
	done := map[string]bool{}
	for steps := 0; h.board().Turn.Phase == vf.Activations; steps++ {
		if steps > 8 {
			t.Fatalf("the activations did not end: %+v", h.board().Turn)
		}
		b := h.board()
		side := b.Turn.Order[b.Turn.Side]
		var next string
		for _, name := range order {
			u := h.unit(name)
			if u.Side == side && u.Gone == "" && !b.Turn.Spent[name] {
				next = name
				break
			}
		}
		if next == "" {
			t.Fatalf("%s's activation with no unit ready: %+v", side, b.Turn)
		}
		// The other side cannot activate out of turn.
		for _, name := range order {
			if u := h.unit(name); u.Side != side && u.Gone == "" && !b.Turn.Spent[name] {
				h.Refused("activates now, not", umpire, "volleyfire activate", "unit", name)
				break
			}
		}
		plans[next]()
		done[next] = true
		if !h.board().Turn.Spent[next] && h.unit(next).Gone == "" {
			t.Fatalf("%s is not spent after its activation", next)
		}
		if h.board().Turn.Phase == vf.Activations {
			h.Refused("already acted", umpire, "volleyfire activate", "unit", next)
		} else {
			h.Refused("activations of turn 1 are over", umpire, "volleyfire activate", "unit", next)
		}
	}
	b = h.board()
	if b.Turn.Phase != vf.Combats {
		t.Fatalf("after the activations, phase = %s", b.Turn.Phase)
	}
	status := h.OK(umpire, "turn status")
	if !strings.Contains(commandstest.Text(status), "combat") {
		t.Errorf("turn status in the combat phase:\n%s", commandstest.Text(status))
	}
	combats := len(b.Combats)
	r = h.OK(umpire, "turn next")
	if combats > 0 && !strings.Contains(commandstest.Text(r), "Combat:") {
		t.Errorf("turn next fought no combat:\n%s", commandstest.Text(r))
	}
	if !strings.Contains(commandstest.Text(r), "Turn 1 is over") {
		t.Errorf("turn next did not end the turn:\n%s", commandstest.Text(r))
	}
	b = h.board()
	if b.Turn.Phase != vf.Over {
		t.Fatalf("phase after the combats = %s", b.Turn.Phase)
	}
	for _, c := range b.Combats {
		if c.Fought != 1 {
			t.Errorf("combat left unfought: %+v", c)
		}
	}
	h.Refused("Turn 1 is over", umpire, "turn next")
	h.OK(umpire, "turn new")
	if b := h.board(); b.Turn.Number != 2 || len(b.Turn.Spent) != 0 {
		t.Errorf("turn 2 = %+v", b.Turn)
	}
	st := h.OK(umpire, "game status")
	if !strings.Contains(commandstest.Text(st), "Allies") || !strings.Contains(commandstest.Text(st), "Turn 2") {
		t.Errorf("game status:\n%s", commandstest.Text(st))
	}
}

// 1st Foot: Wellesley has joined it, so it is in command; it shoots and reloads.
func footPlan(t *testing.T, h harness) {
	h.Refused("Only Bob", carol, "volleyfire activate", "unit", "1st Foot")
	h.OK(bob, "volleyfire activate", "unit", "1st Foot")
	h.Refused("still activated", bob, "volleyfire activate", "unit", "Rifles")
	target := "4e Ligne"
	if h.unit(target).Gone != "" {
		target = "Hussards"
	}
	before := h.unit(target).Bases
	r := commandstest.Ruling(t, h.OK(bob, "volleyfire shoot", "unit", "1st Foot", "target", target, "range", 8.0))
	if r.Steps[0].Row != "musket 20\", close (≤ 10\")" || r.Steps[0].Need != "4+" || len(r.Steps[0].Roll.Faces) != h.unit("1st Foot").Bases {
		t.Errorf("1st Foot's volley: %+v", r.Steps[0])
	}
	if len(r.Odds) == 0 {
		t.Errorf("no odds")
	}
	if got, want := h.unit(target).Bases, before-destroyedIn(r, before); got != want {
		t.Errorf("%s has %d bases after the volley, want %d", target, got, want)
	}
	if h.unit("1st Foot").Loaded {
		t.Errorf("1st Foot still loaded after shooting")
	}
	h.Refused("not loaded", bob, "volleyfire shoot", "unit", "1st Foot", "target", target, "range", 8.0)
	r2 := h.OK(bob, "volleyfire reload", "unit", "1st Foot")
	if !h.unit("1st Foot").Loaded || !strings.Contains(commandstest.Text(r2), "both actions") {
		t.Errorf("after reloading: loaded %v\n%s", h.unit("1st Foot").Loaded, commandstest.Text(r2))
	}
}

// Rifles: 35" from a royal commander (30"): out of command, so they may only
// shoot, at the closest enemy.
func riflesPlan(t *testing.T, h harness) {
	r := h.OK(bob, "volleyfire activate", "unit", "Rifles", "commander", "Wellesley", "distance", 35.0)
	if !strings.Contains(commandstest.Text(r), "out of command") {
		t.Errorf("Rifles at 35\" from a royal commander:\n%s", commandstest.Text(r))
	}
	if len(h.board().Combats) > 0 {
		// Charged by the hussars first: in combat it cannot shoot, and out of
		// command it cannot break away.
		h.Refused("in combat", bob, "volleyfire shoot", "unit", "Rifles", "target", "Hussards", "range", 1.0, "closest", true)
		h.Refused("out of command", bob, "volleyfire breakaway", "unit", "Rifles")
		h.OK(bob, "volleyfire done")
		return
	}
	h.Refused("out of command", bob, "volleyfire move", "unit", "Rifles", "open", 2.0)
	target := "Hussards"
	if h.unit(target).Gone != "" {
		target = "4e Ligne"
	}
	h.Refused("closest", bob, "volleyfire shoot", "unit", "Rifles", "target", target, "range", 25.0)
	s := commandstest.Ruling(t, h.OK(bob, "volleyfire shoot", "unit", "Rifles", "target", target, "range", 25.0, "closest", true))
	if !strings.Contains(s.Steps[0].Row, "moderate") || s.Steps[0].Need != "5+" {
		t.Errorf("rifles at 25\": %+v", s.Steps[0])
	}
	h.Refused("not loaded", bob, "volleyfire reload", "unit", "Rifles")
	h.OK(bob, "volleyfire done", "unit", "Rifles")
}

// Hussards: in command of Victor (French 25"); move and shoot in one action, then charge.
func hussarsPlan(t *testing.T, h harness) {
	r := commandstest.Ruling(t, h.OK(carol, "volleyfire activate", "unit", "Hussards", "commander", "Victor", "distance", 24.0))
	if !strings.HasPrefix(r.Steps[0].Result, "25\": in command") {
		t.Errorf("Victor's range: %+v", r.Steps[0])
	}
	target := "1st Foot"
	resp := h.OK(carol, "volleyfire shoot", "unit", "Hussards", "target", target, "range", 4.0, "move", 3.0)
	if len(resp.Public[0].Embeds) != 2 || !strings.Contains(commandstest.Text(resp), "1 action left") {
		t.Errorf("hussars move and shoot:\n%s", commandstest.Text(resp))
	}
	if !h.unit("Hussards").Loaded {
		t.Errorf("pistols never need reloading")
	}
	h.Refused("Too far", carol, "volleyfire charge", "unit", "Hussards", "target", "Rifles", "open", 7.0)
	h.OK(carol, "volleyfire charge", "unit", "Hussards", "target", "Rifles", "open", 5.0)
	if b := h.board(); len(b.Combats) != 1 || b.Combats[0].Chargers[0].Unit != "Hussards" {
		t.Errorf("combats after the charge: %+v", b.Combats)
	}
}

// 4e Ligne: 30" from Victor (25"): out of command.
func lignePlan(t *testing.T, h harness) {
	h.OK(carol, "volleyfire activate", "unit", "4e Ligne", "commander", "Victor", "distance", 30.0)
	h.Refused("out of command", carol, "volleyfire formation", "unit", "4e Ligne", "to", "column")
	h.OK(carol, "volleyfire shoot", "unit", "4e Ligne", "target", "1st Foot", "range", 12.0, "closest", true)
	h.OK(carol, "turn next")
}

func TestRosterAuthorityAndValidation(t *testing.T) {
	h := newHarness(t, 9)
	setup(h)
	h.Refused("already on the roster", umpire, "volleyfire-roster unit-add", "name", "rifles", "side", "Allies", "type", "infantry", "bases", int64(5))
	h.Refused("already be routed", umpire, "volleyfire-roster unit-add", "name", "Dons", "side", "Allies", "type", "infantry", "bases", int64(3), "nation", "Spanish")
	h.Refused("square", umpire, "volleyfire-roster unit-add", "name", "Lancers", "side", "French", "type", "cavalry", "bases", int64(4), "formation", "square")
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Battery", "side", "French", "type", "artillery", "formation", "limbered", "nation", "Portuguese")
	if u := h.unit("Battery"); u.Weapon != vf.Cannon || u.Bases != 1 || !u.Limbered {
		t.Errorf("battery = %+v", u)
	}
	h.OK(umpire, "volleyfire-roster unit-set", "unit", "Rifles", "rename", "95th", "bases", int64(3))
	if u := h.unit("95th"); u.Bases != 3 || u.Start != 4 {
		t.Errorf("renamed rifles = %+v", u)
	}
	h.OK(umpire, "volleyfire-roster commander-set", "commander", "Wellesley", "join", "95th")
	b := h.board()
	if b.Commanders[0].Joined != "95th" {
		t.Errorf("Wellesley joined %q", b.Commanders[0].Joined)
	}
	r := h.OK(bob, "volleyfire-roster show")
	if len(r.Ephemeral) != 1 || !strings.Contains(commandstest.Text(r), "with Wellesley") {
		t.Errorf("roster:\n%s", commandstest.Text(r))
	}
	ac := h.Serve(h.Autocomplete(bob, "volleyfire shoot", "target", "4", "unit", "1st Foot"))
	if len(ac.Choices) != 1 || ac.Choices[0].Value != "4e Ligne" || !strings.HasPrefix(ac.Choices[0].Name, "4e Ligne — infantry, ") ||
		!strings.HasSuffix(ac.Choices[0].Name, " bases, French") {
		t.Errorf("target autocomplete = %+v", ac.Choices)
	}
	// Without a unit, the invoker's own units say whose side he is on: only the enemy is offered.
	for _, c := range h.Serve(h.Autocomplete(bob, "volleyfire shoot", "target", "")).Choices {
		if !strings.Contains(c.Name, "French") {
			t.Errorf("target autocomplete for Bob offers %q", c.Name)
		}
	}
	if ac := h.Serve(h.Autocomplete(umpire, "volleyfire first", "side", "fr")); len(ac.Choices) != 1 || ac.Choices[0].Value != "French" {
		t.Errorf("side autocomplete = %+v", ac.Choices)
	}
	if ac := h.Serve(h.Autocomplete(bob, "volleyfire activate", "commander", "well")); len(ac.Choices) != 1 ||
		ac.Choices[0].Name != "Wellesley — command base, Allies" {
		t.Errorf("commander autocomplete = %+v", ac.Choices)
	}
	h.OK(umpire, "volleyfire-roster unit-remove", "unit", "95th")
	if h.board().Commanders[0].Joined != "" {
		t.Errorf("Wellesley still with a removed unit")
	}
	rules := h.OK(bob, "rules", "ruleset", "volleyfire", "topic", "combat")
	if !strings.Contains(commandstest.Text(rules), "mounted against infantry") {
		t.Errorf("rules combat:\n%s", commandstest.Text(rules))
	}
	var rs volleyfire.Ruleset
	for _, topic := range rs.Topics() {
		if got := h.OK(bob, "rules", "ruleset", "volleyfire", "topic", topic.Name); len(got.Public)+len(got.Ephemeral) == 0 {
			t.Errorf("topic %s shows nothing", topic.Name)
		}
	}
}
