package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/gamecmd"
)

// Issue 25 played through the console, as a table-top group asks
// (commands/atthetable_test.go plays the same through the Discord double).

// Musket at 8" is 10 on the chart; soft cover −2 and an aimed shot +2 leave
// it 10, and the line says so. A Firing 2007 line of 2 strength points, in
// column and shaken, scores its 2d6 −2, −2 and −1. The odds name the
// outcome rolled.
func TestConsoleShortRulingsShowTheirArithmetic(t *testing.T) {
	lines := playJSON(t, "/greenjackets fire weapon:musket count:4 range:8 aimed:true cover:soft\n"+
		"/firing2007 fire distance:5 firer-type:line strength:2 column:true shaken:true\n")
	fire, volley := texts(lines[0]), texts(lines[1])
	if !strings.Contains(fire, "need ≤ 10 (10 −2 soft cover +2 aimed shot)") {
		t.Errorf("the fire does not show its need worked:\n%s", fire)
	}
	hits := regexp.MustCompile(`Result:\*\* (\d+ hits?) `).FindStringSubmatch(fire)
	if hits == nil || !strings.Contains(commandstest.Odds(fire), hits[1]) {
		t.Errorf("the odds of the fire leave out the outcome rolled (%v):\n%s", hits, fire)
	}
	if !strings.Contains(volley, "−2 1–2 strength points −2 in column −1 shaken = ") {
		t.Errorf("the volley does not show its score worked:\n%s", volley)
	}
	outcome := regexp.MustCompile(`→ \*\*score \d+: ([^*]+)\*\*`).FindStringSubmatch(volley)
	if outcome == nil || !strings.Contains(commandstest.Odds(volley), outcome[1]) {
		t.Errorf("the odds of the volley leave out the outcome rolled (%v):\n%s", outcome, volley)
	}
	for _, text := range []string{fire, volley} {
		if n, wrong := commandstest.Arithmetic(text); n == 0 || len(wrong) > 0 {
			t.Errorf("%d worked lines, not adding up: %q\n%s", n, wrong, text)
		}
	}
}

// /help lists every command group; /help command: shows one command's
// options with an example.
func TestConsoleHelpAnswers(t *testing.T) {
	lines := playJSON(t, "/help\n/help command:\"campaign start\"\n")
	help, one := texts(lines[0]), texts(lines[1])
	for _, d := range commandstest.New(t).Commands {
		if !strings.Contains(help, "/"+d.Name+"`") {
			t.Errorf("/help does not list /%s:\n%s", d.Name, help)
		}
	}
	for _, want := range []string{"`name`", "`ruleset`", "Example: `/campaign start name:"} {
		if !strings.Contains(one, want) {
			t.Errorf("/help command:\"campaign start\" lacks %q:\n%s", want, one)
		}
	}
}

// The small things: d66 is a tens die and a units die, 11–66, with its
// odds; a deadline of a week is 1w; a battle of one roll says "1 roll".
func TestConsoleSmallThings(t *testing.T) {
	lines := playJSON(t, "/game start ruleset:firing2007\n/roll dice:d66\n/game deadline move:1w\n/game end\n")
	d66 := texts(lines[1])
	m := regexp.MustCompile(`d66: \[([1-6]),([1-6])\] = ([1-6][1-6])\b`).FindStringSubmatch(d66)
	if m == nil || m[3] != m[1]+m[2] || !strings.Contains(commandstest.Odds(d66), "exactly "+m[3]+" 2.8%") {
		t.Errorf("/roll dice:d66 is not a tens die and a units die with its odds:\n%s", d66)
	}
	if week := texts(lines[2]); !strings.Contains(week, "**7d** a move") {
		t.Errorf("/game deadline move:1w:\n%s", week)
	}
	if end := texts(lines[3]); !strings.Contains(end, "So far: 1 roll and") {
		t.Errorf("/game end after one roll:\n%s", end)
	}
}

