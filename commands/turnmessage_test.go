package commands_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// A Green Jackets battle of six characters, each with a player of his own.
var (
	gjUmpire = discordtest.User{ID: "300000000000000001", Name: "Amherst"}
	gjSix    = []string{"Lt Sharpe", "Sgt Harper", "Rfn Harris", "Capt Dubois", "Sgt Vidal", "Cpl Roux"}
	gjSeats  = map[string]discordtest.User{}
)

func init() {
	for i, name := range gjSix {
		gjSeats[name] = discordtest.User{ID: fmt.Sprintf("30000000000000002%d", i), Name: strings.ToLower(strings.Fields(name)[1])}
	}
}

// sixCharacters starts the battle, with deadlines and pings on.
func sixCharacters(tb *commandstest.Table) {
	tb.Public(gjUmpire, "game start", discordtest.Opt("ruleset", gj.ID))
	var ob strings.Builder
	for i, name := range gjSix {
		side, nation := "British", "british"
		if i >= 3 {
			side, nation = "French", "french"
		}
		fmt.Fprintf(&ob, "character: %s | officer | %s | veteran | %s\n", name, side, nation)
	}
	tb.Public(gjUmpire, "greenjackets roster import", discordtest.Opt("text", ob.String()))
	for _, name := range gjSix {
		tb.Say(gjUmpire, "greenjackets roster character", discordtest.Opt("name", name), discordtest.Opt("player", gjSeats[name]))
	}
	tb.Say(gjUmpire, "game deadline", discordtest.Opt("move", "24h"))
	tb.Say(gjUmpire, "game settings", discordtest.Opt("pings", "on"))
}

// buttonOf is the id of the button of m that routes route.
func buttonOf(t *testing.T, m discordtest.Message, route string) string {
	t.Helper()
	for _, b := range m.Buttons() {
		if b.Routes(route) {
			return b.CustomID
		}
	}
	t.Fatalf("the turn message has no %s button: %+v", route, m.Buttons())
	return ""
}

// allDisabled reports whether every button of m is disabled (and it has some).
func allDisabled(m discordtest.Message) bool {
	for _, b := range m.Buttons() {
		if !b.Disabled {
			return false
		}
	}
	return len(m.Buttons()) > 0
}

