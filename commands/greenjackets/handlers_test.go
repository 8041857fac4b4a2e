package greenjackets_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

const fothergillOB = `
character: Capt Fothergill | officer | British | veteran | british
character: Capt Dubois | officer | French | trained | french
squad: First | Capt Fothergill | infantry | veteran | rifle | sword | Harris, Hagman
squad: Second | Capt Fothergill | infantry | veteran | rifle | sword | Cooper, Perkins
squad: Third | Capt Fothergill | infantry | veteran | rifle | sword | Tongue, Dodd
squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Leclerc, Martin
`

func fothergillTable(t *testing.T) *table {
	tb := newTable(t)
	tb.OK(umpire, "greenjackets roster import", "text", fothergillOB)
	tb.OK(umpire, "greenjackets roster character", "name", "Capt Fothergill", "player", pSharpe)
	tb.OK(umpire, "greenjackets roster character", "name", "Capt Dubois", "player", pDubois)
	tb.OK(umpire, "turn new")
	tb.edit(func(b *greenjackets.Board) {
		b.Character("Capt Fothergill").Card = &gj.Card{Rank: 6, Suit: gj.Spades}
		b.Character("Capt Dubois").Card = &gj.Card{Rank: 3, Suit: gj.Spades}
	})
	return tb
}

// Source example (section 4): Fothergill draws a 6, waits, and acts when the
// count reaches 4, with 4 AP.
func TestFothergillDelaysToFourAndHasFourAP(t *testing.T) {
	tb := fothergillTable(t)
	resp := tb.OK(umpire, "turn next")
	if len(resp.DMs) != 1 || resp.DMs[0].UserID != pSharpe.ID {
		t.Fatalf("count 6: DMs %+v, want one to Fothergill's player", resp.DMs)
	}
	tb.Refused("not been called", pDubois, "act")
	tb.OK(umpire, "turn next") // 5
	tb.OK(umpire, "turn next") // 4
	resp = tb.Public(pSharpe, "act")
	if txt := first(resp); !strings.Contains(txt, "held back") || !strings.Contains(txt, "4 AP") {
		t.Errorf("Fothergill acts: %s", txt)
	}
	if ap := tb.board().Character("Capt Fothergill").AP; ap != 4 {
		t.Errorf("Fothergill has %d AP, want 4", ap)
	}
	tb.Refused("already", pSharpe, "act")
}

// Source example (section 4): two squads 5" and 3" from Fothergill take one order
// for 1 AP; the third, 8" away, costs 2 AP for each action.
func TestCommandDistanceCosts(t *testing.T) {
	tb := fothergillTable(t)
	// The AP counted here are the orders' alone: spotting is left to the table.
	tb.OK(umpire, "game house-rule", "name", gj.HouseSpotting, "value", "off")
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	tb.OK(pSharpe, "greenjackets aim", "squad", "First, Second", "distance", 5.0)
	if ap := tb.board().Character("Capt Fothergill").AP; ap != 5 {
		t.Errorf("one order to two squads within 6\": %d AP left, want 5", ap)
	}
	resp := tb.Public(pSharpe, "greenjackets aim", "squad", "Third", "distance", 8.0)
	if ap := tb.board().Character("Capt Fothergill").AP; ap != 3 {
		t.Errorf("a squad 8\" away: %d AP left, want 3", ap)
	}
	if txt := first(resp); !strings.Contains(txt, "spends 2 AP") || !strings.Contains(txt, "G4") {
		t.Errorf("aim at 8\": %s", txt)
	}
	tb.OK(pSharpe, "greenjackets fire", "squad", "Third", "distance", 8.0, "target", "Voltigeurs", "range", 30.0)
	tb.Refused("has 1 AP left", pSharpe, "greenjackets reload", "squad", "Third", "distance", 8.0)
	tb.Refused("not yours to command", pDubois, "greenjackets aim", "squad", "First")
}