// At count Ace holding back gains nothing, so nothing offers it: not the
// turn message, the holder's DM or the deadline line, which all offer it to
// the holder of the 3. (Seed 1 deals Lt Sharpe the 3, Capt Leclerc the Ace.)
func TestConsoleTheAceIsNotOfferedToHoldBack(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), `/game start ruleset:greenjackets
/greenjackets roster character name:"Lt Sharpe" rank:officer side:British quality:veteran player:@bob
/greenjackets roster character name:"Capt Leclerc" rank:officer side:French quality:veteran player:@ann
/game deadline move:24h
/turn new
/turn next
/turn next
/turn next
/turn next
/turn next
/turn next
`, "-store", "memory", "-seed", "1")
	var three, ace string
	for _, block := range strings.Split(out, "\n» ") {
		switch {
		case strings.Contains(block, "Turn 1: count 3"):
			three = block
		case strings.Contains(block, "Turn 1: count Ace"):
			ace = block
		}
	}
	for _, want := range []string{"or holds back and acts at a later count", "(DM to bob) Turn 1, count 3: Lt Sharpe's card is called. Act now with 3 AP (/act or Act now on the turn message), or hold back",
		"bob: act with Lt Sharpe at count 3 (/act), or hold back — due"} {
		if !strings.Contains(three, want) {
			t.Errorf("count 3 lacks %q:\n%s", want, three)
		}
	}
	if !strings.Contains(ace, "(DM to ann) Turn 1, count Ace: Capt Leclerc's card is called. Act now with 1 AP") ||
		!strings.Contains(ace, "ann: act with Capt Leclerc at count Ace (/act)") || strings.Contains(ace, "hold back") || strings.Contains(ace, "holds back") {
		t.Errorf("count Ace offers to hold back, or does not call Capt Leclerc:\n%s", ace)
	}
}

// /rules topic:readings shows each rule set's readings, by id, and where
// the project states them: docs/readings.md.
func TestConsoleReadingsShown(t *testing.T) {
	for _, rs := range commands.Rulesets() {
		ids := commandstest.ReadingIDs(t, rs)
		shown := texts(playJSON(t, "/rules ruleset:"+rs.ID()+" topic:"+gamecmd.ReadingsTopic+"\n")[0])
		if !strings.Contains(shown, "docs/readings.md") {
			t.Errorf("/rules ruleset:%s topic:readings does not say where the readings are stated:\n%s", rs.ID(), shown)
		}
		for _, id := range ids {
			if !strings.Contains(shown, "**"+id+"**") {
				t.Errorf("/rules ruleset:%s topic:readings does not show %s", rs.ID(), id)
			}
		}
	}
}

// In a battle every name is the roster's: a mistyped squad, an unknown
// target, a misspelt or third side and a nation not among the rule set's
// are refused, with the closest roster name, and change nothing; a new
// side is taken when confirmed. Crimea's sides are the rule set's two.
func TestConsoleNamesAreTheRosters(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), `/game start ruleset:greenjackets
/greenjackets roster import text:"character: Lt Sharpe | officer | British | veteran | british; character: Capt Ducos | officer | French | trained | french; squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris, Hagman; squad: Chasseurs | Capt Ducos | infantry | trained | musket | bayonet | Lebrun, Marceau"
/game status
/greenjackets fire squad:"Chosen Men" target:Chasseur range:12
/greenjackets observe officer:"Lt Sharpe" target:Grenadiers range:12
/greenjackets roster character name:"Lt Hogan" rank:officer side:Brtish quality:trained
/greenjackets roster character name:"Lt Hogan" rank:officer side:Prussian quality:trained
/greenjackets roster character name:"Lt Hogan" rank:officer side:British quality:trained nation:martian
/game status
/greenjackets roster character name:"Lt Hogan" rank:officer side:Prussian quality:trained new-side:true
/game start ruleset:crimea
/crimea officer-add name:Raglan side:Allies rank:"wing commander"
`, "-store", "memory", "-seed", "7", "-json", "-keep-going")
	lines := jsonLines[consoleLine](t, out)
	if len(lines) != 12 {
		t.Fatalf("got %d lines, want 12:\n%s", len(lines), out)
	}
	for i, want := range map[int]string{
		3:  "No Chasseur on the roster; did you mean Chasseurs?",
		4:  "No Grenadiers on the roster.",
		5:  "No Brtish on the roster; did you mean British? To add Brtish, give `new-side:true`.",
		6:  "No Prussian on the roster. To add Prussian, give `new-side:true`.",
		7:  `Option nation: "martian" is not a choice`,
		11: `Option side: "Allies" is not a choice; choose one of: Allied, Russian.`,
	} {
		if lines[i].OK || !strings.Contains(lines[i].Error, want) {
			t.Errorf("line %d: ok %v, %q; want it refused: %q", i+1, lines[i].OK, lines[i].Error, want)
		}
	}
	if before, after := texts(lines[2]), texts(lines[8]); before != after || !strings.Contains(before, "log entries") {
		t.Errorf("the refusals changed the battle:\n%s\nthen:\n%s", before, after)
	}
	if !lines[9].OK || !strings.Contains(texts(lines[9]), "Lt Hogan added: officer, Prussian, trained") {
		t.Errorf("the new side confirmed: %s %s", lines[9].Error, texts(lines[9]))
	}
}
