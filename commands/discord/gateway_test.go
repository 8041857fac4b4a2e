package discord_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
)

var alice = discordtest.User{ID: "300000000000000001", Name: "alice", Permissions: 8, Roles: []string{"500"}}

const channel = "400000000000000001"

// serve runs a Gateway over router against the double until the test ends.
func serve(t *testing.T, d *discordtest.Server, router *interaction.Router) {
	t.Helper()
	s, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		t.Fatal(err)
	}
	g := &discord.Gateway{Session: s, Router: router, AppID: d.AppID, GuildID: d.Guild, DeferAfter: 200 * time.Millisecond}
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
}

func TestRequestConversion(t *testing.T) {
	d := discordtest.Start(t)
	got := make(chan interaction.Request, 1)
	r := interaction.NewRouter(nil)
	r.Command("greenjackets fire", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		got <- req
		return interaction.Say("ok"), nil
	})
	serve(t, d, r)
	d.Slash(alice, channel, "greenjackets fire",
		discordtest.Opt("muskets", 4), discordtest.Opt("range", 7.5),
		discordtest.Opt("aimed", true), discordtest.Opt("unit", "Rifles"),
	).WaitAnswered(t)
	req := <-got
	if req.Path != "greenjackets fire" || req.User.ID != alice.ID || req.User.Name != "alice" ||
		req.ChannelID != channel || req.GuildID != d.Guild || req.Permissions != 8 || len(req.Roles) != 1 {
		t.Fatalf("request = %+v", req)
	}
	if n, _ := req.Int("muskets"); n != 4 {
		t.Errorf("muskets = %v", req.Options["muskets"])
	}
	if f, _ := req.Float("range"); f != 7.5 {
		t.Errorf("range = %v", req.Options["range"])
	}
	if !req.Bool("aimed") || req.String("unit") != "Rifles" {
		t.Errorf("options = %v", req.Options)
	}
}

func TestFastHandlerTooSlowIsDeferredThenEdited(t *testing.T) {
	d := discordtest.Start(t)
	release := make(chan struct{})
	r := interaction.NewRouter(nil)
	r.Command("dawdle", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		<-release
		return interaction.Say("Here at last."), nil
	})
	serve(t, d, r)
	sent := d.Slash(alice, channel, "dawdle")
	rep := sent.Wait(t, "the deferral", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if rep.Callback != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("callback = %d, want a deferral after DeferAfter", rep.Callback)
	}
	close(release)
	rep = sent.WaitAnswered(t)
	if rep.Original.Content != "Here at last." {
		t.Fatalf("original = %+v", rep.Original)
	}
}

func TestDeferredEphemeralOnlyAnswerDeletesPlaceholder(t *testing.T) {
	d := discordtest.Start(t)
	r := interaction.NewRouter(nil)
	r.Command("secret", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{}, interaction.Refuse("Only the umpire can do that.")
	}, interaction.Slow())
	serve(t, d, r)
	rep := d.Slash(alice, channel, "secret").Wait(t, "the ephemeral followup", func(r discordtest.Reply) bool {
		return len(r.Ephemeral()) == 1
	})
	if !rep.Original.Deleted {
		t.Errorf("deferred placeholder not deleted")
	}
	if len(rep.Public()) != 0 || rep.Ephemeral()[0].Content != "Only the umpire can do that." {
		t.Fatalf("reply = %+v", rep.All())
	}
}

func TestMessagesFollowupsButtonsAndFiles(t *testing.T) {
	d := discordtest.Start(t)
	r := interaction.NewRouter(nil)
	var buttons []interaction.Button
	for i := range 7 {
		buttons = append(buttons, interaction.Button{Label: "B" + string(rune('1'+i)), ID: "v1/pick/" + string(rune('1'+i))})
	}
	r.Command("report", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{
			Public: []interaction.Message{
				{Embeds: []interaction.Embed{{Title: "Turn 3", Fields: []interaction.Field{{Name: "Losses", Value: "2 bases"}}}}, Buttons: buttons},
				{Content: "Export attached.", Files: []interaction.File{{Name: "game.json", Content: []byte(`{"n":1}`)}}},
			},
			Ephemeral: []interaction.Message{{Content: "Only you see this."}},
		}, nil
	})
	r.Component("v1/pick", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{UpdateSource: true, Public: []interaction.Message{{Content: "Picked " + req.Args[0]}}}, nil
	})
	serve(t, d, r)
	rep := d.Slash(alice, channel, "report").Wait(t, "three messages", func(r discordtest.Reply) bool { return len(r.All()) == 3 })
	pub := rep.Public()
	if len(pub) != 2 || pub[0].Embeds[0].Title != "Turn 3" || pub[1].Files["game.json"] != `{"n":1}` {
		t.Fatalf("public = %+v", pub)
	}
	if rows := pub[0].Rows; len(rows) != 2 || len(rows[0]) != 5 || len(rows[1]) != 2 {
		t.Fatalf("button rows = %+v, want 5 then 2", rows)
	}
	if eph := rep.Ephemeral(); len(eph) != 1 || eph[0].Content != "Only you see this." {
		t.Fatalf("ephemeral = %+v", eph)
	}
	for _, m := range rep.All() {
		if !m.NoMentions {
			t.Errorf("message %q sent without allowed_mentions {parse: []}", m.Text())
		}
	}

	press := d.Press(alice, pub[0], "v1/pick/3").WaitAnswered(t)
	if press.Callback != discordgo.InteractionResponseUpdateMessage || press.Original.Content != "Picked 3" || press.Original.ID != pub[0].ID {
		t.Fatalf("button press = type %d, original %+v; want the source message updated", press.Callback, press.Original)
	}
}

