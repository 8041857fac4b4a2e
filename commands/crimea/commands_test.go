package crimea_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/crimea"
	"github.com/referee-bot/referee/commands/interaction"
)

func TestRosterBuiltByTheUmpireOnly(t *testing.T) {
	h := newHarness(t, 1)
	setUp(h)
	h.Refused("Only the umpire", raglan, "crimea unit-add", "name", "Rifles", "nationality", "British", "type", "light infantry", "stands", 3)
	h.Refused("already on the roster", umpire, "crimea unit-add", "name", "17th lancers", "nationality", "British", "type", "light cavalry", "stands", 3)
	h.Refused("is Allied", umpire, "crimea unit-add", "name", "Cossacks", "nationality", "Russian", "type", "light cavalry", "stands", 3, "officer", "Lord Lucan")
	h.Refused("already answers to", umpire, "crimea officer-set", "officer", "Lord Raglan", "superior", "Lord Lucan")
	b := h.board()
	if len(b.Units) != 5 || len(b.Officers) != 4 {
		t.Fatalf("roster has %d units and %d officers", len(b.Units), len(b.Officers))
	}
	u := h.unit("Odessa Regiment")
	if u.Side != "Russian" || u.Formation != "column" || u.Stands != 6 || u.Start != 6 || u.Morale != 50 {
		t.Errorf("Odessa Regiment = %+v", u)
	}
	o := h.officer("Lord Lucan")
	if o.Calibre != "cautious" || o.Morale != 60 || o.Player != lucan.ID || o.Superior != "Lord Raglan" || o.Wing != "cavalry" {
		t.Errorf("Lord Lucan = %+v", o)
	}
	if h.game().Players[lucan.ID] != lucan.Name {
		t.Errorf("players %v lack Lucan's player", h.game().Players)
	}
	h.Public(umpire, "crimea unit-set", "unit", "93rd Highlanders", "formation", "square", "disordered", true)
	if u := h.unit("93rd Highlanders"); u.Formation != "square" || !u.Disordered {
		t.Errorf("unit-set left %+v", u)
	}
	h.Public(umpire, "crimea unit-remove", "unit", "Heavy Brigade")
	h.Public(umpire, "crimea officer-remove", "officer", "Liprandi")
	if u := h.unit("Odessa Regiment"); u.Officer != "" {
		t.Errorf("Odessa Regiment still under %q", u.Officer)
	}
	resp := h.Public(raglan, "crimea roster")
	if s := commandstest.Text(resp); !strings.Contains(s, "light cavalry 12\"") || !strings.Contains(s, "heavy infantry lines: not set") {
		t.Errorf("roster shows:\n%s", s)
	}
}

func TestOfficerCalibreRolledWhenNotGiven(t *testing.T) {
	h := newHarness(t, 2)
	h.Public(umpire, "game start", "ruleset", "crimea")
	resp := h.Public(umpire, "crimea officer-add", "name", "Scarlett", "side", "Allied", "rank", "brigade officer")
	r := commandstest.Ruling(t, resp)
	if r.Title != "Calibre: Scarlett" || len(r.Steps) != 1 || !strings.HasPrefix(r.Steps[0].Roll.Shown, "red ") || r.Readings[0].ID != "C3" {
		t.Fatalf("ruling = %+v", r)
	}
	if got := h.officer("Scarlett").Calibre; string(got) != r.Steps[0].Result {
		t.Errorf("calibre stored %q, ruled %q", got, r.Steps[0].Result)
	}
	if !strings.Contains(resp.Public[0].Embeds[0].Footer, "roll #") {
		t.Errorf("footer %q", resp.Public[0].Embeds[0].Footer)
	}
	h.Public(umpire, "game house-rule", "name", "calibre", "value", "umpire")
	h.Refused("give the officer's calibre", umpire, "crimea officer-add", "name", "Cathcart", "side", "Allied", "rank", "division commander")
}

