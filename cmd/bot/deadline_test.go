package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// weekScript is a Volleyfire! battle played by chat for a week in which
// nobody moves: the clock passes two moves, and the battle pauses itself.
const weekScript = `/game start ruleset:volleyfire name:Talavera
/volleyfire-roster unit-add name:"1st Foot" side:Allies type:infantry bases:6 player:@bob
/volleyfire-roster unit-add name:"4e Ligne" side:French type:infantry bases:6 player:@carol
/volleyfire first side:Allies
/game deadline move:24h reminders:12h expire:pass
/game settings pings:on
/turn new
!advance 1d
!advance 1d
!advance 1d
!advance 1d
!advance 1d
!advance 1d
!advance 1d
/game log count:50
`

// A scripted console game of a week of deadlines, in a second: the clock
// moves on a day at a time, and each !advance line carries what was sent.
// Each player is reminded once a deadline; after the clock alone has passed
// two moves the battle pauses itself, says so once, and sends nothing more.
func TestConsoleWeekOfDeadlines(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), weekScript, "-user", "cappetta", "-json")
	type msg struct {
		Content string `json:"content"`
	}
	type line struct {
		OK        bool                         `json:"ok"`
		Error     string                       `json:"error"`
		Public    []msg                        `json:"public"`
		DMs       map[string][]msg             `json:"dms"`
		Channels  map[string][]json.RawMessage `json:"channels"`
		Ephemeral []msg                        `json:"ephemeral"`
	}
	lines := jsonLines[line](t, out)
	if len(lines) != 15 {
		t.Fatalf("got %d lines, want 15:\n%s", len(lines), out)
	}
	count := func(ms []msg, s string) int {
		n := 0
		for _, m := range ms {
			n += strings.Count(m.Content, s)
		}
		return n
	}
	for i, tc := range []struct {
		line                         int
		bobReminders, carolReminders int
		passes, pauses               int
	}{
		{7, 1, 0, 1, 0},  // day 1: Bob's activation passed; Carol's falls due
		{8, 0, 1, 1, 1},  // day 2: Carol's passed, the second in a row: the battle pauses
		{9, 0, 0, 0, 0},  // days 3 to 7: paused, nothing
		{10, 0, 0, 0, 0}, //
		{11, 0, 0, 0, 0}, //
		{12, 0, 0, 0, 0}, //
		{13, 0, 0, 0, 0}, //
	} {
		l := lines[tc.line]
		if !l.OK || len(l.Channels) != 0 {
			t.Errorf("day %d: %+v", i+1, l)
		}
		if got := count(l.DMs["bob"], "A reminder"); got != tc.bobReminders {
			t.Errorf("day %d: Bob had %d reminders by DM, want %d", i+1, got, tc.bobReminders)
		}
		if got := count(l.DMs["carol"], "A reminder"); got != tc.carolReminders {
			t.Errorf("day %d: Carol had %d reminders by DM, want %d", i+1, got, tc.carolReminders)
		}
		if got := count(l.Public, "has passed"); got != tc.passes {
			t.Errorf("day %d: %d moves passed, want %d:\n%+v", i+1, got, tc.passes, l.Public)
		}
		if got := count(l.Public, "has paused itself"); got != tc.pauses {
			t.Errorf("day %d: the channel was told %d times that the battle paused itself, want %d", i+1, got, tc.pauses)
		}
		if got := count(l.DMs["cappetta"], "has paused itself"); got != tc.pauses {
			t.Errorf("day %d: the umpire was told %d times by DM that the battle paused itself, want %d", i+1, got, tc.pauses)
		}
	}
	log := strings.Split(strings.TrimSpace(out), "\n")[14]
	for _, want := range []string{"1st Foot holds (deadline)", "deadline: the move of bob passed (deadline)", "deadline: the battle paused itself, moved on twice by the clock alone (deadline)"} {
		if strings.Count(log, want) != 1 {
			t.Errorf("the log does not credit the clock with %q:\n%s", want, log)
		}
	}
}