// Source example (section 6): Harper's squad, 3 AP, crawls 9" or charges 9" and keeps 2 AP.
func TestHarperCrawlsOrCharges(t *testing.T) {
	for _, tc := range []struct {
		name   string
		speeds []string
		left   int
		moved  float64
	}{{"crawl", []string{"crawl", "crawl", "crawl"}, 0, 9}, {"charge", []string{"run"}, 2, 9}} {
		tb := fothergillTable(t)
		tb.edit(func(b *greenjackets.Board) { b.Character("Capt Dubois").Card = &gj.Card{Rank: 3, Suit: gj.Spades} })
		for range 4 {
			tb.OK(umpire, "turn next")
		}
		tb.OK(pDubois, "act")
		for _, sp := range tc.speeds {
			tb.OK(pDubois, "greenjackets move", "squad", "Voltigeurs", "speed", sp)
		}
		b := tb.board()
		if c, s := b.Character("Capt Dubois"), b.Squad("Voltigeurs"); c.AP != tc.left || s.Moved != tc.moved {
			t.Errorf("%s: %d AP left, moved %v\"; want %d and %v\"", tc.name, c.AP, s.Moved, tc.left, tc.moved)
		}
		if tc.left > 0 {
			tb.Refused("most this turn", pDubois, "greenjackets move", "squad", "Voltigeurs", "speed", "crawl")
			tb.Refused("charged this move", pDubois, "greenjackets reload", "squad", "Voltigeurs")
		}
	}
}

// The holder of an Ace is told to act; holding back gains him nothing, so his
// DM does not offer it, as the holder of a 6 is.
func TestTheAceIsNotOfferedToHoldBack(t *testing.T) {
	tb := fothergillTable(t)
	tb.edit(func(b *greenjackets.Board) { b.Character("Capt Dubois").Card = &gj.Card{Rank: 1, Suit: gj.Spades} })
	dm := func(resp interaction.Response) string {
		for _, d := range resp.DMs {
			if d.UserID == pDubois.ID || d.UserID == pSharpe.ID {
				return commandstest.TextOf([]interaction.Message{d.Message})
			}
		}
		t.Fatalf("no DM to a holder: %+v", resp.DMs)
		return ""
	}
	waiting := func() string {
		waits, err := greenjackets.New().Waiting(tb.game())
		if err != nil || len(waits) != 1 {
			t.Fatalf("Waiting = %+v, %v; want the holder of the count", waits, err)
		}
		return waits[0].What
	}
	r := tb.OK(umpire, "turn next")
	if six := dm(r); !strings.Contains(six, "or hold back") {
		t.Errorf("count 6 DM = %q, want the offer to hold back", six)
	}
	if news := commandstest.Text(r); !strings.Contains(news, "holds back") {
		t.Errorf("count 6 turn message = %q, want the offer to hold back", news)
	}
	if w := waiting(); !strings.Contains(w, "hold back") {
		t.Errorf("count 6 deadline line = %q, want the offer to hold back", w)
	}
	for range 4 { // 5, 4, 3, 2
		tb.OK(umpire, "turn next")
	}
	r = tb.OK(umpire, "turn next")
	if ace := dm(r); !strings.Contains(ace, "Act now with 1 AP") || strings.Contains(ace, "hold back") {
		t.Errorf("count Ace DM = %q, want act now with 1 AP and no offer to hold back", ace)
	}
	if news := commandstest.Text(r); strings.Contains(news, "holds back") || !strings.Contains(news, "Count **Ace** is called") {
		t.Errorf("count Ace turn message = %q, want no offer to hold back", news)
	}
	if w := waiting(); strings.Contains(w, "hold back") {
		t.Errorf("count Ace deadline line = %q, want no offer to hold back", w)
	}
}

// The holder told that his squad owes a morale test is given the command to
// type, with the squad's name quoted when it holds a space.
func TestOwedMoraleHintQuotesTheName(t *testing.T) {
	tb := fothergillTable(t)
	tb.OK(umpire, "greenjackets roster squad", "name", "First", "new-name", "First Company")
	tb.OK(umpire, "greenjackets morale", "squad", "First Company", "call", true)
	resp := tb.OK(umpire, "turn next")
	if len(resp.DMs) != 1 {
		t.Fatalf("count 6: DMs %+v, want one to Fothergill's player", resp.DMs)
	}
	want := `/greenjackets morale squad:"First Company"`
	if got := commandstest.TextOf([]interaction.Message{resp.DMs[0].Message}); !strings.Contains(got, want) {
		t.Errorf("count 6 DM = %q, want the hint %s", got, want)
	}
}

