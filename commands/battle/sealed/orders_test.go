package sealed

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
)

// names are the players' names by id, as the battle knows them.
func names(id string) string {
	return map[string]string{"u1": "Bob", "u2": "Carol", "u3": "Dan"}[id]
}

// written is an order of user for turn, its commitment that of its text
// and salt.
func written(user string, turn int, text string) Order {
	salt := "salt-" + user
	return Order{User: user, Turn: turn, Text: text, Salt: salt, Commitment: rules.Commit(Form(salt, text))}
}

// The commitment hashes the salt, a colon and the text, exactly as
// written; orders match it until their text or salt is changed.
func TestFormAndMatches(t *testing.T) {
	if got := Form("0123456789abcdef", "Wheel left: fire"); got != "0123456789abcdef:Wheel left: fire" {
		t.Errorf("Form = %q", got)
	}
	o := written("u1", 1, "Advance")
	if !o.Matches() {
		t.Errorf("%+v does not match its commitment", o)
	}
	for _, changed := range []Order{{User: o.User, Turn: 1, Text: "Retreat", Salt: o.Salt, Commitment: o.Commitment},
		{User: o.User, Turn: 1, Text: o.Text, Salt: "another", Commitment: o.Commitment}} {
		if changed.Matches() {
			t.Errorf("%+v matches the commitment of %q", changed, o.Text)
		}
	}
}

// A reveal takes the orders of the turns before below (all, with below
// 0) and closes the turns through the one given; with nothing to take it
// changes nothing, not even what is closed.
func TestUnseal(t *testing.T) {
	a, b, c := written("u1", 1, "Advance"), written("u2", 2, "Hold"), written("u1", 2, "Fire")
	for _, tt := range []struct {
		name           string
		below, through int
		want, kept     []Order
		revealed       int
	}{
		{"the turns before 2", 2, 1, []Order{a}, []Order{b, c}, 1},
		{"every turn", 0, 3, []Order{a, b, c}, nil, 3},
		{"none before 1", 1, 0, nil, []Order{a, b, c}, 0},
	} {
		o := &Orders{Sealed: []Order{a, b, c}}
		got := o.Unseal(tt.below, tt.through)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Unseal(%d, %d) (-want +got):\n%s", tt.name, tt.below, tt.through, diff)
		}
		if diff := cmp.Diff(tt.kept, o.Sealed); diff != "" || o.Revealed != tt.revealed {
			t.Errorf("%s: left sealed (-want +got):\n%s; revealed through %d, want %d", tt.name, diff, o.Revealed, tt.revealed)
		}
	}
	o := &Orders{Sealed: []Order{b}, Revealed: 4}
	if o.Unseal(0, 2); o.Revealed != 4 {
		t.Errorf("revealing through 2 after 4: revealed through %d, want 4 still", o.Revealed)
	}
}

// Orders for a turn revealed can no longer be written; with no orders
// at all, every turn is open.
func TestClosed(t *testing.T) {
	var none *Orders
	o := &Orders{Revealed: 2}
	for _, tt := range []struct {
		o    *Orders
		turn int
		want bool
	}{{none, 1, false}, {o, 1, true}, {o, 2, true}, {o, 3, false}} {
		if got := tt.o.Closed(tt.turn); got != tt.want {
			t.Errorf("%+v.Closed(%d) = %v, want %v", tt.o, tt.turn, got, tt.want)
		}
	}
}

// The turn status names who has written for the turn and, of the
// commanders, who has not, by name and sorted; and when they are revealed.
func TestStatus(t *testing.T) {
	o := &Orders{Sealed: []Order{written("u2", 1, "Hold"), written("u1", 2, "Fire")}}
	commanders := []string{"u3", "u2", "u1"}
	if got := o.Unwritten(1, commanders, names); !slices.Equal(got, []string{"Bob", "Dan"}) {
		t.Errorf("Unwritten(1) = %q, want Bob and Dan", got)
	}
	for _, tt := range []struct {
		o          *Orders
		turn       int
		commanders []string
		want       string
	}{
		{o, 1, commanders, "Turn 1: written by **Carol**; not yet written by **Bob**, **Dan** (`/orders text:…`). They are revealed at the umpire's call (`/orders reveal:true`) or the battle's end."},
		{&Orders{AtTurnEnd: true, Sealed: o.Sealed}, 2, []string{"u1"}, "Turn 2: written by **Bob**. They are revealed at the turn's end."},
		{&Orders{AtTurnEnd: true}, 3, nil, "Turn 3: no one has written orders. They are revealed at the turn's end."},
	} {
		if got := tt.o.Status(tt.turn, tt.commanders, names); got != tt.want {
			t.Errorf("Status(%d, %q) = %q, want %q", tt.turn, tt.commanders, got, tt.want)
		}
	}
}

