package verify_test

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/console"
	"github.com/referee-bot/referee/commands/timer"
)

// A campaign's battle played by chat in the console as its players type
// it: mustered from the campaign, with sealed orders revealed at the
// turn's end, deadlines the clock passes a move at (!advance), the table
// laid out, then ended and verified. The replay recomputes it all, and
// says it took the campaign's forces as given.
const consoleCampaignBattle = `/campaign start name:Waterloo ruleset:volleyfire
@Wellington #muster /game start ruleset:volleyfire name:Muster
@Wellington #muster /volleyfire-roster unit-add name:"1st Foot" side:Allies type:infantry bases:6 player:@Bob
@Wellington #muster /volleyfire-roster unit-add name:"4e Ligne" side:French type:infantry bases:6 player:@Carol
@Wellington #muster /campaign forces name:Waterloo
/game start campaign:Waterloo name:Ligny
/volleyfire first side:Allies
/game settings orders:turn-end
/game deadline move:24h reminders:12h expire:pass
/map table width:72 depth:48
/turn new
@Bob /orders text:"1st Foot holds the farm"
@Carol /orders text:"4e Ligne advances in column"
!advance 1d
!advance 1d
@Bob /roll dice:2d6
/orders reveal:true
/game end
[End and carry back]
/game verify
`

func TestConsoleVerifiesACampaignsBattle(t *testing.T) {
	clock := console.NewClock(func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) })
	h := commandstest.New(t, commandstest.Seed(7), commandstest.Clock(clock.Now))
	outbox := &console.Outbox{}
	con := &console.Console{Router: h.Router, Commands: h.Commands, Channel: "ligny", User: "Wellington", Echo: true,
		Clock: clock, Outbox: outbox, Timer: &timer.Timer{Battles: h.Service, Sender: outbox, Logger: slog.New(slog.DiscardHandler)}}
	var out strings.Builder
	if err := con.Run(t.Context(), strings.NewReader(consoleCampaignBattle), &out); err != nil {
		t.Fatalf("the console: %v", err)
	}
	verdict := out.String()[strings.LastIndex(out.String(), "/game verify"):]
	for _, want := range []string{"Replayed the whole log from the seed through Volleyfire!",
		"took the forces mustered from the campaign Waterloo from outside the log", "Every die matches the log"} {
		if !strings.Contains(verdict, want) {
			t.Errorf("/game verify does not say %q:\n%s", want, verdict)
		}
	}
	if strings.Contains(verdict, "❌") || strings.Contains(verdict, "⚠️ Replayed") {
		t.Errorf("/game verify finds a fault in the battle as played:\n%s", verdict)
	}
	log := out.String()
	for _, want := range []string{"revealed", "the move is passed"} {
		if !strings.Contains(log, want) {
			t.Errorf("the battle as played does not show %q; the script no longer plays what it means to:\n%s", want, log)
		}
	}
}
