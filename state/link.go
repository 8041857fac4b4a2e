package state

import (
	"bytes"
	"encoding/json"
)

// A battle's side channel (a channel or thread of its own for one side) is
// linked to the battle's home channel by a tiny document stored as the side
// channel's game document, under the side channel's own keys: the first
// read of any channel finds either its game or the link to follow, so an
// ordinary channel pays nothing for links. A link is written like any
// document (Update: compare-and-set, idempotent, refreshing its TTL) and
// read like one (Get, GetLog: no log).

// linkPrefix starts every link document; a game document never does.
const linkPrefix = `{"link":`

// Link is the document that links a channel to the game of channel home.
func Link(home string) []byte {
	b, _ := json.Marshal(struct {
		Link string `json:"link"`
	}{home}) // a string always encodes
	return b
}

// LinkedTo is the home channel a link document points at, if doc is one.
func LinkedTo(doc []byte) (string, bool) {
	if !bytes.HasPrefix(doc, []byte(linkPrefix)) {
		return "", false
	}
	var l struct {
		Link string `json:"link"`
	}
	if err := json.Unmarshal(doc, &l); err != nil || l.Link == "" {
		return "", false
	}
	return l.Link, true
}
