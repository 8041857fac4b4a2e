package commands_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// minden is a Firing 2007 battle on a map through the Discord double, its
// first turn's message posted: the guns and the foot of the British (alice),
// Picardie of the French (bob). It returns the table, the umpire, alice and
// the turn message.
func minden(t *testing.T) (*commandstest.Table, discordtest.User, discordtest.User, discordtest.Message) {
	umpire := discordtest.User{ID: "400000000000000001", Name: "Amherst"}
	alice := discordtest.User{ID: "400000000000000002", Name: "alice"}
	bob := discordtest.User{ID: "400000000000000003", Name: "bob"}
	o := discordtest.Opt
	tb := commandstest.Discord(t, commandstest.Seed(7))
	tb.Public(umpire, "game start", o("ruleset", "firing2007"), o("name", "Minden"))
	for _, u := range []struct {
		name, kind, side string
		strength         int
		player           discordtest.User
	}{{"Royal Artillery", "light-gun", "British", 3, alice}, {"Kingsley's Foot", "british", "British", 6, alice}, {"Picardie", "line", "French", 6, bob}} {
		tb.Say(umpire, "firing2007 unit-add", o("name", u.name), o("type", u.kind), o("side", u.side), o("strength", u.strength), o("morale", 7), o("player", u.player))
	}
	tb.Say(umpire, "map table", o("width", 72.0), o("depth", 48.0))
	tb.Say(umpire, "map place", o("unit", "Royal Artillery"), o("at", "20,10"), o("facing", "NE"), o("frontage", 2.0), o("depth", 2.0))
	tb.Say(umpire, "map place", o("unit", "Kingsley's Foot"), o("at", "10,30"), o("facing", "E"), o("frontage", 4.0))
	tb.Say(umpire, "map place", o("unit", "Picardie"), o("at", "30,12"), o("facing", "W"), o("frontage", 4.0))
	_, turn := tb.Turned(func() *discordtest.Sent { return tb.D.Slash(umpire, tb.Channel, "turn new") })
	return tb, umpire, alice, turn
}

// TestAnEditOfTheTurnMessageKeepsItsPicture: a change that edits the turn
// message in place and moves nothing on the table leaves its picture as it
// was, not uploaded again and not dropped.
func TestAnEditOfTheTurnMessageKeepsItsPicture(t *testing.T) {
	const file = "map-minden.png"
	tb, _, alice, turn := minden(t)
	first := turn.Files[file]
	// The British end their turn: the turn message waits on the French alone.
	_, edited := tb.Turned(func() *discordtest.Sent { return tb.D.Slash(alice, tb.Channel, "turn next") })
	if edited.ID != turn.ID || edited.Edits == turn.Edits {
		t.Fatalf("/turn next posted message %s (%d edits) after %s (%d edits); want the turn message edited in place", edited.ID, edited.Edits, turn.ID, turn.Edits)
	}
	if got, ok := edited.Files[file]; !ok || got != first || len(edited.Files) != 1 {
		t.Errorf("the edited turn message carries %d files, its picture kept: %v; want the picture it had", len(edited.Files), ok && got == first)
	}
}

// TestAPlaceRedrawsTheTurnMessagesPicture: the umpire moving a unit on the
// table edits the turn message with the new picture at once.
func TestAPlaceRedrawsTheTurnMessagesPicture(t *testing.T) {
	const file = "map-minden.png"
	tb, umpire, _, turn := minden(t)
	o := discordtest.Opt
	_, edited := tb.Turned(func() *discordtest.Sent {
		return tb.D.Slash(umpire, tb.Channel, "map place", o("unit", "Picardie"), o("at", "40,20"), o("facing", "W"), o("frontage", 4.0))
	})
	if edited.ID != turn.ID {
		t.Fatalf("/map place posted a turn message %s; want %s edited", edited.ID, turn.ID)
	}
	if got, ok := edited.Files[file]; !ok || got == turn.Files[file] || len(edited.Files) != 1 {
		t.Errorf("after Picardie moved the turn message carries %d files, the old picture: %v; want the new one alone", len(edited.Files), got == turn.Files[file])
	}
}

// TestTheTurnMessageCarriesThePicture plays a Firing 2007 battle on a map
// through the Discord double: the turn message is posted with the table as
// the channel sees it, and its record holds the picture's digest; once a
// unit has moved, the next turn's message carries the new picture.
func TestTheTurnMessageCarriesThePicture(t *testing.T) {
	tb, umpire, _, turn := minden(t)
	o := discordtest.Opt
	const file = "map-minden.png"
	first, ok := turn.Files[file]
	if !ok || !strings.HasPrefix(first, "\x89PNG") {
		t.Fatalf("the turn message carries %d files, want the table as %s", len(turn.Files), file)
	}
	if tb.Game().TurnMessage.Picture == "" {
		t.Fatal("the turn message's record holds no digest of its picture")
	}

	tb.Say(umpire, "map place", o("unit", "Picardie"), o("at", "40,20"), o("facing", "W"), o("frontage", 4.0))
	_, next := tb.Turned(func() *discordtest.Sent { return tb.D.Slash(umpire, tb.Channel, "turn new") })
	if got, ok := next.Files[file]; !ok || got == first || len(next.Files) != 1 {
		t.Errorf("after Picardie moved the next turn's message carries %d files, the old picture: %v; want the new one alone", len(next.Files), got == first)
	}
}