// A reader who knows only some commanders is told only of their orders;
// the battle's orders are left as they were.
func TestOf(t *testing.T) {
	a, b := written("u1", 1, "Advance"), written("u2", 1, "Hold")
	o := &Orders{AtTurnEnd: true, Sealed: []Order{a, b}, Revealed: 1}
	got := o.Of([]string{"u2"})
	if diff := cmp.Diff(&Orders{AtTurnEnd: true, Sealed: []Order{b}, Revealed: 1}, got); diff != "" {
		t.Errorf("Of(u2) (-want +got):\n%s", diff)
	}
	if len(o.Sealed) != 2 || o.Sealed[0] != a {
		t.Errorf("Of changed the battle's orders: %+v", o.Sealed)
	}
}

// Orders come by turn, the earliest first, each turn's in the order
// written; a reader may stop early.
func TestByTurn(t *testing.T) {
	a, b, c, d := written("u1", 2, "a"), written("u2", 1, "b"), written("u3", 2, "c"), written("u1", 3, "d")
	var got [][]Order
	var turns []int
	for turn, os := range ByTurn([]Order{a, b, c, d}) {
		turns, got = append(turns, turn), append(got, os)
	}
	if diff := cmp.Diff([][]Order{{b}, {a, c}, {d}}, got); diff != "" || !slices.Equal(turns, []int{1, 2, 3}) {
		t.Errorf("ByTurn: turns %v (-want +got):\n%s", turns, diff)
	}
	n := 0
	for range ByTurn([]Order{a, b, c, d}) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("ByTurn went on after the reader stopped: %d turns", n)
	}
}

// The shell command quotes the form for a POSIX shell, a single quote
// included.
func TestShellHash(t *testing.T) {
	for form, want := range map[string]string{
		"s:Advance":           `printf '%s' 's:Advance' | sha256sum`,
		"s:Hold the King's $": `printf '%s' 's:Hold the King'\''s $' | sha256sum`,
	} {
		if got := ShellHash(form); got != want {
			t.Errorf("ShellHash(%q) = %q, want %q", form, got, want)
		}
	}
}

// Orders are text a reveal's code block shows as it is, on one line, of
// at most MaxText characters.
func TestCheckText(t *testing.T) {
	for _, tt := range []struct {
		text, want string
	}{
		{"Wheel left, fire by platoons! (½ volley) — «en avant»", ""},
		{strings.Repeat("é", MaxText), ""},
		{strings.Repeat("a", MaxText+1), "Your orders are 1001 characters long; at most 1000 fit."},
		{"\xff", "Your orders are not valid text."},
		{"Hold the `fence`", "Your orders hold a backquote"},
		{"Advance\nthen halt", "U+000A"},
		{"Advance\tnow", "U+0009"},
		{"Advance\u00a0now", "U+00A0"},
		{"Advance\u200dnow", "U+200D"},
		{"\u202eAdvance", "U+202E"},
	} {
		got := CheckText(tt.text)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("CheckText(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// A running battle's export carries the commitments of orders sealed,
// not their text or salt; the battle's orders are left as they were.
func TestExported(t *testing.T) {
	var none *Orders
	if none.Exported() != nil {
		t.Errorf("no orders exported as some")
	}
	a, shown := written("u1", 1, "Advance"), written("u2", 1, "Hold")
	o := &Orders{Sealed: []Order{a}, Shown: []Order{shown}, Revealed: 1}
	got := o.Exported()
	want := &Orders{Sealed: []Order{{User: "u1", Turn: 1, Commitment: a.Commitment}}, Shown: []Order{shown}, Revealed: 1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Exported (-want +got):\n%s", diff)
	}
	if o.Sealed[0] != a {
		t.Errorf("Exported changed the battle's orders: %+v", o.Sealed[0])
	}
}

// An imported battle's orders: a file cannot add sealed orders' text, an
// ended battle cannot hold orders never revealed, orders shown under fog
// must match their commitments; commitments alone are dropped, to be
// written again.
func TestImported(t *testing.T) {
	commitment := written("u1", 2, "Advance")
	commitment.Text, commitment.Salt = "", ""
	forged := written("u2", 1, "Hold")
	altered := written("u2", 1, "Hold")
	altered.Text = "Retreat"
	for _, tt := range []struct {
		name    string
		o       *Orders
		running bool
		want    string
	}{
		{"none", nil, true, ""},
		{"commitments only", &Orders{Sealed: []Order{commitment}, Shown: []Order{written("u2", 1, "Hold")}, Revealed: 1}, true, ""},
		{"ended with orders sealed", &Orders{Sealed: []Order{commitment}}, false, "it has ended with sealed orders not revealed."},
		{"the text of sealed orders", &Orders{Sealed: []Order{forged}}, true, "it carries the text of sealed orders (of Carol for turn 1)"},
		{"shown altered", &Orders{Shown: []Order{altered}}, false, "the orders of Carol for turn 1, revealed to the umpire and their side, do not match their commitment."},
		{"revealed before the first turn", &Orders{Revealed: -1}, true, "its sealed orders are revealed through a turn before the first."},
	} {
		got := tt.o.Imported(tt.running, names)
		if tt.want == "" && got != "" || tt.want != "" && !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: Imported = %q, want %q", tt.name, got, tt.want)
		}
		if tt.want == "" && tt.o != nil && tt.o.Sealed != nil {
			t.Errorf("%s: imported, the commitments are kept: %+v", tt.name, tt.o.Sealed)
		}
	}
}
