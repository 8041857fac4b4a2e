package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// battlesByChat are a two-player battle of each rule set played by chat:
// its roster, what its players do in a round of moves when both act (a
// move not yet theirs is refused, and the script plays on), and whether
// the umpire has calls to make when both act (in Rules – Firing every
// side's own command begins the next turn).
var battlesByChat = []struct {
	ruleset, roster, round string
	calls                  bool
}{
	{"greenjackets", `/greenjackets roster character name:"Lt Sharpe" rank:officer side:British nation:british quality:veteran player:@alice
/greenjackets roster character name:"Lt Leclerc" rank:officer side:French nation:french quality:trained player:@bob
`, `@alice /act
@alice /greenjackets pass
@bob /act
@bob /greenjackets pass
`, true},
	{"crimea", `/crimea officer-add name:Raglan side:Allied rank:"wing commander" wing:"left wing" player:@alice
/crimea officer-add name:Menshikov side:Russian rank:"wing commander" wing:"right wing" player:@bob
/crimea unit-add name:"Light Division" nationality:British type:"heavy infantry" stands:6 officer:Raglan
/crimea unit-add name:"Vladimir Regiment" nationality:Russian type:"heavy infantry" stands:8 formation:column officer:Menshikov
`, `@alice /crimea move unit:"Light Division"
@bob /crimea move unit:"Vladimir Regiment"
`, true},
	{"volleyfire", `/volleyfire-roster unit-add name:"1st Foot" side:Allies type:infantry bases:6 player:@alice
/volleyfire-roster unit-add name:"4e Ligne" side:French type:infantry bases:6 player:@bob
`, `@alice /volleyfire activate unit:"1st Foot"
@alice /volleyfire done
@bob /volleyfire activate unit:"4e Ligne"
@bob /volleyfire done
`, true},
	{"firing2007", `/firing2007 unit-add name:"Kingsley's Foot" type:british side:British strength:6 morale:8 player:@alice
/firing2007 unit-add name:"Regiment Picardie" type:line side:French strength:6 morale:7 player:@bob
`, `@alice /turn next
@bob /turn next
`, false},
}

// dmText is the words of direct messages.
func dmText(ms []consoleMsg) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(m.text() + "\n")
	}
	return b.String()
}

// notice finds, in a DM, a deadline told and its reminders, in order.
var notice = regexp.MustCompile(`Your move in|A reminder`)

// A battle left alone for 30 days, its players and umpire absent, in each
// rule set: the clock passes two moves, and the battle pauses itself once
// and moves no more; no one is reminded more than once a deadline; and
// /turn status says whom the battle waits on, by name, every day.
func TestABattleLeftAloneForAMonthPauses(t *testing.T) {
	for _, bc := range battlesByChat {
		t.Run(bc.ruleset, func(t *testing.T) {
			script := "/game start ruleset:" + bc.ruleset + " name:Alone\n" + bc.roster +
				"/game deadline move:1d reminders:12h expire:pass\n/turn new\n" + strings.Repeat("!advance 1d\n/turn status\n", 30)
			out, _ := playConsole(t, t.TempDir(), script, "-user", "cappetta", "-json", "-seed", "7")
			lines := jsonLines[consoleLine](t, out)
			days := lines[len(lines)-60:]
			passes, pauses := 0, 0
			for i := 0; i < len(days); i += 2 {
				day, status := days[i], days[i+1]
				public := texts(day)
				if pauses > 0 && strings.Contains(public, "has passed") {
					t.Errorf("day %d: a move passed after the battle paused itself:\n%s", i/2+1, public)
				}
				passes += strings.Count(public, "has passed")
				pauses += strings.Count(public, "has paused itself")
				s := texts(status)
				if !status.OK || !strings.Contains(s, "Waiting on:") || strings.Contains(s, "user ") {
					t.Errorf("day %d: /turn status does not name whom the battle waits on:\n%s", i/2+1, s)
				}
			}
			// Each "Your move in" DM tells a deadline; its reminders come
			// before the next one.
			since := map[string]int{} // reminders since each player's last deadline
			for _, l := range lines {
				for user, dms := range l.DMs {
					for _, m := range notice.FindAllString(dmText(dms), -1) {
						if m == "Your move in" {
							since[user] = 0
							continue
						}
						if since[user]++; since[user] > 1 {
							t.Errorf("%s was reminded %d times of one deadline", user, since[user])
						}
					}
				}
			}
			if passes != 2 || pauses != 1 {
				t.Errorf("in 30 days %d moves passed and the battle paused itself %d times; want 2 and 1", passes, pauses)
			}
		})
	}
}

// With calls:auto, a two-player battle in which both act plays past the
// end of turn 3 with no command of the umpire's after /turn new (the
// script has none): the referee calls each count, card, activation or
// phase, starts each turn, and the log credits the calls to it.
func TestCallsAutoPlaysThreeTurnsWithoutTheUmpire(t *testing.T) {
	turn := regexp.MustCompile(`Turn (\d+)`)
	for _, bc := range battlesByChat {
		t.Run(bc.ruleset, func(t *testing.T) {
			script := "/game start ruleset:" + bc.ruleset + " name:Auto\n" + bc.roster +
				"/game settings calls:auto\n/turn new\n" + strings.Repeat(bc.round, 8) + "@alice /game log count:50\n@alice /turn status\n"
			out, _ := playConsole(t, t.TempDir(), script, "-user", "cappetta", "-json", "-seed", "7", "-keep-going")
			lines := jsonLines[consoleLine](t, out)
			log, status := texts(lines[len(lines)-2]), texts(lines[len(lines)-1])
			m := turn.FindStringSubmatch(status)
			if n := 0; m == nil || func() bool { n, _ = strconv.Atoi(m[1]); return n < 4 }() {
				t.Errorf("the battle did not play past turn 3:\n%s", status)
			}
			if bc.calls && !strings.Contains(log, "(referee)") {
				t.Errorf("the log credits no call to the referee:\n%s", log)
			}
		})
	}
}