func TestRefusalsSayWhy(t *testing.T) {
	tb := fothergillTable(t)
	tb.Refused("not Capt Fothergill's move yet", pSharpe, "greenjackets aim", "squad", "First")
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	tb.edit(func(b *greenjackets.Board) {
		for _, f := range b.Squad("First").Figures {
			f.Loaded = false
		}
		b.Squad("Second").Morale = gj.Pinned
	})
	tb.Refused("no one is loaded", pSharpe, "greenjackets fire", "squad", "First", "target", "Voltigeurs", "range", 10.0)
	tb.Refused("pinned and may not move", pSharpe, "greenjackets move", "squad", "Second", "speed", "jog")
	tb.Refused("pinned and may not fire", pSharpe, "greenjackets fire", "squad", "Second", "target", "Voltigeurs", "range", 10.0)
	tb.Refused("out of range", pSharpe, "greenjackets fire", "squad", "Third", "target", "Voltigeurs", "range", 45.0)
	// A death makes the squad owe a morale test, resolved before anything else.
	tb.OK(umpire, "greenjackets roster figure", "name", "Tongue", "dead", true)
	tb.Refused("must first test morale", pSharpe, "greenjackets reload", "squad", "First")
	resp := tb.OK(pSharpe, "greenjackets morale", "squad", "Third")
	r := commandstest.Ruling(t, resp)
	if m := rules.Sum(r.Steps[0].Modifiers); m != -1 { // veteran −2, 1 dead +1
		t.Errorf("morale modifiers %v, want −2 veteran +1 dead", r.Steps[0].Modifiers)
	}
	if b := tb.board(); b.Squad("Third").Owed != 0 || b.Character("Capt Fothergill").AP != 6 {
		t.Errorf("after the test: owed %d, AP %d", b.Squad("Third").Owed, b.Character("Capt Fothergill").AP)
	}
}

func TestQuickRulingWithoutAGame(t *testing.T) {
	tb := newTable(t)
	resp := tb.In("elsewhere", pHarper, "greenjackets fire", "weapon", "musket", "count", 4, "range", 8.0, "aimed", true, "cover", "soft")
	tb.Expect(t, "quick fire", resp, false, "quick ruling, not logged")
	r := commandstest.Ruling(t, resp)
	if len(r.Steps) < 4 || resp.Public[0].Embeds[0].Footer != "quick ruling, not logged" {
		t.Fatalf("quick ruling: %+v", resp.Public[0].Embeds[0])
	}
	// Musket 6-10" is 10, +2 aimed, −2 soft cover: 10 of 20 each, four figures.
	binom := []float64{1, 4, 6, 4, 1}
	for k, c := range r.Odds[:5] {
		if want := binom[k] / 16; math.Abs(c.P-want) > 1e-12 {
			t.Errorf("odds of %s = %v, want %v", c.Outcome, c.P, want)
		}
	}
	for _, st := range r.Steps {
		if st.Need != "≤ 10" && st.Result != "firer stunned" && st.Result != "phut! no shot" && st.Result != "firer seriously wounded" {
			t.Errorf("step need %q, want ≤ 10", st.Need)
		}
	}
}

func TestArtilleryAgainstTheRoster(t *testing.T) {
	tb := fothergillTable(t)
	tb.OK(umpire, "greenjackets roster squad", "name", "Battery", "officer", "Capt Fothergill", "arm", "artillery",
		"figures", "Old Betsy (gun), Gunner A, Gunner B, Gunner C, Gunner D")
	tb.Refused("Only the umpire", pSharpe, "turn next")
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	tb.Refused("not loaded", pSharpe, "greenjackets artillery", "squad", "Battery", "range", 8.0, "targets", "Leclerc:2")
	tb.OK(umpire, "greenjackets roster figure", "name", "Old Betsy", "loaded", true, "ammo", "canister")
	resp := tb.OK(pSharpe, "greenjackets artillery", "squad", "Battery", "range", 8.0, "targets", "Leclerc:2, Martin (soft):3")
	r := commandstest.Ruling(t, resp)
	if !strings.HasPrefix(r.Title, "Canister") || len(r.Steps) < 7 {
		t.Errorf("canister: %s, %d steps", r.Title, len(r.Steps))
	}
	b := tb.board()
	if g := b.Squad("Battery").Gun(); g.Loaded || g.Ammo != "" {
		t.Errorf("gun after firing: %+v", g)
	}
	if b.Character("Capt Fothergill").AP != 5 {
		t.Errorf("AP %d, want 5", b.Character("Capt Fothergill").AP)
	}
	// Reloading a gun: 10 actions, and it says which ammunition.
	tb.Refused("Say what Old Betsy is loading", pSharpe, "greenjackets reload", "squad", "Battery")
	resp = tb.Public(pSharpe, "greenjackets reload", "squad", "Battery", "ammo", "roundshot")
	if txt := first(resp); !strings.Contains(txt, "1 of 10 done") {
		t.Errorf("gun reload: %s", txt)
	}
	// Quick roundshot ruling: line of three, the second a gun.
	resp = tb.In("elsewhere", pHarper, "greenjackets artillery", "ammo", "roundshot", "range", 80.0, "targets", "A, B (gun), C (mounted)")
	tb.Expect(t, "quick roundshot", resp, false)
	if r := commandstest.Ruling(t, resp); !strings.Contains(r.Result, "1° elevation") {
		t.Errorf("quick roundshot: %+v", resp.Result)
	}
}