// With a desk named and expire:umpire, a late player is reported at the
// desk, once, and nothing changes; a day after the move fell due the desk
// is given the day's digest of whose move it is.
func TestConsoleLateAtTheDesk(t *testing.T) {
	script := `/game start ruleset:volleyfire
/volleyfire-roster unit-add name:"1st Foot" side:Allies type:infantry bases:6 player:@bob
/volleyfire-roster unit-add name:"4e Ligne" side:French type:infantry bases:6 player:@carol
/volleyfire first side:Allies
/game deadline move:12h
/game desk channel:#desk
/turn new
!advance 13h
!advance 1d
`
	out, _ := playConsole(t, t.TempDir(), script, "-user", "cappetta", "-json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 9 {
		t.Fatalf("got %d lines, want 9:\n%s", len(lines), out)
	}
	var desk struct {
		Channels map[string][]struct {
			Content string `json:"content"`
		} `json:"channels"`
		Public []json.RawMessage `json:"public"`
	}
	if err := json.Unmarshal([]byte(lines[5]), &desk); err != nil || len(desk.Channels["desk"]) != 1 || !strings.Contains(desk.Channels["desk"][0].Content, "umpire's desk") {
		t.Errorf("/game desk posted %+v (%v), want the desk told it is one", desk.Channels, err)
	}
	desk.Channels = nil
	if err := json.Unmarshal([]byte(lines[7]), &desk); err != nil || len(desk.Channels["desk"]) != 1 ||
		!strings.Contains(desk.Channels["desk"][0].Content, "**bob** is late") || len(desk.Public) != 0 {
		t.Errorf("at the deadline: desk %+v, public %d messages (%v); want bob reported late at the desk alone", desk.Channels, len(desk.Public), err)
	}
	if strings.Contains(lines[8], "is late") {
		t.Errorf("a day later bob was reported again: %s", lines[8])
	}
	var day struct {
		Channels map[string][]struct {
			Content string `json:"content"`
		} `json:"channels"`
		DMs map[string][]struct {
			Content string `json:"content"`
		} `json:"dms"`
	}
	if err := json.Unmarshal([]byte(lines[8]), &day); err != nil || len(day.Channels["desk"]) != 0 || len(day.DMs["cappetta"]) != 1 ||
		!strings.Contains(day.DMs["cappetta"][0].Content, "The day's digest of your battle on this server: whose move it is.\n\nThe Volleyfire! battle in <#console> waits on\n• **bob**") {
		t.Errorf("a day after the desk was set: desk %+v, DMs %+v (%v), want the day's digest of whose move it is by DM to the umpire alone", day.Channels, day.DMs, err)
	}
}

// Secret rolls are kept at the umpire's desk: a player's instead of the
// umpire's DM, the umpire's own as well as shown to him.
func TestConsoleSecretRollsAtTheDesk(t *testing.T) {
	script := `/game start ruleset:volleyfire
/game desk channel:#desk
@bob /roll dice:d20 secret:true
/roll dice:d6 secret:true
`
	out, _ := playConsole(t, t.TempDir(), script, "-user", "cappetta", "-json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want 4:\n%s", len(lines), out)
	}
	for _, tc := range []struct {
		line  int
		title string
	}{{2, "Secret roll by bob"}, {3, "d6"}} {
		var l struct {
			DMs      map[string][]json.RawMessage `json:"dms"`
			Channels map[string][]struct {
				Embeds []struct {
					Title string `json:"title"`
				} `json:"embeds"`
			} `json:"channels"`
		}
		if err := json.Unmarshal([]byte(lines[tc.line]), &l); err != nil {
			t.Fatal(err)
		}
		desk := l.Channels["desk"]
		if len(desk) != 1 || len(desk[0].Embeds) != 1 || !strings.Contains(desk[0].Embeds[0].Title, tc.title) || len(l.DMs) != 0 {
			t.Errorf("line %d: desk %+v, DMs %v; want the roll (%q) at the desk alone", tc.line+1, desk, l.DMs, tc.title)
		}
	}
}

