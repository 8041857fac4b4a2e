package greenjackets

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// edit changes the stored board directly (test set-up only).
func (tb *table) edit(fn func(b *Board)) {
	tb.t.Helper()
	_, err := tb.svc.Change(context.Background(), tb.req(umpire, "test edit", nil), func(tx *battle.Tx) (interaction.Response, error) {
		b, err := load(tx)
		if err != nil {
			return interaction.Response{}, err
		}
		fn(b)
		return interaction.Response{}, tx.SetBoard(b)
	})
	if err != nil {
		tb.t.Fatal(err)
	}
}

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
	tb.ok(umpire, "greenjackets roster import", tb.rs.RosterImport, map[string]any{optText: fothergillOB})
	tb.ok(umpire, "greenjackets roster character", tb.rs.RosterCharacter, map[string]any{optName: "Capt Fothergill", optPlayer: pSharpe})
	tb.ok(umpire, "greenjackets roster character", tb.rs.RosterCharacter, map[string]any{optName: "Capt Dubois", optPlayer: pDubois})
	tb.ok(umpire, "turn new", tb.rs.NewTurn, nil)
	tb.edit(func(b *Board) {
		b.Character("Capt Fothergill").Card = &gj.Card{Rank: 6, Suit: gj.Spades}
		b.Character("Capt Dubois").Card = &gj.Card{Rank: 3, Suit: gj.Spades}
	})
	return tb
}

// Source example (section 4): Fothergill draws a 6, waits, and acts when the
// count reaches 4, with 4 AP.
func TestFothergillDelaysToFourAndHasFourAP(t *testing.T) {
	tb := fothergillTable(t)
	resp := tb.ok(umpire, "turn next", tb.rs.NextTurn, nil)
	if len(resp.DMs) != 1 || resp.DMs[0].UserID != pSharpe.ID {
		t.Fatalf("count 6: DMs %+v, want one to Fothergill's player", resp.DMs)
	}
	tb.refused(pDubois, "not been called", "act", tb.rs.Act, nil)
	tb.ok(umpire, "turn next", tb.rs.NextTurn, nil) // 5
	tb.ok(umpire, "turn next", tb.rs.NextTurn, nil) // 4
	resp = tb.ok(pSharpe, "act", tb.rs.Act, nil)
	if txt := messageText(resp.Public[0]); !strings.Contains(txt, "held back") || !strings.Contains(txt, "4 AP") {
		t.Errorf("Fothergill acts: %s", txt)
	}
	if ap := tb.board().Character("Capt Fothergill").AP; ap != 4 {
		t.Errorf("Fothergill has %d AP, want 4", ap)
	}
	tb.refused(pSharpe, "already", "act", tb.rs.Act, nil)
}

// Source example (section 4): two squads 5" and 3" from Fothergill take one order
// for 1 AP; the third, 8" away, costs 2 AP for each action.
func TestCommandDistanceCosts(t *testing.T) {
	tb := fothergillTable(t)
	tb.ok(umpire, "turn next", tb.rs.NextTurn, nil)
	tb.ok(pSharpe, "act", tb.rs.Act, nil)
	tb.ok(pSharpe, "greenjackets aim", tb.rs.Aim, map[string]any{optSquad: "First, Second", optDistance: 5.0})
	if ap := tb.board().Character("Capt Fothergill").AP; ap != 5 {
		t.Errorf("one order to two squads within 6\": %d AP left, want 5", ap)
	}
	resp := tb.ok(pSharpe, "greenjackets aim", tb.rs.Aim, map[string]any{optSquad: "Third", optDistance: 8.0})
	if ap := tb.board().Character("Capt Fothergill").AP; ap != 3 {
		t.Errorf("a squad 8\" away: %d AP left, want 3", ap)
	}
	if txt := messageText(resp.Public[0]); !strings.Contains(txt, "spends 2 AP") || !strings.Contains(txt, "G4") {
		t.Errorf("aim at 8\": %s", txt)
	}
	tb.ok(pSharpe, "greenjackets fire", tb.rs.Fire, map[string]any{optSquad: "Third", optDistance: 8.0, optTarget: "Voltigeurs", optRange: 30.0})
	tb.refused(pSharpe, "has 1 AP left", "greenjackets reload", tb.rs.Reload, map[string]any{optSquad: "Third", optDistance: 8.0})
	tb.refused(pDubois, "not yours to command", "greenjackets aim", tb.rs.Aim, map[string]any{optSquad: "First"})
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
		tb.edit(func(b *Board) { b.Character("Capt Dubois").Card = &gj.Card{Rank: 3, Suit: gj.Spades} })
		for range 4 {
			tb.ok(umpire, "turn next", tb.rs.NextTurn, nil)
		}
		tb.ok(pDubois, "act", tb.rs.Act, nil)
		for _, sp := range tc.speeds {
			tb.ok(pDubois, "greenjackets move", tb.rs.Move, map[string]any{optSquad: "Voltigeurs", optSpeed: sp})
		}
		b := tb.board()
		if c, s := b.Character("Capt Dubois"), b.Squad("Voltigeurs"); c.AP != tc.left || s.Moved != tc.moved {
			t.Errorf("%s: %d AP left, moved %v\"; want %d and %v\"", tc.name, c.AP, s.Moved, tc.left, tc.moved)
		}
		if tc.left > 0 {
			tb.refused(pDubois, "most this turn", "greenjackets move", tb.rs.Move, map[string]any{optSquad: "Voltigeurs", optSpeed: "crawl"})
			tb.refused(pDubois, "charged this move", "greenjackets reload", tb.rs.Reload, map[string]any{optSquad: "Voltigeurs"})
		}
	}
}

