package mapcmd_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/rules"
)

var (
	umpire = interaction.User{ID: "u0", Name: "Amherst"}
	bob    = interaction.User{ID: "p1", Name: "Bob"}
	carol  = interaction.User{ID: "p2", Name: "Carol"}
)

// table musters a Firing 2007 battle under fog of war with a French battery
// hidden, and lays out a table with a wood and every unit on it.
func table(t *testing.T) *commandstest.Harness {
	h := commandstest.New(t, commandstest.Seed(27))
	h.OK(umpire, "game start", "ruleset", "firing2007", "name", "Ticonderoga")
	h.OK(umpire, "firing2007 unit-add", "name", "42nd", "type", "british", "side", "British", "strength", int64(6), "morale", int64(7), "player", bob)
	h.OK(umpire, "firing2007 unit-add", "name", "La Sarre", "type", "line", "side", "French", "strength", int64(6), "morale", int64(6), "player", carol)
	h.OK(umpire, "firing2007 unit-add", "name", "Battery", "type", "howitzer", "side", "French", "strength", int64(5), "morale", int64(7), "hidden", true)
	h.OK(umpire, "map table", "width", 72.0, "depth", 48.0)
	h.OK(umpire, "map terrain", "kind", "wood", "name", "Carillon Wood", "shape", "30,20 40,20 40,30 30,30")
	h.OK(umpire, "map place", "unit", "42nd", "at", "20,25", "facing", "E", "frontage", 4.0)
	h.OK(umpire, "map place", "unit", "La Sarre", "at", "50,25", "facing", "W", "frontage", 4.0)
	h.OK(umpire, "map place", "unit", "Battery", "at", "61.5,37.25", "facing", "SW")
	h.OK(umpire, "game settings", "fog", "on")
	return h
}

func exported(t *testing.T, r interaction.Response) string {
	t.Helper()
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 || len(r.Public) != 0 {
		t.Fatalf("/map export answered %+v, want one file for the asker alone", r)
	}
	return string(r.Ephemeral[0].Files[0].Content)
}

// TestAHiddenUnitIsNowhereOnTheEnemysMap: under fog of war the British player's
// export, picture caption and autocomplete hold neither the hidden battery's name
// nor its place; the French player's and the umpire's do.
func TestAHiddenUnitIsNowhereOnTheEnemysMap(t *testing.T) {
	h := table(t)
	for _, tt := range []struct {
		who  interaction.User
		sees bool
	}{{umpire, true}, {carol, true}, {bob, false}} {
		file := exported(t, h.Do(tt.who, "map export"))
		for _, secret := range []string{"Battery", "61.5", "37.25"} {
			if got := strings.Contains(file, secret); got != tt.sees {
				t.Errorf("%s's export holds %q: %v, want %v:\n%s", tt.who.Name, secret, got, tt.sees, file)
			}
		}
		show := commandstest.Text(h.Do(tt.who, "map show"))
		if want := map[bool]string{true: "3 units", false: "2 units"}[tt.sees]; !strings.Contains(show, want) {
			t.Errorf("%s's picture caption is %q, want %s", tt.who.Name, show, want)
		}
		r := h.Serve(h.Autocomplete(tt.who, "map show", "unit", ""))
		var names []string
		for _, c := range r.Choices {
			names = append(names, c.Value)
		}
		if got := strings.Contains(strings.Join(names, ","), "Battery"); got != tt.sees {
			t.Errorf("%s is offered %v, want the battery offered: %v", tt.who.Name, names, tt.sees)
		}
	}
	h.Refused("No Battery on the roster", bob, "map show", "unit", "Battery", "overlay", "sight")
}

// TestLinesOfSightInWords: the 42nd cannot see La Sarre through the wood.
func TestLinesOfSightInWords(t *testing.T) {
	h := table(t)
	h.OK(umpire, "game settings", "fog", "off")
	got := commandstest.Text(h.Do(bob, "map show", "unit", "42nd", "overlay", "sight"))
	if !strings.Contains(got, "42nd cannot see La Sarre: Carillon Wood is in the way.") {
		t.Errorf("the 42nd's lines of sight read %q", got)
	}
}

