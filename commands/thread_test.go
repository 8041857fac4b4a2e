package commands_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// /game start … thread:true opens the battle in a new public thread named
// after it; the channel is told where, the battle's first message is in
// the thread, and the battle's commands work there as in a channel.
func TestBattleInAThread(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000093"))
	ump := discordtest.User{ID: "300000000000000001", Name: "Amherst"}
	o := discordtest.Opt
	pub := tb.Public(ump, "game start", o("ruleset", "crimea"), o("name", "The Alma"), o("thread", true))
	threads := tb.D.Threads()
	if len(threads) != 1 || threads[0].Name != "The Alma" || threads[0].Parent != tb.Channel || threads[0].Type != 11 {
		t.Fatalf("threads opened: %+v, want one public thread of the channel named The Alma", threads)
	}
	thread := threads[0].ID
	if s := commandstest.Texts(pub); !strings.Contains(s, "<#"+thread+">") {
		t.Errorf("the channel was told %q, want the thread named", s)
	}
	tb.D.Wait(t, "the battle's first message in the thread", func() bool {
		return strings.Contains(commandstest.Texts(tb.D.ChannelMessages(thread)), "New battle: The Alma")
	})
	if g := tb.Harness.Game(thread); g == nil || g.Name != "The Alma" {
		t.Fatalf("the thread's battle is %+v", g)
	}
	r := tb.D.Slash(ump, thread, "game status").Wait(t, "/game status in the thread", commandstest.Answered)
	if s := commandstest.Texts(r.Public()); !strings.Contains(s, "The Alma") {
		t.Errorf("/game status in the thread: %q", s)
	}
	tb.Refused("no battle", ump, "game status")
}

// /game desk without a channel opens the umpire's desk as a private thread
// of the battle's channel, with the umpire in it, and tells it so.
func TestDeskAsAPrivateThread(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000094"))
	ump := discordtest.User{ID: "300000000000000001", Name: "Amherst"}
	player := discordtest.User{ID: "300000000000000002", Name: "Nolan"}
	o := discordtest.Opt
	tb.Public(ump, "game start", o("ruleset", "crimea"), o("name", "Balaklava"))
	tb.Refused("Only the umpire", player, "game desk")
	r := tb.Say(ump, "game desk")
	threads := tb.D.Threads()
	if len(threads) != 1 || threads[0].Type != 12 || threads[0].Parent != tb.Channel || len(threads[0].Members) != 1 || threads[0].Members[0] != ump.ID {
		t.Fatalf("threads opened: %+v, want one private thread of the channel with the umpire in it", threads)
	}
	desk := threads[0].ID
	if len(r.Public()) != 0 || !strings.Contains(commandstest.Texts(r.Ephemeral()), "<#"+desk+">") {
		t.Errorf("/game desk answered %q in public and %q to the umpire", commandstest.Texts(r.Public()), commandstest.Texts(r.Ephemeral()))
	}
	tb.D.Wait(t, "the desk told it is one", func() bool {
		return strings.Contains(commandstest.Texts(tb.D.ChannelMessages(desk)), "This is the umpire's desk of Balaklava")
	})
	if g := tb.Game(); g.Desk != desk {
		t.Errorf("the battle's desk is %q, want %q", g.Desk, desk)
	}
}

// A DM the referee cannot deliver is told at the umpire's desk, with what it
// said, as well as to the invoker.
func TestUndeliveredDMAtTheDesk(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000095"))
	ump := discordtest.User{ID: "300000000000000001", Name: "Cappetta"}
	bob := discordtest.User{ID: "300000000000000002", Name: "Bob"}
	carol := discordtest.User{ID: "300000000000000003", Name: "Carol"}
	o := discordtest.Opt
	const desk = "400000000000000096"
	tb.Public(ump, "game start", o("ruleset", "volleyfire"))
	tb.Say(ump, "game desk", o("channel", desk))
	tb.Public(ump, "volleyfire-roster unit-add", o("name", "1st Foot"), o("side", "Allies"), o("type", "infantry"), o("bases", 6), o("player", bob))
	tb.Public(ump, "volleyfire-roster unit-add", o("name", "4e Ligne"), o("side", "French"), o("type", "infantry"), o("bases", 6), o("player", carol))
	tb.Public(ump, "volleyfire first", o("side", "Allies"))
	tb.Public(ump, "game deadline", o("move", "24h"))
	tb.D.RefuseDMs(bob.ID)
	tb.Say(ump, "turn new")
	tb.D.Wait(t, "the desk told of Bob's DM", func() bool {
		return strings.Contains(commandstest.Texts(tb.D.ChannelMessages(desk)), "A direct message to **Bob** could not be delivered. It said:\nYour move")
	})
}
