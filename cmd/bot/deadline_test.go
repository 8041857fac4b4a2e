package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// weekScript is a Volleyfire! battle played by chat for a week in which
// nobody moves: every move is passed at its deadline.
const weekScript = `/game start ruleset:volleyfire name:Talavera
/volleyfire unit-add name:"1st Foot" side:Allies type:infantry bases:6 player:@bob
/volleyfire unit-add name:"4e Ligne" side:French type:infantry bases:6 player:@carol
/volleyfire first side:Allies
/game deadline move:24h reminders:12h,1h expire:pass
/game settings pings:on
/turn new
!advance 1d
!advance 1d
!advance 1d
@carol /volleyfire activate unit:"4e Ligne"
!advance 1d
!advance 1d
!advance 1d
!advance 1d
/game log count:50
`

// A scripted console game of a week of deadlines, in a second: the clock
// moves on a day at a time, and each !advance line carries what was sent.
func TestConsoleWeekOfDeadlines(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), weekScript, "-user", "cappetta", "-json")
	type msg struct {
		Content string `json:"content"`
	}
	type line struct {
		OK       bool                         `json:"ok"`
		Error    string                       `json:"error"`
		Public   []msg                        `json:"public"`
		DMs      map[string][]msg             `json:"dms"`
		Channels map[string][]json.RawMessage `json:"channels"`
	}
	var lines []line
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var x line
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("not a JSON line: %s", l)
		}
		lines = append(lines, x)
	}
	if len(lines) != 16 {
		t.Fatalf("got %d lines, want 16:\n%s", len(lines), out)
	}
	count := func(ms []msg, s string) int {
		n := 0
		for _, m := range ms {
			n += strings.Count(m.Content, s)
		}
		return n
	}
	passed := 0
	for i, tc := range []struct {
		line                         int
		bobReminders, carolReminders int
		passes                       int
	}{
		{7, 2, 0, 1},  // day 1: Bob's activation passed; Carol's falls due
		{8, 0, 2, 1},  // day 2: Carol's passed
		{9, 2, 0, 1},  // day 3: Bob's
		{11, 0, 2, 1}, // day 4: Carol's activation, begun in time, ended at its deadline
		{12, 2, 0, 1}, // day 5: Bob's, the last of the turn
		{13, 0, 0, 1}, // day 6: the umpire's combat phase
		{14, 0, 0, 0}, // day 7: the turn is over; nothing waits
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
		passed += count(l.Public, "has passed")
	}
	if passed != 6 {
		t.Errorf("%d moves passed in the week, want 6", passed)
	}
}