func TestAutocomplete(t *testing.T) {
	d := discordtest.Start(t)
	r := interaction.NewRouter(nil)
	r.Command("fire", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Say("ok"), nil
	})
	r.Autocomplete("fire", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{Choices: []interaction.Choice{{Name: "95th Rifles (" + req.String(req.Focused) + ")", Value: "95th"}}}, nil
	})
	serve(t, d, r)
	rep := d.Autocomplete(alice, channel, "fire", "unit", discordtest.Opt("unit", "95")).
		Wait(t, "choices", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if rep.Callback != discordgo.InteractionApplicationCommandAutocompleteResult || len(rep.Choices) != 1 || rep.Choices[0].Name != "95th Rifles (95)" {
		t.Fatalf("autocomplete = type %d, choices %+v", rep.Callback, rep.Choices)
	}
}

// TestRedirectRewritesOnlyDiscord: every call for discord.com's API goes
// to v10 at the base given (Discord's own by default); any other URL is
// left as it is, and so are discordgo's package variables.
func TestRedirectRewritesOnlyDiscord(t *testing.T) {
	tests := []struct {
		base string
		in   []string
		want []string
	}{
		{"http://127.0.0.1:9999/prefix",
			[]string{"https://discord.com/api/v" + discordgo.APIVersion + "/gateway", "https://discord.com/api/v10/users/@me", "https://cdn.discordapp.com/attachments/1/2/a.txt"},
			[]string{"http://127.0.0.1:9999/prefix/api/v10/gateway", "http://127.0.0.1:9999/prefix/api/v10/users/@me", "https://cdn.discordapp.com/attachments/1/2/a.txt"}},
		{discord.DefaultAPIURL,
			[]string{discordgo.EndpointWebhooks + "1/tok/messages/@original", discordgo.EndpointChannels + "2/messages"},
			[]string{"https://discord.com/api/v10/webhooks/1/tok/messages/@original", "https://discord.com/api/v10/channels/2/messages"}},
		{"",
			[]string{discordgo.EndpointGatewayBot},
			[]string{"https://discord.com/api/v10/gateway/bot"}},
	}
	for _, tt := range tests {
		var got []string
		next := roundTripFunc(func(r *http.Request) (*http.Response, error) {
			got = append(got, r.URL.String())
			return httptest.NewRecorder().Result(), nil
		})
		rt, err := discord.Redirect(next, tt.base)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range tt.in {
			req, _ := http.NewRequest("GET", u, nil)
			rt.RoundTrip(req)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Redirect(%q): requests went (-want +got):\n%s", tt.base, diff)
		}
	}
	if discordgo.EndpointAPI != "https://discord.com/api/v"+discordgo.APIVersion+"/" {
		t.Fatalf("discordgo.EndpointAPI = %q: package globals were changed", discordgo.EndpointAPI)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestDirectMessageChannelOpenedOnce: a user's DM channel is opened on their
// first direct message and remembered: the next is one call. A user who
// refuses DMs is still covered by a note each time.
func TestDirectMessageChannelOpenedOnce(t *testing.T) {
	d := discordtest.Start(t)
	bob := discordtest.User{ID: "300000000000000002", Name: "bob"}
	d.RefuseDMs(bob.ID)
	r := interaction.NewRouter(nil)
	r.Command("deal", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{
			Public: []interaction.Message{{Content: "Cards dealt."}},
			DMs: []interaction.DM{
				{UserID: alice.ID, UserName: alice.Name, Message: interaction.Message{Content: "Your card."}},
				{UserID: bob.ID, UserName: bob.Name, Message: interaction.Message{Content: "Your card."}},
			},
		}, nil
	})
	serve(t, d, r)
	for turn := 1; turn <= 2; turn++ {
		rep := d.Slash(alice, channel, "deal").Wait(t, "the note for bob", func(r discordtest.Reply) bool { return len(r.Ephemeral()) > 0 })
		if eph := rep.Ephemeral(); !strings.HasPrefix(eph[0].Content, "bob does not accept direct messages") {
			t.Fatalf("turn %d: note = %q", turn, eph[0].Content)
		}
		if got := d.DMs(alice.ID); len(got) != turn {
			t.Fatalf("turn %d: alice has %d DMs", turn, len(got))
		}
	}
	opened := map[string]int{}
	for _, c := range d.Calls() {
		if c.Method == http.MethodPost && c.Path == "/users/@me/channels" {
			opened[string(c.JSON)]++
		}
	}
	if len(opened) != 2 {
		t.Fatalf("DM channels opened: %v, want alice's and bob's once each", opened)
	}
	for body, n := range opened {
		if n != 1 {
			t.Errorf("%s: opened %d times, want once", body, n)
		}
	}
}
