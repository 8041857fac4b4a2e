package main

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/state/redistest"
)

// TestFrozenStoreFollowsUp: with Redis frozen (SIGSTOP) before a roll in a
// battle, the roll is answered "may have been recorded", not "nothing was
// changed"; once Redis is resumed (after that answer is seen), the referee
// follows it up in the channel with the truth, and the recorded roll with it:
// on the gateway and in HTTP mode.
func TestFrozenStoreFollowsUp(t *testing.T) {
	t.Run("gateway", func(t *testing.T) {
		d := discordtest.Start(t)
		srv := redistest.StartLocal(t)
		env := envFor(t, d)
		env["REDIS_URL"] = srv.URL()
		startRun(t, d, env)
		d.WaitReady(t)
		followsUp(t, d, srv)
	})
	t.Run("http", func(t *testing.T) {
		d := discordtest.Start(t)
		srv := redistest.StartLocal(t)
		env := envFor(t, d)
		env["REDIS_URL"] = srv.URL()
		env["DISCORD_PUBLIC_KEY"] = d.PublicKey()
		addr := freeAddr(t)
		startArgs(t, env, "-http", addr)
		get(t, "http://"+addr+"/livez")
		d.PostTo("http://" + addr + "/interactions")
		followsUp(t, d, srv)
	})
}

func followsUp(t *testing.T, d *discordtest.Server, srv *redistest.Server) {
	if r := d.Slash(alice, channel, "game start", discordtest.Opt("ruleset", "greenjackets")).WaitAnswered(t); len(r.Public()) == 0 {
		t.Fatalf("/game start = %+v", r.All())
	}
	if r := d.Slash(alice, channel, "roll", discordtest.Opt("dice", "2d6")).WaitAnswered(t); len(r.Public()) == 0 {
		t.Fatalf("/roll = %+v", r.All())
	}

	srv.Pause()
	sent := d.Slash(alice, channel, "roll", discordtest.Opt("dice", "2d6"))
	r := sent.WaitAnswered(t)
	srv.Resume()
	if eph := r.Ephemeral(); len(eph) != 1 || !strings.Contains(eph[0].Text(), "may have been recorded") || strings.Contains(eph[0].Text(), "nothing was changed") {
		t.Fatalf("/roll with Redis frozen = %+v; want one ephemeral \"may have been recorded\"", r.All())
	}
	var note string
	sent.Wait(t, "the follow-up with the truth", func(r discordtest.Reply) bool {
		for _, m := range r.All() {
			if strings.Contains(m.Text(), "The battle store has answered") {
				note = m.Text()
				return true
			}
		}
		return false
	})
	switch {
	case strings.Contains(note, "was recorded as roll #2"):
		if !strings.Contains(note, "2d6") {
			t.Errorf("recorded, but the roll itself was not shown: %q", note)
		}
	case strings.Contains(note, "was not recorded; nothing changed"):
	default:
		t.Errorf("follow-up = %q; want recorded as roll #2, or not recorded", note)
	}
	t.Logf("follow-up: %q", note)
}
