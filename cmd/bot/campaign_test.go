package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/commandstest"
	rc "github.com/referee-bot/referee/rules/crimea"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// consoleLine is one line of `console -json`: what the campaign tests read.
type consoleLine struct {
	OK        bool                         `json:"ok"`
	Error     string                       `json:"error"`
	Public    []consoleMsg                 `json:"public"`
	Ephemeral []consoleMsg                 `json:"ephemeral"`
	DMs       map[string][]consoleMsg      `json:"dms"`
	Result    json.RawMessage              `json:"result"`
	Channels  map[string][]json.RawMessage `json:"channels"`
}

type consoleMsg struct {
	Content string `json:"content"`
	Embeds  []struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Fields      []struct{ Name, Value string }
	} `json:"embeds"`
	Files []struct{ Name, Content string } `json:"files"`
}

func (m consoleMsg) text() string {
	s := m.Content
	for _, e := range m.Embeds {
		s += "\n" + e.Title + "\n" + e.Description
		for _, f := range e.Fields {
			s += "\n" + f.Name + "\n" + f.Value
		}
	}
	return s
}

// playJSON plays script in the console with -json, every line of which must be ok.
func playJSON(t *testing.T, script string) []consoleLine {
	t.Helper()
	out, _ := playConsole(t, t.TempDir(), script, "-user", "umpire", "-seed", "7", "-json")
	var lines []consoleLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var x consoleLine
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("not a JSON line: %s", l)
		}
		if !x.OK {
			t.Errorf("line %d refused: %s", len(lines)+1, x.Error)
		}
		lines = append(lines, x)
	}
	return lines
}

func texts(l consoleLine) string {
	var b strings.Builder
	for _, m := range append(l.Public, l.Ephemeral...) {
		b.WriteString(m.text() + "\n")
	}
	return b.String()
}

// greenJacketsCampaign: Lt Sharpe's section fights at the bridge: Cooper is
// killed, Harris seriously wounded, Sharpe lightly wounded; then again in
// the village, and a third time.
const greenJacketsCampaign = `/campaign start name:Peninsula ruleset:greenjackets
/campaign forces name:Peninsula text:"character: Lt Sharpe | officer | British | veteran | british; character: Capt Ducos | officer | French | trained | french; squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman, Cooper; squad: Voltigeurs | Capt Ducos | infantry | trained | musket | bayonet | Lebrun, Marceau, Girard"
/game start campaign:Peninsula name:"The bridge"
/greenjackets roster character name:"Lt Sharpe" player:@bob
/greenjackets roster figure name:Cooper dead:true
/greenjackets roster figure name:Harris serious:1
/greenjackets roster character name:"Lt Sharpe" light:1
/game end
[End and carry back]
/campaign status name:Peninsula
/game start campaign:Peninsula name:"The village"
/game export
/game end
[End and carry back]
/game start campaign:Peninsula name:"The ford" forces:"Lt Sharpe"
/game export
/campaign report name:Peninsula
`