func TestTurnDeckAndOrders(t *testing.T) {
	h := newHarness(t, 3)
	setUp(h)
	h.Refused("No turn has started", lucan, "crimea move", "unit", "17th Lancers")
	h.Refused("No turn has started", umpire, "turn next")
	h.Refused("Only the umpire", lucan, "turn new")
	resp := h.Public(umpire, "turn new")
	s := commandstest.Text(resp)
	for _, want := range []string{"Turn 1: the movement deck is shuffled", "Lord Raglan (Allied normal): 5 orders", "Lord Lucan (Allied cautious): 3 orders", "(Draw a card v1/turn/next/1.0)"} {
		if !strings.Contains(s, want) {
			t.Errorf("turn new lacks %q:\n%s", want, s)
		}
	}
	b := h.board()
	if b.Turn != 1 || len(b.Deck) != 8 || b.Drawn != 0 {
		t.Fatalf("board turn %d deck %d drawn %d", b.Turn, len(b.Deck), b.Drawn)
	}
	log := h.Log("c1")
	if e := log[len(log)-2]; !e.Secret || len(e.Draws) != 7 {
		t.Errorf("the shuffle is logged as %+v, want a secret entry of 7 draws", e)
	}
	h.Refused("No card is turned up", lucan, "crimea move", "unit", "17th Lancers")
	h.Refused("has no secret cards", raglan, "card")
	h.Refused("has no secret cards", raglan, "act")

	drawUntil(h, "Allied cavalry")
	h.Refused("Only the umpire or the player of Lord Lucan", mensh, "crimea move", "unit", "17th Lancers")
	h.Refused("The card turned up is Allied cavalry", lipr, "crimea move", "unit", "Odessa Regiment")
	resp = h.Public(lucan, "crimea move", "unit", "17th Lancers", "far", true)
	r := commandstest.Ruling(t, resp)
	if r.Title != "Move: 17th Lancers" || r.Steps[0].Result != "1 order left" || r.Steps[0].Row != "2 orders" {
		t.Fatalf("move ruling = %+v", r)
	}
	if !strings.Contains(r.Result, "17th Lancers moves up to") {
		t.Errorf("move result %q", r.Result)
	}
	h.Refused("has already moved this turn", lucan, "crimea move", "unit", "17th Lancers")
	h.Refused("1 order left this turn and Heavy Brigade needs 2 orders", lucan, "crimea move", "unit", "Heavy Brigade", "far", true)
	resp = h.Public(lucan, "crimea move", "unit", "Heavy Brigade")
	r2 := commandstest.Ruling(t, resp)
	if r2.Steps[1].Roll.Shown != r.Steps[1].Roll.Shown || !strings.Contains(r2.Steps[1].What, "rolled earlier this turn") {
		t.Errorf("the brigade's modifier was rolled twice: %+v then %+v", r.Steps[1], r2.Steps[1])
	}
	if !strings.Contains(r2.Result, "no allowance set for heavy cavalry") {
		t.Errorf("result %q does not say the allowance is unset", r2.Result)
	}
	h.Refused("Lord Lucan has 0 orders left", lucan, "crimea move", "unit", "93rd Highlanders")
	h.Public(umpire, "crimea officer-set", "officer", "Lord Raglan", "wounded", true)
	h.Refused("wounded and issues no orders", raglan, "crimea move", "unit", "93rd Highlanders", "officer", "Lord Raglan")
	h.Public(umpire, "crimea officer-set", "officer", "Lord Raglan", "wounded", false, "orders", 5)
	// The commander-in-chief may order any unit of his army.
	h.Public(raglan, "crimea move", "unit", "93rd Highlanders", "officer", "Lord Raglan")
	if o := h.officer("Lord Raglan"); o.Orders != 4 {
		t.Errorf("Raglan has %d orders, want 4", o.Orders)
	}
	ts := commandstest.Text(h.Public(lucan, "turn status"))
	if !strings.Contains(ts, "Lord Lucan (wing commander, cautious): 0 orders left") {
		t.Errorf("turn status:\n%s", ts)
	}
	h.Public(umpire, "crimea officer-set", "officer", "Lord Raglan", "wounded", true)

	for h.board().Drawn < 8 {
		h.Public(umpire, "turn next")
	}
	h.Refused("All eight cards of turn 1 are drawn", umpire, "turn next")
	resp = h.Public(umpire, "turn new")
	if s := commandstest.Text(resp); !strings.Contains(s, "Lord Raglan: wounded, no orders until he recovers") || !strings.Contains(s, "Lord Lucan (Allied cautious): 3 orders") {
		t.Errorf("turn 2:\n%s", s)
	}
	if u := h.unit("17th Lancers"); u.Moved {
		t.Error("moves were not reset by the new turn")
	}
}