// TestRefusalsChangeNothing: every bad order is refused with a sentence and the
// table is as it was.
func TestRefusalsChangeNothing(t *testing.T) {
	h := table(t)
	before := *h.Game("c1").Map
	for _, tt := range []struct {
		want string
		who  interaction.User
		path string
		opts []any
	}{
		{"umpire", bob, "map place", []any{"unit", "42nd", "at", "1,1"}},
		{"did you mean 42nd", umpire, "map place", []any{"unit", "42d", "at", "1,1"}},
		{"off the 72x48 table", umpire, "map place", []any{"unit", "42nd", "at", "80,1"}},
		{"is not a point", umpire, "map place", []any{"unit", "42nd", "at", "north"}},
		{"is not a facing", umpire, "map place", []any{"unit", "42nd", "at", "1,1", "facing", "up"}},
		{"has no ground called", umpire, "map terrain", []any{"kind", "lava", "name", "Etna", "shape", "1,1 2,2 1,2"}},
		{"already", umpire, "map terrain", []any{"kind", "wood", "name", "Carillon Wood", "shape", "1,1 2,2 1,2"}},
		{"an area needs 3", umpire, "map terrain", []any{"kind", "wood", "name", "Sliver", "shape", "1,1 2,2"}},
		{"has no height", umpire, "map terrain", []any{"kind", "wood", "name", "Tall Wood", "shape", "1,1 2,2 1,2", "height", 2.0}},
		{"Nothing on the table is called", umpire, "map remove", []any{"name", "Fort"}},
		{"not a map", umpire, "map import", []any{"file", interaction.File{Name: "x.json", Content: []byte(`{"width":72,"depth":48,"lava":1}`)}}},
		{"does not check out", umpire, "map import", []any{"file", interaction.File{Name: "x.json", Content: []byte(`{"width":72,"depth":48,"units":[{"name":"Nobody","at":[1,1],"width":1,"depth":1}]}`)}}},
	} {
		h.Refused(tt.want, tt.who, tt.path, tt.opts...)
	}
	if diff := cmp.Diff(before, *h.Game("c1").Map); diff != "" {
		t.Errorf("a refusal changed the table (-before +after):\n%s", diff)
	}
}

// TestExportImportRoundTrip: the umpire's export, imported, is the same table.
func TestExportImportRoundTrip(t *testing.T) {
	h := table(t)
	h.OK(umpire, "game settings", "fog", "off")
	before := *h.Game("c1").Map
	file := exported(t, h.Do(umpire, "map export"))
	h.OK(umpire, "map remove", "name", "Carillon Wood")
	h.OK(umpire, "map import", "file", interaction.File{Name: "map.json", Content: []byte(file)})
	if diff := cmp.Diff(before, *h.Game("c1").Map); diff != "" {
		t.Errorf("export then import changed the table (-before +after):\n%s", diff)
	}
}

// TestOverlaysInWords: the 42nd's muskets reach 6" (F2) and Firing 2007 gives
// no moves; an overlay of a unit its reader does not see is refused as a name
// not on his table, and says nothing of it.
func TestOverlaysInWords(t *testing.T) {
	h := table(t)
	if got := commandstest.Text(h.Do(bob, "map show", "unit", "42nd", "overlay", "ranges")); !strings.Contains(got, `42nd's ranges, from the edge of its footprint: short 6".`) {
		t.Errorf("the 42nd's ranges read %q", got)
	}
	if got := commandstest.Text(h.Do(bob, "map show", "unit", "42nd", "overlay", "moves")); !strings.Contains(got, "42nd has no move of its own to draw.") {
		t.Errorf("the 42nd's moves read %q", got)
	}
	if got := commandstest.Text(h.Do(carol, "map show", "unit", "Battery", "overlay", "ranges")); !strings.Contains(got, `short 9", medium 24", long 36"`) {
		t.Errorf("the battery's ranges, to its own side, read %q", got)
	}
	for _, overlay := range []string{"moves", "ranges", "sight"} {
		h.Refused("No Battery on the roster", bob, "map show", "unit", "Battery", "overlay", overlay)
	}
}

// TestMapNamesAreTheRosters: /map reads its options through the decoder
// that knows the battle's roster, as every rule set's command does: a name
// takes the roster's spelling, a misspelt one is refused with the closest,
// and under fog of war a player cannot name what his side does not see.
func TestMapNamesAreTheRosters(t *testing.T) {
	h := table(t)
	h.Refused("No La Sare on the roster; did you mean La Sarre?", umpire, "map place", "unit", "La Sare", "at", "50,30")
	h.Expect(t, "place", h.Do(umpire, "map place", "unit", "la sarre", "at", "50,30"), false, "La Sarre stands at 50,30")
	h.Expect(t, "show", h.Do(carol, "map show", "unit", "battery", "overlay", "sight"), false, "Battery sees")
	h.Refused("No Battery on the roster.", bob, "map show", "unit", "Battery")
	h.Refused("No Batery on the roster.", bob, "map show", "unit", "Batery")
}

// TestMapValuesAreRefusedAlike: a point, a shape or a facing that does not
// read is refused by the decoder, naming its option, and changes nothing.
func TestMapValuesAreRefusedAlike(t *testing.T) {
	h := table(t)
	before := h.Doc("c1")
	h.Refused("`at:` \"12\" is not a point: give x,y in inches, like 12,30.", umpire, "map place", "unit", "42nd", "at", "12")
	h.Refused("`facing:` \"up\" is not a facing", umpire, "map place", "unit", "42nd", "at", "12,12", "facing", "up")
	h.Refused("`shape:` \"1,1,1\" is not a point", umpire, "map terrain", "kind", "wood", "name", "Copse", "shape", "1,1,1 2,2 3,1")
	if diff := cmp.Diff(string(before), string(h.Doc("c1"))); diff != "" {
		t.Errorf("a refused value changed the battle (-before +after):\n%s", diff)
	}
}

