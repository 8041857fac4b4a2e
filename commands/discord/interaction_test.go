package discord_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/interaction"
)

// oob is every attachment's content on the fake CDN.
const oob = "character: Lt Sharpe | officer | British | veteran | british\n"

// cdn serves every GET with oob.
var cdn = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader(oob)), Request: r}, nil
})}

// payload reads testdata/interactions/name.json: an interaction as Discord
// POSTs it, every field Discord sends included.
func payload(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "interactions", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeInteraction: real payloads decode into the Request the handlers
// get, and into the same Interaction as the gateway's conversion of
// discordgo's decoding.
func TestDecodeInteraction(t *testing.T) {
	const (
		guild   = "1190000000000000001"
		channel = "1200000000000000001"
	)
	alice := interaction.User{ID: "300000000000000001", Name: "Alice"}
	tests := []struct {
		name string
		want interaction.Request
	}{
		{"subcommand-group", interaction.Request{
			Kind: interaction.KindCommand, ID: "1230000000000000001", GuildID: guild, ChannelID: channel,
			User: alice, Permissions: 2251799813685247, Roles: []string{"1220000000000000001", "1220000000000000003"},
			Path: "greenjackets roster character",
			Options: map[string]any{
				"name":    "Lt Sharpe",
				"player":  interaction.User{ID: "300000000000000002", Name: "Sgt Harper"}, // the member's nick
				"muskets": int64(12),
				"range":   7.5,
				"veteran": true,
				"where":   "1200000000000000002",
			},
		}},
		{"attachment", interaction.Request{
			Kind: interaction.KindCommand, ID: "1230000000000000002", GuildID: guild, ChannelID: channel,
			User: interaction.User{ID: "300000000000000001", Name: "The Umpire"}, Permissions: 8, Roles: []string{},
			Path:    "greenjackets roster import",
			Options: map[string]any{"file": interaction.File{Name: "oob.txt", Content: []byte(oob)}},
		}},
		{"autocomplete", interaction.Request{
			Kind: interaction.KindAutocomplete, ID: "1230000000000000003", GuildID: guild, ChannelID: channel,
			User: alice, Permissions: 1024, Roles: []string{"1220000000000000001"},
			Path: "fire", Focused: "unit",
			Options: map[string]any{"muskets": int64(6), "unit": "95"},
		}},
		{"component", interaction.Request{
			Kind: interaction.KindComponent, ID: "1230000000000000004", GuildID: guild, ChannelID: channel,
			User: interaction.User{ID: "300000000000000002", Name: "Bob"}, Permissions: 2251799813685247, Roles: []string{},
			CustomID: "v1/act/g42/7", Options: map[string]any{},
			Source: []interaction.Button{{Label: "Fire", ID: "v1/act/g42/7", Style: 1}, {Label: "Hold", ID: "v1/act/g42/8", Style: 2}},
		}},
		{"direct-message", interaction.Request{
			Kind: interaction.KindCommand, ID: "1230000000000000005", ChannelID: "1250000000000000001",
			User: alice, Path: "roll",
			Options: map[string]any{"dice": "2d6+1", "for": interaction.User{ID: "300000000000000002", Name: "bob"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := payload(t, tt.name)
			i, err := discord.DecodeInteraction(b)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !strings.HasPrefix(i.Token, "aW50ZXJhY3Rpb24") || i.AppID != "1180000000000000001" {
				t.Errorf("token %q, application %q: want what the answer is sent with", i.Token, i.AppID)
			}
			got, err := discord.ToRequest(context.Background(), cdn, i)
			if err != nil {
				t.Fatalf("ToRequest: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ToRequest (-want +got):\n%s", diff)
			}
			var dg discordgo.Interaction
			if err := json.Unmarshal(b, &dg); err != nil {
				t.Fatalf("discordgo decode: %v", err)
			}
			if diff := cmp.Diff(discord.FromDiscordgo(&dg), i, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("decoded (-gateway's conversion +decoded):\n%s", diff)
			}
		})
	}
}

func TestDecodePing(t *testing.T) {
	i, err := discord.DecodeInteraction(payload(t, "ping"))
	if err != nil {
		t.Fatal(err)
	}
	if i.Type != discordgo.InteractionPing || i.ID != "1230000000000000006" {
		t.Fatalf("PING decoded as type %d, id %s", i.Type, i.ID)
	}
	if _, err := discord.ToRequest(context.Background(), cdn, i); err == nil {
		t.Errorf("ToRequest(PING) = nil error, want a PING refused as a request")
	}
}

// FuzzInteraction: decoding and converting any body never panics; the body
// decodes as with encoding/json; and whatever discordgo decodes too, the
// Request is the one the gateway's conversion of discordgo's decoding gives.
func FuzzInteraction(f *testing.F) {
	for _, name := range []string{"subcommand-group", "attachment", "autocomplete", "component", "direct-message", "ping"} {
		f.Add(payload(f, name))
	}
	f.Add([]byte(`{"type":2,"data":{"options":[null,{"type":1,"options":[null]}],"resolved":{"users":{"1":null},"attachments":{"2":null}}}}`))
	f.Add([]byte(`{"type":2,"member":{"user":null},"data":{"options":[{"name":"f","type":11,"value":"2"},{"name":"u","type":6,"value":1}]}}`))
	f.Add([]byte(`{"type":4,"user":{"id":"1"},"data":{"options":[{"type":2,"options":[{"focused":true,"value":1e300}]}]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ctx := context.Background()
		i, decodeErr := discord.DecodeInteraction(b)
		var plain discord.Interaction
		if plainErr := json.Unmarshal(b, &plain); (plainErr == nil) != (decodeErr == nil) {
			t.Fatalf("DecodeInteraction error = %v, encoding/json's = %v", decodeErr, plainErr)
		}
		if decodeErr != nil {
			return
		}
		if diff := cmp.Diff(&plain, i); diff != "" {
			t.Fatalf("DecodeInteraction (-encoding/json +decoded):\n%s", diff)
		}
		got, err := discord.ToRequest(ctx, cdn, i)
		var dg discordgo.Interaction
		if json.Unmarshal(b, &dg) != nil {
			return
		}
		want, wantErr := discord.ToRequest(ctx, cdn, discord.FromDiscordgo(&dg))
		if fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Fatalf("ToRequest error = %v, the gateway's conversion gives %v", err, wantErr)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("ToRequest (-gateway's conversion +decoded):\n%s", diff)
		}
	})
}

// TestHandleLogsInteractionFields: an interaction the referee cannot read is
// answered with an ephemeral sentence and logged with its fields; one served
// logs nothing.
func TestHandleLogsInteractionFields(t *testing.T) {
	var logs strings.Builder
	session, err := discordgo.New("Bot token")
	if err != nil {
		t.Fatal(err)
	}
	r := interaction.NewRouter(nil)
	r.Command("roll", func(context.Context, interaction.Request) (interaction.Response, error) {
		return interaction.Say("7"), nil
	})
	responder := &discord.Responder{REST: session, Router: r, Logger: slog.New(slog.NewJSONHandler(&logs, nil))}
	var acks []*discord.Answer
	ack := func(resp *discord.Answer) error {
		acks = append(acks, resp)
		return nil
	}
	responder.Handle(context.Background(), &discord.Interaction{
		ID: "1", GuildID: "2", ChannelID: "3", Type: discordgo.InteractionApplicationCommand, Data: discord.Data{Name: "roll"},
	}, ack)
	if logs.Len() != 0 || len(acks) != 1 || acks[0].Message.Content != "7" {
		t.Fatalf("roll: answered %+v, logged %q; want 7 and nothing logged", acks, logs.String())
	}
	responder.Handle(context.Background(), &discord.Interaction{ID: "4", GuildID: "5", ChannelID: "6", Type: discordgo.InteractionModalSubmit}, ack)
	var rec map[string]any
	if err := json.Unmarshal([]byte(logs.String()), &rec); err != nil {
		t.Fatalf("log %q: %v", logs.String(), err)
	}
	if rec["msg"] != "interaction not understood" || rec["interaction"] != "4" || rec["guild"] != "5" || rec["channel"] != "6" {
		t.Errorf("logged %v, want the interaction's id, guild and channel", rec)
	}
	if len(acks) != 2 || acks[1].Message.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("modal answered %+v, want an ephemeral sentence", acks[1:])
	}
}
