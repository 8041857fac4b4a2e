package roster

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

type entry struct{ Name string }

var entries = Kind[entry]{
	What: "unit",
	Name: func(e *entry) string { return e.Name },
	Missing: func(name string) error {
		return interaction.Refusef("There is no unit called %q.", name)
	},
}

func refusal(err error) string {
	var r *interaction.Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	if err != nil {
		return "not a refusal: " + err.Error()
	}
	return ""
}

func TestKindMust(t *testing.T) {
	roster := []entry{{"1st Foot"}, {"Scots Greys"}}
	tests := []struct {
		name, want, refused string
	}{
		{"scots greys", "Scots Greys", ""},
		{"1ST FOOT", "1st Foot", ""},
		{"", "", "Name the unit."},
		{"95th", "", `There is no unit called "95th".`},
	}
	for _, tt := range tests {
		e, err := entries.Must(roster, tt.name)
		if got := refusal(err); got != tt.refused {
			t.Errorf("Must(%q) refused %q, want %q", tt.name, got, tt.refused)
		}
		if got := ""; e != nil {
			got = e.Name
			if got != tt.want {
				t.Errorf("Must(%q) = %q, want %q", tt.name, got, tt.want)
			}
		} else if tt.want != "" {
			t.Errorf("Must(%q) = nil, want %q", tt.name, tt.want)
		}
	}
	if _, err := entries.Get(roster, ""); refusal(err) != `There is no unit called "".` {
		t.Errorf("Get(\"\") refused %q, want the missing refusal", refusal(err))
	}
	if e := entries.Find(roster, " 1st Foot "); e != nil {
		t.Errorf("Find(\" 1st Foot \") = %v, want nil without Trim", e)
	}
	trimmed := entries
	trimmed.Trim = true
	if e := trimmed.Find(roster, " 1st Foot "); e != &roster[0] {
		t.Errorf("Find(\" 1st Foot \") with Trim = %v, want the 1st Foot", e)
	}
	if e := entries.Find(roster, "scots greys"); e != &roster[1] {
		t.Errorf("Find returned %p, want the roster's own entry %p", e, &roster[1])
	}
}

