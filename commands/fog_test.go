package commands_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// A Green Jackets battle for remote umpiring: British Lt Sharpe (alice), a
// hidden French section under Capt Dubois (bob), a channel for each side.
func fogBattle(t *testing.T) (*commandstest.Harness, interaction.User, interaction.User, interaction.User) {
	h := commandstest.New(t, commandstest.Seed(3), commandstest.Channel("home"))
	ump := interaction.User{ID: "u0", Name: "Umpire"}
	alice := interaction.User{ID: "u1", Name: "Alice"}
	bob := interaction.User{ID: "u2", Name: "Bob"}
	h.Public(ump, "game start", "ruleset", "greenjackets")
	h.Refused("Fog of war is off", ump, "greenjackets roster character", "name", "Capt Dubois", "side", "French", "hidden", true)
	h.Public(ump, "game settings", "fog", "on")
	h.OK(ump, "greenjackets roster character", "name", "Lt Sharpe", "side", "British", "player", alice)
	h.OK(ump, "greenjackets roster squad", "name", "Chosen Men", "officer", "Lt Sharpe", "figures", "Harris, Hagman")
	// Placed hidden, the French are told to the umpire alone here.
	for _, r := range []interaction.Response{
		h.Do(ump, "greenjackets roster character", "name", "Capt Dubois", "side", "French", "player", bob, "hidden", true),
		h.Do(ump, "greenjackets roster squad", "name", "Voltigeurs", "officer", "Capt Dubois", "weapon", "musket", "figures", "Leclerc, Martin"),
	} {
		if len(r.Public) != 0 || len(r.Ephemeral) != 1 || !strings.Contains(r.Ephemeral[0].Content, "added") {
			t.Fatalf("a hidden unit added: %s, want the roster's line to the umpire alone", commandstest.Text(r))
		}
	}
	done(t, h, ump, "game side-channel", "side", "british", "channel", "#brit")
	done(t, h, ump, "game side-channel", "side", "French", "channel", "fr")
	return h, ump, alice, bob
}

// done runs a command that must be carried out (it may answer privately).
func done(t *testing.T, h *commandstest.Harness, u interaction.User, path string, opts ...any) {
	t.Helper()
	if r := h.Do(u, path, opts...); h.Outcome() != interaction.OutcomeOK {
		t.Fatalf("%s %v: %s", path, opts, commandstest.Text(r))
	}
}

func refusedIn(t *testing.T, h *commandstest.Harness, want, channel string, u interaction.User, path string, opts ...any) {
	t.Helper()
	r := h.In(channel, u, path, opts...)
	if !commandstest.IsRefusal(r) || !strings.Contains(r.Ephemeral[0].Content, want) {
		t.Errorf("%s by %s in %s = %s, want a refusal containing %q", path, u.Name, channel, commandstest.Text(r), want)
	}
}

// The settings, sides and side channels are the umpire's, checked before
// anything changes.
func TestSidesAndTheirChannels(t *testing.T) {
	h, ump, alice, bob := fogBattle(t)
	h.Refused("Give a setting", ump, "game settings")
	h.Refused("Only the umpire", alice, "game settings", "fog", "off")
	h.Refused("Only the umpire", alice, "game side-channel", "side", "British", "channel", "x")
	h.Refused("This battle's sides are **British**, **French**", ump, "game side", "user", alice, "side", "Prussian")
	h.Refused("another channel than the battle's own", ump, "game side-channel", "side", "British", "channel", "home")
	h.Refused("already the **French** side's", ump, "game side-channel", "side", "British", "channel", "fr")
	h.Refused("That channel is a side's", ump, "game desk", "channel", "fr")
	refusedIn(t, h, "only its players and the umpire", "brit", bob, "game status")
	refusedIn(t, h, "This channel is the **British** side's channel of the Green Jackets battle in <#home>", "brit", ump, "game start", "ruleset", "crimea")

	// In the British channel alice acts on the battle, as the British.
	r := h.In("brit", alice, "game status")
	commandstest.Expect(t, "status in the British channel", r, false, "Lt Sharpe")
	if s := commandstest.Text(r); strings.Contains(s, "Dubois") {
		t.Errorf("the British channel's status names the hidden French:\n%s", s)
	}
	// The umpire puts carol on the French side: she reads the French view.
	carol := interaction.User{ID: "u3", Name: "Carol"}
	h.OK(ump, "game side", "user", carol, "side", "french")
	commandstest.Expect(t, "carol's status in the French channel", h.In("fr", carol, "game status"), false, "Capt Dubois")

	// Linked anew, the British channel's old link leads nowhere: a battle
	// can be started there.
	done(t, h, ump, "game side-channel", "side", "British", "channel", "brit2")
	commandstest.Expect(t, "status in the channel left behind", h.In("brit", alice, "game status"), true, "no battle")
	if r := h.In("brit", alice, "game start", "ruleset", "crimea"); commandstest.IsRefusal(r) {
		t.Errorf("a battle could not be started in a channel left behind: %s", commandstest.Text(r))
	}
}

