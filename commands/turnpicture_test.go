package commands_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
)

// mindenPictures are the pictures of Minden's table drawn so far: every
// test that plays it shares them (a kept one is, byte for byte, a fresh
// draw), so that each of its tables is drawn once.
var mindenPictures = new(mapcmd.Pictures)

// minden is a Firing 2007 battle on a map through the Discord double, its
// first turn's message posted: the guns and the foot of the British (alice),
// Picardie of the French (bob). It returns the table, the umpire, alice and
// the turn message.
func minden(t *testing.T) (*commandstest.Table, discordtest.User, discordtest.User, discordtest.Message) {
	umpire := discordtest.User{ID: "400000000000000001", Name: "Amherst"}
	alice := discordtest.User{ID: "400000000000000002", Name: "alice"}
	bob := discordtest.User{ID: "400000000000000003", Name: "bob"}
	o := discordtest.Opt
	tb := commandstest.Discord(t, commandstest.Seed(7), commandstest.Pictures(mindenPictures))
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

// TestEachSideIsPostedItsOwnPicture: under fog of war a new turn posts each
// side's channel the table as that side sees it, drawn from its view. The
// hidden French battery moving changes the French picture and nothing of
// the British one, which is not posted again; La Sarre, whom both see,
// moving changes both.
func TestEachSideIsPostedItsOwnPicture(t *testing.T) {
	umpire := interaction.User{ID: "u0", Name: "Amherst"}
	bob := interaction.User{ID: "p1", Name: "Bob"}
	carol := interaction.User{ID: "p2", Name: "Carol"}
	h := commandstest.New(t, commandstest.Seed(27))
	h.OK(umpire, "game start", "ruleset", "firing2007", "name", "Ticonderoga")
	h.OK(umpire, "firing2007 unit-add", "name", "42nd", "type", "british", "side", "British", "strength", int64(6), "morale", int64(7), "player", bob)
	h.OK(umpire, "firing2007 unit-add", "name", "La Sarre", "type", "line", "side", "French", "strength", int64(6), "morale", int64(6), "player", carol)
	h.OK(umpire, "firing2007 unit-add", "name", "Battery", "type", "howitzer", "side", "French", "strength", int64(5), "morale", int64(7), "hidden", true)
	h.OK(umpire, "map table", "width", 72.0, "depth", 48.0)
	h.OK(umpire, "map place", "unit", "42nd", "at", "20,25", "facing", "E", "frontage", 4.0)
	h.OK(umpire, "map place", "unit", "La Sarre", "at", "50,25", "facing", "W", "frontage", 4.0)
	h.OK(umpire, "map place", "unit", "Battery", "at", "61.5,37.25", "facing", "SW")
	h.OK(umpire, "game settings", "fog", "on")
	done(t, h, umpire, "game side-channel", "side", "British", "channel", "brit")
	done(t, h, umpire, "game side-channel", "side", "French", "channel", "fr")

	// pictures are the pictures a new turn posts, by channel.
	pictures := func(step string) map[string]string {
		t.Helper()
		r := h.Do(umpire, "turn new")
		if h.Outcome() != interaction.OutcomeOK {
			t.Fatalf("%s: /turn new: %s", step, commandstest.Text(r))
		}
		out := map[string]string{}
		for _, p := range r.Posts {
			for _, f := range p.Message.Files {
				if strings.HasSuffix(f.Name, ".png") {
					out[p.ChannelID] = string(f.Content)
				}
			}
		}
		return out
	}
	first := pictures("turn 1")
	if first["brit"] == "" || first["fr"] == "" || first["brit"] == first["fr"] {
		t.Fatalf("turn 1 posts pictures to %d channels, the British and French alike: %v; want each side its own", len(first), first["brit"] == first["fr"])
	}

	done(t, h, umpire, "map place", "unit", "Battery", "at", "55,40", "facing", "SW")
	second := pictures("turn 2, the battery moved")
	if _, ok := second["brit"]; ok {
		t.Error("the hidden battery moving posts the British a new picture; want none: theirs does not hold it")
	}
	if p := second["fr"]; p == "" || p == first["fr"] {
		t.Errorf("the battery moving posts the French their picture: %v, a new one: %v; want a new one", p != "", p != first["fr"])
	}

	done(t, h, umpire, "map place", "unit", "La Sarre", "at", "45,25", "facing", "W", "frontage", 4.0)
	third := pictures("turn 3, La Sarre moved")
	if p := third["brit"]; p == "" || p == first["brit"] {
		t.Errorf("La Sarre moving posts the British their picture: %v, a new one: %v; want a new one", p != "", p != first["brit"])
	}
}
