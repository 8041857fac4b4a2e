package commands_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// TestTurnButtonsThroughDiscord: through the Discord double, two presses of
// one Next button at once move the turn on once, the other presser alone being
// told it is already the next turn; and a Next button on an earlier turn's
// message is refused, changing nothing.
func TestTurnButtonsThroughDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(9)) // every rule set and route, as commands.New makes them
	ump := discordtest.User{ID: "300000000000000001", Name: "Amherst"}
	tb.Say(ump, "game start", discordtest.Opt("ruleset", "firing2007"))
	turn1 := tb.Say(ump, "turn new").Public()[0]
	next := turn1.Buttons()[0].CustomID
	if next != battle.ButtonTurnNext+"/1" {
		t.Fatalf("turn 1's Next button is %q, want it bound to turn 1", next)
	}

	// A press is answered with followups; the original is the message
	// pressed, whose buttons a press that supersedes it disables.
	var pressed []*discordtest.Message
	press := func(x *discordtest.Sent) discordtest.Reply {
		r := x.Wait(t, "a press answered", func(r discordtest.Reply) bool { return len(r.Followups) > 0 })
		pressed = append(pressed, r.Original)
		r.Original = nil
		return r
	}
	disabled := func(m *discordtest.Message) bool {
		for _, b := range m.Buttons() {
			if !b.Disabled {
				return false
			}
		}
		return len(m.Buttons()) > 0
	}
	first, second := tb.D.Press(ump, turn1, next), tb.D.Press(ump, turn1, next)
	replies := []discordtest.Reply{press(first), press(second)}
	var moved, refused int
	for _, r := range replies {
		switch {
		case len(r.Public()) == 1 && strings.Contains(r.Public()[0].Text(), "Turn 2"):
			moved++
		case len(r.Public()) == 0 && len(r.Ephemeral()) == 1 && strings.Contains(r.Ephemeral()[0].Text(), "it is already turn 2"):
			refused++
		default:
			t.Errorf("a press of turn 1's Next answered %+v", r.All())
		}
	}
	if moved != 1 || refused != 1 {
		t.Errorf("two presses at once: %d moved the turn on, %d refused; want 1 and 1", moved, refused)
	}
	for i, m := range pressed {
		if !disabled(m) {
			t.Errorf("after press %d turn 1's message shows buttons %+v, want them disabled", i+1, m.Buttons())
		}
	}

	turn3 := tb.Say(ump, "turn next").Public()[0]
	if !strings.Contains(turn3.Text(), "Turn 3") {
		t.Fatalf("/turn next shows %s", turn3.Text())
	}
	old := press(tb.D.Press(ump, turn1, next))
	if len(old.Public()) != 0 || len(old.Ephemeral()) != 1 || !strings.Contains(old.Ephemeral()[0].Text(), "it is already turn 3") {
		t.Errorf("turn 1's Next pressed in turn 3 answered %+v", old.All())
	}
	if m := pressed[len(pressed)-1]; !disabled(m) {
		t.Errorf("turn 1's message pressed in turn 3 shows buttons %+v, want them disabled", m.Buttons())
	}
	if st := tb.Say(ump, "turn status"); !strings.Contains(st.Ephemeral()[0].Text(), "Turn 3") {
		t.Errorf("after the stale press /turn status shows %s", st.Ephemeral()[0].Text())
	}
}