func TestRefusalsSayWhy(t *testing.T) {
	tb := fothergillTable(t)
	tb.refused(pSharpe, "not Capt Fothergill's move yet", "greenjackets aim", tb.rs.Aim, map[string]any{optSquad: "First"})
	tb.ok(umpire, "turn next", tb.rs.NextTurn, nil)
	tb.ok(pSharpe, "act", tb.rs.Act, nil)
	tb.edit(func(b *Board) {
		for _, f := range b.Squad("First").Figures {
			f.Loaded = false
		}
		b.Squad("Second").Morale = gj.Pinned
	})
	tb.refused(pSharpe, "no one is loaded", "greenjackets fire", tb.rs.Fire, map[string]any{optSquad: "First", optTarget: "Voltigeurs", optRange: 10.0})
	tb.refused(pSharpe, "pinned and may not move", "greenjackets move", tb.rs.Move, map[string]any{optSquad: "Second", optSpeed: "jog"})
	tb.refused(pSharpe, "pinned and may not fire", "greenjackets fire", tb.rs.Fire, map[string]any{optSquad: "Second", optTarget: "Voltigeurs", optRange: 10.0})
	tb.refused(pSharpe, "out of range", "greenjackets fire", tb.rs.Fire, map[string]any{optSquad: "Third", optTarget: "Voltigeurs", optRange: 45.0})
	// A death makes the squad owe a morale test, resolved before anything else.
	tb.edit(func(b *Board) { killFigure(b.Squad("Third"), b.Squad("Third").Figures[0]) })
	tb.refused(pSharpe, "must first test morale", "greenjackets reload", tb.rs.Reload, map[string]any{optSquad: "First"})
	resp := tb.ok(pSharpe, "greenjackets morale", tb.rs.Morale, map[string]any{optSquad: "Third"})
	r := ruling(t, resp)
	if m := rules.Sum(r.Steps[0].Modifiers); m != -1 { // veteran −2, 1 dead +1
		t.Errorf("morale modifiers %v, want −2 veteran +1 dead", r.Steps[0].Modifiers)
	}
	if b := tb.board(); b.Squad("Third").Owed != 0 || b.Character("Capt Fothergill").AP != 6 {
		t.Errorf("after the test: owed %d, AP %d", b.Squad("Third").Owed, b.Character("Capt Fothergill").AP)
	}
}

func TestQuickRulingWithoutAGame(t *testing.T) {
	tb := newTable(t)
	req := tb.req(pHarper, "greenjackets fire", map[string]any{optWeapon: "musket", optCount: 4, optRange: 8.0, optAimed: true, optCover: "soft"})
	req.ChannelID = "elsewhere"
	resp, err := tb.svc.Rule(context.Background(), req, tb.rs.Fire)
	if err != nil {
		t.Fatal(err)
	}
	r := ruling(t, resp)
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
	tb.ok(umpire, "greenjackets roster squad", tb.rs.RosterSquad, map[string]any{optName: "Battery", optOfficer: "Capt Fothergill", optArm: "artillery",
		optFigures: "Old Betsy (gun), Gunner A, Gunner B, Gunner C, Gunner D"})
	tb.refused(pSharpe, "Only the umpire", "turn next", tb.rs.NextTurn, nil)
	tb.ok(umpire, "turn next", tb.rs.NextTurn, nil)
	tb.ok(pSharpe, "act", tb.rs.Act, nil)
	tb.refused(pSharpe, "not loaded", "greenjackets artillery", tb.rs.Artillery, map[string]any{optSquad: "Battery", optRange: 8.0, optTargets: "Leclerc:2"})
	tb.ok(umpire, "greenjackets roster figure", tb.rs.RosterFigure, map[string]any{optName: "Old Betsy", optLoaded: true, optAmmo: "canister"})
	resp := tb.ok(pSharpe, "greenjackets artillery", tb.rs.Artillery, map[string]any{optSquad: "Battery", optRange: 8.0, optTargets: "Leclerc:2, Martin (soft):3"})
	r := ruling(t, resp)
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
	tb.refused(pSharpe, "Say what Old Betsy is loading", "greenjackets reload", tb.rs.Reload, map[string]any{optSquad: "Battery"})
	resp = tb.ok(pSharpe, "greenjackets reload", tb.rs.Reload, map[string]any{optSquad: "Battery", optAmmo: "roundshot"})
	if txt := messageText(resp.Public[0]); !strings.Contains(txt, "1 of 10 done") {
		t.Errorf("gun reload: %s", txt)
	}
	// Quick roundshot ruling: line of three, the second a gun.
	req := tb.req(pHarper, "greenjackets artillery", map[string]any{optAmmo: "roundshot", optRange: 80.0, optTargets: "A, B (gun), C (mounted)"})
	req.ChannelID = "elsewhere"
	resp, err := tb.svc.Rule(context.Background(), req, tb.rs.Artillery)
	if err != nil || !strings.Contains(ruling(t, resp).Result, "1° elevation") {
		t.Errorf("quick roundshot: %v %+v", err, resp.Result)
	}
}