func TestMeleeAgainstTheRoster(t *testing.T) {
	tb := fothergillTable(t)
	tb.Refused("observe first", umpire, "greenjackets melee", "attackers", "Harris (charging), Hagman", "defenders", "Leclerc", "target", "Hagman")
	resp := tb.OK(umpire, "greenjackets melee", "attackers", "Harris (charging), Hagman", "defenders", "Leclerc", "target", "Hagman", "contact", true)
	r := commandstest.Ruling(t, resp)
	if len(r.Odds) != 4 || !strings.Contains(r.Title, "Leclerc against Harris, Hagman") {
		t.Errorf("melee: %s %v", r.Title, r.Odds)
	}
	// Harris: veteran +1, sword +2, charging +2.
	for _, st := range r.Steps {
		if st.What == "Harris" && rules.Sum(st.Modifiers) != 5 {
			t.Errorf("Harris's modifiers %v, want +5", st.Modifiers)
		}
	}
	hurt := 0
	for _, s := range tb.board().Squads {
		for _, f := range s.Figures {
			if f.Dead || f.Serious > 0 || f.StunnedUntil > 0 {
				hurt++
			}
		}
	}
	if hurt == 0 {
		t.Error("melee hurt no one on the roster")
	}
	tb.Refused("Only the umpire or a player", pHarper, "greenjackets melee", "attackers", "Harris", "defenders", "Martin")
}

func TestImportJSONAndValidate(t *testing.T) {
	tb := newTable(t)
	rs := greenjackets.New()
	ob := `{"characters":[{"name":"Maj Hogan","rank":"officer","side":"British","quality":"veteran","player":"u1","player_name":"hogan_player"}],
	"squads":[{"name":"Guns","officer":"Maj Hogan","arm":"artillery","figures":["Nine-pounder (gun)","Gunner"]},
	{"name":"Dragoons","officer":"Maj Hogan","arm":"heavy-cavalry","quality":"raw","figures":[{"name":"Trooper","traits":["strongman"]}]}]}`
	resp := tb.OK(umpire, "greenjackets roster import", "file", interaction.File{Name: "ob.json", Content: []byte(ob)})
	if len(resp.DMs) != 1 || resp.DMs[0].UserID != "u1" {
		t.Errorf("import DMs %+v", resp.DMs)
	}
	b := tb.board()
	if _, f := b.Figure("Trooper"); f == nil || f.Weapon != gj.Carbine || f.Melee != gj.Sword || !f.Strongman || f.Quality != gj.Raw {
		t.Errorf("Trooper = %+v", f)
	}
	if g := b.Squad("Guns").Gun(); g == nil || g.Weapon != gj.Cannon {
		t.Errorf("gun = %+v", g)
	}
	tb.Refused("not valid JSON", umpire, "greenjackets roster import", "file", interaction.File{Name: "ob.json", Content: []byte(`{"squads":[{"nme":"x"}]}`)})
	raw, _ := json.Marshal(greenjackets.Board{Characters: []*greenjackets.Character{{Name: "A", Rank: "officer", Quality: gj.Trained}, {Name: "a", Rank: "officer", Quality: gj.Trained}}})
	if err := rs.ValidateBoard(raw); err == nil {
		t.Error("ValidateBoard accepted two characters named A")
	}
	raw, _ = json.Marshal(tb.board())
	if err := rs.ValidateBoard(raw); err != nil {
		t.Errorf("ValidateBoard(imported) = %v", err)
	}
}

