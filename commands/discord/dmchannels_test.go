package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// TestSendDMReopensAFailedChannel: a remembered channel is forgotten when a
// message to it fails, unless the user refuses DMs (their channel is fine).
func TestSendDMReopensAFailedChannel(t *testing.T) {
	var mu sync.Mutex
	opened := map[string]int{}
	failNext := map[string]bool{"lost": true}
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/api/v"+APIVersion+"/users/@me/channels" {
			var body struct {
				RecipientID string `json:"recipient_id"`
			}
			json.NewDecoder(r.Body).Decode(&body)
			opened[body.RecipientID]++
			fmt.Fprintf(w, `{"id":"dm-%s","type":1}`, body.RecipientID)
			return
		}
		user := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/api/v"+APIVersion+"/channels/dm-"), "/messages")
		switch {
		case user == "refuses":
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, `{"message":"Cannot send messages to this user","code":50007}`)
		case failNext[user]:
			failNext[user] = false
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"message":"Unknown Channel","code":10003}`)
		default:
			io.WriteString(w, `{"id":"9","channel_id":"dm-`+user+`"}`)
		}
	}))
	defer api.Close()
	session, err := NewSession("token", api.URL)
	if err != nil {
		t.Fatal(err)
	}
	d := &delivery{r: &Responder{REST: session}, ctx: context.Background()}
	steps := []struct {
		user  string
		fails bool
	}{
		{"lost", true}, // its channel answers Unknown Channel once
		{"lost", false},
		{"lost", false},
		{"refuses", true},
		{"refuses", true},
		{"fine", false},
		{"fine", false},
	}
	for k, s := range steps {
		err := d.sendDM(interaction.DM{UserID: s.user, Message: interaction.Message{Content: "Your card."}})
		if (err != nil) != s.fails {
			t.Errorf("step %d: sendDM(%s) = %v, want failure %v", k, s.user, err, s.fails)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if want := map[string]int{"lost": 2, "refuses": 1, "fine": 1}; !maps.Equal(opened, want) {
		t.Errorf("channels opened %v, want %v", opened, want)
	}
}
