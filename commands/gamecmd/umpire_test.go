package gamecmd_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// The umpire's role passes only when the user it is offered to accepts it
// by the offer's own button: until then nothing changes; anyone else's
// press, a declined, withdrawn or renewed offer's button, and one from an
// earlier battle of the channel are refused.
func TestTheUmpiresRoleIsTakenOnlyByConsent(t *testing.T) {
	h := newHarness(t)
	h.OK(umpire, "game start", "ruleset", "fakewar")
	buttons := func(step string, r interaction.Response) (accept, decline string) {
		t.Helper()
		if len(r.Public) != 1 || len(r.Public[0].Buttons) != 2 {
			t.Fatalf("%s: %s, want one message with Accept and Decline", step, commandstest.Text(r))
		}
		m := r.Public[0]
		if m.Ping != p1.ID || m.Buttons[0].Label != "Accept" || m.Buttons[1].Label != "Decline" {
			t.Fatalf("%s: ping %q, buttons %+v; want p1 pinged, Accept and Decline", step, m.Ping, m.Buttons)
		}
		return m.Buttons[0].ID, m.Buttons[1].ID
	}

	first := h.Do(umpire, "game umpire", "user", p1)
	h.Expect(t, "the offer", first, false, "<@p1>: Wellington offers you the umpire's role in this battle.", "until then nothing changes")
	accept1, decline1 := buttons("the offer", first)
	if g := h.Game("c1"); g.Umpire != umpire.ID {
		t.Fatalf("the umpire is %s before the offer was accepted", g.Umpire)
	}
	h.Unchanged("c1", "the umpire's own press", func() {
		h.Expect(t, "the umpire's press", h.Press(umpire, accept1), true, "This offer of the umpire's role is not to you: nothing changed.")
	})
	h.Unchanged("c1", "a bystander's Decline", func() {
		h.Expect(t, "a bystander's Decline", h.Press(p2, decline1), true, "This offer of the umpire's role is not to you: nothing changed.")
	})

	// Made again, the offer's earlier buttons answer nothing.
	accept2, decline2 := buttons("the offer again", h.Do(umpire, "game umpire", "user", p1))
	h.Unchanged("c1", "the first offer's Accept", func() {
		h.Expect(t, "the first offer's Accept", h.Press(p1, accept1), true, "This offer no longer stands; nothing changed.")
	})
	h.Expect(t, "declined", h.Press(p1, decline2), false, "**Sharpe** declines the umpire's role: Wellington remains the umpire.")
	h.Unchanged("c1", "Accept after Decline", func() {
		h.Expect(t, "Accept after Decline", h.Press(p1, accept2), true, "This offer no longer stands; nothing changed.")
	})

	// Withdrawn by the umpire's offer to himself.
	accept3, _ := buttons("the third offer", h.Do(umpire, "game umpire", "user", p1))
	h.Expect(t, "withdrawn", h.Do(umpire, "game umpire", "user", umpire), false, "Wellington has withdrawn the offer of the umpire's role to **Sharpe**.")
	h.Unchanged("c1", "Accept after the withdrawal", func() {
		h.Expect(t, "Accept after the withdrawal", h.Press(p1, accept3), true, "This offer no longer stands; nothing changed.")
		h.Expect(t, "a withdrawal with none standing", h.Do(umpire, "game umpire", "user", umpire), true, "is already the umpire, and no offer of the role stands.")
	})

	accept4, _ := buttons("the fourth offer", h.Do(umpire, "game umpire", "user", p1))
	h.Expect(t, "accepted", h.Press(p1, accept4), false, "**Sharpe** is now the umpire, handed over by Wellington.")
	if g := h.Game("c1"); g.Umpire != p1.ID || g.Offer != nil {
		t.Errorf("after the press: umpire %s, offer %+v; want p1, none", g.Umpire, g.Offer)
	}
	log := h.Log("c1")
	var said []string
	for _, e := range log {
		said = append(said, e.Summary)
	}
	for _, want := range []string{"umpire's role offered to Sharpe", "umpire's role declined by Sharpe", "offer of the umpire's role to Sharpe withdrawn", "umpire handed over from Wellington to Sharpe"} {
		if !strings.Contains(strings.Join(said, "\n"), want) {
			t.Errorf("the log %q does not say %q", said, want)
		}
	}

	// A button of the battle before, in the same channel.
	h.End("c1", p1)
	h.OK(umpire, "game start", "ruleset", "fakewar")
	h.Unchanged("c1", "an earlier battle's offer", func() {
		h.Expect(t, "an earlier battle's offer", h.Press(p1, accept4), true, "This offer was for an earlier battle of this channel; nothing changed.")
	})
}
