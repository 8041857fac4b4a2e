package greenjackets

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// hiddenBridge is the bridge with Capt Dubois's section (the Voltigeurs and
// the Hussars) placed hidden; Lt Sharpe is played by alice, Dubois by bob.
func hiddenBridge() *Board {
	b := bridge()
	b.Character("Lt Sharpe").Player = "alice"
	b.Character("Capt Dubois").Player = "bob"
	b.Character("Capt Dubois").Hidden = true
	return b
}

var (
	alice  = rules.Actor{User: "alice"}
	dubois = []string{"Capt Dubois", "Voltigeurs", "Leclerc", "Martin", "Girard", "Hussars", "Hussar A", "Hussar B"}
)

// A hidden section is seen by its own side only: the enemy and the main
// channel have none of its names, its own side all.
func TestAHiddenSectionIsSeenByItsSideAlone(t *testing.T) {
	b := hiddenBridge()
	for _, tc := range []struct {
		reader string
		want   []string
	}{
		{"", dubois},
		{"British", dubois},
		{"French", nil},
	} {
		if diff := cmp.Diff(tc.want, b.Unseen(tc.reader)); diff != "" {
			t.Errorf("Unseen(%q) (-want +got):\n%s", tc.reader, diff)
		}
	}
	if got := b.SideOf("bob"); got != "French" {
		t.Errorf("SideOf(bob) = %q, want French", got)
	}
	if got := b.NameSides()["Hussar B"]; got != "French" {
		t.Errorf("NameSides()[Hussar B] = %q, want French", got)
	}
}

// The British view has no French section, nor any mention of it; the
// French view has the whole board.
func TestTheViewLeavesOutWhatTheReaderHasNotSeen(t *testing.T) {
	b := hiddenBridge()
	b.Turn.Order = []string{"Lt Sharpe", "Capt Dubois"}
	b.Turn.Deal = []string{"Capt Dubois", "Lt Sharpe"}
	b.Character("Lt Sharpe").Spotted = []Sighting{{Section: "Capt Dubois"}}
	b.Contacts = []Contact{{A: "Chosen Men", B: "Voltigeurs", Since: 1}}
	v := b.View(rules.SideReader("British"))
	var names []string
	for n := range v.NameSides() {
		names = append(names, n)
	}
	slices.Sort(names)
	if diff := cmp.Diff([]string{"Chosen Men", "Cooper", "Hagman", "Harris", "Lt Sharpe"}, names); diff != "" {
		t.Errorf("the British view's names (-want +got):\n%s", diff)
	}
	if len(v.Contacts) != 0 || len(v.Character("Lt Sharpe").Spotted) != 0 || !slices.Equal(v.Turn.Order, []string{"Lt Sharpe"}) || !slices.Equal(v.Turn.Deal, []string{"Lt Sharpe"}) {
		t.Errorf("the British view keeps a mention of the French: contacts %v, spotted %v, order %v, deal %v",
			v.Contacts, v.Character("Lt Sharpe").Spotted, v.Turn.Order, v.Turn.Deal)
	}
	if b.Character("Capt Dubois") == nil || len(b.Contacts) != 1 {
		t.Error("View changed the board it was taken of")
	}
	if diff := cmp.Diff(b, b.View(rules.SideReader("French"))); diff != "" {
		t.Errorf("the French view of their own hidden section (-board +view):\n%s", diff)
	}
}

// A player's order naming an enemy his side has not seen is refused as if it
// were not on the roster; the umpire sees every unit.
func TestNoSuchTargetInSight(t *testing.T) {
	for _, tc := range []struct {
		name string
		move func(b *Board, a rules.Actor) error
	}{
		{"observe", func(b *Board, a rules.Actor) error {
			_, err := b.Observe(dicetest.Script(t, 1), ObserveOrder{Actor: a, Spotting: Spotting{Officer: "Lt Sharpe", Target: "Voltigeurs", Distance: 20}})
			return err
		}},
		{"fire", func(b *Board, a rules.Actor) error {
			_, err := b.Fire(dicetest.Script(t, 1, 1, 1, 20, 20, 20), FireOrder{Command: Command{Actor: a, Squads: []string{"Chosen Men"}}, Range: 8, Target: FireTarget{Name: "Leclerc"}}, House{})
			return err
		}},
		{"melee", func(b *Board, a rules.Actor) error {
			_, err := b.Melee(dicetest.Script(t, 15, 5, 1), MeleeOrder{Actor: a, A: []Entry{{Name: "Harris"}}, B: []Entry{{Name: "Hussar A"}}, FirstRound: true, Contact: true}, House{})
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := hiddenBridge()
			before := b.Clone()
			err := tc.move(b, alice)
			var br *rules.Breach
			if !errors.As(err, &br) || !strings.HasPrefix(br.Reason, "No such target in sight") {
				t.Fatalf("%s by alice at a hidden section = %v, want no such target in sight", tc.name, err)
			}
			if diff := cmp.Diff(before, b); diff != "" {
				t.Errorf("the refused order changed the board:\n%s", diff)
			}
			if err := tc.move(b, umpire); err != nil && errors.As(err, &br) && strings.HasPrefix(br.Reason, "No such target in sight") {
				t.Errorf("the umpire's %s was refused: %v", tc.name, err)
			}
		})
	}
}

