package commands_test

import (
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// A channel another running battle holds (its own, a side's channel, its
// desk) is refused to a second battle, naming the battle that holds it; it
// stays that battle's.
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
		{"game desk", "<#desk> is the umpire's desk of another battle, in <#home>: pick another channel.", []any{"channel", "desk"}},
		{"game desk", "<#fr> is a side's channel of another battle, in <#home>: pick another channel.", []any{"channel", "fr"}},
		{"game side-channel", "<#brit> is a side's channel of another battle, in <#home>: pick another channel.", []any{"side", "Allied", "channel", "brit"}},
		{"game side-channel", "<#home> is the channel of another battle: pick another channel.", []any{"side", "Allied", "channel", "home"}},
	} {
		h.Refused(tc.want, other, tc.path, tc.opts...)
	}
	h.Channel = "home"
	if g := h.Game("home"); g.Desk != "desk" || g.Side("French").Channel != "fr" || g.Side("British").Channel != "brit" {
		t.Errorf("the first battle's channels are now desk %q, French %q, British %q", g.Desk, g.Side("French").Channel, g.Side("British").Channel)
	}
	h.OK(ump, "game status")
	h.End("home", ump)
	h.Channel = "second"
	done(t, h, other, "game desk", "channel", "desk")
}
