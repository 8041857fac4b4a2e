package discordtest

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAttached follows Discord's rules for an edit's attachments: without
// the field a message keeps its files and gains the uploads; with it, it
// holds exactly those listed, an upload by index or a file of its own.
func TestAttached(t *testing.T) {
	had := map[string]string{"map.png": "old"}
	up := map[string]string{"map.png": "new"}
	for _, tt := range []struct {
		name     string
		refs     string
		uploaded map[string]string
		want     map[string]string
	}{
		{"no attachments field keeps them", "", nil, had},
		{"an empty list clears them", `[]`, nil, map[string]string{}},
		{"an upload listed replaces", `[{"id":"0","filename":"map.png"}]`, up, up},
		{"a file of its own listed is kept", `[{"id":"111","filename":"map.png"}]`, nil, had},
	} {
		var refs json.RawMessage
		if tt.refs != "" {
			refs = json.RawMessage(tt.refs)
		}
		if got := attached(had, refs, tt.uploaded); !cmp.Equal(got, tt.want) {
			t.Errorf("%s: attached = %v, want %v", tt.name, got, tt.want)
		}
	}
}
