package decode_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/optdef"
)

// A drill is a small rule set's value type, as a rules package has them.
type drill string

func parseDrill(s string) (drill, error) {
	switch strings.ToLower(s) {
	case "", "line":
		return "line", nil
	case "column", "square":
		return drill(strings.ToLower(s)), nil
	}
	return "", fmt.Errorf("%q is not a drill.", s)
}

// A party is a list entry naming a unit: "Lancers:2".
type party struct {
	Name string
	Men  int
}

func parseParty(s string) (party, error) {
	name, men, ok := strings.Cut(s, ":")
	p := party{Name: strings.TrimSpace(name), Men: 1}
	if ok {
		if _, err := fmt.Sscan(men, &p.Men); err != nil {
			return p, errors.New("give the men after the colon, like `Lancers:2`.")
		}
	}
	return p, nil
}

var def = &discordgo.ApplicationCommand{Name: "drill", Options: []*optdef.Option{
	optdef.Sub("fire", "Fire",
		optdef.Number("range", "Inches", true, 0, 100),
		optdef.String("unit", "Unit", false, true, 100),
		optdef.String("target", "Target", false, true, 100),
		optdef.String("with", "Units", false, true, 100),
		optdef.String("ranges", "Ranges", false, false, 100),
		optdef.String("parties", "Parties", false, false, 100),
		optdef.Pick("drill", "Drill", false, "line", "column", "square"),
		optdef.Integer("dice", "Dice", false, 1, 6),
		optdef.Bool("aimed", "Aimed"),
		optdef.Bool("first", "First round"),
		optdef.String("note", "Note", false, false, 100)),
	optdef.Sub("edit", "Edit",
		optdef.String("name", "Name", true, true, 100),
		optdef.Pick("drill", "Drill", false, "line", "column", "square"),
		optdef.Integer("men", "Men", false, 0, 50),
		optdef.Bool("hidden", "Hidden"),
		optdef.String("commander", "Commander", false, true, 100),
		optdef.String("side", "Side", false, false, 100),
		optdef.Bool("new-side", "A new side"),
		optdef.String("tags", "Tags", false, false, 100),
		optdef.Pick("order", "Order", false, "open", "close")),
}}

type fireOrder struct {
	decode.Mode
	Range   float64   `opt:"range"`
	Unit    string    `opt:"unit" roster:"unit"`
	Target  string    `opt:"target" roster:"unit,officer"`
	With    []string  `opt:"with" roster:"unit" also:"all"`
	Ranges  []float64 `opt:"ranges"`
	Parties []party   `opt:"parties" roster:"unit"`
	Drill   drill     `opt:"drill"`
	Dice    int       `opt:"dice" default:"2"`
	Aimed   bool      `opt:"aimed"`
	First   bool      `opt:"first" default:"true"`
	Note    string    `opt:"note"`
}

type editOrder struct {
	Name      string    `opt:"name"`
	Drill     *drill    `opt:"drill"`
	Men       *int      `opt:"men"`
	Hidden    *bool     `opt:"hidden"`
	Commander *string   `opt:"commander" roster:"officer" also:"none"`
	Side      string    `opt:"side" roster:"side" new:"new-side"`
	NewSide   bool      `opt:"new-side"`
	Tags      *[]string `opt:"tags"`
	Order     order     `opt:"order" default:"open"`
}

// An order is a rule set's word that is only ever one of its choices.
type order string

// roster is the board of the test's rule set: its names, and what the
// reader "french" does not see.
func roster(g *battle.Game) ([]decode.Name, error) {
	names := []decode.Name{{"Chasseurs", "unit"}, {"Lancers", "unit"}, {"Col Ney", "officer"}, {"French", "side"}}
	if string(g.Board) == "two sides" {
		names = append(names, decode.Name{Name: "Austrian", Kind: "side"})
	}
	if string(g.Board) != "french" {
		names = append(names, decode.Name{Name: "Rifles", Kind: "unit"})
	}
	return names, nil
}

var decoder = decode.New("drill", def, roster, decode.Parse(parseDrill), decode.ParseNamed(parseParty, func(p *party) *string { return &p.Name }))