func TestFreeMoveFixesOneCommand(t *testing.T) {
	h := newHarness(t, 4)
	setUp(h)
	h.Public(umpire, "crimea unit-add", "name", "Vladimir Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 6, "officer", "Menshikov")
	h.Public(umpire, "turn new")
	drawUntil(h, "Russian free move")
	h.Public(lipr, "crimea move", "unit", "Odessa Regiment")
	h.Refused("chose to move its right wing", mensh, "crimea move", "unit", "Vladimir Regiment")
	h.Public(lipr, "crimea move", "unit", "Don Battery", "officer", "Liprandi")
}

func TestFireAgainstTheRoster(t *testing.T) {
	h := newHarness(t, 5)
	setUp(h)
	h.Refused("not yours to command", mensh, "crimea fire", "unit", "93rd Highlanders", "target", "Odessa Regiment")
	h.Refused("same side", raglan, "crimea fire", "unit", "93rd Highlanders", "target", "17th Lancers")
	h.Refused("Cavalry has no fire", raglan, "crimea fire", "unit", "17th Lancers", "target", "Odessa Regiment")
	h.Refused("ball (ball/shell) or canister", lipr, "crimea fire", "unit", "Don Battery", "target", "93rd Highlanders")
	h.Public(umpire, "turn new")
	resp := h.Public(raglan, "crimea fire", "unit", "93rd Highlanders", "target", "Odessa Regiment")
	r := commandstest.Ruling(t, resp)
	if !strings.Contains(r.Steps[0].Worked, "4 stands × 25% British infantry = 100% × 1.5 column target = 150%") {
		t.Fatalf("working %q", r.Steps[0].Worked)
	}
	hits := 1
	if r.Steps[1].Result != "miss" {
		hits = 2
	}
	if u := h.unit("Odessa Regiment"); u.Stands != 6-hits || u.LostToFire != hits {
		t.Errorf("Odessa Regiment = %+v after %d hits", u, hits)
	}
	if len(r.Odds) != 2 || r.Odds[0].P != 0.5 {
		t.Errorf("odds %v", r.Odds)
	}
	resp = h.Public(lipr, "crimea fire", "unit", "Don Battery", "target", "93rd Highlanders", "ammo", "canister", "multiplier", 0.5, "reason", "behind a wall")
	r = commandstest.Ruling(t, resp)
	if !strings.Contains(r.Steps[0].Worked, "× 0.5 behind a wall = 20%") {
		t.Errorf("working %q", r.Steps[0].Worked)
	}
	if strings.Contains(commandstest.Text(resp), "roll #") == false {
		t.Errorf("no roll number in\n%s", commandstest.Text(resp))
	}
}

func TestCombatAgainstTheRoster(t *testing.T) {
	for seed := byte(10); seed < 30; seed++ {
		h := newHarness(t, seed)
		setUp(h)
		h.Public(umpire, "turn new")
		h.Refused("cannot be attached", umpire, "crimea combat", "attacker", "17th Lancers", "defender", "Odessa Regiment", "attacker-officer", "Liprandi")
		h.Refused("has had no order to move this turn", lucan, "crimea combat", "attacker", "17th Lancers", "defender", "Don Battery")
		resp := h.Public(umpire, "crimea combat", "attacker", "17th Lancers", "defender", "Don Battery", "attacker-officer", "Lord Lucan", "facing", "front")
		r := commandstest.Ruling(t, resp)
		var out struct{ aLost, dLost int }
		for _, s := range r.Steps {
			if strings.HasSuffix(s.What, " casualties") && strings.HasPrefix(s.Result, "loses ") {
				n := int(s.Result[len("loses ")] - '0')
				if strings.HasPrefix(s.What, "17th Lancers") {
					out.aLost = n
				} else {
					out.dLost = n
				}
			}
			if strings.HasPrefix(s.What, "17th Lancers' combat total") {
				mods := map[string]int{}
				for _, m := range s.Modifiers {
					mods[m.Reason] = m.Value
				}
				if mods["officer attached (Lord Lucan)"] != 10 || mods["attacking artillery frontally"] != -10 {
					t.Errorf("attacker modifiers %v", s.Modifiers)
				}
			}
		}
		if u := h.unit("17th Lancers"); u.Stands != 4-out.aLost {
			t.Errorf("seed %d: 17th Lancers has %d stands after losing %d: %s", seed, u.Stands, out.aLost, r.Result)
		}
		if u := h.unit("Don Battery"); u.Stands != max(2-out.dLost, 0) {
			t.Errorf("seed %d: Don Battery has %d stands after losing %d: %s", seed, u.Stands, out.dLost, r.Result)
		}
		killed := strings.Contains(r.Result, "Lord Lucan is killed")
		if o := h.officer("Lord Lucan"); o.Dead != killed {
			t.Errorf("seed %d: Lucan dead %v, ruling says killed %v", seed, o.Dead, killed)
		}
	}
}

func TestQuickRulingsWithoutABattle(t *testing.T) {
	h := newHarness(t, 6)
	resp := h.Public(umpire, "crimea fire", "nationality", "British", "type", "heavy infantry", "stands", 4, "column", true, "target", "a Russian column")
	r := commandstest.Ruling(t, resp)
	if r.Steps[0].Result != "1 stand automatic, 50% left to roll" || resp.Public[0].Embeds[0].Footer != "quick ruling, not logged" {
		t.Errorf("quick fire: %+v\n%s", r.Steps[0], commandstest.Text(resp))
	}
	resp = h.Public(umpire, "crimea combat", "attacker", "Scots Greys", "defender", "Russian cavalry", "attacker-type", "heavy cavalry",
		"defender-type", "light cavalry", "uphill", true, "attacker-officer", "Scarlett", "defender-morale", 70)
	if r := commandstest.Ruling(t, resp); len(r.Odds) < 6 || !strings.Contains(r.Title, "Scots Greys attacks Russian cavalry") {
		t.Errorf("quick combat: %+v", r)
	}
	h.Refused("give the attacker's type", umpire, "crimea combat", "attacker", "a", "defender", "b")
	resp = h.Public(umpire, "crimea movement", "type", "light cavalry", "allowance", 12)
	if r := commandstest.Ruling(t, resp); !strings.Contains(r.Result, "The light cavalry moves up to") {
		t.Errorf("quick movement: %q", r.Result)
	}
	resp = h.Public(umpire, "crimea morale", "rating", 70, "name", "Rifles")
	if r := commandstest.Ruling(t, resp); r.Odds[0].P != 0.7 || r.Steps[0].Need != "≥ 31" {
		t.Errorf("quick morale: %+v", r)
	}
	resp = h.Public(umpire, "crimea calibre", "name", "Cathcart")
	if r := commandstest.Ruling(t, resp); len(r.Odds) != 4 {
		t.Errorf("quick calibre: %+v", r)
	}
	resp = h.Public(umpire, "crimea ride", "officer", "Cardigan", "units", "17th Lancers, 11th Hussars", "calibre", "rash")
	if r := commandstest.Ruling(t, resp); !strings.Contains(r.Result, "must ride with the charge") {
		t.Errorf("quick ride: %+v", r)
	}
	h.Refused("There is no battle", umpire, "crimea move", "unit", "x")
}

func TestRideAndMoraleAgainstTheRoster(t *testing.T) {
	h := newHarness(t, 7)
	setUp(h)
	resp := h.Public(lucan, "crimea ride", "officer", "Lord Lucan", "units", "17th Lancers")
	r := commandstest.Ruling(t, resp)
	if len(r.Steps) != 1 || !strings.Contains(r.Steps[0].What, "Lord Lucan (cautious) tests officer morale") || r.Steps[0].Need != "≥ 41" {
		t.Errorf("ride: %+v", r)
	}
	h.Refused("not one of Lord Lucan's men", lucan, "crimea ride", "officer", "Lord Lucan", "units", "Odessa Regiment")
	resp = h.Public(lipr, "crimea morale", "unit", "Odessa Regiment")
	if r := commandstest.Ruling(t, resp); r.Title != "Morale: Odessa Regiment" {
		t.Errorf("morale: %+v", r)
	}
	resp = h.Public(lucan, "crimea morale", "officer", "Lord Lucan")
	if r := commandstest.Ruling(t, resp); r.Title != "Officer morale: Lord Lucan" || r.Odds[0].P != 0.6 {
		t.Errorf("officer morale: %+v", r)
	}
	h.Refused("not yours", lucan, "crimea morale", "unit", "Odessa Regiment")
	resp = h.Public(lucan, "crimea movement", "brigade", "Lord Lucan")
	if r := commandstest.Ruling(t, resp); r.Title != "Movement modifier: Lord Lucan's brigade" {
		t.Errorf("movement: %+v", r)
	}
}

func TestHouseRulesReachTheRulings(t *testing.T) {
	h := newHarness(t, 8)
	setUp(h)
	h.Public(umpire, "game house-rule", "name", "morale-pass", "value", "low")
	resp := h.Public(lipr, "crimea morale", "unit", "Odessa Regiment")
	r := commandstest.Ruling(t, resp)
	if r.Steps[0].Need != "≤ 50" || r.Readings[0].ID != "house rule" {
		t.Errorf("house rule morale-pass=low not applied: %+v", r)
	}
}

func TestStatusLossesTopicsAndValidation(t *testing.T) {
	h := newHarness(t, 9)
	setUp(h)
	h.Public(umpire, "crimea unit-set", "unit", "Odessa Regiment", "stands", 4)
	h.Public(umpire, "crimea officer-set", "officer", "Liprandi", "dead", true)
	rs := crimea.New()
	g := h.game()
	fields, err := rs.Status(g)
	if err != nil || len(fields) != 3 {
		t.Fatalf("Status = %v, %v", fields, err)
	}
	losses, err := rs.Losses(g)
	if err != nil || !strings.Contains(losses, "Odessa Regiment: 2 of 6 stands lost") || !strings.Contains(losses, "Liprandi (wing commander): killed") {
		t.Errorf("Losses =\n%s", losses)
	}
	if err := rs.ValidateBoard(g.Board); err != nil {
		t.Errorf("ValidateBoard(good) = %v", err)
	}
	var b crimea.Board
	json.Unmarshal(g.Board, &b)
	b.Units[0].Officer = "Nobody"
	bad, _ := json.Marshal(b)
	if err := rs.ValidateBoard(bad); err == nil || !strings.Contains(err.Error(), "Nobody") {
		t.Errorf("ValidateBoard(unknown officer) = %v", err)
	}
	if err := rs.ValidateBoard(json.RawMessage(`{"units":"x"}`)); err == nil {
		t.Error("ValidateBoard(garbage) = nil")
	}
	topics := map[string]string{}
	for _, tp := range rs.Topics() {
		topics[tp.Name] = tp.Body
	}
	for name, want := range map[string]string{
		"movement": "31–40    missing     missing",
		"calibre":  "01–25    indolent",
		"fire":     "British infantry                       25%",
		"combat":   "+10 cavalry v infantry not in square\n    or works",
		"turn":     "Russian free move",
		"orders":   "two orders",
		"morale":   "d100 ≥ 101 − rating",
		"dice":     "0-0 reads 100",
	} {
		if !strings.Contains(topics[name], want) {
			t.Errorf("topic %s lacks %q:\n%s", name, want, topics[name])
		}
	}
	resp := h.Do(raglan, "rules", "ruleset", "crimea", "topic", "movement")
	if !strings.Contains(commandstest.Text(resp), "31–40 is a gap in the table; no modifier applied") {
		t.Errorf("/rules movement:\n%s", commandstest.Text(resp))
	}
}

func TestAutocompleteNamesTheRoster(t *testing.T) {
	h := newHarness(t, 11)
	setUp(h)
	req := h.Request("c1", lucan, "crimea fire", "target", "reg")
	req.Kind, req.Focused = interaction.KindAutocomplete, "target"
	resp := h.Serve(req)
	if len(resp.Choices) != 1 || resp.Choices[0].Value != "Odessa Regiment" {
		t.Errorf("choices %v", resp.Choices)
	}
	for _, tt := range []struct {
		who           interaction.User
		path, focused string
		opts          []any
		want          []string
	}{
		// The enemy of the firing unit first, each labelled with its type and nationality.
		{lucan, "crimea fire", "target", []any{"unit", "17th Lancers"}, []string{
			"Odessa Regiment — heavy infantry, Russian", "Don Battery — foot artillery, Russian",
			"17th Lancers — light cavalry, British", "Heavy Brigade — heavy cavalry, British", "93rd Highlanders — heavy infantry, British"}},
		// Without a unit, the invoker's officer says whose side he is on.
		{lipr, "crimea combat", "defender", []any{"defender", "r"}, []string{"17th Lancers — light cavalry, British",
			"Heavy Brigade — heavy cavalry, British", "93rd Highlanders — heavy infantry, British", "Odessa Regiment — heavy infantry, Russian", "Don Battery — foot artillery, Russian"}},
		{lucan, "crimea move", "officer", []any{"officer", ""}, []string{
			"Lord Raglan — commander-in-chief, Allied", "Lord Lucan — wing commander, Allied",
			"Menshikov — commander-in-chief, Russian", "Liprandi — wing commander, Russian"}},
		// The officer's own units first, entry by entry.
		{umpire, "crimea ride", "units", []any{"officer", "Liprandi", "units", "Don Battery, "}, []string{
			"Don Battery, Odessa Regiment — heavy infantry, Russian", "Don Battery, 17th Lancers — light cavalry, British",
			"Don Battery, Heavy Brigade — heavy cavalry, British", "Don Battery, 93rd Highlanders — heavy infantry, British"}},
		{umpire, "crimea unit-set", "officer", []any{"officer", "n"}, []string{"none", "Lord Raglan — commander-in-chief, Allied",
			"Lord Lucan — wing commander, Allied", "Menshikov — commander-in-chief, Russian", "Liprandi — wing commander, Russian"}},
	} {
		req := h.Request("c1", tt.who, tt.path, tt.opts...)
		req.Kind, req.Focused = interaction.KindAutocomplete, tt.focused
		var got []string
		for _, c := range h.Serve(req).Choices {
			got = append(got, c.Name)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tt.path, tt.focused, diff)
		}
	}
}

