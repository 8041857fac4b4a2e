package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/httpapi"
)

// TestRefusesBadSignatures checks that the floor pays for the check it stands
// for: a request not signed by the application's key is refused before it is
// decoded or written (the good path is cmd/loadtest's TestFloor).
func TestRefusesBadSignatures(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	key, err := httpapi.ParsePublicKey(hex.EncodeToString(pub))
	if err != nil {
		t.Fatal(err)
	}
	f := &floor{key: key} // no Redis: a refusal never reaches it
	body := `{"id":"1","type":2,"channel_id":"7"}`
	tests := []struct{ name, ts, sig string }{
		{"unsigned", "1700000000", ""},
		{"signed over another body", "1700000000", hex.EncodeToString(ed25519.Sign(priv, []byte("1700000000{}")))},
		{"signed with another timestamp", "1700000001", hex.EncodeToString(ed25519.Sign(priv, []byte("1700000000"+body)))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(body))
			r.Header.Set("X-Signature-Timestamp", tt.ts)
			r.Header.Set("X-Signature-Ed25519", tt.sig)
			w := httptest.NewRecorder()
			f.ServeHTTP(w, r)
			if w.Code != http.StatusUnauthorized {
				t.Errorf("status %d, want %d", w.Code, http.StatusUnauthorized)
			}
		})
	}
}

// BenchmarkPieces times the floor's work in this process, piece by piece: the
// signature check and the decoding of a /greenjackets fire as cmd/loadtest
// sends it, and the answer's encoding.
func BenchmarkPieces(b *testing.B) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		b.Fatal(err)
	}
	key, err := httpapi.ParsePublicKey(hex.EncodeToString(pub))
	if err != nil {
		b.Fatal(err)
	}
	body, err := json.Marshal(&discordgo.Interaction{
		ID: "800000000000000001", AppID: "100000000000000001", Type: discordgo.InteractionApplicationCommand,
		Token: "token-800000000000000001", GuildID: "200000000000000002", ChannelID: "700000000000000000", Version: 1,
		Member: &discordgo.Member{User: &discordgo.User{ID: "300000000000000002", Username: "sharpe"}},
		Data: discordgo.ApplicationCommandInteractionData{ID: "cmd-greenjackets", Name: "greenjackets", Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: "fire", Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: "range", Type: discordgo.ApplicationCommandOptionInteger, Value: 12},
				{Name: "count", Type: discordgo.ApplicationCommandOptionInteger, Value: 6},
				{Name: "weapon", Type: discordgo.ApplicationCommandOptionString, Value: "musket"},
				{Name: "quality", Type: discordgo.ApplicationCommandOptionString, Value: "trained"},
			}}}},
	})
	if err != nil {
		b.Fatal(err)
	}
	msg := append([]byte("1700000000"), body...)
	sig := ed25519.Sign(priv, msg)
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			if !key.Verify(msg, sig) {
				b.Fatal("refused")
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			if _, err := discord.DecodeInteraction(body); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("answer", func(b *testing.B) {
		for b.Loop() {
			if _, err := answer.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