// TestTheUmpiresRevealSaysWhoSeesIt: on the table the umpire's reveal of the
// hidden battery says which British unit sees it and how far off (from the
// 42nd's edge at y=27 to the battery's at 39.5: 12.5"), or, behind the wood,
// that none does (from the 42nd's edge at x=20.5 to the battery's at 59.5:
// 39"), and the reveal is his call. Off the table it says nothing more.
func TestTheUmpiresRevealSaysWhoSeesIt(t *testing.T) {
	for _, tt := range []struct {
		at, side, want string
	}{
		{"60,25", "British", `On the table no British unit sees it (the nearest, 42nd, 39" off: Carillon Wood is in the way): revealed at the umpire's call, over the table (a house rule).`},
		{"20,40", "British", `On the table 42nd sees it, 12.5" off between the nearest points of their footprints, the line of sight clear.`},
		{"20,40", "all", `On the table 42nd sees it, 12.5" off`},
		{"", "British", ""},
	} {
		h := table(t)
		if tt.at != "" { // under fog the umpire's alone: whispered
			h.Do(umpire, "map place", "unit", "Battery", "at", tt.at, "facing", "S")
		} else {
			h.Do(umpire, "map remove", "name", "Battery")
		}
		got := strings.TrimSpace(commandstest.Text(h.Do(umpire, "game reveal", "side", tt.side, "unit", "Battery")))
		first, measured, _ := strings.Cut(got, "\n")
		if !strings.Contains(first, "Battery is revealed to") || !strings.HasPrefix(measured, tt.want) || tt.want == "" && measured != "" {
			t.Errorf("the reveal to %s of the battery at %q reads %q, want its second line to begin %q", tt.side, tt.at, got, tt.want)
		}
	}
}

// TestAHiddenFriendFiredOverIsNotNamed: the French guns on a hill fire at
// the 42nd over the hidden battery, 14" from the 42nd's edge (x=20.5 to 34.5) and
// 13.5" from the guns' (35.5 to 49): the fire is measured with it (F3b), and
// the ruling every reader reads calls it a friendly unit, not by its name.
func TestAHiddenFriendFiredOverIsNotNamed(t *testing.T) {
	h := table(t)
	h.Do(umpire, "firing2007 unit-add", "name", "Canons", "type", "light-gun", "side", "French", "strength", int64(3), "morale", int64(7), "player", carol)
	h.Do(umpire, "map terrain", "kind", "hill", "name", "Heights", "shape", "46,36 54,36 54,44 46,44", "height", 2.0)
	h.Do(umpire, "map place", "unit", "Canons", "at", "50,40", "facing", "W", "frontage", 2.0, "depth", 2.0)
	h.Do(umpire, "map place", "unit", "42nd", "at", "20,40", "facing", "E", "frontage", 4.0)
	h.Do(umpire, "map place", "unit", "Battery", "at", "35,40", "facing", "S")
	got := commandstest.Text(h.OK(carol, "firing2007 fire", "firer", "Canons", "target", "42nd"))
	if !strings.Contains(got, `overhead fire over a friendly unit, 13.5" from the nearer end (F3b)`) || strings.Contains(got, "Battery") {
		t.Errorf("the fire over the hidden battery reads:\n%s\nwant it fired over as a friendly unit, not named", got)
	}
}

// TestTheTurnPictureIsDrawnAgainOnlyWhenTheTableChanges: a turn picture kept
// from before is the one a fresh draw gives, for the umpire and for a side;
// a unit moved gives another.
func TestTheTurnPictureIsDrawnAgainOnlyWhenTheTableChanges(t *testing.T) {
	h := table(t)
	kept := mapcmd.New(h.Service, nil)
	picture := func(m *mapcmd.Commands, reader rules.Reader) []byte {
		t.Helper()
		g := h.Game(h.Channel)
		seen, err := view.For(h.Service, g, reader)
		if err != nil {
			t.Fatal(err)
		}
		f, err := m.TurnPicture(g, seen)
		if err != nil || f == nil {
			t.Fatalf("TurnPicture = %v, %v", f, err)
		}
		return f.Content
	}
	for _, reader := range []rules.Reader{rules.Umpire, rules.SideReader("British")} {
		before := picture(kept, reader)
		if again, fresh := picture(kept, reader), picture(mapcmd.New(h.Service, nil), reader); !bytes.Equal(again, before) || !bytes.Equal(fresh, before) {
			t.Errorf("%s: the picture kept differs from the one drawn afresh", reader)
		}
	}
	umpires, british := picture(kept, rules.Umpire), picture(kept, rules.SideReader("British"))
	h.Do(umpire, "map place", "unit", "Battery", "at", "60,40")
	if bytes.Equal(picture(kept, rules.Umpire), umpires) {
		t.Error("the umpire's picture is the one kept from before the battery moved")
	}
	if !bytes.Equal(picture(kept, rules.SideReader("British")), british) {
		t.Error("the British picture changed when the hidden battery moved")
	}
}
