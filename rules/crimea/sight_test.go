package crimea

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// foggy is the Balaclava roster with Liprandi and his Don Battery placed
// hidden by the umpire, and a movement modifier rolled for Liprandi.
func foggy() *Board {
	b := inTurn(Card{Allied, CavalryC})
	b.Officers[2].Hidden = true
	b.Units[3].Hidden = true
	b.Rolled = map[string]rules.Roll{"officer:Liprandi": d100Of(5, 0)}
	return b
}

func unitNames(b *Board) []string {
	var out []string
	for _, u := range b.Units {
		out = append(out, u.Name)
	}
	for _, o := range b.Officers {
		out = append(out, o.Name)
	}
	return out
}

func TestSidesAndWhoPlaysThem(t *testing.T) {
	b := balaclava()
	if got := b.Sides(); !slices.Equal(got, []string{"Allied", "Russian"}) {
		t.Errorf("Sides() = %q, want Allied and Russian", got)
	}
	for user, want := range map[string]string{lucan.User: "Allied", lipr.User: "Russian", "p-nobody": "", "": ""} {
		if got := b.SideOf(user); got != want {
			t.Errorf("SideOf(%q) = %q, want %q", user, got, want)
		}
	}
}

// A unit or officer placed hidden is seen by its own side only; the main
// channel sees only what both sides know.
func TestViewsCutWhatTheReaderHasNotSeen(t *testing.T) {
	tests := []struct {
		reader string
		names  []string
		unseen []string
	}{
		{"Russian", []string{"17th Lancers", "93rd Highlanders", "Odessa Regiment", "Don Battery", "Lord Raglan", "Lord Lucan", "Liprandi"}, nil},
		{"Allied", []string{"17th Lancers", "93rd Highlanders", "Odessa Regiment", "Lord Raglan", "Lord Lucan"}, []string{"Liprandi", "Don Battery"}},
		{"", []string{"17th Lancers", "93rd Highlanders", "Odessa Regiment", "Lord Raglan", "Lord Lucan"}, []string{"Liprandi", "Don Battery"}},
	}
	for _, tt := range tests {
		b := foggy()
		v := b.View(rules.SideReader(tt.reader))
		if got := unitNames(v); !slices.Equal(got, tt.names) {
			t.Errorf("View(%q) holds %q, want %q", tt.reader, got, tt.names)
		}
		if got := b.Unseen(tt.reader); !slices.Equal(got, tt.unseen) {
			t.Errorf("Unseen(%q) = %q, want %q", tt.reader, got, tt.unseen)
		}
		if len(b.Units) != 4 || len(b.Officers) != 3 {
			t.Errorf("View(%q) changed the board it was taken from", tt.reader)
		}
	}
	v := foggy().View(rules.SideReader("Allied"))
	if odessa := v.Units[2]; odessa.Officer != "" {
		t.Errorf("the Allied view names Odessa Regiment's hidden officer %q", odessa.Officer)
	}
	if len(v.Rolled) != 0 {
		t.Errorf("the Allied view keeps the movement modifier rolled for hidden Liprandi: %v", v.Rolled)
	}
	if own := foggy().View(rules.SideReader("Russian")); own.Units[2].Officer != "Liprandi" || len(own.Rolled) != 1 {
		t.Errorf("the Russian view cut its own officer: %+v, %v", own.Units[2], own.Rolled)
	}
}

