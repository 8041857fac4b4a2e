package mapcmd

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Measures, embedded in an order, is what the battle's table measured for it
// before its handler ran (Measured): how each option was measured, for the
// ruling, and the target's cover when the order has no option of its own for
// it.
type Measures struct {
	// Given is which options the invoker typed: a typed one the table
	// contradicts is refused, one left out is measured.
	decode.Given
	how []string
	// TargetCover is the cover of the ground the target stands in, in the
	// rule set's words ("" off a map).
	TargetCover string
	// Nearest is the nearest enemy the order's first end may choose instead
	// of its target, when the table measured one nearer ("" otherwise): for
	// a refusal of a target that is not the closest.
	Nearest string
	// Parts are the distances measured from each part of the order's first
	// end placed apart from it on the table, by name (a squad's figures, to
	// the target), when a rule with Parts measured it; nil otherwise.
	Parts map[string]float64
}

// Measured is how the table measured the order, one line each, for
// rules.Ruling.Measured; none off a map.
func (m Measures) Measured() []string { return m.how }

// A Rule measures one kind of order on the table.
type Rule struct {
	// From and To are the options that name the order's two ends (the firer
	// and its target), each a name or a list whose first name counts (the
	// rest of From's list are Ends.Rest).
	From, To string
	// Other, when To is "" or its option left out, finds the order's other
	// end from the first (a squad's officer), on the game's board; "" when
	// it has none.
	Other func(g *battle.Game, from string) (string, error)
	// Rivals, when not nil, are the names of what the first end might have
	// chosen instead of the other (the enemies a unit may shoot at), on the
	// game as the invoker's side knows it.
	Rivals func(g *battle.Game, from string) ([]string, error)
	// Bound, when not nil, says whether the first end must choose the
	// nearest of its Rivals now, on the game's board (a unit out of
	// command, V3); without it, whenever it has Rivals.
	Bound func(g *battle.Game, from string) (bool, error)
	// Parts, when not nil, are the names of the first end's parts that may
	// stand on the table apart from it (a squad's figures).
	Parts func(g *battle.Game, from string) ([]string, error)
	// Options are the options Measure may give values for; Need those the
	// order cannot do without, typed or measured.
	Options, Need []string
	// Untargeted: with its To option left out on a battle's table and its
	// first end standing there, the order runs unmeasured and Need is not
	// asked for: its handler looks on the table itself (an observation with
	// no target, gj.Survey).
	Untargeted bool
	// Measure measures the order: values for its options, or a refusal of
	// what the table does not allow (a target out of sight).
	Measure func(e Ends) (Measured, error)
}

// Ends are an order's two ends on the table, the others its first option
// names that stand there, the rest of the first's side there, and the
// Rule's Rivals and Parts that stand there. Bound says the first end must
// choose the nearest of its Rivals (Rule.Bound), which are measured only
// then.
type Ends struct {
	Table    tabletop.Table
	From, To tabletop.Unit
	Rest     []tabletop.Unit
	Friends  []tabletop.Unit
	Bound    bool
	Rivals   []tabletop.Unit
	Parts    []tabletop.Unit
	// Unseen are the Friends under fog of war that not every reader of the
	// ruling knows of (the main channel has not seen them): a measure counts
	// them as the rules do, and its words do not name them.
	Unseen map[string]bool
}

// Measured is what a Rule measured: the value of each option it measured,
// what else the ruling should say it measured (Also), the target's cover
// for an order with no option for it, the nearest rival when the target is
// not (Measures.Nearest), and the distances from the parts (Measures.Parts).
type Measured struct {
	Values  []Value
	Also    []string
	Cover   string
	Nearest string
	Parts   map[string]float64
}

// A Value is one option measured: a distance in inches, true or false, or a
// word of the rule set's (nil: none, so that typing it disagrees), and how it
// was measured, for the ruling (Quiet: only for a refusal of what was typed).
type Value struct {
	Option string
	Is     any
	How    string
	Quiet  bool
}

// how are the lines of how the values were measured.
func (m Measured) how() []string {
	var out []string
	for _, v := range m.Values {
		if !v.Quiet {
			out = append(out, v.How)
		}
	}
	return append(out, m.Also...)
}