func TestMeleeAgainstTheRoster(t *testing.T) {
	tb := fothergillTable(t)
	resp := tb.ok(umpire, "greenjackets melee", tb.rs.Melee, map[string]any{optAttackers: "Harris (charging), Hagman", optDefenders: "Leclerc", optTarget: "Hagman"})
	r := ruling(t, resp)
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
	tb.refused(pHarper, "Only the umpire or a player", "greenjackets melee", tb.rs.Melee, map[string]any{optAttackers: "Harris", optDefenders: "Martin"})
}

func TestImportJSONAndValidate(t *testing.T) {
	tb := newTable(t)
	ob := `{"characters":[{"name":"Maj Hogan","rank":"officer","side":"British","quality":"veteran","player":"u1","player_name":"hogan_player"}],
	"squads":[{"name":"Guns","officer":"Maj Hogan","arm":"artillery","figures":["Nine-pounder (gun)","Gunner"]},
	{"name":"Dragoons","officer":"Maj Hogan","arm":"heavy-cavalry","quality":"raw","figures":[{"name":"Trooper","traits":["strongman"]}]}]}`
	resp := tb.ok(umpire, "greenjackets roster import", tb.rs.RosterImport, map[string]any{optFile: interaction.File{Name: "ob.json", Content: []byte(ob)}})
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
	tb.refused(umpire, "not valid JSON", "greenjackets roster import", tb.rs.RosterImport, map[string]any{optFile: interaction.File{Name: "ob.json", Content: []byte(`{"squads":[{"nme":"x"}]}`)}})
	raw, _ := json.Marshal(Board{Characters: []*Character{{Name: "A", Rank: "officer", Quality: gj.Trained}, {Name: "a", Rank: "officer", Quality: gj.Trained}}})
	if err := tb.rs.ValidateBoard(raw); err == nil {
		t.Error("ValidateBoard accepted two characters named A")
	}
	raw, _ = json.Marshal(tb.board())
	if err := tb.rs.ValidateBoard(raw); err != nil {
		t.Errorf("ValidateBoard(imported) = %v", err)
	}
}

func TestStatusLossesAndTopicsShowNoCards(t *testing.T) {
	tb := fothergillTable(t)
	g := tb.game()
	fields, err := tb.rs.Status(g)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range fields {
		all.WriteString(f.Name + f.Value)
	}
	losses, err := tb.rs.Losses(g)
	if err != nil {
		t.Fatal(err)
	}
	all.WriteString(losses)
	status := tb.ok(pDubois, "turn status", tb.rs.TurnStatus, nil)
	all.WriteString(messageText(status.Ephemeral[0]))
	for _, form := range []string{"6♠", "3♠", "6 of spades", "3 of spades"} {
		if strings.Contains(all.String(), form) {
			t.Errorf("status, losses or turn status show a card %s:\n%s", form, all.String())
		}
	}
	names := map[string]bool{}
	for _, tp := range tb.rs.Topics() {
		names[tp.Name] = tp.Body != ""
	}
	for _, want := range []string{"cards", "spotting", "movement", "fire", "effect-of-hits", "character-hits", "roundshot", "canister", "shell", "shrapnel", "reloading", "melee", "morale", "readings"} {
		if !names[want] {
			t.Errorf("topic %s missing or empty", want)
		}
	}
	for _, h := range tb.rs.HouseRules() {
		if h.Default != h.Values[0] || h.Reading.Text == "" {
			t.Errorf("house rule %+v", h)
		}
	}
}