func TestStatusLossesAndTopicsShowNoCards(t *testing.T) {
	tb := fothergillTable(t)
	rs := greenjackets.New()
	g := tb.game()
	fields, err := rs.Status(g)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range fields {
		all.WriteString(f.Name + f.Value)
	}
	losses, err := rs.Losses(g)
	if err != nil {
		t.Fatal(err)
	}
	all.WriteString(losses)
	status := tb.Do(pDubois, "turn status")
	tb.Expect(t, "turn status", status, false)
	all.WriteString(commandstest.TextOf(status.Ephemeral[:1]))
	for _, form := range []string{"6♠", "3♠", "6 of spades", "3 of spades"} {
		if strings.Contains(all.String(), form) {
			t.Errorf("status, losses or turn status show a card %s:\n%s", form, all.String())
		}
	}
	names := map[string]bool{}
	for _, tp := range rs.Topics() {
		names[tp.Name] = tp.Body != ""
	}
	for _, want := range []string{"cards", "spotting", "movement", "fire", "effect-of-hits", "character-hits", "roundshot", "canister", "shell", "shrapnel", "reloading", "melee", "morale", "readings"} {
		if !names[want] {
			t.Errorf("topic %s missing or empty", want)
		}
	}
	for _, h := range rs.HouseRules() {
		if len(h.Values) < 2 || h.Reading.Text == "" {
			t.Errorf("house rule %+v", h)
		}
	}
}

func TestHouseRuleLiteralMoraleAndObserveOncePerMove(t *testing.T) {
	tb := fothergillTable(t)
	tb.OK(umpire, "game house-rule", "name", gj.HouseMoraleDead, "value", "literal")
	tb.OK(umpire, "greenjackets roster figure", "name", "Leclerc", "dead", true)
	resp := tb.OK(umpire, "greenjackets morale", "squad", "Voltigeurs")
	r := commandstest.Ruling(t, resp)
	if rules.Sum(r.Steps[0].Modifiers) != -1 || r.Readings[0].ID != "house rule" {
		t.Errorf("literal house rule: modifiers %v, readings %v", r.Steps[0].Modifiers, r.Readings)
	}
	tb.Refused("owes no morale test", pDubois, "greenjackets morale", "squad", "Voltigeurs")
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	tb.OK(pSharpe, "greenjackets observe", "officer", "Capt Fothergill", "range", 20.0, "cover", "hard")
	tb.Refused("one per officer per move", pSharpe, "greenjackets observe", "officer", "Capt Fothergill", "range", 20.0)
}

func TestShellScatterThenPlaced(t *testing.T) {
	tb := fothergillTable(t)
	tb.OK(umpire, "greenjackets roster squad", "name", "Battery", "officer", "Capt Fothergill", "arm", "artillery",
		"figures", "Old Betsy (gun), Gunner A")
	tb.OK(umpire, "greenjackets roster figure", "name", "Old Betsy", "loaded", true, "ammo", "shrapnel")
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	tb.Refused("beyond 50", umpire, "greenjackets artillery", "squad", "Battery", "range", 40.0)
	resp := tb.OK(umpire, "greenjackets artillery", "squad", "Battery", "range", 60.0)
	r := commandstest.Ruling(t, resp)
	if !strings.HasPrefix(r.Title, "Shrapnel") || r.Steps[0].What != "burst" {
		t.Fatalf("shrapnel: %+v", r)
	}
	if g := tb.board().Squad("Battery").Gun(); g.Loaded {
		t.Error("the gun is still loaded after firing")
	}
	resp = tb.OK(umpire, "greenjackets artillery", "squad", "Battery", "range", 60.0, "placed", true, "ammo", "shrapnel", "targets", "Leclerc:1, Martin (hard):3")
	r = commandstest.Ruling(t, resp)
	if len(r.Steps) < 8 || r.Steps[0].What == "burst" {
		t.Errorf("placed shrapnel: %d steps, first %q", len(r.Steps), r.Steps[0].What)
	}
}

