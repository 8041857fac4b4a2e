package order

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
)

// An order records every option of a command as typed, and serves it again
// as the same request; a secret option withheld, and a file too large, are
// left out and say why.
func TestOfAndRequest(t *testing.T) {
	at := time.Date(2026, 11, 29, 12, 0, 0, 5, time.UTC)
	user := interaction.User{ID: "u1", Name: "Ann"}
	req := interaction.Request{Kind: interaction.KindCommand, ID: "i1", User: user, Permissions: 8, Path: "fire",
		Options: map[string]any{"unit": "Harris", "range": int64(12), "fraction": 0.5, "hidden": true, "target": user,
			"file": interaction.File{Name: "ob.txt", Content: []byte("Lt Sharpe")}}}
	o := Of(req, at, nil, "")
	if o.V != Version || o.Withheld != "" || !o.At.Equal(at) {
		t.Errorf("Of = %+v; want version %d, whole, at %v", o, Version, at)
	}
	if diff := cmp.Diff(req, o.Request("", "")); diff != "" {
		t.Errorf("Request differs from the request recorded (-given +served):\n%s", diff)
	}

	req.Options["text"] = "Advance"
	req.Options["file"] = interaction.File{Name: "big.txt", Content: make([]byte, maxFile+1)}
	o = Of(req, at, []string{Text}, "the text is secret")
	if _, ok := o.Request("", "").Options["text"]; ok || o.Withheld != "the file big.txt is larger than 32 KB" {
		t.Errorf("withheld %q, options %+v; want the text and the file left out, the file saying why", o.Withheld, o.Options)
	}
}

// A button pressed is recorded by its id and label, not by a command path.
func TestOfButton(t *testing.T) {
	req := interaction.Request{Kind: interaction.KindComponent, ID: "i2", Path: "turn next", CustomID: "v1/turn/next/3",
		Source: []interaction.Button{{ID: "v1/turn/next/3", Label: "Next count"}}}
	o := Of(req, time.Time{}, nil, "")
	if o.Path != "" || o.CustomID != "v1/turn/next/3" || o.Button != "Next count" {
		t.Errorf("Of = %+v; want the button's id and label, no path", o)
	}
	if got := o.Request("g", "c"); got.CustomID != req.CustomID || got.ChannelID != "c" || len(got.Source) != 1 || got.Source[0].Label != "Next count" {
		t.Errorf("Request = %+v; want the button pressed again in c", got)
	}
}