// G6: an observation that spots reveals the section to the observer's side
// only; firing at it then reveals both to all; contact reveals each to the
// other.
func TestWhatRevealsASection(t *testing.T) {
	b := hiddenBridge()
	if _, err := b.Observe(dicetest.Script(t, 20), ObserveOrder{Actor: umpire, Spotting: Spotting{Officer: "Lt Sharpe", Target: "Voltigeurs", Distance: 20}}); err != nil {
		t.Fatal(err)
	}
	if got := b.Unseen("British"); len(got) != len(dubois) {
		t.Fatalf("after a failed observation the British do not see %v; want all of %v", got, dubois)
	}
	b.Character("Lt Sharpe").Observed = 0
	if _, err := b.Observe(dicetest.Script(t, 1), ObserveOrder{Actor: umpire, Spotting: Spotting{Officer: "Lt Sharpe", Target: "Voltigeurs", Distance: 20}}); err != nil {
		t.Fatal(err)
	}
	if got := b.Unseen("British"); len(got) != 0 {
		t.Errorf("after spotting, the British still do not see %v", got)
	}
	if got := b.Unseen(""); len(got) != len(dubois) {
		t.Errorf("after the British spotted it, the main channel sees %v of the section; want none", got)
	}
	if _, err := b.Fire(dicetest.Script(t, 20, 1, 20, 1, 20, 1), FireOrder{Command: Command{Actor: alice, Squads: []string{"Chosen Men"}}, Range: 8, Target: FireTarget{Name: "Leclerc"}}, House{}); err != nil {
		t.Fatal(err)
	}
	if got := b.Unseen(""); len(got) != 0 || !b.Character("Capt Dubois").Public || !b.Character("Lt Sharpe").Public {
		t.Errorf("after the fire the main channel does not see %v", got)
	}

	c := hiddenBridge()
	c.Character("Lt Sharpe").Hidden = true
	if _, err := c.Observe(dicetest.Script(t), ObserveOrder{Actor: umpire, Spotting: Spotting{Officer: "Lt Sharpe", Target: "Voltigeurs", Distance: 1, Contact: true}}); err != nil {
		t.Fatal(err)
	}
	if got, got2 := c.Unseen("British"), c.Unseen("French"); len(got) != 0 || len(got2) != 0 {
		t.Errorf("after contact the British do not see %v, the French %v", got, got2)
	}
	if got := c.Unseen(""); len(got) != len(dubois)+5 {
		t.Errorf("after contact the main channel sees some of %v", got)
	}
}

// The umpire reveals a section to a side or to all; a name not on the
// roster, a section led by no one and a reveal to its own side are refused.
func TestTheUmpireReveals(t *testing.T) {
	b := hiddenBridge()
	nb, err := b.Reveal("british", "Hussar A")
	if err != nil {
		t.Fatal(err)
	}
	if got := nb.Character("Capt Dubois").KnownTo; !slices.Equal(got, []string{"British"}) {
		t.Errorf("revealed to british: known to %v, want [British]", got)
	}
	if b.Character("Capt Dubois").KnownTo != nil {
		t.Error("Reveal changed the board it was made on")
	}
	if nb, err = b.Reveal("", "Voltigeurs"); err != nil || !nb.Character("Capt Dubois").Public {
		t.Errorf("revealed to all: %v, %v", nb.Character("Capt Dubois").Sight, err)
	}
	b.Squads = append(b.Squads, &Squad{Name: "Stragglers", Arm: Infantry, Quality: Raw, Morale: Steady, Figures: []*Figure{{Name: "Lost", Weapon: Musket}}})
	for _, tc := range []struct{ side, name string }{{"", "Nobody"}, {"", "Stragglers"}, {"French", "Leclerc"}, {"Prussian", "Leclerc"}} {
		var br *rules.Breach
		if _, err := b.Reveal(tc.side, tc.name); !errors.As(err, &br) {
			t.Errorf("Reveal(%q, %q) = %v, want a breach", tc.side, tc.name, err)
		}
	}
}

// An imported board may say a section is known only to sides of the battle,
// never to its own.
func TestValidateChecksWhoKnowsASection(t *testing.T) {
	for _, tc := range []struct {
		known []string
		ok    bool
	}{{[]string{"British"}, true}, {[]string{"French"}, false}, {[]string{"Prussian"}, false}} {
		b := hiddenBridge()
		b.Character("Capt Dubois").KnownTo = tc.known
		if err := b.Validate(); (err == nil) != tc.ok {
			t.Errorf("known to %v: Validate() = %v, want ok %v", tc.known, err, tc.ok)
		}
	}
}

// The umpire's reveal names a character or squad as the roster spells it,
// anything else as he gave it.
func TestARevealNamesWhatItReveals(t *testing.T) {
	b := hiddenBridge()
	for _, tc := range []struct{ name, want string }{
		{"capt dubois", "Capt Dubois"}, {"voltigeurs", "Voltigeurs"}, {"Leclerc", "Leclerc"}, {"Nobody", "Nobody"},
	} {
		if got := b.Shown(tc.name); got != tc.want {
			t.Errorf("Shown(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