func TestAutocompleteRosterNames(t *testing.T) {
	tb := fothergillTable(t)
	resp := tb.Serve(tb.Autocomplete(pSharpe, "greenjackets aim", "squad", "First, se"))
	if tb.Outcome() != interaction.OutcomeOK || len(resp.Choices) != 1 || resp.Choices[0].Value != "First, Second" {
		t.Errorf("autocomplete squad = %+v, %s", resp.Choices, tb.Outcome())
	}
	resp = tb.Serve(tb.Autocomplete(pSharpe, "greenjackets fire", "target", "le"))
	if len(resp.Choices) != 1 || resp.Choices[0].Value != "Leclerc" {
		t.Errorf("autocomplete target = %+v", resp.Choices)
	}
	for _, tt := range []struct {
		who           interaction.User
		path, focused string
		typed         string
		opts          []any
		want          []string
	}{
		// The enemy first, labelled with kind and place; one's own after.
		{pSharpe, "greenjackets fire", "target", "", []any{"squad", "First"}, []string{
			"Voltigeurs — squad, Capt Dubois (French)", "Capt Dubois — officer, French",
			"Leclerc — figure, Voltigeurs", "Martin — figure, Voltigeurs",
			"First — squad, Capt Fothergill (British)", "Second — squad, Capt Fothergill (British)",
			"Third — squad, Capt Fothergill (British)", "Capt Fothergill — officer, British",
			"Harris — figure, First", "Hagman — figure, First", "Cooper — figure, Second",
			"Perkins — figure, Second", "Tongue — figure, Third", "Dodd — figure, Third"}},
		// Without a squad, the invoker's character says whose side he is on.
		{pDubois, "greenjackets hit", "target", "ha", nil, []string{"Harris — figure, First", "Hagman — figure, First"}},
		// The figures of the squads named, a list completed entry by entry.
		{pSharpe, "greenjackets aim", "figures", "Harris, ", []any{"squad", "First, Second"}, []string{"Harris, Hagman — figure, First", "Harris, Cooper — figure, Second", "Harris, Perkins — figure, Second"}},
		// The observer's enemy first.
		{umpire, "greenjackets observe", "target", "", []any{"officer", "Capt Dubois"}, []string{
			"First — squad, Capt Fothergill (British)", "Second — squad, Capt Fothergill (British)",
			"Third — squad, Capt Fothergill (British)", "Capt Fothergill — officer, British",
			"Harris — figure, First", "Hagman — figure, First", "Cooper — figure, Second",
			"Perkins — figure, Second", "Tongue — figure, Third", "Dodd — figure, Third",
			"Voltigeurs — squad, Capt Dubois (French)", "Capt Dubois — officer, French",
			"Leclerc — figure, Voltigeurs", "Martin — figure, Voltigeurs"}},
		{pSharpe, "greenjackets aim", "squad", "", nil, []string{"First — squad, Capt Fothergill (British)",
			"Second — squad, Capt Fothergill (British)", "Third — squad, Capt Fothergill (British)", "Voltigeurs — squad, Capt Dubois (French)"}},
		{umpire, "greenjackets observe", "officer", "capt", nil, []string{"Capt Fothergill — officer, British", "Capt Dubois — officer, French"}},
		{umpire, "greenjackets roster character", "name", "", nil, []string{"Capt Fothergill — officer, British", "Capt Dubois — officer, French"}},
		{umpire, "greenjackets roster figure", "name", "o", nil, []string{"Cooper — figure, Second", "Tongue — figure, Third",
			"Dodd — figure, Third"}},
		{umpire, "greenjackets roster figure", "squad", "th", nil, []string{"Third — squad, Capt Fothergill (British)"}},
		{umpire, "greenjackets roster remove", "name", "t", nil, []string{"Third — squad, Capt Fothergill (British)", "Tongue — figure, Third",
			"Capt Fothergill — officer, British", "Capt Dubois — officer, French", "First — squad, Capt Fothergill (British)",
			"Voltigeurs — squad, Capt Dubois (French)", "Martin — figure, Voltigeurs"}},
	} {
		resp := tb.Serve(tb.Autocomplete(tt.who, tt.path, tt.focused, tt.typed, tt.opts...))
		var got []string
		for _, c := range resp.Choices {
			got = append(got, c.Name)
			if strings.Contains(c.Value, " — ") {
				t.Errorf("%s %s: value %q is not a plain name", tt.path, tt.focused, c.Value)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %s:%q (-want +got):\n%s", tt.path, tt.focused, tt.typed, diff)
		}
	}
	req := tb.Autocomplete(pSharpe, "greenjackets fire", "target", "")
	req.ChannelID = "nowhere"
	resp = tb.Serve(req)
	if resp.Choices == nil || len(resp.Choices) != 0 {
		t.Errorf("autocomplete without a game = %+v", resp.Choices)
	}
}

// G8a through the command: the firers' jog this move is taken from the
// record without being typed, and speed: overrides it with a reading.
func TestFireTakesTheRecordedMove(t *testing.T) {
	tb := fothergillTable(t)
	tb.OK(umpire, "game house-rule", "name", gj.HouseSpotting, "value", "off")
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	tb.OK(pSharpe, "greenjackets move", "squad", "First", "speed", "jog")
	jogging := func(r rules.Ruling) bool {
		for _, m := range r.Steps[0].Modifiers {
			if m.Reason == "firer jogging" {
				return true
			}
		}
		return false
	}
	r := commandstest.Ruling(t, tb.OK(pSharpe, "greenjackets fire", "squad", "First", "figures", "Harris", "target", "Voltigeurs", "range", 10.0))
	if !jogging(r) {
		t.Errorf("fire after a jog: %v", r.Steps[0].Modifiers)
	}
	resp := tb.OK(pSharpe, "greenjackets fire", "squad", "First", "figures", "Hagman", "target", "Voltigeurs", "range", 10.0, "speed", "still")
	if r = commandstest.Ruling(t, resp); jogging(r) || !strings.Contains(first(resp), "taken as given") {
		t.Errorf("speed:still given: %v", r.Steps[0].Modifiers)
	}
}

// A morale test the umpire called is the holder's to roll first (G5): /turn
// status waits on Fothergill's player for it, and on his move once it is
// rolled.
func TestStatusWaitsOnTheCalledMoraleTest(t *testing.T) {
	tb := fothergillTable(t)
	tb.OK(umpire, "greenjackets morale", "squad", "First", "call", true)
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	status := commandstest.Text(tb.OK(pSharpe, "turn status"))
	want := "**Waiting on:**\n• **sharpe\\_player** — roll the morale test of First (`/greenjackets morale squad:First`)"
	if !strings.Contains(status, want) || strings.Index(status, want) > strings.Index(status, "Turn 1") {
		t.Errorf("/turn status = %q, want it to lead with %q", status, want)
	}
	tb.OK(pSharpe, "greenjackets morale", "squad", "First")
	if status := commandstest.Text(tb.OK(pSharpe, "turn status")); strings.Contains(status, "morale test") || !strings.Contains(status, "move Capt Fothergill") {
		t.Errorf("/turn status after the test = %q, want his move, no test", status)
	}
}

// A quick ruling has no roster to charge into: target: is refused there,
// and the charge's allowance is had without it.
func TestAQuickChargeHasNoTarget(t *testing.T) {
	tb := fothergillTable(t)
	tb.Refused("for a quick ruling leave", umpire, "greenjackets move", "speed", "charge", "target", "Voltigeurs")
	tb.OK(umpire, "greenjackets move", "speed", "charge")
}

// G7a: a character named in squad: moves on his own, his squads staying
// where they are; the option offers him among the squads.
func TestACharacterMovesOnHisOwn(t *testing.T) {
	tb := fothergillTable(t)
	tb.OK(umpire, "turn next")
	tb.OK(pSharpe, "act")
	var offered bool
	for _, c := range tb.Serve(tb.Autocomplete(pSharpe, "greenjackets move", "squad", "Capt F")).Choices {
		offered = offered || c.Value == "Capt Fothergill"
	}
	if !offered {
		t.Errorf("/greenjackets move squad:\"Capt F\" does not offer Capt Fothergill")
	}
	resp := tb.OK(pSharpe, "greenjackets move", "squad", "capt fothergill", "speed", "jog")
	if txt := first(resp); !strings.Contains(txt, "Capt Fothergill moves") {
		t.Errorf("Capt Fothergill moves on his own: %s", txt)
	}
	b := tb.board()
	if c := b.Character("Capt Fothergill"); c.Moved <= 0 || c.MovedTurn != 1 {
		t.Errorf("Capt Fothergill moved %v\" in turn %d, want some in turn 1", c.Moved, c.MovedTurn)
	}
	for _, s := range []string{"First", "Second", "Third"} {
		if m := b.Squad(s).Moved; m != 0 {
			t.Errorf("%s moved %v\" with its officer, want it to stay", s, m)
		}
	}
	tb.Refused("No Capt Fothergill on the roster", pSharpe, "greenjackets aim", "squad", "Capt Fothergill")
}
