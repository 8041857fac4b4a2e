package volleyfire

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// foggyBoard is the turn under way with the French Hussards and Victor placed
// hidden by the umpire; the Allies' Rifles are active.
func foggyBoard(t *testing.T) *Board {
	t.Helper()
	b := playBoard(t)
	for _, name := range []string{"Hussards", "Victor"} {
		if u := b.UnitNamed(name); u != nil {
			u.Hidden = true
		} else {
			b.CommanderNamed(name).Hidden = true
		}
	}
	if _, err := b.Activate(ActivateOrder{Actor: bob, Unit: "Rifles", OutOfCommand: true}); err != nil {
		t.Fatal(err)
	}
	return b
}

func rosterNames(b *Board) []string {
	var out []string
	for _, u := range b.Units {
		out = append(out, u.Name)
	}
	for _, c := range b.Commanders {
		out = append(out, c.Name)
	}
	return out
}

func TestWhoseSideAPlayerIsOn(t *testing.T) {
	b := playBoard(t)
	for user, want := range map[string]string{"p1": "Allies", "p2": "French", "p9": "", "": ""} {
		if got := b.SideOf(user); got != want {
			t.Errorf("SideOf(%q) = %q, want %q", user, got, want)
		}
	}
}

// A unit or command base placed hidden is seen by its own side only; the main
// channel sees what both sides know.
func TestViewsCutWhatTheReaderHasNotSeen(t *testing.T) {
	all := []string{"1st Foot", "Rifles", "4e Ligne", "Hussards", "Wellesley", "Victor"}
	cut := []string{"1st Foot", "Rifles", "4e Ligne", "Wellesley"}
	tests := []struct {
		reader string
		names  []string
		unseen []string
	}{
		{"French", all, nil},
		{"Allies", cut, []string{"Hussards", "Victor"}},
		{"", cut, []string{"Hussards", "Victor"}},
	}
	for _, tt := range tests {
		b := foggyBoard(t)
		before := b.Clone()
		if got := rosterNames(b.View(rules.SideReader(tt.reader))); !slices.Equal(got, tt.names) {
			t.Errorf("View(%q) holds %q, want %q", tt.reader, got, tt.names)
		}
		if got := b.Unseen(tt.reader); !slices.Equal(got, tt.unseen) {
			t.Errorf("Unseen(%q) = %q, want %q", tt.reader, got, tt.unseen)
		}
		if diff := cmp.Diff(before, b); diff != "" {
			t.Errorf("View(%q) changed the board:\n%s", tt.reader, diff)
		}
	}
}

