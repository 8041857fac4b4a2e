package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/redistest"
)

// footer is the first embed footer of a reply's public messages ("roll #N").
func footer(r discordtest.Reply) string {
	for _, m := range r.Public() {
		for _, e := range m.Embeds {
			if e.Footer != nil {
				return e.Footer.Text
			}
		}
	}
	return ""
}

// answer is an interaction's answer as the replays read it: discordgo's own
// InteractionResponse cannot decode the buttons (an interface).
type answer struct {
	Data *struct {
		Content string                    `json:"content"`
		Embeds  []*discordgo.MessageEmbed `json:"embeds"`
	} `json:"data"`
}

// replay POSTs sent's signed body again, as an attacker holding it could
// within its five minutes, and returns the answer's content.
func replay(t *testing.T, d *discordtest.Server, endpoint string, sent *discordtest.Sent) string {
	t.Helper()
	status, _, body := d.Post(endpoint, sent.Body(), time.Now())
	var resp struct { // discordgo's own cannot decode the buttons (an interface)
		Data *struct {
			Content string                    `json:"content"`
			Embeds  []*discordgo.MessageEmbed `json:"embeds"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &resp); status != http.StatusOK || err != nil || resp.Data == nil {
		t.Fatalf("replayed POST = %d %s", status, body)
	}
	text := resp.Data.Content
	for _, e := range resp.Data.Embeds {
		if e.Footer != nil {
			text += " [" + e.Footer.Text + "]"
		}
	}
	return text
}

// TestHTTPReplayRefusedInWindow: in HTTP mode a signed /roll replayed after
// 70 newer commands in its battle is refused, not rolled again (roll #1
// came back as #72 when only the last 64 ids were remembered); replayed at
// once it gets its own answer back; and a roll outside any battle, replayed,
// is answered as it was, not rolled anew.
func TestHTTPReplayRefusedInWindow(t *testing.T) {
	d := discordtest.Start(t)
	env := envFor(t, d)
	env["DISCORD_PUBLIC_KEY"] = d.PublicKey()
	env["REDIS_URL"] = redistest.Start(t).URL()
	addr := freeAddr(t)
	startArgs(t, env, "-http", addr)
	get(t, "http://"+addr+"/livez")
	endpoint := "http://" + addr + "/interactions"
	d.PostTo(endpoint)

	d.Slash(alice, channel, "game start", discordtest.Opt("ruleset", "greenjackets")).WaitAnswered(t)
	first := d.Slash(alice, channel, "roll", discordtest.Opt("dice", "2d6"))
	if f := footer(first.WaitAnswered(t)); f != "roll #1" {
		t.Fatalf("first roll's footer = %q; want roll #1", f)
	}
	if got := replay(t, d, endpoint, first); !strings.Contains(got, "[roll #1]") {
		t.Errorf("the first roll replayed at once = %q; want its own answer, roll #1", got)
	}
	for range 70 {
		d.Slash(alice, channel, "roll", discordtest.Opt("dice", "2d6")).WaitAnswered(t)
	}
	if got := replay(t, d, endpoint, first); got != interaction.MsgAlreadyDone {
		t.Errorf("the first roll replayed after 70 more = %q; want %q", got, interaction.MsgAlreadyDone)
	}
	if f := footer(d.Slash(alice, channel, "roll", discordtest.Opt("dice", "2d6")).WaitAnswered(t)); f != "roll #72" {
		t.Errorf("the next roll's footer = %q; want roll #72 (nothing rolled by the replays)", f)
	}

	outside := d.Slash(alice, "400000000000000099", "roll", discordtest.Opt("dice", "3d6"))
	want := outside.WaitAnswered(t).Public()
	if len(want) == 0 {
		t.Fatalf("a roll outside any battle = %+v", outside.Reply().All())
	}
	status, _, body := d.Post(endpoint, outside.Body(), time.Now())
	var resp answer
	if err := json.Unmarshal(body, &resp); status != http.StatusOK || err != nil || resp.Data == nil || len(resp.Data.Embeds) == 0 {
		t.Fatalf("replayed roll outside a battle = %d %s", status, body)
	}
	if got := resp.Data.Embeds[0].Description; got != want[0].Embeds[0].Description {
		t.Errorf("a roll outside any battle replayed = %q; want the same dice, %q", got, want[0].Embeds[0].Description)
	}
}