// sixHolders are a Green Jackets battle of six characters, each played by
// his own player, with deadlines of a day and a reminder 12 hours before.
const sixHolders = `/game start ruleset:greenjackets name:Six
/greenjackets roster character name:"Lt Sharpe" rank:officer side:British nation:british quality:veteran player:@alice
/greenjackets roster character name:"Sgt Harper" rank:nco side:British nation:british quality:veteran player:@bob
/greenjackets roster character name:"Cpl Hagman" rank:nco side:British nation:british quality:veteran player:@carol
/greenjackets roster character name:"Lt Leclerc" rank:officer side:French nation:french quality:trained player:@dave
/greenjackets roster character name:"Sgt Ducos" rank:nco side:French nation:french quality:trained player:@erin
/greenjackets roster character name:"Cpl Lebrun" rank:nco side:French nation:french quality:trained player:@frank
/game deadline move:1d reminders:12h expire:pass
/turn new
`

// A count called to a holder with a deadline set sends him one DM, which
// holds both the call and the deadline; no one has two DMs of one event.
func TestDeadlineCountCallIsOneDM(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), sixHolders+"/turn next\n", "-user", "cappetta", "-json", "-seed", "7")
	lines := jsonLines[consoleLine](t, out)
	call := lines[len(lines)-1]
	for user, dms := range call.DMs {
		if len(dms) != 1 {
			t.Errorf("the count call sent %s %d DMs, want 1:\n%s", user, len(dms), dmText(dms))
		}
	}
	if s := dmText(call.DMs["alice"]); !strings.Contains(s, "card is called") || !strings.Contains(s, "Deadline <t:") {
		t.Errorf("alice, who holds the 6, was not told of the call and its deadline in one DM:\n%s", s)
	}
}

// A Green Jackets turn of six holders with deadlines, its counts called by
// the umpire, posts at most 8 messages in the channel, whether every holder
// acts at his count or none does and the clock passes each: the turn
// message, edited as the turn moves, holds the calls and the deadlines;
// each holder is told by DM.
func TestDeadlineTurnOfSixHoldersPostsAtMostEight(t *testing.T) {
	holders := []string{"alice", "bob", "carol", "dave", "erin", "frank"}
	var acting strings.Builder
	for range 6 {
		acting.WriteString("/turn next\n")
		for _, h := range holders {
			acting.WriteString("@" + h + " /act\n@" + h + " /greenjackets pass\n")
		}
	}
	for _, tc := range []struct {
		name, count          string
		wantActs, wantPasses int
	}{
		{"nobody acts", strings.Repeat("/turn next\n!advance 1d\n", 6), 0, 6},
		{"all act", acting.String(), 6, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			script := sixHolders + tc.count + "/turn next\n/game log count:40\n"
			out, _ := playConsole(t, t.TempDir(), script, "-user", "cappetta", "-json", "-seed", "7", "-keep-going")
			lines := jsonLines[consoleLine](t, out)
			turn, log := lines[strings.Count(sixHolders, "\n")-1:len(lines)-1], texts(lines[len(lines)-1])
			posted, passed := 0, 0
			var all strings.Builder
			for _, l := range turn {
				posted += len(l.Public)
				for _, m := range l.Public {
					all.WriteString(m.text() + "\n")
					passed += strings.Count(m.text(), "has passed")
				}
			}
			acts := len(regexp.MustCompile(`acts with \d AP \((alice|bob|carol|dave|erin|frank),`).FindAllString(log, -1))
			if acts != tc.wantActs || passed != tc.wantPasses || !strings.Contains(log, "turn 1 over") {
				t.Fatalf("the turn played %d acts and %d passes, want %d and %d by their holders, to its end:\n%s", acts, passed, tc.wantActs, tc.wantPasses, log)
			}
			if posted > 8 {
				t.Errorf("the turn posted %d channel messages, want at most 8:\n%s", posted, all.String())
			}
		})
	}
}