func TestCheckName(t *testing.T) {
	tests := []struct {
		name, want string
	}{
		{"Nolan", ""},
		{"", "Give the officer a name."},
		{strings.Repeat("é", 5), ""},
		{strings.Repeat("é", 6), "A officer's name can be at most 5 characters."},
	}
	for _, tt := range tests {
		if got := refusal(CheckName("officer", tt.name, 5)); got != tt.want {
			t.Errorf("CheckName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestAddPlayer(t *testing.T) {
	g := &battle.Game{}
	AddPlayer(g, interaction.User{ID: "1"})
	if g.Players != nil {
		t.Errorf("a user without a name was recorded: %v", g.Players)
	}
	AddPlayer(g, interaction.User{ID: "1", Name: "Ann"})
	AddPlayer(nil, interaction.User{ID: "2", Name: "Bob"})
	if diff := cmp.Diff(map[string]string{"1": "Ann"}, g.Players); diff != "" {
		t.Errorf("Players (-want +got):\n%s", diff)
	}
}

func TestChoices(t *testing.T) {
	c := NewChoices("FOOT")
	c.Add("Guards", "Guards")
	c.Add("1st Foot", "1st Foot, line")
	c.Add("Foot Guards", strings.Repeat("x", 120))
	c.Add("2nd Foot\u202e", "2nd Foot\u202e\n(reversed)")
	want := []interaction.Choice{{Name: render.Clip(strings.Repeat("x", 120), 100), Value: "Foot Guards"}, {Name: "1st Foot, line", Value: "1st Foot"},
		{Name: "2nd Foot (reversed)", Value: "2nd Foot\u202e"}}
	if diff := cmp.Diff(want, c.List()); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
	if got := NewChoices("zz").List(); got == nil || len(got) != 0 {
		t.Errorf("List of no match = %#v, want empty and not nil", got)
	}
	many := NewChoices("")
	for i := 0; i < MaxChoices+5; i++ {
		many.Add("unit", "unit")
	}
	if got := len(many.List()); got != MaxChoices {
		t.Errorf("len(List) = %d, want %d", got, MaxChoices)
	}
}

// Then ranks every choice added before it first (the enemy before one's
// own), each group names starting with what was typed first.
func TestChoicesThen(t *testing.T) {
	c := NewChoices("vol")
	c.Add("Old Voltigeurs", Label("Old Voltigeurs", "squad", "French"))
	c.Add("Voltigeurs", Label("Voltigeurs", "squad", "French"))
	c.Then()
	c.Add("Volunteers", Label("Volunteers", "squad", "British"))
	want := []interaction.Choice{
		{Name: "Voltigeurs — squad, French", Value: "Voltigeurs"},
		{Name: "Old Voltigeurs — squad, French", Value: "Old Voltigeurs"},
		{Name: "Volunteers — squad, British", Value: "Volunteers"},
	}
	if diff := cmp.Diff(want, c.List()); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
	if got := Label("Harris", "figure", ""); got != "Harris — figure" {
		t.Errorf("Label without a place = %q", got)
	}
}

// Sided offers the items first accepts before the others, each group names
// starting with what was typed first.
func TestSided(t *testing.T) {
	c := NewChoices("vol")
	squads := [][2]string{{"Volunteers", "British"}, {"Old Voltigeurs", "French"}, {"Voltigeurs", "French"}}
	enemy := func(s [2]string) bool { return s[1] != "British" }
	Sided(c, squads, enemy, func(s [2]string) { c.Add(s[0], Label(s[0], "squad", s[1])) })
	want := []interaction.Choice{
		{Name: "Voltigeurs — squad, French", Value: "Voltigeurs"},
		{Name: "Old Voltigeurs — squad, French", Value: "Old Voltigeurs"},
		{Name: "Volunteers — squad, British", Value: "Volunteers"},
	}
	if diff := cmp.Diff(want, c.List()); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
}

// A list option completes its last entry, the entries before it kept and
// not offered again.
func TestListChoices(t *testing.T) {
	c := NewListChoices("Chosen Men,  harp")
	c.Add("Chosen Men", "Chosen Men — squad")
	c.Add("Harper's squad", "Harper's squad — squad")
	c.Add(strings.Repeat("x", 95)+"harp", "too long")
	want := []interaction.Choice{{Name: "Chosen Men, Harper's squad — squad", Value: "Chosen Men, Harper's squad"}}
	if diff := cmp.Diff(want, c.List()); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
	c = NewListChoices("Harper, ")
	c.Add("harper", "Harper — listed already")
	c.Add("Harris", "Harris")
	want = []interaction.Choice{{Name: "Harper, Harris", Value: "Harper, Harris"}}
	if diff := cmp.Diff(want, c.List()); diff != "" {
		t.Errorf("List after Harper (-want +got):\n%s", diff)
	}
}

// TestEdit: /campaign edit's quality read by the rule set (not given: nil)
// and its reinforcements a number, before the board's EditForces runs.
func TestEdit(t *testing.T) {
	var got string
	edit := Edit(func(q string) (*string, error) {
		if q == "bad" {
			return nil, interaction.Refuse("A quality is good.")
		}
		return &q, nil
	}, "the stands for a unit", func(f *entry, name string, q *string, n int) (string, error) {
		got = fmt.Sprintf("%s %s %v %d", f.Name, name, q != nil, n)
		return "done.", nil
	})
	tests := []struct {
		quality, reinforce, want, refused string
	}{
		{"", "", "forces 1st Foot false 0", ""},
		{"good", "2", "forces 1st Foot true 2", ""},
		{"bad", "2", "", "A quality is good."},
		{"", "two", "", "Give the stands for a unit as a number: `reinforce:2`."},
	}
	for _, tt := range tests {
		got = ""
		_, err := edit(&entry{"forces"}, "1st Foot", tt.quality, tt.reinforce)
		if refusal(err) != tt.refused || got != tt.want {
			t.Errorf("Edit(%q, %q) ran %q, refused %q; want %q, %q", tt.quality, tt.reinforce, got, refusal(err), tt.want, tt.refused)
		}
	}
}

// TestAbsent: who misses the next battle is marked after his name.
func TestAbsent(t *testing.T) {
	absent := func(name string) string {
		if name == "Raglan" {
			return "out: misses battle 3, K2"
		}
		return ""
	}
	if got := Absent(absent, "Raglan"); got != " (out: misses battle 3, K2)" {
		t.Errorf("Absent(Raglan) = %q", got)
	}
	if got := Absent(absent, "Cathcart"); got != "" {
		t.Errorf("Absent(Cathcart) = %q", got)
	}
}