// /game reveal shows a hidden unit to a side; fog off shows every unit to all.
func TestRevealAndFogOff(t *testing.T) {
	h, ump, alice, _ := fogBattle(t)
	h.Refused("Only the umpire", alice, "game reveal", "unit", "Voltigeurs")
	h.Refused("no character, squad or figure called", ump, "game reveal", "unit", "Nobody")
	h.Refused("No Voltigeurs on the roster.", alice, "greenjackets fire", "squad", "Chosen Men", "range", 8.0, "target", "Voltigeurs")
	done(t, h, ump, "game reveal", "side", "British", "unit", "Leclerc")
	commandstest.Expect(t, "the British after the reveal", h.In("brit", alice, "game status"), false, "Capt Dubois", "Voltigeurs")
	if s := commandstest.Text(h.Do(interaction.User{ID: "u9", Name: "Watcher"}, "game status")); strings.Contains(s, "Voltigeurs") {
		t.Errorf("the main channel sees the section revealed to the British alone:\n%s", s)
	}
	h.OK(ump, "game settings", "fog", "off")
	commandstest.Expect(t, "the main channel with fog off", h.Do(interaction.User{ID: "u9", Name: "Watcher"}, "game status"), false, "Voltigeurs")
	if g := h.Game("home"); g.Fog {
		t.Error("fog is still on")
	}
}

// A player the umpire put on a side (/game side) gives his orders with that
// side's sight, though he commands nothing on the roster: a hidden enemy is
// refused him as a name not on the roster, one revealed to his side is not.
func TestOrdersSeeAsTheSideTheUmpireGave(t *testing.T) {
	h, ump, _, _ := fogBattle(t)
	dave := interaction.User{ID: "u4", Name: "Dave"}
	h.OK(ump, "game side", "user", dave, "side", "british")
	h.RefusedAsUnknown(" on the roster.", dave, "Voltigeurs", "Grenadiers", "greenjackets fire", "squad", "Chosen Men", "range", 8.0, "target", "?")
	done(t, h, ump, "game reveal", "side", "British", "unit", "Voltigeurs")
	if r := h.Do(dave, "greenjackets fire", "squad", "Chosen Men", "range", 8.0, "target", "Voltigeurs"); strings.Contains(commandstest.Text(r), "on the roster") {
		t.Errorf("revealed to the British, the Voltigeurs are out of the sight of a British player: %s", commandstest.Text(r))
	}
}

// Every Green Jackets order of a player under fog of war that names an enemy
// his side has not seen (as the squad or officer to command, its figures, or
// a target) is refused in the words a name not on the roster is refused in:
// the refusal tells him nothing of the hidden French.
func TestGreenJacketsOrdersNamingTheUnseen(t *testing.T) {
	h, _, alice, _ := fogBattle(t)
	for _, tt := range []struct {
		path string
		opts []any
	}{
		{"greenjackets move", []any{"speed", "jog", "squad", "?", "distance", 4.0}},
		{"greenjackets reload", []any{"squad", "?"}},
		{"greenjackets aim", []any{"squad", "?", "distance", 4.0}},
		{"greenjackets morale", []any{"squad", "?"}},
		{"greenjackets observe", []any{"officer", "?", "range", 8.0, "target", "Chosen Men"}},
		{"greenjackets observe", []any{"officer", "Lt Sharpe", "range", 8.0, "target", "?"}},
		{"greenjackets fire", []any{"squad", "Chosen Men", "range", 8.0, "target", "?"}},
		{"greenjackets move", []any{"speed", "jog", "squad", "Chosen Men", "distance", 4.0, "figures", "Harris, ?"}},
	} {
		for _, hidden := range []string{"Voltigeurs", "Capt Dubois", "Leclerc"} {
			h.RefusedAsUnknown(" on the roster.", alice, hidden, "Grenadiers", tt.path, tt.opts...)
		}
	}
}

// A roll under fog of war is footed, to a player and the main channel, with
// its entry's number in its reader's part of the log, never the roll number,
// which counts the hidden units' rolls too: the British read the same
// footers whether or not the hidden French rolled before them.
func TestARollUnderFogCountsNoHiddenRoll(t *testing.T) {
	footers := func(french bool) []string {
		h, _, alice, bob := fogBattle(t)
		if french {
			for _, secret := range []bool{false, true} {
				if r := h.In("fr", bob, "roll", "dice", "1d6", "secret", secret); h.Outcome() != interaction.OutcomeOK {
					t.Fatalf("bob's roll in the French channel: %s", commandstest.Text(r))
				}
			}
		}
		var got []string
		for _, r := range []interaction.Response{
			h.In("brit", alice, "roll", "dice", "2d6", "label", "volley"),
			h.In("brit", alice, "roll", "dice", "1d20", "secret", true),
		} {
			ms := append(append([]interaction.Message(nil), r.Public...), r.Ephemeral...)
			for _, p := range r.Posts {
				ms = append(ms, p.Message)
			}
			for _, m := range ms {
				for _, e := range m.Embeds {
					got = append(got, e.Footer)
				}
			}
		}
		return got
	}
	without, with := footers(false), footers(true)
	if len(without) != 3 || strings.Join(without, "|") != strings.Join(with, "|") {
		t.Errorf("the British rolls' footers are %q, and %q after the hidden French rolled: want the same three", without, with)
	}
	for _, f := range with {
		if strings.Contains(f, "roll #") {
			t.Errorf("a British roll is footed %q: want no roll number", f)
		}
	}
}