// Measure is h with its order measured on the battle's table first, when
// the battle is rs's, has a table and both of the order's ends stand on it:
// each option of rule.Options is set from the table, and one the invoker
// typed that the table contradicts is refused, naming the measure. Off a
// map the order runs as typed, and an option of rule.Need left out is asked
// for. It panics, when the route is built, if T lacks an option rule names
// or an embedded Measures.
func Measure[T any](rs battle.Ruleset, rule Rule, h decode.HandlerFunc[T]) decode.HandlerFunc[T] {
	fields := optionFields(reflect.TypeFor[T]())
	for _, o := range append([]string{rule.From, rule.To, measuresField}, rule.Options...) {
		if _, ok := fields[o]; !ok && (o != "" || rule.Other == nil) {
			panic(fmt.Sprintf("mapcmd: %s has no option %q to measure", reflect.TypeFor[T](), o))
		}
	}
	return func(tx *battle.Tx, o T) (interaction.Response, error) {
		v := reflect.ValueOf(&o).Elem()
		ms := v.FieldByIndex(fields[measuresField]).Addr().Interface().(*Measures)
		ends, on, err := endsOf(tx, rs, v, fields, rule)
		if err != nil {
			return interaction.Response{}, err
		}
		if !on && rule.Untargeted && untargeted(tx.Game, v, fields, rule) {
			return h(tx, o)
		}
		if !on {
			for _, n := range rule.Need {
				if !ms.Has(n) {
					return interaction.Response{}, interaction.Inputf("Give `%s:` in inches: on the battle's map, with both ends of the order placed, the referee measures it.", n)
				}
			}
			return h(tx, o)
		}
		m, err := rule.Measure(ends)
		if err != nil {
			return interaction.Response{}, err
		}
		for _, mv := range m.Values {
			f, ok := fields[mv.Option]
			if !ok || !slices.Contains(rule.Options, mv.Option) {
				panic(fmt.Sprintf("mapcmd: a rule measured %q, not among its options", mv.Option))
			}
			if err := take(ms.Given, v.FieldByIndex(f), mv); err != nil {
				return interaction.Response{}, err
			}
		}
		// An order measured by several rules (a command's distance and a
		// fire's range) says how by each.
		ms.how = append(ms.how, m.how()...)
		if m.Cover != "" {
			ms.TargetCover = m.Cover
		}
		if m.Nearest != "" {
			ms.Nearest = m.Nearest
		}
		if rule.Parts != nil {
			ms.Parts = m.Parts
		}
		return h(tx, o)
	}
}

// untargeted reports whether the order names no To end and its first end
// stands on the battle's table (Rule.Untargeted).
func untargeted(g *battle.Game, v reflect.Value, fields map[string][]int, rule Rule) bool {
	if g == nil || g.Map == nil || firstName(v.FieldByIndex(fields[rule.To])) != "" {
		return false
	}
	_, placed := g.Map.Unit(firstName(v.FieldByIndex(fields[rule.From])))
	return placed
}

// measuresField is where optionFields keeps the embedded Measures.
const measuresField = "\x00measures"

// optionFields are the fields of an order by the option each holds, and
// its embedded Measures.
func optionFields(t reflect.Type) map[string][]int {
	fields := map[string][]int{}
	for _, sf := range reflect.VisibleFields(t) {
		if o, ok := sf.Tag.Lookup("opt"); ok {
			if _, dup := fields[o]; !dup {
				fields[o] = sf.Index
			}
		}
		if sf.Anonymous && sf.Type == reflect.TypeFor[Measures]() {
			fields[measuresField] = sf.Index
		}
	}
	return fields
}