// ruling reads a response's Result as a ruling (it comes back through JSON from the store).
func ruling(t *testing.T, resp interaction.Response) rules.Ruling {
	t.Helper()
	raw, err := json.Marshal(resp.Result)
	if err != nil {
		t.Fatal(err)
	}
	var r rules.Ruling
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestHouseRuleLiteralMoraleAndObserveOncePerMove(t *testing.T) {
	tb := fothergillTable(t)
	if _, err := tb.svc.Change(context.Background(), tb.req(umpire, "game house-rule", nil), func(tx *battle.Tx) (interaction.Response, error) {
		tx.Game.HouseRules = map[string]string{gj.HouseMoraleDead: "literal"}
		return interaction.Response{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	tb.edit(func(b *Board) {
		s := b.Squad("Voltigeurs")
		killFigure(s, s.Figures[0])
	})
	resp := tb.ok(umpire, "greenjackets morale", tb.rs.Morale, map[string]any{optSquad: "Voltigeurs"})
	r := ruling(t, resp)
	if rules.Sum(r.Steps[0].Modifiers) != -1 || r.Readings[0].ID != "house rule" {
		t.Errorf("literal house rule: modifiers %v, readings %v", r.Steps[0].Modifiers, r.Readings)
	}
	tb.refused(pDubois, "owes no morale test", "greenjackets morale", tb.rs.Morale, map[string]any{optSquad: "Voltigeurs"})
	tb.ok(umpire, "turn next", tb.rs.NextTurn, nil)
	tb.ok(pSharpe, "act", tb.rs.Act, nil)
	tb.ok(pSharpe, "greenjackets observe", tb.rs.Observe, map[string]any{optOfficer: "Capt Fothergill", optRange: 20.0, optCover: "hard"})
	tb.refused(pSharpe, "one per officer per move", "greenjackets observe", tb.rs.Observe, map[string]any{optOfficer: "Capt Fothergill", optRange: 20.0})
}

func TestShellScatterThenPlaced(t *testing.T) {
	tb := fothergillTable(t)
	tb.ok(umpire, "greenjackets roster squad", tb.rs.RosterSquad, map[string]any{optName: "Battery", optOfficer: "Capt Fothergill", optArm: "artillery",
		optFigures: "Old Betsy (gun), Gunner A"})
	tb.ok(umpire, "greenjackets roster figure", tb.rs.RosterFigure, map[string]any{optName: "Old Betsy", optLoaded: true, optAmmo: "shrapnel"})
	tb.ok(umpire, "turn next", tb.rs.NextTurn, nil)
	tb.ok(pSharpe, "act", tb.rs.Act, nil)
	tb.refused(umpire, "beyond 50", "greenjackets artillery", tb.rs.Artillery, map[string]any{optSquad: "Battery", optRange: 40.0})
	resp := tb.ok(umpire, "greenjackets artillery", tb.rs.Artillery, map[string]any{optSquad: "Battery", optRange: 60.0})
	r := ruling(t, resp)
	if !strings.HasPrefix(r.Title, "Shrapnel") || r.Steps[0].What != "burst" {
		t.Fatalf("shrapnel: %+v", r)
	}
	if g := tb.board().Squad("Battery").Gun(); g.Loaded {
		t.Error("the gun is still loaded after firing")
	}
	resp = tb.ok(umpire, "greenjackets artillery", tb.rs.Artillery, map[string]any{optSquad: "Battery", optRange: 60.0, optPlaced: true, optAmmo: "shrapnel", optTargets: "Leclerc:1, Martin (hard):3"})
	r = ruling(t, resp)
	if len(r.Steps) < 8 || r.Steps[0].What == "burst" {
		t.Errorf("placed shrapnel: %d steps, first %q", len(r.Steps), r.Steps[0].What)
	}
}

func TestAutocompleteRosterNames(t *testing.T) {
	tb := fothergillTable(t)
	ac := Autocomplete(tb.svc)
	resp, err := ac(context.Background(), interaction.Request{Kind: interaction.KindAutocomplete, ChannelID: channel, Focused: optSquad,
		Options: map[string]any{optSquad: "First, se"}})
	if err != nil || len(resp.Choices) != 1 || resp.Choices[0].Value != "First, Second" {
		t.Errorf("autocomplete squad = %+v, %v", resp.Choices, err)
	}
	resp, _ = ac(context.Background(), interaction.Request{Kind: interaction.KindAutocomplete, ChannelID: channel, Focused: optTarget,
		Options: map[string]any{optTarget: "le"}})
	if len(resp.Choices) != 1 || resp.Choices[0].Value != "Leclerc" {
		t.Errorf("autocomplete target = %+v", resp.Choices)
	}
	resp, _ = ac(context.Background(), interaction.Request{Kind: interaction.KindAutocomplete, ChannelID: "nowhere", Focused: optTarget})
	if resp.Choices == nil || len(resp.Choices) != 0 {
		t.Errorf("autocomplete without a game = %+v", resp.Choices)
	}
}
