package crimea_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/crimea"
	"github.com/referee-bot/referee/commands/discordtest"
)

const table = "400000000000000042"

// Players of the Discord game: the umpire and two officers a side.
var (
	dUmpire    = discordtest.User{ID: "310000000000000000", Name: "umpire"}
	dRaglan    = discordtest.User{ID: "310000000000000001", Name: "raglan_player"}
	dLucan     = discordtest.User{ID: "310000000000000002", Name: "lucan_player"}
	dMenshikov = discordtest.User{ID: "310000000000000003", Name: "menshikov_player"}
	dLiprandi  = discordtest.User{ID: "310000000000000004", Name: "liprandi_player"}
)

func startTable(t *testing.T) *commandstest.Table {
	return commandstest.Discord(t, commandstest.Seed(7), commandstest.Channel(table), commandstest.DeferAfter(time.Second))
}

func board(tt *commandstest.Table) crimea.Board {
	return commandstest.Board[crimea.Board](tt.T, tt.Game())
}

func stands(b crimea.Board, name string) int {
	for _, u := range b.Units {
		if u.Name == name {
			return u.Stands
		}
	}
	return -1
}

func opt(name string, v any) discordtest.Option { return discordtest.Opt(name, v) }

// TestTwoTurnGameOverDiscord plays two turns of a small Balaclava with two
// officers a side through the Discord double: the roster, the deck drawn by
// button, orders spent and refused, fire, close combat, and the report.
func TestTwoTurnGameOverDiscord(t *testing.T) {
	tt := startTable(t)
	var crimeaDef bool
	for _, c := range tt.D.Commands(tt.D.Guild) {
		if c.Name == "crimea" {
			crimeaDef = len(c.Options) == 15
		}
	}
	if !crimeaDef {
		t.Fatal("/crimea with its 15 subcommands was not registered")
	}

	tt.Public(dUmpire, "game start", opt("ruleset", "crimea"), opt("name", "Balaclava"))
	tt.Public(dUmpire, "crimea officer-add", opt("name", "Lord Raglan"), opt("side", "Allied"), opt("rank", "commander-in-chief"),
		opt("calibre", "normal"), opt("player", dRaglan))
	tt.Public(dUmpire, "crimea officer-add", opt("name", "Lord Lucan"), opt("side", "Allied"), opt("rank", "wing commander"),
		opt("wing", "cavalry"), opt("superior", "Lord Raglan"), opt("calibre", "cautious"), opt("player", dLucan))
	tt.Public(dUmpire, "crimea officer-add", opt("name", "Menshikov"), opt("side", "Russian"), opt("rank", "commander-in-chief"),
		opt("calibre", "normal"), opt("player", dMenshikov))
	m := tt.Public(dUmpire, "crimea officer-add", opt("name", "Liprandi"), opt("side", "Russian"), opt("rank", "wing commander"),
		opt("wing", "right wing"), opt("superior", "Menshikov"), opt("player", dLiprandi))[0]
	if !strings.Contains(m.Text(), "Calibre: Liprandi") || !strings.Contains(m.Text(), "d100: red ") {
		t.Errorf("Liprandi's calibre roll shows:\n%s", m.Text())
	}
	for _, u := range [][]discordtest.Option{
		{opt("name", "17th Lancers"), opt("nationality", "British"), opt("type", "light cavalry"), opt("stands", 4), opt("officer", "Lord Lucan")},
		{opt("name", "93rd Highlanders"), opt("nationality", "British"), opt("type", "heavy infantry"), opt("stands", 4), opt("officer", "Lord Raglan")},
		{opt("name", "Odessa Regiment"), opt("nationality", "Russian"), opt("type", "heavy infantry"), opt("stands", 6), opt("formation", "column"), opt("officer", "Liprandi")},
		{opt("name", "Don Battery"), opt("nationality", "Russian"), opt("type", "foot artillery"), opt("stands", 3), opt("officer", "Liprandi")},
	} {
		tt.Public(dUmpire, "crimea unit-add", u...)
	}
	tt.Public(dUmpire, "crimea allowance", opt("row", "light cavalry"), opt("inches", 12))
	tt.Public(dUmpire, "crimea allowance", opt("row", "heavy infantry columns"), opt("inches", 6))
	tt.Refused("Only the umpire", dLucan, "crimea allowance", opt("row", "heavy cavalry"), opt("inches", 9))

	ac := tt.D.Autocomplete(dLucan, table, "crimea move", "unit", opt("unit", "lanc")).Wait(t, "choices", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if len(ac.Choices) != 1 || ac.Choices[0].Value != "17th Lancers" {
		t.Errorf("autocomplete answered %v", ac.Choices)
	}

	for turn := 1; turn <= 2; turn++ {
		orders := tt.Public(dUmpire, "turn new")[0]
		msg := tt.TurnMessage()
		if !strings.Contains(orders.Text(), "movement deck is shuffled") || len(msg.Buttons()) != 1 || !msg.Buttons()[0].Routes("v1/turn/next") {
			t.Fatalf("turn %d: /turn new shows %s, and the turn message %s", turn, orders.Text(), msg.Text())
		}
		moved := map[string]bool{}
		for card := 1; card <= 8; card++ {
			prefix := fmt.Sprintf("Turn %d, card %d of 8: ", turn, card)
			if _, msg = tt.Press(dUmpire, msg, msg.Buttons()[0].CustomID); !strings.HasPrefix(msg.Embeds[0].Title, prefix) {
				t.Fatalf("the turn message reads %q, want %q…", msg.Embeds[0].Title, prefix)
			}
			title := msg.Embeds[0].Title
			if (card < 8) != (len(msg.Buttons()) == 1) {
				t.Errorf("card %d has buttons %v", card, msg.Buttons())
			}
			switch {
			case strings.HasSuffix(title, "Allied cavalry"):
				tt.Refused("The card turned up is Allied cavalry", dLiprandi, "crimea move", opt("unit", "Odessa Regiment"))
				m := tt.Public(dLucan, "crimea move", opt("unit", "17th Lancers"))[0]
				if !strings.Contains(m.Text(), "17th Lancers moves up to") || !strings.Contains(m.Text(), "2 orders left") {
					t.Errorf("Lucan's move shows:\n%s", m.Text())
				}
				moved["17th Lancers"] = true
				if turn == 2 {
					m := tt.Public(dLucan, "crimea combat", opt("attacker", "17th Lancers"), opt("defender", "Don Battery"),
						opt("attacker-officer", "Lord Lucan"), opt("facing", "front"))[0]
					if !strings.Contains(m.Text(), "Close combat: 17th Lancers attacks Don Battery") || !strings.Contains(m.Text(), "tests morale") {
						t.Errorf("the charge shows:\n%s", m.Text())
					}
				}
			case strings.HasSuffix(title, "Russian right wing"):
				tt.Refused("Only the umpire or the player of Liprandi", dRaglan, "crimea move", opt("unit", "Odessa Regiment"))
				tt.Public(dLiprandi, "crimea move", opt("unit", "Odessa Regiment"))
				tt.Refused("already moved this turn", dLiprandi, "crimea move", opt("unit", "Odessa Regiment"))
				moved["Odessa Regiment"] = true
			case strings.HasSuffix(title, "Allied free move"):
				if !strings.Contains(msg.Text(), "Choose one") {
					t.Errorf("free move card shows:\n%s", msg.Text())
				}
				tt.Public(dRaglan, "crimea move", opt("unit", "93rd Highlanders"), opt("far", true))
				moved["93rd Highlanders"] = true
			}
		}
		tt.Refused("All eight cards", dUmpire, "turn next")
		for _, u := range []string{"17th Lancers", "Odessa Regiment", "93rd Highlanders"} {
			if !moved[u] {
				t.Errorf("turn %d: %s never moved", turn, u)
			}
		}
		before := stands(board(tt), "Odessa Regiment")
		m := tt.Public(dRaglan, "crimea fire", opt("unit", "93rd Highlanders"), opt("target", "Odessa Regiment"))[0]
		if !strings.Contains(m.Text(), "1 stand automatic, 50% left to roll") {
			t.Errorf("the volley shows:\n%s", m.Text())
		}
		if w := tt.Details(dLucan, m); !strings.Contains(w, "= 150%") {
			t.Errorf("the volley's working, to Lucan:\n%s", w)
		}
		hits := before - stands(board(tt), "Odessa Regiment")
		if hits < 1 || hits > 2 || !strings.Contains(m.Text(), "removes "+map[int]string{1: "1 stand", 2: "2 stands"}[hits]) {
			t.Errorf("Odessa Regiment lost %d stands; the ruling says:\n%s", hits, m.Text())
		}
		tt.Public(dLiprandi, "crimea fire", opt("unit", "Don Battery"), opt("target", "93rd Highlanders"), opt("ammo", "canister"))
		status := tt.Public(dLucan, "turn status")[0]
		if !strings.Contains(status.Text(), "8 of 8 cards drawn") {
			t.Errorf("turn status:\n%s", status.Text())
		}
	}
	tt.Refused("no secret cards", dLucan, "card")
	b := board(tt)
	if b.Turn != 2 || b.Drawn != 8 {
		t.Errorf("board at turn %d, %d cards drawn", b.Turn, b.Drawn)
	}
	st := tt.Public(dLucan, "game status")[0]
	for _, want := range []string{"Allied", "Russian", "Odessa Regiment"} {
		if !strings.Contains(st.Text(), want) {
			t.Errorf("game status lacks %q:\n%s", want, st.Text())
		}
	}
	tt.End(dUmpire)
	rep := tt.Say(dUmpire, "game report")
	var report strings.Builder
	for _, m := range rep.All() {
		report.WriteString(m.Text())
		for _, f := range m.Files {
			report.WriteString(f)
		}
	}
	for _, want := range []string{"**Allied**: ", "**Russian**: ", "Odessa Regiment: "} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("game report lacks %q:\n%s", want, report.String())
		}
	}
	rep = tt.Say(dUmpire, "game verify")
	if all := commandstest.Texts(rep.All()); !strings.Contains(all, "Every die matches the log") {
		t.Errorf("game verify shows %s", all)
	}
}
