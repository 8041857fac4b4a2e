package httpapi_test

import (
	"context"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/httpapi"
)

// The operations of Discord's API v10 a played session calls, each with a
// body the double checks (a DELETE has none: it is checked to take none).
var sessionOps = []string{
	"PUT /applications/{application_id}/guilds/{guild_id}/commands",
	"POST /interactions/{interaction_id}/{interaction_token}/callback",
	"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
	"POST /webhooks/{webhook_id}/{webhook_token}",
	"POST /users/@me/channels",
	"POST /channels/{channel_id}/messages",
	"PATCH /channels/{channel_id}/messages/{message_id}",
	"POST /channels/{channel_id}/threads",
	"PUT /channels/{channel_id}/thread-members/{user_id}",
	"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original",
}

// TestAPISpec plays a battle through the Discord double, over the gateway
// and as an HTTP interactions endpoint, and every request body the bot
// sends (command registration, answers and deferrals, autocomplete
// choices, edits of its answers and of the turn message, followups,
// direct messages, a thread opened, the odds chart's multipart upload) conforms to its
// request schema in Discord's OpenAPI description of API v10, pinned in
// commands/discordtest/testdata: the double fails the test for each one
// that does not, naming the operation and what the schema refuses
// (TestDoubleFailsUndeclaredFields there shows it does). The session
// reaches every operation listed in sessionOps, each call on API v10.
func TestAPISpec(t *testing.T) {
	const channel = "400000000000000777"
	for _, mode := range []struct {
		name  string
		table func(t *testing.T) (tb *commandstest.Table, settle func())
	}{
		{"gateway", func(t *testing.T) (*commandstest.Table, func()) {
			tb := commandstest.Discord(t, commandstest.Channel(channel))
			return tb, tb.Delivered
		}},
		{"http", func(t *testing.T) (*commandstest.Table, func()) { return httpTable(t, channel) }},
	} {
		t.Run(mode.name, func(t *testing.T) {
			tb, settle := mode.table(t)
			playSession(t, tb)
			settle()
			checked := tb.D.Checked()
			t.Logf("checked: %v", checked)
			for _, op := range sessionOps {
				if checked[op] == 0 {
					t.Errorf("the session never called %s; it called %v", op, checked)
				}
			}
			calls := tb.D.Calls()
			if !slices.ContainsFunc(calls, func(c discordtest.Call) bool { return c.Files["odds.png"] != "" }) {
				t.Error("the odds chart was not uploaded with a multipart payload_json")
			}
			for _, c := range calls {
				if c.Version != "v"+discord.APIVersion {
					t.Errorf("%s %s went to API %s, want v%s", c.Method, c.Path, c.Version, discord.APIVersion)
				}
			}
		})
	}
}

// playSession is a short battle of Green Jackets: started, the umpire's
// desk opened as a private thread, a roster with a
// player told his command by DM, a turn dealt and moved on with the turn
// message's button, a ruling and its Details, autocomplete, /odds with its
// chart, sealed orders, and the battle ended with its confirmation.
func playSession(t *testing.T, tb *commandstest.Table) {
	umpire := discordtest.User{ID: "300000000000000700", Name: "Wellington"}
	sharpe := discordtest.User{ID: "300000000000000701", Name: "Sharpe"}
	o := discordtest.Opt

	tb.Public(umpire, "game start", o("ruleset", "greenjackets"), o("name", "The bridge at Arapiles"))
	tb.Say(umpire, "game desk") // a private thread, the umpire in it
	tb.Public(umpire, "greenjackets roster import", o("text", "character: Lt Sharpe | officer | British | veteran | british\n"+
		"squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris, Hagman, Cooper, Perkins\n"))
	tb.Say(umpire, "greenjackets roster character", o("name", "Lt Sharpe"), o("player", sharpe))
	tb.WaitDMs(sharpe, 1)

	tb.Say(umpire, "turn new")
	tb.WaitDMs(sharpe, 2) // his card
	turn := tb.TurnMessage()
	for _, b := range turn.Buttons() {
		if b.Routes(turnmsg.ButtonNext) {
			tb.Press(umpire, turn, b.CustomID)
		}
	}

	ruling := tb.Public(sharpe, "greenjackets fire", o("range", 12.0), o("count", 3), o("quality", "veteran"))
	if w := tb.Details(sharpe, ruling[0]); !strings.Contains(w, "fire chart") {
		t.Errorf("Details showed %q, want the working", w)
	}
	choices := tb.D.Autocomplete(sharpe, tb.Channel, "rules", "topic", o("ruleset", "greenjackets"), o("topic", "fi")).
		Wait(t, "the topics", func(r discordtest.Reply) bool { return r.Callback != 0 }).Choices
	if len(choices) == 0 {
		t.Error("autocomplete of /rules topic suggested nothing")
	}
	if odds := tb.Public(sharpe, "odds", o("dice", "2d6")); odds[0].Files["odds.png"] == "" {
		t.Errorf("/odds showed %q without its chart", odds[0].Text())
	}
	tb.D.Slash(sharpe, tb.Channel, "orders", o("text", "Chosen Men hold the bridge")).
		Wait(t, "the commitment and Sharpe's own copy", func(r discordtest.Reply) bool {
			return len(r.Public()) > 0 && len(r.Ephemeral()) > 0
		})
	tb.End(umpire)
}

// httpTable is the referee as an HTTP interactions endpoint (httpapi.Server)
// at the Discord double, its commands registered over REST as cmd/bot
// does; settle shuts the endpoint down once every interaction in flight
// has been delivered.
func httpTable(t *testing.T, channel string) (*commandstest.Table, func()) {
	t.Helper()
	d := discordtest.Start(t)
	session, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		t.Fatal(err)
	}
	h := commandstest.New(t, commandstest.Channel(channel), commandstest.Threads(discord.Threads{REST: session}))
	if err := discord.Register(context.Background(), session, d.AppID, d.Guild, h.Commands, nil); err != nil {
		t.Fatal(err)
	}
	key, err := httpapi.ParsePublicKey(d.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	srv := &httpapi.Server{Key: key, Responder: &discord.Responder{REST: session, Router: h.Router, DMRefused: view.DMRefusals{Battles: h.Service}.Note}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	stopped := false
	settle := func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve = %v", err)
		}
	}
	t.Cleanup(settle)
	d.PostTo("http://" + ln.Addr().String() + "/interactions")
	return &commandstest.Table{Harness: h, D: d}, settle
}
