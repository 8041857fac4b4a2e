package dicecmd_test

import (
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// /roll and /odds through the Discord double: a public roll, a secret roll
// to the roller and the umpire by DM (and the note when the umpire refuses
// DMs), and the odds with their chart attached.
func TestDiceOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(9), commandstest.Channel("400000000000000333"))
	d, ch := tb.D, tb.Channel
	ump := discordtest.User{ID: "300000000000000020", Name: "umpire"}
	bob := discordtest.User{ID: "300000000000000021", Name: "bob"}
	opt := discordtest.Opt

	d.Slash(ump, ch, "game start", opt("ruleset", "firing2007")).WaitAnswered(t)
	r := d.Slash(bob, ch, "roll", opt("dice", "3d6"), opt("label", "@here volley")).WaitAnswered(t)
	if pub := r.Public(); len(pub) != 1 || !strings.Contains(pub[0].Text(), "@\u200bhere volley") || !pub[0].NoMentions {
		t.Errorf("public roll: %+v", pub)
	}

	r = d.Slash(bob, ch, "roll", opt("dice", "d20"), opt("secret", true), opt("label", "ambush")).WaitAnswered(t)
	if len(r.Public()) != 0 || len(r.Ephemeral()) != 1 || !strings.Contains(r.Ephemeral()[0].Text(), "only you and the umpire (umpire) see it") {
		t.Errorf("secret roll: public %+v ephemeral %+v", r.Public(), r.Ephemeral())
	}
	if dms := dmsOf(t, d, ump.ID); len(dms) != 1 || !strings.Contains(dms[0].Text(), "Secret roll by bob: ambush") {
		t.Errorf("umpire's DMs: %+v", dms)
	}

	d.RefuseDMs(ump.ID)
	sent := d.Slash(bob, ch, "roll", opt("dice", "d20"), opt("secret", true))
	r = sent.Wait(t, "the DM fallback", func(r discordtest.Reply) bool { return len(r.Followups) > 0 })
	if eph := r.Ephemeral(); len(eph) != 2 || !strings.Contains(eph[1].Text(), "does not accept direct messages") || !strings.Contains(eph[1].Text(), "in the log") {
		t.Errorf("DM refused: %+v", eph)
	}

	r = d.Slash(bob, ch, "odds", opt("dice", "2d6")).WaitAnswered(t)
	pub := r.Public()
	if len(pub) != 1 || !strings.HasPrefix(pub[0].Files["odds.png"], "\x89PNG") || !strings.Contains(pub[0].Text(), "16.67%") {
		t.Errorf("odds: %+v", pub)
	}
	if cfg, err := png.DecodeConfig(strings.NewReader(pub[0].Files["odds.png"])); err != nil || cfg.Width != 720 || cfg.Height != 640 {
		t.Errorf("the chart attached: %+v, %v; want a 720×640 PNG", cfg, err)
	}

	// A long table: the mean and the chance of at least x lead, the table
	// comes as odds.csv beside the chart.
	r = d.Slash(bob, ch, "odds", opt("dice", "d100")).WaitAnswered(t)
	pub = r.Public()
	if len(pub) != 1 || !strings.HasPrefix(pub[0].Files["odds.csv"], "value,p_eq,p_at_least,p_at_most\n1,0.01,1,0.01\n") ||
		!strings.HasPrefix(pub[0].Files["odds.png"], "\x89PNG") {
		t.Fatalf("odds d100: %+v", pub)
	}
	if text := pub[0].Text(); !strings.Contains(text, "Mean **50.50**") || !strings.Contains(text, "**≥ 51** 50%") || strings.Contains(text, "1.00%") {
		t.Errorf("odds d100 text:\n%s", text)
	}
}

// dmsOf waits for a user's direct messages. The DM goes out after the answer,
// and the double's Wait holds its lock while its condition runs (so the
// condition cannot ask for DMs): poll, within the double's timeout.
func dmsOf(t *testing.T, d *discordtest.Server, userID string) []discordtest.Message {
	t.Helper()
	deadline := time.Now().Add(d.Timeout)
	for {
		if dms := d.DMs(userID); len(dms) > 0 || time.Now().After(deadline) {
			return dms
		}
		time.Sleep(5 * time.Millisecond)
	}
}