func TestCombatHouseRulesAndLoneUnits(t *testing.T) {
	h := newHarness(t, 12)
	setUp(h)
	h.Public(umpire, "game house-rule", "name", "combat-casualties", "value", "one")
	h.Public(umpire, "game house-rule", "name", "combat-tie", "value", "defender")
	resp := h.Public(umpire, "crimea combat", "attacker", "Heavy Brigade", "defender", "Odessa Regiment")
	r := commandstest.Ruling(t, resp)
	found := false
	for _, rd := range r.Readings {
		if rd.ID == "house rule" && strings.Contains(rd.Text, "combat-casualties=one") {
			found = true
		}
	}
	if !found {
		t.Errorf("readings %v lack the casualty house rule", r.Readings)
	}
	for _, c := range r.Odds {
		if c.Outcome == "tie, both hold" {
			t.Errorf("odds list a tie under combat-tie=defender: %v", r.Odds)
		}
	}
	h.Public(umpire, "crimea unit-add", "name", "Cossacks", "nationality", "Russian", "type", "light cavalry", "stands", 3)
	h.Refused("in Liprandi's brigade", lipr, "crimea movement", "unit", "Odessa Regiment")
	resp = h.Public(umpire, "crimea movement", "unit", "Cossacks")
	if r := commandstest.Ruling(t, resp); r.Title != "Movement modifier: Cossacks" || !strings.HasPrefix(r.Result, "Cossacks moves up to") {
		t.Errorf("lone unit movement: %+v", r)
	}
	h.Public(umpire, "turn new")
	drawUntil(h, "Russian free move")
	h.Refused("under no officer", umpire, "crimea move", "unit", "Cossacks")
	resp = h.Public(mensh, "crimea move", "unit", "Cossacks", "officer", "Menshikov")
	if r := commandstest.Ruling(t, resp); r.Steps[1].What != "movement modifier for Cossacks" {
		t.Errorf("lone unit move: %+v", r.Steps)
	}
}

