package commandstest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
)

// A Table is the referee at the Discord double: the real gateway transport
// over the harness's core, serving slash commands sent to the double.
type Table struct {
	*Harness
	// D is the Discord double: players send commands and press buttons there.
	D       *discordtest.Server
	gateway *discord.Gateway
}

// Delivered waits until every interaction answered so far has been
// delivered in full: its followups, direct messages and posts to other
// channels sent too.
func (tb *Table) Delivered() {
	tb.T.Helper()
	if tb.gateway == nil { // the HTTP shape: no gateway counts its deliveries
		return
	}
	// The double is not told when a delivery ends (after its last call), so
	// this polls.
	for deadline := time.Now().Add(tb.D.Timeout); tb.gateway.Delivering() > 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			tb.T.Fatalf("interactions still being delivered after %v", tb.D.Timeout)
		}
	}
}

// Discord starts the Discord double and the real gateway transport over a
// harness built with opts (its Channel defaults to "400000000000000042"),
// waits for the bot to be ready, and stops the transport at the end of the
// test, failing it if the transport fails.
func Discord(t testing.TB, opts ...Option) *Table {
	t.Helper()
	d := discordtest.Start(t)
	c := config{}
	for _, o := range opts {
		o(&c)
	}
	s, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		t.Fatal(err)
	}
	h := New(t, append([]Option{Channel("400000000000000042"), Threads(discord.Threads{REST: s})}, opts...)...)
	g := &discord.Gateway{Session: s, Router: h.Router, Commands: h.Commands, AppID: d.AppID, GuildID: d.Guild,
		DeferAfter: c.deferAfter, DMRefused: view.DMRefusals{Battles: h.Service}.Note}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Gateway.Run = %v", err)
		}
	})
	d.WaitReady(t)
	return &Table{Harness: h, D: d, gateway: g}
}

// Say sends a slash command by u in the table's channel and returns what is
// shown for it once it is answered: a callback, no longer thinking, and some
// message.
func (tb *Table) Say(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Reply {
	tb.T.Helper()
	return tb.D.Slash(u, tb.Channel, path, opts...).Wait(tb.T, "/"+path+" answered", Answered)
}

// Answered reports whether an interaction is answered: a callback, no longer
// thinking, and some message.
func Answered(r discordtest.Reply) bool {
	thinking := r.Original != nil && r.Original.Thinking && !r.Original.Deleted
	return r.Callback != 0 && !thinking && len(r.Public())+len(r.Ephemeral()) > 0
}

// WaitDMs waits until u has been sent at least n direct messages and returns
// them all.
func (tb *Table) WaitDMs(u discordtest.User, n int) []discordtest.Message {
	tb.T.Helper()
	var dms []discordtest.Message
	tb.D.Wait(tb.T, fmt.Sprintf("%d DMs to %s", n, u.Name), func() bool {
		dms = tb.D.DMs(u.ID)
		return len(dms) >= n
	})
	return dms
}

// Public sends a command that must answer in public, with mentions off, and
// returns the public messages.
func (tb *Table) Public(u discordtest.User, path string, opts ...discordtest.Option) []discordtest.Message {
	tb.T.Helper()
	r := tb.Say(u, path, opts...)
	pub := r.Public()
	if len(pub) == 0 {
		tb.T.Fatalf("/%s by %s answered %q, want a public message", path, u.Name, Texts(r.All()))
	}
	for _, m := range pub {
		if !m.NoMentions {
			tb.T.Errorf("/%s answered with mentions allowed", path)
		}
	}
	return pub
}

// Details presses the Details button of a ruling's message m as u, and
// returns the working it shows, which must go to u alone.
func (tb *Table) Details(u discordtest.User, m discordtest.Message) string {
	tb.T.Helper()
	for _, b := range m.Buttons() {
		if !b.Routes(battle.ButtonDetails) {
			continue
		}
		r := tb.D.Press(u, m, b.CustomID).Wait(tb.T, "Details answered", Answered)
		if eph := r.Ephemeral(); len(eph) == 1 {
			return eph[0].Text()
		}
		tb.T.Fatalf("Details by %s answered %q, want one message to him alone", u.Name, Texts(r.All()))
	}
	tb.T.Fatalf("no Details button on %q", m.Text())
	return ""
}

// Refused sends a command that must be refused, to the invoker alone, with a
// sentence containing want.
func (tb *Table) Refused(want string, u discordtest.User, path string, opts ...discordtest.Option) {
	tb.T.Helper()
	r := tb.Say(u, path, opts...)
	if eph := r.Ephemeral(); len(r.Public()) != 0 || len(eph) != 1 || !strings.Contains(eph[0].Text(), want) {
		tb.T.Fatalf("/%s by %s answered %q, want only a private refusal containing %q", path, u.Name, Texts(r.All()), want)
	}
}

// DiscordUser is u at the Discord double (its id a snowflake, for Discord).
func DiscordUser(u interaction.User) discordtest.User {
	return discordtest.User{ID: u.ID, Name: u.Name}
}

// Game is the table channel's game as stored.
func (tb *Table) Game() *battle.Game { return tb.Harness.Game(tb.Channel) }

// Texts is the messages' texts, one after another.
func Texts(ms []discordtest.Message) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Text())
	}
	return strings.Join(s, "\n---\n")
}