// TestOneTurnMessage plays a Green Jackets turn of six characters through
// the Discord double: the turn is one message, edited in place, with a new
// message only where a holder must be told his move (at most 8 in all); two
// presses of one Next button at once move the turn on once, the other
// presser alone being told; My card shows the presser his own card only;
// the next turn has a message of its own; a press of a button of a moment
// past is refused; a turn message deleted is posted anew; and the battle's
// end disables the buttons of its turn message without anyone pressing
// them.
func TestOneTurnMessage(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(9))
	sixCharacters(tb)
	board := func() gj.Board { return commandstest.Board[gj.Board](t, tb.Game()) }

	// Every message the channel gets from here on: posted over REST, or a
	// public answer or followup of an interaction.
	posted := len(tb.D.ChannelMessages(tb.Channel))
	var sent []*discordtest.Sent
	channelMessages := func() int {
		n := len(tb.D.ChannelMessages(tb.Channel)) - posted
		for _, x := range sent {
			r := x.Reply()
			if r.Callback == 4 && r.Original != nil && !r.Original.Ephemeral() {
				n++ // a public answer (a press's original is the message pressed)
			}
			for _, f := range r.Followups {
				if !f.Ephemeral() {
					n++
				}
			}
		}
		return n
	}
	press := func(u discordtest.User, m discordtest.Message, id string) (discordtest.Reply, discordtest.Message) {
		t.Helper()
		x, turn := tb.Turned(func() *discordtest.Sent { return tb.D.Press(u, m, id) })
		sent = append(sent, x)
		r := x.Reply()
		r.Original = nil
		return r, turn
	}
	slash := func(u discordtest.User, path string) discordtest.Message {
		t.Helper()
		x, turn := tb.Turned(func() *discordtest.Sent { return tb.D.Slash(u, tb.Channel, path) })
		sent = append(sent, x)
		x.Wait(t, "/"+path+" answered", commandstest.Answered)
		return turn
	}

	turn1 := slash(gjUmpire, "turn new")
	if !strings.Contains(turn1.Text(), "Turn 1") || !strings.Contains(turn1.Text(), "Yet to act: ") {
		t.Fatalf("turn 1's message reads %s", turn1.Text())
	}

	// Two presses of Next at once: one calls count 6, the other is refused
	// to the umpire alone.
	next := buttonOf(t, turn1, turnmsg.ButtonNext)
	var wg sync.WaitGroup
	presses := make([]*discordtest.Sent, 2)
	replies := make([]discordtest.Reply, 2)
	for i := range presses {
		wg.Go(func() {
			presses[i] = tb.D.Press(gjUmpire, turn1, next)
			replies[i] = presses[i].Wait(t, "a press answered", func(r discordtest.Reply) bool { return len(r.Followups) > 0 })
		})
	}
	wg.Wait()
	sent = append(sent, presses...)
	refused := 0
	for _, r := range replies {
		for _, f := range r.Followups {
			if f.Ephemeral() && strings.Contains(f.Text(), "it is already turn 1, count 6") {
				refused++
			}
		}
	}
	if b := board(); b.Turn.Pos != 0 || refused != 1 {
		t.Fatalf("two presses of Next at once: the count is at position %d, %d refused; want count 6 called once and one refused", b.Turn.Pos, refused)
	}
	msg := tb.TurnMessage()
	if msg.ID != turn1.ID || !strings.Contains(msg.Text(), "count 6") || !strings.Contains(msg.Text(), "<t:") {
		t.Fatalf("after count 6 the turn message (%s, first %s) reads %s", msg.ID, turn1.ID, msg.Text())
	}

	// My card: the presser's own card, to him alone.
	holder := ""
	for _, c := range board().Characters {
		if c.Card.Rank == 6 {
			holder = c.Name
		}
	}
	x := tb.D.Press(gjSeats[holder], msg, buttonOf(t, msg, turnmsg.ButtonCard))
	card := x.Wait(t, "My card answered", commandstest.Answered)
	if len(card.Public()) != 0 || len(card.Ephemeral()) != 1 || !strings.Contains(card.Ephemeral()[0].Text(), holder) {
		t.Errorf("My card by %s answered %s", holder, commandstest.Texts(card.All()))
	}
	for _, c := range board().Characters {
		if c.Name != holder && strings.Contains(card.Ephemeral()[0].Text(), c.Name) {
			t.Errorf("My card by %s shows %s's card too: %s", holder, c.Name, card.Ephemeral()[0].Text())
		}
	}

	// Each holder acts at his count and ends his move; the umpire calls the next.
	for count := 6; count >= 1; count-- {
		b := board()
		name := ""
		for _, c := range b.Characters {
			if c.Card.Rank == count {
				name = c.Name
			}
		}
		u := gjSeats[name]
		r, m := press(u, msg, buttonOf(t, msg, turnmsg.ButtonAct))
		if len(r.All()) != 0 || m.ID != turn1.ID || !strings.Contains(m.Text(), name+"** acts at count") {
			t.Fatalf("%s acts at count %d: answered %s; the turn message reads %s", name, count, commandstest.Texts(r.All()), m.Text())
		}
		m = slash(u, "greenjackets pass")
		if !strings.Contains(m.Text(), "Have acted: ") || !strings.Contains(m.Text(), name) {
			t.Errorf("after %s's move the turn message reads %s", name, m.Text())
		}
		_, msg = press(gjUmpire, m, buttonOf(t, m, turnmsg.ButtonNext))
	}
	if b := board(); !b.Turn.Ended || !strings.Contains(msg.Text(), "matches the commitment") || len(msg.Buttons()) != 0 {
		t.Fatalf("after Ace the turn is ended %v, and its message reads %s with buttons %+v", b.Turn.Ended, msg.Text(), msg.Buttons())
	}
	if n, ms := channelMessages(), len(tb.TurnMessages()); n > 8 || ms != 1 {
		t.Errorf("a turn of six characters posted %d messages to the channel, %d of them turn messages; want at most 8, one", n, ms)
	}

	// The next turn has a message of its own.
	turn2 := slash(gjUmpire, "turn new")
	if turn2.ID == turn1.ID || !strings.Contains(turn2.Text(), "Turn 2") {
		t.Fatalf("turn 2 shows %s (%s), turn 1 was %s", turn2.Text(), turn2.ID, turn1.ID)
	}
	next2 := buttonOf(t, turn2, turnmsg.ButtonNext)
	_, count6 := press(gjUmpire, turn2, next2)

	// Undoing the call of count 6 shows the turn as it was, its buttons
	// bound to that moment; a press of Next as it was shown at count 6 is
	// refused to the presser alone, and nothing changes.
	tb.Say(gjUmpire, "game undo", discordtest.Opt("reason", "called too soon"))
	shown := func(id string) discordtest.Message {
		for _, m := range tb.TurnMessages() {
			if m.ID == id {
				return m
			}
		}
		return discordtest.Message{}
	}
	tb.D.Wait(t, "turn 2's message back before count 6", func() bool {
		return strings.Contains(shown(turn2.ID).Text(), "Turn 2\n") && buttonOf(t, shown(turn2.ID), turnmsg.ButtonNext) == next2
	})
	before := board().Turn
	r, _ := press(gjUmpire, count6, buttonOf(t, count6, turnmsg.ButtonNext))
	if len(r.Public()) != 0 || len(r.Ephemeral()) != 1 || !strings.Contains(r.Ephemeral()[0].Text(), "it is already turn 2, before the first count") {
		t.Errorf("count 6's Next pressed after the undo answered %s", commandstest.Texts(r.All()))
	}
	if after := board().Turn; after.Pos != before.Pos || after.Number != before.Number {
		t.Errorf("a stale press moved the turn from %+v to %+v", before, after)
	}

	// A turn message deleted is posted anew, and recorded.
	tb.D.DeleteMessage(tb.Channel, turn2.ID)
	again := slash(gjUmpire, "turn next")
	if again.ID == turn2.ID || !strings.Contains(again.Text(), "count 6") || tb.Game().TurnMessage.ID != again.ID {
		t.Errorf("with turn 2's message deleted, /turn next shows %s (%s); the battle records %s", again.Text(), again.ID, tb.Game().TurnMessage.ID)
	}

	// The battle's end retires its turn message.
	tb.End(gjUmpire)
	tb.D.Wait(t, "the last turn message retired", func() bool { return allDisabled(shown(again.ID)) })
}