// C8: a charge ordered with its move owes a close combat, resolved after
// movement: once every card has moved, /turn status waits on the umpire to
// resolve it, and then to begin the next turn.
func TestStatusWaitsOnTheUmpireForACharge(t *testing.T) {
	h := newHarness(t, 7)
	setUp(h)
	h.Public(umpire, "turn new")
	drawUntil(h, "Allied cavalry")
	h.Refused("same side", lucan, "crimea move", "unit", "17th Lancers", "charge", "93rd Highlanders")
	h.Public(lucan, "crimea move", "unit", "17th Lancers", "charge", "Odessa Regiment")
	for _, o := range []string{"Lord Raglan", "Lord Lucan", "Menshikov", "Liprandi"} { // no one moves more
		h.Public(umpire, "crimea officer-set", "officer", o, "orders", 0)
	}
	for h.board().Drawn < 8 {
		h.Public(umpire, "turn next")
	}
	want := "**Waiting on:**\n• **the umpire (Umpire)** — resolve the combat of 17th Lancers and Odessa Regiment (`/crimea combat attacker:\"17th Lancers\" defender:\"Odessa Regiment\"`)"
	if s := commandstest.Text(h.Public(lucan, "turn status")); !strings.Contains(s, want) {
		t.Errorf("turn status, the deck drawn and the charge unresolved:\n%s\nwant %s", s, want)
	}
	h.Public(umpire, "crimea combat", "attacker", "17th Lancers", "defender", "Odessa Regiment")
	if s := commandstest.Text(h.Public(lucan, "turn status")); strings.Contains(s, "resolve the combat") || !strings.Contains(s, "begin turn 2") {
		t.Errorf("turn status after the combat:\n%s", s)
	}
}