// endsOf are the order's ends on the battle's table, and whether it is
// measured there.
func endsOf(tx *battle.Tx, rs battle.Ruleset, v reflect.Value, fields map[string][]int, rule Rule) (Ends, bool, error) {
	g := tx.Game
	if g == nil || g.Map == nil || g.Ruleset != rs.ID() {
		return Ends{}, false, nil
	}
	named := namesIn(v.FieldByIndex(fields[rule.From]))
	if len(named) == 0 {
		return Ends{}, false, nil
	}
	other := ""
	if rule.To != "" {
		other = firstName(v.FieldByIndex(fields[rule.To]))
	}
	if other == "" && rule.Other != nil {
		o, err := rule.Other(g, named[0])
		if err != nil {
			return Ends{}, false, err
		}
		other = o
	}
	from, okFrom := g.Map.Unit(named[0])
	to, okTo := g.Map.Unit(other)
	if !okFrom || !okTo {
		return Ends{}, false, nil
	}
	e := Ends{Table: *g.Map, From: from, To: to, Rest: placed(g.Map, named[1:])}
	if rule.Parts != nil {
		names, err := rule.Parts(g, from.Name)
		if err != nil {
			return Ends{}, false, err
		}
		e.Parts = placed(g.Map, names)
	}
	fog, fogged := rs.(view.Fog)
	var err error
	if e.Bound = rule.Rivals != nil; e.Bound && rule.Bound != nil {
		if e.Bound, err = rule.Bound(g, from.Name); err != nil {
			return Ends{}, false, err
		}
	}
	if e.Bound {
		if e.Rivals, err = rivals(tx, fog, rule, from.Name); err != nil {
			return Ends{}, false, err
		}
	}
	if !fogged {
		return e, true, nil
	}
	sides, err := fog.Names(g)
	if err != nil {
		return Ends{}, false, err
	}
	for _, u := range g.Map.Units {
		if u.Name != from.Name && sides[u.Name] != "" && strings.EqualFold(sides[u.Name], sides[from.Name]) {
			e.Friends = append(e.Friends, u)
		}
	}
	if g.Fogged() {
		known, err := fog.Known(g, rules.Main)
		if err != nil {
			return Ends{}, false, err
		}
		for _, f := range e.Friends {
			if _, ok := known[f.Name]; !ok {
				if e.Unseen == nil {
					e.Unseen = map[string]bool{}
				}
				e.Unseen[f.Name] = true
			}
		}
	}
	return e, true, nil
}

// rivals are the rule's Rivals of from that stand on the table, of those
// the invoker's side knows (all, for the umpire or without fog of war).
func rivals(tx *battle.Tx, fog view.Fog, rule Rule, from string) ([]tabletop.Unit, error) {
	g := tx.Game
	seer, err := view.Seer(tx)
	if err != nil {
		return nil, err
	}
	if seer != "" && fog != nil {
		if g, err = fog.View(g, rules.Reader{Side: seer}); err != nil {
			return nil, err
		}
	}
	names, err := rule.Rivals(g, from)
	if err != nil {
		return nil, err
	}
	return placed(tx.Game.Map, names), nil
}

// placed are the units of those named that stand on the table.
func placed(t *tabletop.Table, names []string) []tabletop.Unit {
	var out []tabletop.Unit
	for _, n := range names {
		if u, ok := t.Unit(n); ok {
			out = append(out, u)
		}
	}
	return out
}

// firstName is the name an option field holds, or the first of its list.
func firstName(v reflect.Value) string {
	if ns := namesIn(v); len(ns) > 0 {
		return ns[0]
	}
	return ""
}

// namesIn are the names an option field holds: its one, or its list.
func namesIn(v reflect.Value) []string {
	switch {
	case v.Kind() == reflect.String && v.String() != "":
		return []string{v.String()}
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
		out := make([]string, v.Len())
		for i := range out {
			out[i] = v.Index(i).String()
		}
		return out
	}
	return nil
}

// take sets field, the option v.Option, to the measured value, or refuses
// what the invoker typed there when the table says otherwise.
func take(typed decode.Given, field reflect.Value, v Value) error {
	ptr := field.Kind() == reflect.Pointer
	if got := field; typed.Has(v.Option) {
		if ptr {
			got = field.Elem()
		}
		if err := Typed(typed, got.Interface(), v); err != nil {
			return err
		}
	}
	if v.Is == nil {
		return nil
	}
	if ptr {
		field.Set(reflect.New(field.Type().Elem()))
		field = field.Elem()
	}
	switch m := v.Is.(type) {
	case float64:
		field.SetFloat(tabletop.Tenth(m))
	case bool:
		field.SetBool(m)
	case string:
		field.SetString(m)
	default:
		panic(fmt.Sprintf("mapcmd: a measure of %s is a %T", v.Option, v.Is))
	}
	return nil
}

// agree reports whether a typed value is the measured one: a distance within
// tabletop.Tolerance, the same true or false, the same word.
func agree(typed reflect.Value, measured any) bool {
	switch m := measured.(type) {
	case nil:
		return false
	case float64:
		return tabletop.Agree(typed.Float(), m)
	case bool:
		return typed.Bool() == m
	case string:
		return strings.EqualFold(typed.String(), m)
	}
	return false
}

// shown is a typed value as the invoker typed it.
func shown(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Float64:
		return inches(v.Float())
	case reflect.Bool:
		return fmt.Sprint(v.Bool())
	}
	return v.String()
}