// TestNextTurnRetiresTheLast: in Rules – Firing each turn has a message of
// its own; the one before has its buttons disabled when the next is posted,
// though no one pressed them, and a press on it is refused to the presser.
func TestNextTurnRetiresTheLast(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(9))
	ump := discordtest.User{ID: "300000000000000001", Name: "Amherst"}
	tb.Say(ump, "game start", discordtest.Opt("ruleset", "firing2007"))
	tb.Say(ump, "turn new")
	turn1 := tb.TurnMessage()
	tb.Say(ump, "turn next")
	turn2 := tb.TurnMessage()
	if turn2.ID == turn1.ID || !strings.Contains(turn2.Text(), "Turn 2") {
		t.Fatalf("/turn next shows %s (%s); turn 1's message is %s", turn2.Text(), turn2.ID, turn1.ID)
	}
	tb.D.Wait(t, "turn 1's message retired", func() bool { return allDisabled(tb.TurnMessages()[0]) })
	r, _ := tb.Press(ump, turn1, turn1.Buttons()[0].CustomID)
	if len(r.Public()) != 0 || len(r.Ephemeral()) != 1 || !strings.Contains(r.Ephemeral()[0].Text(), "it is already turn 2") {
		t.Errorf("turn 1's Next pressed in turn 2 answered %s", commandstest.Texts(r.All()))
	}
	if n := len(tb.TurnMessages()); n != 2 || tb.Game().TurnMessage.ID != turn2.ID {
		t.Errorf("after the stale press the channel shows %d turn messages, the battle's is %s; want 2 and %s", n, tb.Game().TurnMessage.ID, turn2.ID)
	}
}
