package discordtest

import (
	"fmt"
	"net/http"
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
	// Twice: the second time each body's verdict is the one remembered.
	for pass := range 2 {
		for _, tt := range tests {
			op, err := sp.check(tt.method, tt.path, []byte(tt.body))
			if op != tt.op {
				t.Errorf("pass %d: check(%s %s) took operation %q, want %q", pass+1, tt.method, tt.path, op, tt.op)
			}
			switch {
			case tt.refused == "" && err != nil:
				t.Errorf("pass %d: check(%s %s, %.60s) = %v, want it to conform", pass+1, tt.method, tt.path, tt.body, err)
			case tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)):
				t.Errorf("pass %d: check(%s %s, %.60s) = %v, want it refused saying %q", pass+1, tt.method, tt.path, tt.body, err, tt.refused)
			}
		}
	}
}

// TestDoubleFailsUndeclaredFields: a test whose bot sends a field Discord
// does not declare fails, with the operation and what the description
// refuses named; one whose requests all conform does not.
func TestDoubleFailsUndeclaredFields(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		refused    []string // in the test's one error; none when it conforms
	}{
		{"edit as discordgo sends it", `{"content":"Turn 2","ID":"3","Channel":"2"}`,
			// the validator names the properties in no set order
			[]string{"PATCH /channels/{channel_id}/messages/{message_id}", "additional properties", "'ID'", "'Channel'", "not allowed"}},
		{"edit of declared fields", `{"content":"Turn 2","components":[]}`, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recordingTB{TB: t}
			d := Start(rec)
			req, err := http.NewRequest(http.MethodPatch, d.URL+"/api/v10/channels/2/messages/3", strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bot "+d.Token)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			rec.end()
			if tt.refused == nil {
				if len(rec.errors) != 0 {
					t.Errorf("a conforming request failed the test: %q", rec.errors)
				}
				return
			}
			if len(rec.errors) != 1 {
				t.Fatalf("the test failed with %q, want one error", rec.errors)
			}
			for _, want := range tt.refused {
				if !strings.Contains(rec.errors[0], want) {
					t.Errorf("the test failed with %q, want it to say %q", rec.errors[0], want)
				}
			}
		})
	}
}

// recordingTB is a test the double runs in: its errors recorded, its
// cleanups run by end.
type recordingTB struct {
	testing.TB
	errors   []string
	cleanups []func()
}

func (r *recordingTB) Helper()                   {}
func (r *recordingTB) Cleanup(f func())          { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) Errorf(f string, a ...any) { r.errors = append(r.errors, fmt.Sprintf(f, a...)) }

// end runs the cleanups, the last registered first, as a test's end does.
func (r *recordingTB) end() {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
}
