package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/greenjackets"
)

// TestLogsCarryNoCardOrToken plays the deal of a Green Jackets turn through
// the gateway with debug logging, one player refusing DMs, and checks that the
// captured log has each interaction's id, channel and command, and never a
// dealt card, a DM's text or the token.
func TestLogsCarryNoCardOrToken(t *testing.T) {
	d := discordtest.Start(t)
	var c *core
	b := startWith(t, d, func(cc *core) { c = cc })
	const table = "400000000000000077"
	umpire := discordtest.User{ID: "300000000000000010", Name: "umpire"}
	players := map[string]discordtest.User{
		"Lt Sharpe":   {ID: "300000000000000011", Name: "sharpe"},
		"Capt Dubois": {ID: "300000000000000012", Name: "dubois"},
	}
	d.RefuseDMs(players["Capt Dubois"].ID)
	say := func(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Reply {
		t.Helper()
		return d.Slash(u, table, path, opts...).Wait(t, "/"+path, func(r discordtest.Reply) bool {
			thinking := r.Original != nil && r.Original.Thinking && !r.Original.Deleted
			return r.Callback != 0 && !thinking && len(r.Public())+len(r.Ephemeral()) > 0
		})
	}
	say(umpire, "game start", discordtest.Opt("ruleset", "greenjackets"))
	say(umpire, "greenjackets roster import", discordtest.Opt("text", `character: Lt Sharpe | officer | British | veteran | british
character: Capt Dubois | officer | French | trained | french
squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris, Hagman, Cooper
squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Leclerc, Martin, Girard
`))
	for name, u := range players {
		say(umpire, "greenjackets roster character", discordtest.Opt("name", name), discordtest.Opt("player", u))
	}
	say(umpire, "turn new")
	deadline := time.Now().Add(10 * time.Second)
	for len(d.DMs(players["Lt Sharpe"].ID)) < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}

	g, err := c.battles.View(context.Background(), table)
	if err != nil {
		t.Fatal(err)
	}
	var board greenjackets.Board
	if err := json.Unmarshal(g.Board, &board); err != nil {
		t.Fatal(err)
	}
	logs := b.logs.String()
	secrets := []string{d.Token}
	for name := range players {
		ch := board.Character(name)
		if ch == nil || ch.Card == nil {
			t.Fatalf("%s was dealt no card", name)
		}
		secrets = append(secrets, ch.Card.Short(), ch.Card.String())
	}
	for _, m := range d.DMs(players["Lt Sharpe"].ID) {
		secrets = append(secrets, m.Text())
	}
	for _, s := range secrets {
		if strings.Contains(logs, s) {
			t.Errorf("the log carries a secret: %q", s)
		}
	}
	for _, want := range []string{"cmd=\"turn new\"", "channel=" + table, "interaction=", "latency="} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %s", want)
		}
	}
}