// TestConsoleGreenJacketsCampaign: the casualties of the first battle are
// in the second exactly as K1–K4 say: Cooper is gone (K1), Harris misses
// it (K2) and is back for the third, Sharpe's light wound has healed (K2),
// and the Chosen Men keep their surviving figures (K4).
func TestConsoleGreenJacketsCampaign(t *testing.T) {
	lines := playJSON(t, greenJacketsCampaign)
	if len(lines) != 17 {
		t.Fatalf("got %d lines, want 17", len(lines))
	}
	proposal := texts(lines[7])
	for _, want := range []string{"Carried back to the campaign Peninsula** as battle 1",
		"Lt Sharpe: 1 light wound healed (K2)", "Harris (Chosen Men): seriously wounded: misses the next battle, then returns (K2)",
		"Cooper (Chosen Men): dead: gone from the campaign (K1)"} {
		if !strings.Contains(proposal, want) {
			t.Errorf("/game end does not propose %q:\n%s", want, proposal)
		}
	}
	if strings.Contains(proposal, "Battle over") {
		t.Errorf("/game end ended the battle before it was confirmed:\n%s", proposal)
	}
	if got := texts(lines[8]); !strings.Contains(got, "Battle over: The bridge") || !strings.Contains(got, "Carried back: battle 1 of Peninsula") {
		t.Errorf("the confirmation:\n%s", got)
	}
	if got := texts(lines[9]); !strings.Contains(got, "Harris [sharpshooter] (out: misses battle 2, K2), Hagman") || strings.Contains(got, "Cooper,") {
		t.Errorf("/campaign status after the bridge:\n%s", got)
	}
	if got := texts(lines[10]); !strings.Contains(got, "Out of this battle:** Harris") {
		t.Errorf("the village's start does not say Harris misses it:\n%s", got)
	}
	village := exportedBoard(t, lines[11])
	sharpe := village.Character("Lt Sharpe")
	switch {
	case sharpe == nil:
		t.Fatalf("the village has no Lt Sharpe")
	case sharpe.Light != 0 || sharpe.PlayerName != "bob" || sharpe.Quality != gj.Veteran:
		t.Errorf("Lt Sharpe in the village: %+v; want healed, played by bob, veteran", sharpe)
	}
	if diff := cmp.Diff([]string{"Hagman"}, figures(village, "Chosen Men")); diff != "" {
		t.Errorf("the Chosen Men in the village (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Lebrun", "Marceau", "Girard"}, figures(village, "Voltigeurs")); diff != "" {
		t.Errorf("the Voltigeurs in the village (-want +got):\n%s", diff)
	}
	if got := texts(lines[13]); !strings.Contains(got, "Back for the next battle:** Harris") {
		t.Errorf("the village's carry-back does not bring Harris back:\n%s", got)
	}
	ford := exportedBoard(t, lines[15])
	if diff := cmp.Diff([]string{"Hagman", "Harris"}, figures(ford, "Chosen Men")); diff != "" {
		t.Errorf("the Chosen Men at the ford (-want +got):\n%s", diff)
	}
	if ford.Character("Capt Ducos") != nil || ford.Squad("Voltigeurs") != nil {
		t.Errorf("forces:\"Lt Sharpe\" mustered the French too")
	}
	report := lines[16].Public[0].Files[0].Content
	for _, want := range []string{"### 1. The bridge", "### 2. The village", "- **Cooper**: battle 1: dead: gone from the campaign", "- **Harris**: battle 1: seriously wounded"} {
		if !strings.Contains(report, want) {
			t.Errorf("the campaign's report lacks %q:\n%s", want, report)
		}
	}
	if !strings.Contains(report, "#### Losses\n\n##### British") {
		t.Errorf("the campaign's report: the bridge's losses by side are not under its Losses:\n%s", report)
	}
	if wrong := commandstest.HeadingsNest(report); len(wrong) > 0 {
		t.Errorf("the campaign report's headings do not nest: %q\n%s", wrong, report)
	}
}

// exportedBoard reads the Green Jackets board of a /game export line.
func exportedBoard(t *testing.T, l consoleLine) *gj.Board {
	t.Helper()
	if len(l.Ephemeral) == 0 || len(l.Ephemeral[0].Files) == 0 {
		t.Fatalf("no export file: %s", texts(l))
	}
	var file struct {
		Board gj.Board `json:"board"`
	}
	if err := json.Unmarshal([]byte(l.Ephemeral[0].Files[0].Content), &file); err != nil {
		t.Fatalf("export: %v", err)
	}
	return &file.Board
}

func figures(b *gj.Board, squad string) []string {
	var out []string
	if s := b.Squad(squad); s != nil {
		for _, f := range s.Figures {
			out = append(out, f.Name)
		}
	}
	return out
}

// crimeaCampaign: Raglan's wing fights at the Alma: Cathcart is killed,
// Raglan wounded, the Light Division loses two stands and is disordered,
// the Vladimir Regiment destroyed; then at Inkerman.
const crimeaCampaign = `/campaign start name:Crimea ruleset:crimea
/game start ruleset:crimea name:Muster
/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing" player:alice
/crimea officer-add name:Cathcart side:Allied rank:"brigade officer" superior:Raglan
/crimea officer-add name:Menshikov side:Russian rank:"wing commander" wing:"right wing" player:bob
/crimea unit-add name:"Light Division" nationality:British type:"heavy infantry" stands:6 officer:Raglan
/crimea unit-add name:"4th Division" nationality:British type:"heavy infantry" stands:6 officer:Cathcart
/crimea unit-add name:"Vladimir Regiment" nationality:Russian type:"heavy infantry" stands:8 formation:column officer:Menshikov
/campaign forces name:Crimea
/game end
[End the battle]
/game start campaign:Crimea name:"The Alma"
/crimea unit-set unit:"Light Division" stands:4 disordered:true
/crimea unit-set unit:"Vladimir Regiment" stands:0
/crimea officer-set officer:Cathcart dead:true
/crimea officer-set officer:Raglan wounded:true
/game end
[End and carry back]
/game start campaign:Crimea name:Inkerman
/campaign edit name:Crimea entry:"Light Division" reinforce:2
/campaign edit name:Crimea entry:Menshikov quality:rash
/game export
/campaign status name:Crimea
`