// The umpire reveals a hidden unit to a side (only that side sees it then) or
// to all (the main channel sees it too).
func TestTheUmpireReveals(t *testing.T) {
	tests := []struct {
		name, side, unit string
		seenBy           []string
		want             string
	}{
		{"to the enemy side", "Allied", "Don Battery", []string{"Allied", "Russian"}, ""},
		{"to the enemy side, spelt any way", "allied", "don battery", []string{"Allied", "Russian"}, ""},
		{"to all", "", "Don Battery", []string{"", "Allied", "Russian"}, ""},
		{"an officer to the enemy", "Allied", "Liprandi", []string{"Allied", "Russian"}, ""},
		{"to its own side", "Russian", "Don Battery", nil, "Don Battery is Russian: the Russian side sees it already."},
		{"to a side not in the battle", "Turkish", "Don Battery", nil, `There is no side "Turkish" in this battle: reveal to Allied or Russian, or to all.`},
		{"a unit not on the roster", "Allied", "Vladimir Regiment", nil, `There is no unit or officer called "Vladimir Regiment" on the roster.`},
		{"a unit in plain sight", "Allied", "Odessa Regiment", nil, "Odessa Regiment is in plain sight: every side sees it already."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := foggy()
			before := foggy()
			nb, err := b.Reveal(tt.side, tt.unit)
			if got := breach(t, err); got != tt.want {
				t.Fatalf("Reveal(%q, %q) refused %q, want %q", tt.side, tt.unit, got, tt.want)
			}
			if diff := cmp.Diff(before, b); diff != "" {
				t.Errorf("Reveal changed the board it was called on (-before +after):\n%s", diff)
			}
			if err != nil {
				return
			}
			for _, reader := range []string{"", "Allied", "Russian"} {
				seen := !slices.ContainsFunc(nb.Unseen(reader), func(n string) bool { return sameName(n, tt.unit) })
				if want := slices.Contains(tt.seenBy, reader); seen != want {
					t.Errorf("after the reveal, seen by %q: %v, want %v", reader, seen, want)
				}
			}
		})
	}
}

// Firing reveals the firer and its target to all (issue 16); a player cannot
// fire at what his side has not seen, and is told no more than if it were not
// there.
func TestFireUnderFogOfWar(t *testing.T) {
	tests := []struct {
		name  string
		order FireOrder
		want  string
	}{
		{"at a hidden enemy", FireOrder{Actor: lucan, Side: Allied, Unit: "93rd Highlanders", Target: "Don Battery"}, `No such target in sight: Don Battery.`},
		{"at a name not on the roster", FireOrder{Actor: lucan, Side: Allied, Unit: "93rd Highlanders", Target: "Vladimir Regiment"}, `No such target in sight: Vladimir Regiment.`},
		{"with a hidden enemy", FireOrder{Actor: lucan, Side: Allied, Unit: "Don Battery", Target: "93rd Highlanders"}, "There is no unit called \"Don Battery\" on the roster; the umpire adds it with `/crimea unit-add`."},
		{"at a seen enemy", FireOrder{Actor: lucan, Side: Allied, Unit: "93rd Highlanders", Target: "Odessa Regiment"}, ""},
		{"from hiding at a seen enemy", FireOrder{Actor: lipr, Side: Russian, Unit: "Don Battery", Target: "93rd Highlanders", Ammo: Ball}, ""},
		{"the umpire, at a hidden enemy", FireOrder{Actor: umpire, Unit: "93rd Highlanders", Target: "Don Battery"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := foggy()
			src := dicetest.Script(t, rolls(99, 99)...)
			res, err := b.Fire(src, tt.order)
			if got := breach(t, err); got != tt.want {
				t.Fatalf("Fire refused %q, want %q", got, tt.want)
			}
			if err != nil {
				if diff := cmp.Diff(foggy(), b); diff != "" {
					t.Errorf("a refused fire changed the board:\n%s", diff)
				}
				return
			}
			firer, _ := b.Unit(tt.order.Unit)
			if !firer.Public || !res.Target.Public || !b.findUnit(tt.order.Target).Public {
				t.Errorf("after the fire the firer is public %v, the target %v; want both revealed to all", firer.Public, res.Target.Public)
			}
			if slices.Contains(b.Unseen(""), firer.Name) || slices.Contains(b.Unseen(""), res.Target.Name) {
				t.Errorf("after the fire the main channel still does not see %q", b.Unseen(""))
			}
		})
	}
}

