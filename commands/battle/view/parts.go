package view

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/rules"
)

// PartDetailsID is the id of the Details button of the k-th ruling of the
// entry numbered n in r's part of g's log:
// v1/details/<battle>/<part>/<entry>/<k>, the part being "main" or "side:"
// and the side (PartReader, read by commands/battle/details).
func PartDetailsID(g *battle.Game, r rules.Reader, n, k int) string {
	return fmt.Sprintf("%s/%s/%s/%d/%d", battle.ButtonDetails, g.Key(), partToken(r), n, k)
}

func partToken(r rules.Reader) string {
	if r.Side == "" {
		return "main"
	}
	return "side:" + url.PathEscape(strings.ToLower(r.Side))
}

// PartReader is the reader of a part token (partToken), as a Details
// button bound to a reader's part of the log names it (PartDetailsID).
func PartReader(t string) (rules.Reader, bool) {
	if t == "main" {
		return rules.Main, true
	}
	side, ok := strings.CutPrefix(t, "side:")
	if !ok || side == "" {
		return rules.Reader{}, false
	}
	side, err := url.PathUnescape(side)
	return rules.Reader{Side: side}, err == nil
}