// TestConsoleCrimeaCampaign: the Alma's losses at Inkerman as K1–K4 say:
// Cathcart gone (K1), Raglan out (K2), the Light Division steady (K3) with
// its 4 stands (K4), the Vladimir Regiment gone; Inkerman keeps the forces
// it started with when the campaign is edited (reinforcements, calibre).
func TestConsoleCrimeaCampaign(t *testing.T) {
	lines := playJSON(t, crimeaCampaign)
	if len(lines) != 23 {
		t.Fatalf("got %d lines, want 23", len(lines))
	}
	proposal := texts(lines[16])
	for _, want := range []string{"Raglan: wounded: misses the next battle, then returns (K2)", "Cathcart: dead: gone from the campaign (K1)",
		"Light Division: disordered: returns steady (K3)", "Light Division: 2 stands lost: 4/6 stands until reinforced (K4)",
		"Vladimir Regiment: destroyed: gone from the campaign (K4)"} {
		if !strings.Contains(proposal, want) {
			t.Errorf("/game end does not propose %q:\n%s", want, proposal)
		}
	}
	if got := texts(lines[18]); !strings.Contains(got, "Out of this battle:** Raglan") {
		t.Errorf("Inkerman's start does not say Raglan misses it:\n%s", got)
	}
	var file struct {
		Board rc.Board `json:"board"`
	}
	if err := json.Unmarshal([]byte(lines[21].Ephemeral[0].Files[0].Content), &file); err != nil {
		t.Fatalf("export: %v", err)
	}
	var units, officers []string
	for _, u := range file.Board.Units {
		units = append(units, fmt.Sprintf("%s %d/%d disordered:%v under:%q", u.Name, u.Stands, u.Start, u.Disordered, u.Officer))
	}
	for _, o := range file.Board.Officers {
		officers = append(officers, fmt.Sprintf("%s %s wounded:%v", o.Name, o.Calibre, o.Wounded))
	}
	wantUnits := []string{`Light Division 4/6 disordered:false under:""`, `4th Division 6/6 disordered:false under:""`}
	if diff := cmp.Diff(wantUnits, units); diff != "" {
		t.Errorf("Inkerman's units (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Menshikov indolent wounded:false"}, officers); diff != "" {
		t.Errorf("Inkerman's officers (-want +got):\n%s", diff)
	}
	status := texts(lines[22])
	for _, want := range []string{"Light Division: British heavy infantry in line, 6/6 stands", "Menshikov (wing commander, rash)", "Raglan (wing commander, normal): 5 orders a turn — alice (out: misses battle 2, K2)"} {
		if !strings.Contains(status, want) {
			t.Errorf("/campaign status after the edits lacks %q:\n%s", want, status)
		}
	}
}