// Charging reveals both units, and the officers attached, to all; the
// charger cannot name a defender or his officer that his side has not seen.
func TestCombatUnderFogOfWar(t *testing.T) {
	tests := []struct {
		name  string
		order CombatOrder
		want  string
	}{
		{"on a hidden enemy", CombatOrder{Actor: lucan, Side: Allied, Attacker: "17th Lancers", Defender: "Don Battery"}, `No such target in sight: Don Battery.`},
		{"naming a hidden enemy officer", CombatOrder{Actor: lucan, Side: Allied, Attacker: "17th Lancers", Defender: "Odessa Regiment", DefenderOfficer: "Liprandi"}, `No such target in sight: Liprandi.`},
		{"on a seen enemy", CombatOrder{Actor: lucan, Side: Allied, Attacker: "17th Lancers", Defender: "Odessa Regiment", AttackerOfficer: "Lord Lucan"}, ""},
		{"the umpire's, with a hidden officer", CombatOrder{Actor: umpire, Attacker: "17th Lancers", Defender: "Odessa Regiment", DefenderOfficer: "Liprandi"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := foggy()
			b.Units[0].Moved = true
			res, err := b.Combat(dicetest.Script(t, rolls(50, 50, 50, 50)...), tt.order, House{})
			if got := breach(t, err); got != tt.want {
				t.Fatalf("Combat refused %q, want %q", got, tt.want)
			}
			if err != nil {
				return
			}
			if !res.Attacker.Public || !res.Defender.Public {
				t.Errorf("after the combat the attacker is public %v, the defender %v; want both", res.Attacker.Public, res.Defender.Public)
			}
			for _, o := range []string{tt.order.AttackerOfficer, tt.order.DefenderOfficer} {
				if o != "" && !b.findOfficer(o).Public {
					t.Errorf("%s was attached and is not revealed to all", o)
				}
			}
		})
	}
}

func TestValidateChecksWhoKnowsAUnit(t *testing.T) {
	tests := []struct {
		name  string
		known []string
		want  string
	}{
		{"known to the enemy", []string{"Allied"}, ""},
		{"known to its own side", []string{"Russian"}, `unit "Don Battery" is known to its own side "Russian"`},
		{"known to a side not in the battle", []string{"Turkish"}, `unit "Don Battery" is known to "Turkish", not a side of this battle`},
	}
	for _, tt := range tests {
		b := foggy()
		b.Units[3].KnownTo = tt.known
		got := ""
		if err := b.Validate(); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: Validate() = %q, want %q", tt.name, got, tt.want)
		}
	}
	b := foggy()
	b.Officers[2].KnownTo = []string{"Allied", "Allied"}
	if err := b.Validate(); err == nil || err.Error() != `officer "Liprandi" is known to "Allied" twice` {
		t.Errorf("an officer known to the Allies twice: Validate() = %v", err)
	}
	raw := `{"units":[{"name":"Don Battery","side":"Russian","nationality":"Russian","type":"foot artillery","formation":"line",` +
		`"stands":2,"start":2,"morale":50,"hidden":true,"known_to":["Allied"],"public":true}]}`
	if _, err := ValidateBoard([]byte(raw)); err != nil {
		t.Errorf("ValidateBoard(a board with a hidden unit) = %v", err)
	}
}

func TestNameSides(t *testing.T) {
	got := foggy().NameSides()
	want := map[string]string{"17th Lancers": "Allied", "93rd Highlanders": "Allied", "Odessa Regiment": "Russian", "Don Battery": "Russian",
		"Lord Raglan": "Allied", "Lord Lucan": "Allied", "Liprandi": "Russian"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NameSides() (-want +got):\n%s", diff)
	}
}

// The umpire's reveal names a unit or officer as the roster spells it,
// anything else as he gave it.
func TestARevealNamesWhatItReveals(t *testing.T) {
	b := foggy()
	for _, tc := range []struct{ name, want string }{
		{"don battery", "Don Battery"}, {"liprandi", "Liprandi"}, {"Vladimir Regiment", "Vladimir Regiment"},
	} {
		if got := b.Shown(tc.name); got != tc.want {
			t.Errorf("Shown(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