// The French activate their hidden Hussards, which charge into a combat: the
// Allies' view names neither the active unit nor its actions until the charge
// reveals it; the combat and its actions then show it.
func TestTheTurnNamesNoUnseenUnit(t *testing.T) {
	b := foggyBoard(t)
	if _, err := b.Done(bob, "Rifles"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Activate(ActivateOrder{Actor: carol, Unit: "Hussards", Commander: "Victor", Distance: ptr(1.0)}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Formation(carol, "Hussards", Stance(Column)); err != nil {
		t.Fatal(err)
	}
	v := b.View(rules.SideReader("Allies"))
	if v.Turn.Active != "" || v.Turn.Used["Hussards"] != 0 {
		t.Errorf("the Allies' view of the turn: active %q, used %v; want no Hussards", v.Turn.Active, v.Turn.Used)
	}
	if own := b.View(rules.SideReader("French")); own.Turn.Active != "Hussards" || own.Turn.Used["Hussards"] != 1 {
		t.Errorf("the French view of their own turn: active %q, used %v", own.Turn.Active, own.Turn.Used)
	}
	if _, err := b.Charge(dicetest.Script(t), ChargeOrder{Actor: carol, Side: "French", Unit: "Hussards", Target: "Rifles"}, House{}); err != nil {
		t.Fatal(err)
	}
	v = b.View(rules.SideReader(""))
	if len(v.Combats) != 1 || v.Combats[0].Names() != "Hussards against Rifles" || v.Turn.Used["Hussards"] != 2 {
		t.Errorf("after the charge the main channel sees combats %+v, actions %v", v.Combats, v.Turn.Used)
	}
}

// The umpire reveals to a side, which alone then sees it, or to all.
func TestTheUmpireRevealsAUnit(t *testing.T) {
	tests := []struct {
		name, side, unit string
		seenBy           []string
		want             string
	}{
		{"to the enemy", "allies", "hussards", []string{"Allies", "French"}, ""},
		{"a command base to the enemy", "Allies", "Victor", []string{"Allies", "French"}, ""},
		{"to all", "", "Hussards", []string{"", "Allies", "French"}, ""},
		{"to its own side", "French", "Hussards", nil, "Hussards is on the French side, which sees it already."},
		{"to a side not on the roster", "Prussians", "Hussards", nil, "There is no side Prussians on the roster: reveal to Allies or French, or to all."},
		{"a unit not on the roster", "Allies", "Cuirassiers", nil, "There is no unit or command base Cuirassiers on the roster."},
		{"a unit in plain sight", "Allies", "4e Ligne", nil, "4e Ligne is in plain sight: every side sees it already."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := foggyBoard(t)
			before := b.Clone()
			nb, err := b.Reveal(tt.side, tt.unit)
			if got := errText(err); got != tt.want {
				t.Fatalf("Reveal(%q, %q) = %q, want %q", tt.side, tt.unit, got, tt.want)
			}
			if diff := cmp.Diff(before, b); diff != "" {
				t.Errorf("Reveal changed the board it was called on:\n%s", diff)
			}
			if err != nil {
				return
			}
			for _, reader := range []string{"", "Allies", "French"} {
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

// A player cannot shoot at or charge what his side has not seen, and is told
// no more than if it were not there; shooting reveals the shooter and the
// target to all.
func TestShootAndChargeUnderFogOfWar(t *testing.T) {
	tests := []struct {
		name string
		move func(*Board) error
		want string
	}{
		{"shoot at a hidden unit", func(b *Board) error {
			_, err := b.Shoot(dicetest.Script(t), ShootOrder{Actor: bob, Side: "Allies", Unit: "Rifles", Target: "Hussards", Range: 5}, House{})
			return err
		}, "No such target in sight: Hussards."},
		{"shoot at a hidden command base", func(b *Board) error {
			_, err := b.Shoot(dicetest.Script(t), ShootOrder{Actor: bob, Side: "Allies", Unit: "Rifles", Target: "Victor", Range: 5}, House{})
			return err
		}, "No such target in sight: Victor."},
		{"shoot at a name not on the roster", func(b *Board) error {
			_, err := b.Shoot(dicetest.Script(t), ShootOrder{Actor: bob, Side: "Allies", Unit: "Rifles", Target: "Cuirassiers", Range: 5}, House{})
			return err
		}, "No such target in sight: Cuirassiers."},
		{"charge a hidden unit", func(b *Board) error {
			_, err := b.Charge(dicetest.Script(t), ChargeOrder{Actor: bob, Side: "Allies", Unit: "Rifles", Target: "Hussards"}, House{})
			return err
		}, "No such target in sight: Hussards."},
		{"order a hidden enemy unit", func(b *Board) error {
			_, err := b.Shoot(dicetest.Script(t), ShootOrder{Actor: bob, Side: "Allies", Unit: "Hussards", Target: "Rifles", Range: 5}, House{})
			return err
		}, "There is no unit Hussards on the roster (`/volleyfire-roster show`)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := foggyBoard(t)
			before := b.Clone()
			if got := errText(tt.move(b)); got != tt.want {
				t.Errorf("refused %q, want %q", got, tt.want)
			}
			if diff := cmp.Diff(before, b); diff != "" {
				t.Errorf("a refused move changed the board:\n%s", diff)
			}
		})
	}
	b := foggyBoard(t)
	b.UnitNamed("Rifles").Hidden = true
	b, err := b.Reveal("Allies", "Hussards")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Shoot(dicetest.Script(t, 1, 1, 1, 1), ShootOrder{Actor: bob, Side: "Allies", Unit: "Rifles", Target: "Hussards", Range: 5, Closest: true}, House{}); err != nil {
		t.Fatal(err)
	}
	if unseen := b.Unseen(""); !slices.Equal(unseen, []string{"Victor"}) {
		t.Errorf("after the Rifles shot the Hussards the main channel does not see %q, want only Victor", unseen)
	}
}

func TestValidateChecksWhoKnowsAUnit(t *testing.T) {
	tests := []struct {
		name  string
		known []string
		want  string
	}{
		{"known to the enemy", []string{"Allies"}, ""},
		{"known to its own side", []string{"French"}, `unit "Hussards" is known to its own side "French"`},
		{"known to a side not on the roster", []string{"Prussians"}, `unit "Hussards" is known to "Prussians", not a side of this battle`},
	}
	for _, tt := range tests {
		b := foggyBoard(t)
		b.UnitNamed("Hussards").KnownTo = tt.known
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ValidateBoard(raw); errText(err) != tt.want {
			t.Errorf("%s: ValidateBoard = %q, want %q", tt.name, errText(err), tt.want)
		}
	}
	b := foggyBoard(t)
	b.CommanderNamed("Victor").KnownTo = []string{"Turks"}
	if got, want := errText(b.Validate()), `command base "Victor" is known to "Turks", not a side of this battle`; got != want {
		t.Errorf("Validate = %q, want %q", got, want)
	}
}

// Fog off, nothing changes: a board with no hidden unit encodes as before,
// and decodes and encodes byte for byte the same.
func TestABoardInPlainSightEncodesAsBefore(t *testing.T) {
	raw, err := json.Marshal(playBoard(t))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "hidden") || strings.Contains(string(raw), "known_to") || strings.Contains(string(raw), "public") {
		t.Errorf("a board in plain sight stores fog of war: %s", raw)
	}
	b := &Board{}
	if err := json.Unmarshal(raw, b); err != nil {
		t.Fatal(err)
	}
	if again, _ := json.Marshal(b); string(again) != string(raw) {
		t.Errorf("re-encoded\n%s\nwant\n%s", again, raw)
	}
}

// hidden:true on the roster places a unit out of the enemy's sight again,
// whatever it was revealed to before; hidden:false in plain sight.
func TestTheRosterPlacesAUnitHidden(t *testing.T) {
	b := playBoard(t)
	u, err := b.SetUnit(umpireActor, "Hussards", UnitSpec{Hidden: ptr(true)})
	if err != nil || !slices.Contains(b.Unseen("Allies"), "Hussards") {
		t.Fatalf("hidden:true: %+v, %v; the Allies do not see %q", u, err, b.Unseen("Allies"))
	}
	b, _ = b.Reveal("", "Hussards")
	if _, err := b.SetUnit(umpireActor, "Hussards", UnitSpec{Hidden: ptr(true)}); err != nil || !slices.Contains(b.Unseen(""), "Hussards") {
		t.Errorf("hidden:true after a reveal to all: %v; the main channel does not see %q", err, b.Unseen(""))
	}
	if _, err := b.AddCommander(umpireActor, CommanderSpec{Name: "Ney", Side: "French", Hidden: ptr(true)}); err != nil || !slices.Contains(b.Unseen("Allies"), "Ney") {
		t.Errorf("a command base added hidden: %v; the Allies do not see %q", err, b.Unseen("Allies"))
	}
	if _, err := b.SetUnit(umpireActor, "Hussards", UnitSpec{Hidden: ptr(false)}); err != nil || slices.Contains(b.Unseen(""), "Hussards") {
		t.Errorf("hidden:false: %v; the main channel does not see %q", err, b.Unseen(""))
	}
}

// The umpire's reveal names a unit or command base as the roster spells it,
// anything else as he gave it.
func TestARevealNamesWhatItReveals(t *testing.T) {
	b := foggyBoard(t)
	for _, tc := range []struct{ name, want string }{
		{"hussards", "Hussards"}, {"victor", "Victor"}, {"Cuirassiers", "Cuirassiers"},
	} {
		if got := b.Shown(tc.name); got != tc.want {
			t.Errorf("Shown(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