// TestConsoleVolleyfireAndFiringCampaigns: a battle of each carried back by
// K1–K4, and the next battle mustered without who is gone.
func TestConsoleVolleyfireAndFiringCampaigns(t *testing.T) {
	tests := []struct {
		name, script string
		carried      []string
		next         []string // in the second battle's exported board
		gone         []string // not in it
	}{
		{"volleyfire", `/campaign start name:Waterloo ruleset:volleyfire
/game start ruleset:volleyfire name:Muster
/volleyfire-roster commander-add name:Blucher side:Prussians nation:Prussian player:alice
/volleyfire-roster commander-add name:Gerard side:French nation:French player:bob
/volleyfire-roster unit-add name:"1st Pomeranian" side:Prussians type:infantry bases:6 player:alice
/volleyfire-roster unit-add name:"30th Ligne" side:French type:infantry bases:6 player:bob
/campaign forces name:Waterloo
/game end
[End the battle]
/game start campaign:Waterloo name:Ligny
/volleyfire-roster unit-set unit:"1st Pomeranian" bases:4
/volleyfire-roster unit-set unit:"30th Ligne" bases:0
/volleyfire-roster commander-set commander:Gerard lost:true
/game end
[End and carry back]
/game start campaign:Waterloo name:Wavre
/game export
`, []string{"Gerard: lost: gone from the campaign (K1)", "1st Pomeranian: 2 bases lost: 4/6 bases until reinforced (K4)", "30th Ligne: destroyed: gone from the campaign (K4)"},
			[]string{`"name": "1st Pomeranian"`, `"bases": 4`, `"name": "Blucher"`}, []string{"30th Ligne", "Gerard"}},
		{"firing2007", `/campaign start name:Minden ruleset:firing2007
/game start ruleset:firing2007 name:Muster
/firing2007 unit-add name:"Kingsley's Foot" type:british side:British strength:6 morale:8 player:alice
/firing2007 unit-add name:"Regiment Picardie" type:line side:French strength:6 morale:7 player:bob
/firing2007 general-add name:"Lord Sackville" side:British with:"Kingsley's Foot" player:alice
/firing2007 general-add name:"de Broglie" side:French with:"Regiment Picardie" player:bob
/campaign forces name:Minden
/game end
[End the battle]
/game start campaign:Minden name:Minden
/firing2007 unit-set name:"Kingsley's Foot" strength:4 shaken:true
/firing2007 general-set name:"Lord Sackville" wounds:1
/firing2007 general-set name:"de Broglie" dead:true
/game end
[End and carry back]
/game start campaign:Minden name:Warburg
/game export
`, []string{"Kingsley's Foot: shaken: returns steady (K3)", "Kingsley's Foot: 2 strength points lost: 4/6 until reinforced (K4)",
			"Lord Sackville: 1 light wound healed (K2)", "de Broglie: dead: gone from the campaign (K1)"},
			[]string{`"strength": 4`, `"name": "Lord Sackville"`, `"name": "Regiment Picardie"`}, []string{"de Broglie", `"shaken"`, `"light_wounds"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := playJSON(t, tt.script)
			if len(lines) != 17 {
				t.Fatalf("got %d lines, want 17", len(lines))
			}
			carried := texts(lines[14])
			for _, want := range tt.carried {
				if !strings.Contains(carried, want) {
					t.Errorf("the carry-back lacks %q:\n%s", want, carried)
				}
			}
			board := lines[16].Ephemeral[0].Files[0].Content
			board = board[strings.Index(board, `"board"`):]
			for _, want := range tt.next {
				if !strings.Contains(board, want) {
					t.Errorf("the next battle's board lacks %s:\n%s", want, board)
				}
			}
			for _, gone := range tt.gone {
				if strings.Contains(board, gone) {
					t.Errorf("the next battle's board holds %s:\n%s", gone, board)
				}
			}
		})
	}
}

// foggedCampaign: a Green Jackets campaign with fog of war on. Bob plays
// Lt Sharpe, Carol Capt Ducos; Lt Lefevre's Grenadiers fight no battle.
const foggedCampaign = `/campaign start name:Peninsula ruleset:greenjackets
@umpire #muster /game start ruleset:greenjackets name:Muster
@umpire #muster /greenjackets roster import text:"character: Lt Sharpe | officer | British | veteran | british; character: Capt Ducos | officer | French | trained | french; character: Lt Lefevre | officer | French | trained | french; squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman, Cooper; squad: Voltigeurs | Capt Ducos | infantry | trained | musket | bayonet | Lebrun, Marceau, Girard; squad: Grenadiers | Lt Lefevre | infantry | trained | musket | bayonet | Roux, Blanc"
@umpire #muster /greenjackets roster character name:"Lt Sharpe" player:@bob
@umpire #muster /greenjackets roster character name:"Capt Ducos" player:@carol
@umpire #muster /campaign forces name:Peninsula
/campaign settings name:Peninsula fog:on
@bob /campaign status name:Peninsula
@carol /campaign status name:Peninsula
/game start campaign:Peninsula name:"The bridge" forces:"Lt Sharpe, Chosen Men, Capt Ducos, Voltigeurs"
/game settings fog:on
/greenjackets roster figure name:Cooper dead:true
/game end
[End and carry back]
/campaign edit name:Peninsula entry:Grenadiers quality:veteran
@bob /campaign status name:Peninsula
/campaign status name:Peninsula
@bob /campaign log name:Peninsula
@carol /campaign log name:Peninsula
`

// TestConsoleFoggedCampaign: with fog of war on, a player's view of the
// campaign shows his own side's forces and of the enemy only those a battle
// of the campaign revealed to his side; the umpire sees everything, the
// channel what both sides know; the campaign's battle starts fogged.
func TestConsoleFoggedCampaign(t *testing.T) {
	lines := playJSON(t, foggedCampaign)
	if len(lines) != 19 {
		t.Fatalf("got %d lines, want 19", len(lines))
	}
	sees := func(i int, who string, want, not []string) {
		t.Helper()
		got := texts(lines[i])
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("line %d: %s does not see %q:\n%s", i+1, who, w, got)
			}
		}
		for _, n := range not {
			if strings.Contains(got, n) {
				t.Errorf("line %d: %s sees %q:\n%s", i+1, who, n, got)
			}
		}
	}
	french := []string{"Capt Ducos", "Voltigeurs", "Lebrun", "Lt Lefevre", "Grenadiers", "Roux"}
	british := []string{"Lt Sharpe", "Chosen Men", "Harris", "Cooper"}
	sees(7, "Bob before the bridge", british, french)
	sees(8, "Carol before the bridge", french, british)
	if got := texts(lines[10]); !strings.Contains(got, "Fog of war is already on") {
		t.Errorf("the campaign's battle did not start fogged:\n%s", got)
	}
	sees(15, "Bob after the bridge", []string{"Lt Sharpe", "Capt Ducos", "Voltigeurs", "Lebrun"}, []string{"Lt Lefevre", "Grenadiers", "Roux"})
	sees(16, "the umpire", []string{"Lt Sharpe", "Capt Ducos", "Lt Lefevre", "Grenadiers — infantry, veteran: Roux, Blanc"}, nil)
	sees(17, "Bob's log", []string{"battle 1 (The bridge) carried back"}, []string{"Grenadiers"})
	sees(18, "Carol's log", []string{"edit: Grenadiers is now veteran"}, nil)
	edit := lines[14]
	if len(edit.Public) != 0 || !strings.Contains(texts(edit), "Grenadiers is now veteran") {
		t.Errorf("the edit of the Grenadiers, which the British have not met, is shown in the channel or not to the umpire: %+v", edit)
	}
	for ch, msgs := range edit.Channels {
		for _, m := range msgs {
			if strings.Contains(string(m), "Grenadiers") {
				t.Errorf("the edit of the Grenadiers reached #%s: %s", ch, m)
			}
		}
	}
}

// TestConsoleMusteredBattleNamesItsPlayers: the campaign keeps the names of
// the players of the roster it enlisted, and the battle it musters shows
// and addresses them by those names: its status, turn message, turn status
// and DMs, never an id; so does the campaign's status.
func TestConsoleMusteredBattleNamesItsPlayers(t *testing.T) {
	lines := playJSON(t, `/campaign start name:Minden ruleset:firing2007
/game start ruleset:firing2007 name:Muster
/firing2007 unit-add name:"Kingsley's Foot" type:british side:British strength:6 morale:8 player:alice
/firing2007 unit-add name:"Regiment Picardie" type:line side:French strength:6 morale:7 player:bob
/campaign forces name:Minden
/game end
[End the battle]
/game start campaign:Minden name:Minden
/game status
/game deadline move:1d
/turn new
/turn status
/campaign status name:Minden
`)
	if len(lines) != 13 {
		t.Fatalf("got %d lines, want 13", len(lines))
	}
	for i, l := range lines[7:] {
		got := texts(l)
		for who, dms := range l.DMs {
			for _, m := range dms {
				got += "\nDM to " + who + ": " + m.text()
			}
		}
		if strings.Contains(got, "user ") || strings.Contains(got, "console:") {
			t.Errorf("line %d shows a player by his id:\n%s", i+8, got)
		}
	}
	for _, i := range []int{8, 10, 11, 12} {
		if got := texts(lines[i]); !strings.Contains(got, "alice") || !strings.Contains(got, "bob") {
			t.Errorf("line %d does not name alice and bob:\n%s", i+1, got)
		}
	}
	if dms := lines[10].DMs; len(dms["alice"]) == 0 || len(dms["bob"]) == 0 {
		t.Errorf("/turn new with a deadline DMs %v, want alice and bob", dms)
	}
}
