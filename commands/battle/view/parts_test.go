package view

import (
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/rules"
)

// TestPartDetailsIDs: a Details button bound to a reader's part of the log
// is named as the buttons already posted in channels are, and its part
// token names the reader again, a side's name escaped in the path.
func TestPartDetailsIDs(t *testing.T) {
	g := &battle.Game{Commitment: "0123456789abcdef0123"}
	for _, tc := range []struct {
		r    rules.Reader
		id   string
		back rules.Reader
	}{
		{rules.Main, "v1/details/0123456789abcdef/main/7/2", rules.Main},
		{rules.Reader{Side: "French"}, "v1/details/0123456789abcdef/side:french/7/2", rules.Reader{Side: "french"}},
		{rules.Reader{Side: "Bey/Tunis"}, "v1/details/0123456789abcdef/side:bey%2Ftunis/7/2", rules.Reader{Side: "bey/tunis"}},
	} {
		if id := PartDetailsID(g, tc.r, 7, 2); id != tc.id {
			t.Errorf("PartDetailsID(%+v) = %q; want %q", tc.r, id, tc.id)
		}
		if r, ok := PartReader(partToken(tc.r)); !ok || r != tc.back {
			t.Errorf("PartReader(%q) = %+v, %v; want %+v", partToken(tc.r), r, ok, tc.back)
		}
	}
	for _, bad := range []string{"", "side:", "umpire", "side:%zz"} {
		if r, ok := PartReader(bad); ok {
			t.Errorf("PartReader(%q) = %+v; want it refused", bad, r)
		}
	}
}
