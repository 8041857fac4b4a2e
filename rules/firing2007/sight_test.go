package firing2007

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// foggy is Ticonderoga with the French Battery and General Montcalm placed
// hidden by the umpire, and Montcalm's chain test waiting.
func foggy() *Board {
	b := ticonderoga()
	b.Units[3].Hidden = true
	b.Generals[0].Hidden = true
	b.Generals[0].Dead = true
	b.Pending = []Pending{{General: 5}}
	return b
}

func onBoard(b *Board) []string {
	var out []string
	for _, u := range b.Units {
		out = append(out, u.Name)
	}
	for _, g := range b.Generals {
		out = append(out, g.Name)
	}
	return out
}

func TestWhoseSideAPlayerIsOn(t *testing.T) {
	b := ticonderoga()
	b.Units[3].Side, b.Units[3].Player = "french", "dave"
	for user, want := range map[string]string{"bob": "British", "carol": "French", "dave": "French", "erin": "", "": ""} {
		if got := b.SideOf(user); got != want {
			t.Errorf("SideOf(%q) = %q, want %q (as Sides spells it)", user, got, want)
		}
	}
}

// The side that acts is the firer's, else the invoker's.
func TestActingSide(t *testing.T) {
	b := ticonderoga()
	for _, tc := range []struct{ name, user, firer, want string }{
		{"the firer's", "bob", "la sarre", "French"},
		{"else the invoker's first unit", "carol", "Nobody", "French"},
		{"neither says", "erin", "", ""},
	} {
		if got := b.ActingSide(tc.user, tc.firer); got != tc.want {
			t.Errorf("%s: ActingSide = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A unit or general placed hidden is seen by its own side only; the main
// channel sees what both sides know.
func TestViewsCutWhatTheReaderHasNotSeen(t *testing.T) {
	tests := []struct {
		reader string
		names  []string
		unseen []string
	}{
		{"French", []string{"42nd", "Guns", "La Sarre", "Battery", "Montcalm"}, nil},
		{"British", []string{"42nd", "Guns", "La Sarre"}, []string{"Battery", "Montcalm"}},
		{"", []string{"42nd", "Guns", "La Sarre"}, []string{"Battery", "Montcalm"}},
	}
	for _, tt := range tests {
		b := foggy()
		v := b.View(rules.SideReader(tt.reader))
		if got := onBoard(v); !slices.Equal(got, tt.names) {
			t.Errorf("View(%q) holds %q, want %q", tt.reader, got, tt.names)
		}
		if got := b.Unseen(tt.reader); !slices.Equal(got, tt.unseen) {
			t.Errorf("Unseen(%q) = %q, want %q", tt.reader, got, tt.unseen)
		}
		if tt.unseen != nil && len(v.Pending) != 0 {
			t.Errorf("View(%q) keeps the chain test of hidden Montcalm: %v", tt.reader, v.Pending)
		}
		if diff := cmp.Diff(foggy(), b); diff != "" {
			t.Errorf("View(%q) changed the board:\n%s", tt.reader, diff)
		}
	}
	// A general in plain sight keeps only the units of his chain his enemy has seen.
	b := foggy()
	b.Generals[0].Hidden = false
	if g := b.View(rules.SideReader("British")).Generals[0]; !slices.Equal(g.Chain, []int{3}) || g.With != 3 {
		t.Errorf("the British see Montcalm with %d commanding %v, want La Sarre alone", g.With, g.Chain)
	}
	if g := b.View(rules.SideReader("French")).Generals[0]; !slices.Equal(g.Chain, []int{3, 4}) {
		t.Errorf("the French see Montcalm's chain as %v, want La Sarre and the Battery", g.Chain)
	}
}

// The umpire reveals to a side, which alone then sees it, or to all.
func TestTheUmpireRevealsAUnit(t *testing.T) {
	tests := []struct {
		name, side, unit string
		seenBy           []string
		want             string
	}{
		{"to the enemy", "british", "battery", []string{"British", "French"}, ""},
		{"a general to the enemy", "British", "Montcalm", []string{"British", "French"}, ""},
		{"to all", "", "Battery", []string{"", "British", "French"}, ""},
		{"to its own side", "French", "Battery", nil, "**Battery** is on the French side, which sees it already."},
		{"to a side not on the roster", "Mohawk", "Battery", nil, "There is no side Mohawk on the roster: reveal to British or French, or to all."},
		{"a unit not on the roster", "British", "Royal Roussillon", nil, "There is no unit or general called **Royal Roussillon** on the roster; `/firing2007 roster` lists them."},
		{"a unit in plain sight", "British", "La Sarre", nil, "**La Sarre** is in plain sight: every side sees it already."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := foggy()
			nb, err := b.Reveal(tt.side, tt.unit)
			if got := errText(err); got != tt.want {
				t.Fatalf("Reveal(%q, %q) = %q, want %q", tt.side, tt.unit, got, tt.want)
			}
			if diff := cmp.Diff(foggy(), b); diff != "" {
				t.Errorf("Reveal changed the board it was called on:\n%s", diff)
			}
			if err != nil {
				return
			}
			for _, reader := range []string{"", "British", "French"} {
				seen := !slices.ContainsFunc(nb.Unseen(reader), func(n string) bool { return strings.EqualFold(n, tt.unit) })
				if want := slices.Contains(tt.seenBy, reader); seen != want {
					t.Errorf("after the reveal, seen by %q: %v, want %v", reader, seen, want)
				}
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// A player cannot fire at what his side has not seen, and is told no more
// than if it were not there; firing reveals the firer, the target and the
// generals with it to all.
func TestFireUnderFogOfWar(t *testing.T) {
	tests := []struct {
		name  string
		order FireOrder
		want  string
	}{
		{"at a hidden unit", FireOrder{By: bob, Side: "British", Firer: "42nd", Target: "Battery", Distance: 6}, "No such target in sight: Battery."},
		{"at a name not on the roster", FireOrder{By: bob, Side: "British", Firer: "42nd", Target: "Royal Roussillon", Distance: 6}, "No such target in sight: Royal Roussillon."},
		{"with a hidden enemy unit", FireOrder{By: bob, Side: "British", Firer: "Battery", Target: "42nd", Distance: 6}, "There is no unit called **Battery** on the roster; `/firing2007 roster` lists them."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := foggy()
			_, err := b.Fire(dicetest.Script(t), tt.order, House{})
			if got := errText(err); got != tt.want {
				t.Errorf("Fire refused %q, want %q", got, tt.want)
			}
			if diff := cmp.Diff(foggy(), b); diff != "" {
				t.Errorf("a refused fire changed the board:\n%s", diff)
			}
		})
	}
	b := foggy()
	b.Generals[0].Dead = false
	b.Units[0].Hidden = true
	// 42nd at La Sarre: 4 + 6 + 1 − 2 = 9, a strength point, and Montcalm's risk roll (2, 3: unhurt).
	src := dicetest.Script(t, 4, 6, 2, 3)
	if _, err := b.Fire(src, FireOrder{By: bob, Side: "British", Firer: "42nd", Target: "La Sarre", Distance: 6}, House{}); err != nil {
		t.Fatal(err)
	}
	src.Done()
	if unseen := b.Unseen(""); !slices.Equal(unseen, []string{"Battery"}) {
		t.Errorf("after the 42nd fired from hiding at La Sarre with Montcalm the main channel does not see %q, want only the Battery", unseen)
	}
}

func TestValidateChecksWhoKnowsAUnit(t *testing.T) {
	tests := []struct {
		name  string
		known []string
		want  string
	}{
		{"known to the enemy", []string{"British"}, ""},
		{"known to its own side", []string{"French"}, `unit "Battery" is known to its own side "French"`},
		{"known to a side not on the roster", []string{"Mohawk"}, `unit "Battery" is known to "Mohawk", not a side of this battle`},
	}
	for _, tt := range tests {
		b := foggy()
		b.Units[3].KnownTo = tt.known
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ValidateBoard(raw); errText(err) != tt.want {
			t.Errorf("%s: ValidateBoard = %q, want %q", tt.name, errText(err), tt.want)
		}
		if got := errText(b.Validate()); got != tt.want {
			t.Errorf("%s: Validate = %q, want %q", tt.name, got, tt.want)
		}
	}
	b := foggy()
	b.Generals[0].KnownTo = []string{"British", "British"}
	if got, want := errText(b.Validate()), `general "Montcalm" is known to "British" twice`; got != want {
		t.Errorf("Validate = %q, want %q", got, want)
	}
}

// hidden:true on the roster places a unit out of the enemy's sight again;
// a unit that changes sides is no longer counted as revealed to its new side.
func TestTheRosterPlacesAUnitHidden(t *testing.T) {
	yes, no, british := true, false, "British"
	b := ticonderoga()
	if _, err := b.AddUnit(UnitChange{Name: "Rangers", Type: ptrTo(RifleUnit), Side: &british, Strength: ptrTo(4), Morale: ptrTo(7), Hidden: &yes}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.AddGeneral(GeneralChange{Name: "Abercrombie", Side: &british, Hidden: &yes}); err != nil {
		t.Fatal(err)
	}
	if got := b.Unseen("French"); !slices.Equal(got, []string{"Rangers", "Abercrombie"}) {
		t.Errorf("added hidden, the French do not see %q, want Rangers and Abercrombie", got)
	}
	b, _ = b.Reveal("French", "Rangers")
	french := "French"
	if _, _, err := b.SetUnit(UnitChange{Name: "Rangers", Side: &french}); err != nil {
		t.Fatal(err)
	}
	if err := b.Validate(); err != nil {
		t.Errorf("after the Rangers went over to the French: Validate = %v", err)
	}
	if _, _, err := b.SetUnit(UnitChange{Name: "Rangers", Hidden: &no}); err != nil || slices.Contains(b.Unseen(""), "Rangers") {
		t.Errorf("hidden:false: %v; the main channel does not see %q", err, b.Unseen(""))
	}
}

func ptrTo[T any](v T) *T { return &v }

func TestNameSides(t *testing.T) {
	b := foggy()
	b.Units[3].Side = "french"
	got := b.NameSides()
	want := map[string]string{"42nd": "British", "Guns": "British", "La Sarre": "French", "Battery": "French", "Montcalm": "French"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NameSides() with a side spelt two ways (-want +got):\n%s", diff)
	}
}

// The umpire's reveal names a unit as the roster spells it, a general with
// his rank, anything else as he gave it.
func TestARevealNamesWhatItReveals(t *testing.T) {
	b := foggy()
	for _, tc := range []struct{ name, want string }{
		{"battery", "Battery"}, {"montcalm", "General Montcalm"}, {"Royal Roussillon", "Royal Roussillon"},
	} {
		if got := b.Shown(tc.name); got != tc.want {
			t.Errorf("Shown(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