// run decodes opts as /drill fire in game g (nil: a quick ruling).
func run[T any](t *testing.T, path string, g *battle.Game, opts map[string]any) (T, error) {
	t.Helper()
	var got T
	r := decode.Route(decoder, path, func(_ *battle.Tx, o T) (interaction.Response, error) {
		got = o
		return interaction.Response{}, nil
	})
	_, err := r.Run(&battle.Tx{Game: g, Req: interaction.Request{Path: path, Options: opts}})
	return got, err
}

func TestDecodeFire(t *testing.T) {
	inBattle := &battle.Game{Ruleset: "drill"}
	tests := []struct {
		name string
		g    *battle.Game
		opts map[string]any
		want fireOrder
	}{
		{"defaults", nil, map[string]any{"range": 8.0},
			fireOrder{Range: 8, Drill: "line", Dice: 2, First: true}},
		{"every type", nil, map[string]any{"range": 12.5, "unit": "Guard", "target": "Anyone", "with": "A, B",
			"ranges": `12, 14", 9`, "parties": "Hussars:3, Dragoons", "drill": "Square", "dice": int64(3), "aimed": true,
			"first": false, "note": "  as typed  "},
			fireOrder{Range: 12.5, Unit: "Guard", Target: "Anyone", With: []string{"A", "B"}, Ranges: []float64{12, 14, 9},
				Parties: []party{{"Hussars", 3}, {"Dragoons", 1}}, Drill: "square", Dice: 3, Aimed: true, Note: "as typed"}},
		{"in a battle names take the roster's spelling", inBattle, map[string]any{"range": 4.0, "unit": "chasseurs",
			"target": "col ney", "with": "lancers, ALL", "parties": "rifles:2"},
			fireOrder{Mode: true, Range: 4, Unit: "Chasseurs", Target: "Col Ney", With: []string{"Lancers", "ALL"},
				Parties: []party{{"Rifles", 2}}, Drill: "line", Dice: 2, First: true}},
		{"another rule set's battle is a quick ruling", &battle.Game{Ruleset: "other"}, map[string]any{"range": 1.0, "unit": "Guard"},
			fireOrder{Range: 1, Unit: "Guard", Drill: "line", Dice: 2, First: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := run[fireOrder](t, "drill fire", tt.g, tt.opts)
			if err != nil {
				t.Fatalf("decode(%v) = %v", tt.opts, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("decode(%v) (-want +got):\n%s", tt.opts, diff)
			}
		})
	}
}

func TestDecodePointers(t *testing.T) {
	got, err := run[editOrder](t, "drill edit", &battle.Game{Ruleset: "drill"}, map[string]any{"name": "Lancers", "men": int64(0), "commander": "None"})
	if err != nil {
		t.Fatal(err)
	}
	zero, none := 0, "None"
	if diff := cmp.Diff(editOrder{Name: "Lancers", Men: &zero, Commander: &none, Order: "open"}, got); diff != "" {
		t.Errorf("decode (-want +got):\n%s", diff)
	}
	got, err = run[editOrder](t, "drill edit", nil, map[string]any{"name": "X", "tags": "", "order": "CLOSE"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Tags == nil || len(*got.Tags) != 0 || got.Order != "close" {
		t.Errorf("decode(tags:\"\" order:CLOSE) = tags %v, order %q; want tags given and empty, order close", got.Tags, got.Order)
	}
}

// Given holds the options typed: not those left out, nor those filled from a
// default or typed blank.
func TestDecodeGiven(t *testing.T) {
	type given struct {
		decode.Given
		fireOrder
	}
	got, err := run[given](t, "drill fire", nil, map[string]any{"range": 0.0, "aimed": false, "with": " ", "note": ""})
	if err != nil {
		t.Fatal(err)
	}
	typed := map[string]bool{}
	for _, o := range []string{"range", "unit", "aimed", "with", "dice", "first", "note"} {
		typed[o] = got.Has(o)
	}
	want := map[string]bool{"range": true, "unit": false, "aimed": true, "with": false, "dice": false, "first": false, "note": true}
	if diff := cmp.Diff(want, typed); diff != "" {
		t.Errorf("Given.Has (-want +got):\n%s", diff)
	}
}

// A side not on the roster is a new one: the battle's second needs no
// confirmation unless it is like the first; any after it asks for one.
func TestDecodeNewSide(t *testing.T) {
	one := &battle.Game{Ruleset: "drill"}
	two := &battle.Game{Ruleset: "drill", Board: []byte("two sides")}
	tests := []struct {
		name string
		g    *battle.Game
		opts map[string]any
		want string // the side decoded, or the refusal
	}{
		{"on the roster", two, map[string]any{"side": "french"}, "French"},
		{"the second side", one, map[string]any{"side": "British"}, "British"},
		{"like the first", one, map[string]any{"side": "Frensh"}, "No Frensh on the roster; did you mean French? To add Frensh, give `new-side:true`."},
		{"a third", two, map[string]any{"side": "Prussian"}, "No Prussian on the roster. To add Prussian, give `new-side:true`."},
		{"a third confirmed", two, map[string]any{"side": "Prussian", "new-side": true}, "Prussian"},
		{"a quick ruling's sides are free", nil, map[string]any{"side": "Frensh"}, "Frensh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts["name"] = "Lancers"
			o, err := run[editOrder](t, "drill edit", tt.g, tt.opts)
			got := o.Side
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("decode(%v) = %q, want %q", tt.opts, got, tt.want)
			}
		})
	}
}

// Every refusal is an *interaction.InputError, worded alike for every rule set.
func TestDecodeRefuses(t *testing.T) {
	inBattle := &battle.Game{Ruleset: "drill"}
	french := &battle.Game{Ruleset: "drill", Board: []byte("french")}
	tests := []struct {
		name string
		g    *battle.Game
		opts map[string]any
		want string
	}{
		{"missing", nil, map[string]any{}, "Give `range:` (Inches)."},
		{"out of range", nil, map[string]any{"range": -1.0}, "`range:` is a number from 0 to 100, not \"-1\"."},
		{"not a whole number", nil, map[string]any{"range": 1.0, "dice": 2.5}, "`dice:` is a whole number from 1 to 6, not \"2.5\"."},
		{"too many dice", nil, map[string]any{"range": 1.0, "dice": int64(9)}, "`dice:` is a whole number from 1 to 6, not \"9\"."},
		{"not a choice", nil, map[string]any{"range": 1.0, "drill": "skirmish"}, "`drill:` is line, column or square, not \"skirmish\"."},
		{"not inches", nil, map[string]any{"range": 1.0, "ranges": "12, far"}, "`ranges:` is a list of distances in inches from 0 to 1000, like `12, 14, 9`, not \"far\"."},
		{"an entry the rule set refuses", nil, map[string]any{"range": 1.0, "parties": "Hussars:x"}, "`parties:` give the men after the colon, like `Lancers:2`."},
		{"did you mean", inBattle, map[string]any{"range": 1.0, "unit": "Chasseur"}, "No Chasseur on the roster; did you mean Chasseurs?"},
		{"a name of another kind", inBattle, map[string]any{"range": 1.0, "unit": "Col Ney"}, "No Col Ney on the roster."},
		{"in a list", inBattle, map[string]any{"range": 1.0, "with": "Lancers, Lancer"}, "No Lancer on the roster; did you mean Lancers?"},
		{"in an entry", inBattle, map[string]any{"range": 1.0, "parties": "Lancers:2, Guard"}, "No Guard on the roster."},
		{"held whole", inBattle, map[string]any{"range": 1.0, "target": "Ney"}, "No Ney on the roster; did you mean Col Ney?"},
		{"hidden as if absent", french, map[string]any{"range": 1.0, "target": "Rifles"}, "No Rifles on the roster."},
		{"never suggests the hidden", french, map[string]any{"range": 1.0, "target": "Rifle"}, "No Rifle on the roster."},
		{"the umpire's board suggests it", inBattle, map[string]any{"range": 1.0, "target": "Rifle"}, "No Rifle on the roster; did you mean Rifles?"},
		{"markdown made inert", inBattle, map[string]any{"range": 1.0, "unit": "**Lancers**"}, `No \*\*Lancers\*\* on the roster; did you mean Lancers?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := run[fireOrder](t, "drill fire", tt.g, tt.opts)
			var in *interaction.InputError
			if !errors.As(err, &in) || in.Reason != tt.want {
				t.Errorf("decode(%v) = %v, want the input error %q", tt.opts, err, tt.want)
			}
		})
	}
}

func TestClosest(t *testing.T) {
	names := []string{"Chasseurs", "Chasseurs à cheval", "Lancers", "Lt Sharpe", "Sgt Harper", "Harris"}
	tests := []struct {
		typed string
		want  []string
	}{
		{"Chasseur", []string{"Chasseurs", "Chasseurs à cheval"}},
		{"sharpe", []string{"Lt Sharpe"}},
		{"Haris", []string{"Harris"}},
		{"Harper", []string{"Sgt Harper"}},
		{"Voltigeurs", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := decode.Closest(tt.typed, names); !cmp.Equal(got, tt.want) {
			t.Errorf("Closest(%q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
}

// A route whose order does not match its definition panics when it is built.
func TestRouteMismatchPanics(t *testing.T) {
	type missing struct {
		Range float64 `opt:"range"`
	}
	type wrongType struct {
		editOrder
		Men string `opt:"men"`
	}
	type unknown struct {
		editOrder
		Speed string `opt:"speed"`
	}
	type untagged struct {
		editOrder
		Loose string
	}
	type rosterInt struct {
		editOrder
		Men int `opt:"men" roster:"unit"`
	}
	type wordNote struct {
		fireOrder
		Note order `opt:"note"`
	}
	h := func(*battle.Tx, any) (interaction.Response, error) { return interaction.Response{}, nil }
	for name, build := range map[string]func(){
		"an option without a field": func() { decode.Route(decoder, "drill fire", adapt[missing](h)) },
		"a field of the wrong type": func() { decode.Route(decoder, "drill edit", adapt[wrongType](h)) },
		"an option not defined":     func() { decode.Route(decoder, "drill edit", adapt[unknown](h)) },
		"a field without a tag":     func() { decode.Route(decoder, "drill edit", adapt[untagged](h)) },
		"a roster number":           func() { decode.Route(decoder, "drill edit", adapt[rosterInt](h)) },
		"a word without choices":    func() { decode.Route(decoder, "drill fire", adapt[wordNote](h)) },
		"no such subcommand":        func() { decode.Route(decoder, "drill charge", adapt[editOrder](h)) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Route did not panic")
				}
			}()
			build()
		})
	}
}

func adapt[T any](h func(*battle.Tx, any) (interaction.Response, error)) decode.HandlerFunc[T] {
	return func(tx *battle.Tx, o T) (interaction.Response, error) { return h(tx, o) }
}

// A decoder for every rule set (ForEvery, as /map's) resolves names in a
// battle of any rule set; Reader decodes outside a change against the view
// it is given, refusing what the view does not hold alike.
func TestDecodeForEveryRuleset(t *testing.T) {
	every := decode.ForEvery(def, roster, decode.Parse(parseDrill), decode.ParseNamed(parseParty, func(p *party) *string { return &p.Name }))
	read := decode.Reader[fireOrder](every, "drill fire")
	opts := map[string]any{"range": 3.0, "unit": "rifles"}
	for _, tt := range []struct {
		name    string
		seen    *battle.Game
		unit    string
		refused string
	}{
		{"another rule set's battle", &battle.Game{Ruleset: "other"}, "Rifles", ""},
		{"a view that holds it", &battle.Game{Ruleset: "other", Board: []byte("two sides")}, "Rifles", ""},
		{"a view that does not", &battle.Game{Ruleset: "other", Board: []byte("french")}, "", "No rifles on the roster"},
		{"no battle: names free", nil, "rifles", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := read(interaction.Request{Path: "drill fire", Options: opts}, tt.seen)
			switch {
			case tt.refused != "":
				if err == nil || !strings.Contains(err.Error(), tt.refused) {
					t.Errorf("Reader(%v) = %v, want refused: %s", opts, err, tt.refused)
				}
			case err != nil:
				t.Errorf("Reader(%v) = %v", opts, err)
			case got.Unit != tt.unit || got.Mode.Battle() != (tt.seen != nil):
				t.Errorf("Reader(%v) = unit %q in a battle %v, want %q, %v", opts, got.Unit, got.Mode.Battle(), tt.unit, tt.seen != nil)
			}
		})
	}
}
