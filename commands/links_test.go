package commands_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// A channel another running battle holds (its own, a side's channel, its
// desk) is refused to a second battle, naming the battle that holds it (its
// rule set and its channel); it stays that battle's, and no battle is
// started in it.
func TestAChannelLinkedToABattleIsRefusedToAnother(t *testing.T) {
	h, ump, _, _ := fogBattle(t)
	done(t, h, ump, "game desk", "channel", "desk")
	other := interaction.User{ID: "u9", Name: "Other"}
	h.Channel = "second"
	h.OK(other, "game start", "ruleset", "crimea", "name", "Alma")
	for _, tc := range []struct {
		path, want string
		opts       []any
	}{
		{"game desk", "<#desk> is the umpire's desk of the Green Jackets battle in <#home>: pick another channel.", []any{"channel", "desk"}},
		{"game desk", "<#fr> is the **French** side's channel of the Green Jackets battle in <#home>: pick another channel.", []any{"channel", "fr"}},
		{"game side-channel", "<#brit> is the **British** side's channel of the Green Jackets battle in <#home>: pick another channel.", []any{"side", "Allied", "channel", "brit"}},
		{"game side-channel", "<#home> is the main channel of the Green Jackets battle in <#home>: pick another channel.", []any{"side", "Allied", "channel", "home"}},
	} {
		h.Unchanged("second", tc.path+" "+tc.want, func() { h.Refused(tc.want, other, tc.path, tc.opts...) })
	}
	h.Channel = "fr"
	h.Refused("This channel is the **French** side's channel of the Green Jackets battle in <#home>: start or import a battle in another channel.",
		other, "game start", "ruleset", "crimea")
	h.Channel = "home"
	if g := h.Game("home"); g.Desk != "desk" || g.Side("French").Channel != "fr" || g.Side("British").Channel != "brit" {
		t.Errorf("the first battle's channels are now desk %q, French %q, British %q", g.Desk, g.Side("French").Channel, g.Side("British").Channel)
	}
	h.OK(ump, "game status")
	h.End("home", ump)
	h.Channel = "second"
	done(t, h, other, "game desk", "channel", "desk")
}

// The battle that holds a channel is named by its name too, when it has one.
func TestTheBattleHoldingAChannelIsNamed(t *testing.T) {
	h, ump, _, _ := fogBattle(t)
	other := interaction.User{ID: "u9", Name: "Other"}
	h.Channel = "second"
	h.OK(other, "game start", "ruleset", "crimea", "name", "Alma")
	h.Channel = "home"
	h.Unchanged("home", "the desk in another battle's channel", func() {
		h.Refused("<#second> is the main channel of the Stormed at with Shot and Shell battle **Alma** in <#second>: pick another channel.",
			ump, "game desk", "channel", "second")
	})
}

// An offer of the umpire's role made at the desk is shown in the battle's
// channel, where the user it is to reads it, and taken by his press there.
func TestAnOfferMadeAtTheDeskIsShownInTheBattlesChannel(t *testing.T) {
	h, ump, alice, _ := fogBattle(t)
	done(t, h, ump, "game desk", "channel", "desk")
	r := h.In("desk", ump, "game umpire", "user", alice)
	if len(r.Public) != 0 || len(r.Posts) != 1 || r.Posts[0].ChannelID != "home" || len(r.Posts[0].Message.Buttons) != 2 {
		t.Fatalf("the offer at the desk: %+v, want it posted in <#home> with its buttons", r)
	}
	if got := h.HandOver("desk", ump, alice); !strings.Contains(commandstest.Text(got), "**Alice** is now the umpire") {
		t.Errorf("the offer accepted: %s", commandstest.Text(got))
	}
}

// The desk is the umpire's channel, not the battle's: handed over, the role
// leaves it behind, and what is for the new umpire's eyes comes to him by DM
// until he sets a desk of his own. The old umpire's desk reads the battle no
// more.
func TestTheUmpiresDeskStaysWithTheOldUmpire(t *testing.T) {
	h, ump, alice, _ := fogBattle(t)
	done(t, h, ump, "game desk", "channel", "desk")
	got := commandstest.Text(h.HandOver("home", ump, alice))
	if !strings.Contains(got, "<#desk> is no longer the umpire's desk: what is for the umpire's eyes alone comes to **Alice** by DM until he sets his own with `/game desk`.") {
		t.Errorf("the handover says: %s", got)
	}
	if desk := h.Game("home").Desk; desk != "" {
		t.Errorf("after the handover the desk is <#%s>, want none", desk)
	}
	if got := commandstest.Text(h.In("desk", ump, "game status")); !strings.Contains(got, "There is no battle in this channel.") {
		t.Errorf("/game status at the old desk: %s, want no battle", got)
	}
}
