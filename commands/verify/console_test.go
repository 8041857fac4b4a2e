package verify_test

import (
	"encoding/hex"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/console"
	"github.com/referee-bot/referee/commands/interaction"
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

// Through the console: a battle exported while running from #first and
// imported in #second, both ended; /game verify in #second with the seed
// #first revealed (earlier-seed:) replays it from its start, the import's
// board checked against the log before it.
func TestConsoleVerifiesAnImportWithItsEarlierSeed(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(7))
	play := func(script string) string { t.Helper(); return h.Console(t, "first", "Wellington", script) }
	play(`/game start ruleset:firing2007 name:Minden
/firing2007 unit-add name:Grenadiers type:british side:British strength:6 morale:7 player:@Bob
@Bob /roll dice:2d6
`)
	u := interaction.User{ID: "console:wellington", Name: "Wellington"}
	r := h.In("first", u, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/game export: %s", commandstest.Text(r))
	}
	path := filepath.Join(t.TempDir(), "minden.json")
	if err := os.WriteFile(path, r.Ephemeral[0].Files[0].Content, 0o600); err != nil {
		t.Fatal(err)
	}
	play("@Wellington #second /game import file:" + path + "\n@Bob #second /roll dice:3d6\n@Wellington #second /game end\n@Wellington #second [End the battle]\n/game end\n[End the battle]\n")
	earlier := hex.EncodeToString(h.Game("first").Seed)
	out := play("@Bob #second /game verify earlier-seed:" + earlier + "\n")
	for _, want := range []string{"Replayed the whole log from the seed through Rules – Firing", "whose board is the board the log before it leaves", "Every die matches the log"} {
		if !strings.Contains(out, want) {
			t.Errorf("/game verify earlier-seed: does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "❌") {
		t.Errorf("/game verify earlier-seed: finds a fault in the battle as played:\n%s", out)
	}
}
