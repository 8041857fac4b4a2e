package discordtest

import (
	"strings"
	"testing"
)

// TestSpecChecksRequests: the pinned description of API v10 takes a body
// of the fields it declares, and names what it refuses: a field it does
// not declare, a value out of bounds, an operation it does not have, a
// body where it takes none.
func TestSpecChecksRequests(t *testing.T) {
	sp, err := discordSpec()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path, body string
		op                 string
		refused            string // "" when it conforms
	}{
		{"PATCH", "/webhooks/1/tok/messages/@original", `{"content":"Done.","embeds":[],"components":[],"allowed_mentions":{"parse":[]}}`,
			"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original", ""},
		{"PATCH", "/webhooks/1/tok/messages/@original", `{"content":"Done.","attachments":[{"id":"0","filename":"odds.png","url":""}]}`,
			"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original", "'url' not allowed"},
		{"PATCH", "/channels/2/messages/3", `{"content":"Turn 2","ID":"3","Channel":"2"}`,
			"PATCH /channels/{channel_id}/messages/{message_id}", "not allowed"},
		{"POST", "/webhooks/1/tok", `{"content":"` + strings.Repeat("x", 2001) + `","flags":64}`,
			"POST /webhooks/{webhook_id}/{webhook_token}", "content"},
		{"POST", "/channels/2/messages", `{"content":"Your card: 3.","allowed_mentions":{"parse":[]}}`,
			"POST /channels/{channel_id}/messages", ""},
		{"DELETE", "/webhooks/1/tok/messages/@original", ``, "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original", ""},
		{"GET", "/gateway/bot", `{"x":1}`, "GET /gateway/bot", "takes no body"},
		{"POST", "/nowhere", `{}`, "", "no such operation"},
	}
	for _, tt := range tests {
		op, err := sp.check(tt.method, tt.path, []byte(tt.body))
		if op != tt.op {
			t.Errorf("check(%s %s) took operation %q, want %q", tt.method, tt.path, op, tt.op)
		}
		switch {
		case tt.refused == "" && err != nil:
			t.Errorf("check(%s %s, %.60s) = %v, want it to conform", tt.method, tt.path, tt.body, err)
		case tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)):
			t.Errorf("check(%s %s, %.60s) = %v, want it refused saying %q", tt.method, tt.path, tt.body, err, tt.refused)
		}
	}
}