// TurnMessages are the battle's turn messages the channel shows, oldest
// first: the messages the referee posted in it over REST with an embed (a
// notice of a move or a deadline has none), deleted ones left out.
func (tb *Table) TurnMessages() []discordtest.Message {
	var out []discordtest.Message
	for _, m := range tb.D.ChannelMessages(tb.Channel) {
		if len(m.Embeds) > 0 && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// TurnMessage is the battle's turn message as the channel now shows it
// (the newest of TurnMessages); it fails the test when there is none.
func (tb *Table) TurnMessage() discordtest.Message {
	tb.T.Helper()
	ms := tb.TurnMessages()
	if len(ms) == 0 {
		tb.T.Fatalf("the channel shows no turn message")
	}
	return ms[len(ms)-1]
}

// Turned runs fn (a command or a press that moves the turn) and waits until
// the battle's turn message has been edited, or one posted anew, or the
// interaction fn returns has a followup (a refusal, a notice); it returns
// the interaction and the turn message as it then reads.
func (tb *Table) Turned(fn func() *discordtest.Sent) (*discordtest.Sent, discordtest.Message) {
	tb.T.Helper()
	shown := func() (int, int) {
		ms := tb.TurnMessages()
		if len(ms) == 0 {
			return 0, 0
		}
		return len(ms), ms[len(ms)-1].Edits
	}
	// What earlier interactions still deliver would move the turn message
	// too: wait for them before taking its measure, and for all of fn's
	// delivery before reading it.
	tb.Delivered()
	n, edits := shown()
	x := fn()
	tb.D.Wait(tb.T, "the turn message to move", func() bool {
		m, e := shown()
		return m != n || e != edits || len(x.Reply().Followups) > 0
	})
	tb.Delivered()
	return x, tb.TurnMessage()
}

// Press presses a button of msg as u and waits until the press has moved the
// turn message or been answered by a followup (Turned); it returns the
// reply, less its original (the message pressed), and the turn message.
func (tb *Table) Press(u discordtest.User, msg discordtest.Message, id string) (discordtest.Reply, discordtest.Message) {
	tb.T.Helper()
	x, turn := tb.Turned(func() *discordtest.Sent { return tb.D.Press(u, msg, id) })
	r := x.Reply()
	r.Original = nil
	return r, turn
}

// End is /game end by u, confirmed with the button it shows; it returns
// what the press is answered with.
func (tb *Table) End(u discordtest.User) discordtest.Reply {
	tb.T.Helper()
	for _, m := range tb.Say(u, "game end").All() {
		for _, b := range m.Buttons() {
			if b.Routes(gamecmd.ButtonEnd) {
				return tb.D.Press(u, m, b.CustomID).Wait(tb.T, "the end confirmed", func(r discordtest.Reply) bool { return len(r.Followups) > 0 })
			}
		}
	}
	tb.T.Fatalf("/game end showed no button to confirm it")
	return discordtest.Reply{}
}
