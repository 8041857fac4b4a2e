package decode

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// maxShown is the most of a refused value a refusal repeats.
const maxShown = 60

// decode fills o, an order of plan p, from tx's options, and resolves its
// roster names in a battle of the decoder's rule set.
func (d *Decoder) decode(tx *battle.Tx, p plan, o reflect.Value) error {
	r := resolver{d: d, req: tx.Req, seen: func() (*battle.Game, error) { return Seen(tx) }, about: func(n string) { tx.About(n) }}
	return d.fill(tx.Game, r, p, o)
}

// ours reports whether g is a battle whose roster names the decoder
// resolves: one of its rule set's, or any for a decoder of every rule set.
func (d *Decoder) ours(g *battle.Game) bool {
	return g != nil && (d.id == anyRuleset || g.Ruleset == d.id)
}

// fill fills o, an order of plan p, from r's request, and resolves its
// roster names by r when g is a battle of the decoder's.
func (d *Decoder) fill(g *battle.Game, r resolver, p plan, o reflect.Value) error {
	inBattle := d.ours(g)
	if p.mode != nil {
		o.FieldByIndex(p.mode).SetBool(inBattle)
	}
	typed := map[string]bool{}
	for _, f := range p.fields {
		given, err := f.read(r.req, o.FieldByIndex(f.index))
		if err != nil {
			return err
		}
		typed[f.opt.Name] = f.typed(r.req)
		if inBattle && given && f.roster != nil {
			if err := r.resolve(f, o.FieldByIndex(f.index)); err != nil {
				return err
			}
		}
	}
	if p.given != nil {
		o.FieldByIndex(p.given).Set(reflect.ValueOf(Given{typed: typed}))
	}
	return nil
}

// read sets v, the field f, from its option in req, and reports whether it
// was given.
func (f field) read(req interaction.Request, v reflect.Value) (bool, error) {
	name := f.opt.Name
	raw, given := req.Options[name], f.typed(req)
	if f.opt.Required && !given {
		return false, interaction.Inputf("Give `%s:` (%s).", name, f.opt.Description)
	}
	text := req.String(name)
	if !given {
		if !f.hasDef {
			if f.kind == kValue && !f.ptr {
				if x, err := f.value.parse(""); err == nil {
					v.Set(x) // the rule set's value of nothing typed
				}
			}
			return false, nil
		}
		text, raw = f.def, f.def
	}
	if len(f.opt.Choices) > 0 {
		c, err := f.choice(text)
		if err != nil {
			return false, err
		}
		text = c
	}
	if f.ptr {
		p := reflect.New(v.Type().Elem())
		v.Set(p)
		v = p.Elem()
	}
	switch f.kind {
	case kText, kWord:
		v.SetString(text)
	case kNames:
		v.Set(reflect.ValueOf(Names(text)))
	case kInt:
		n, err := f.whole(raw)
		if err != nil {
			return false, err
		}
		v.SetInt(int64(n))
	case kNumber:
		x, err := f.number(raw)
		if err != nil {
			return false, err
		}
		v.SetFloat(x)
	case kInches:
		xs, err := f.inches(text)
		if err != nil {
			return false, err
		}
		v.Set(reflect.ValueOf(xs))
	case kBool:
		b, ok := raw.(bool)
		if s, isText := raw.(string); isText {
			b, ok = s == "true", s == "true" || s == "false"
		}
		if !ok {
			return false, interaction.Inputf("`%s:` is true or false.", name)
		}
		v.SetBool(b)
	case kUser:
		u, ok := raw.(interaction.User)
		if !ok {
			return false, interaction.Inputf("`%s:` is a member of this server.", name)
		}
		v.Set(reflect.ValueOf(u))
	case kFile:
		file, ok := raw.(interaction.File)
		if !ok {
			return false, interaction.Inputf("`%s:` is an attached file.", name)
		}
		v.Set(reflect.ValueOf(file))
	case kValue:
		x, err := f.parse(text)
		if err != nil {
			return false, err
		}
		v.Set(x)
	case kValues:
		items := Names(text)
		list := reflect.MakeSlice(v.Type(), 0, len(items))
		for _, it := range items {
			x, err := f.parse(it)
			if err != nil {
				return false, err
			}
			list = reflect.Append(list, x)
		}
		v.Set(list)
	}
	return true, nil
}

// typed reports whether the invoker gave f's option: an empty list or
// value is none given.
func (f field) typed(req interaction.Request) bool {
	raw, ok := req.Options[f.opt.Name]
	if s, isText := raw.(string); isText && strings.TrimSpace(s) == "" && f.kind != kText && !f.ptr {
		return false
	}
	return ok
}

// Names splits a list of names at its commas: "Harris, Hagman" is two.
func Names(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// choice is the choice of f that s names (by its name or value, in any
// case), as its value.
func (f field) choice(s string) (string, error) {
	var values []string
	for _, c := range f.opt.Choices {
		v := fmt.Sprint(c.Value)
		if strings.EqualFold(c.Name, s) || strings.EqualFold(v, s) {
			return v, nil
		}
		values = append(values, v)
	}
	return "", interaction.Inputf("`%s:` is %s, not %s.", f.opt.Name, rules.Or(values), shown(s))
}

// parse reads s with the rule set's parser of f's values.
func (f field) parse(s string) (reflect.Value, error) {
	x, err := f.value.parse(s)
	if err != nil {
		return x, interaction.Inputf("`%s:` %s", f.opt.Name, err.Error())
	}
	return x, nil
}

// bounds says f's range, as its definition gives it.
func (f field) bounds() (lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	if f.opt.MinValue != nil {
		lo = *f.opt.MinValue
	}
	if f.opt.MaxValue != 0 {
		hi = f.opt.MaxValue
	}
	return lo, hi
}

// whole reads a whole number within f's range.
func (f field) whole(raw any) (int, error) {
	var n int
	switch v := raw.(type) {
	case int64:
		n = int(v)
	case int:
		n = v
	case float64:
		n = int(v)
		if float64(n) != v {
			return 0, f.outOfRange("a whole number", fmt.Sprint(v))
		}
	case string:
		x, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return 0, f.outOfRange("a whole number", v)
		}
		n = x
	default:
		return 0, f.outOfRange("a whole number", fmt.Sprint(raw))
	}
	if lo, hi := f.bounds(); float64(n) < lo || float64(n) > hi {
		return 0, f.outOfRange("a whole number", strconv.Itoa(n))
	}
	return n, nil
}

// number reads a finite number within f's range.
func (f field) number(raw any) (float64, error) {
	var x float64
	switch v := raw.(type) {
	case float64:
		x = v
	case int64:
		x = float64(v)
	case int:
		x = float64(v)
	case string:
		y, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return 0, f.outOfRange("a number", v)
		}
		x = y
	default:
		return 0, f.outOfRange("a number", fmt.Sprint(raw))
	}
	if lo, hi := f.bounds(); math.IsNaN(x) || x < lo || x > hi {
		return 0, f.outOfRange("a number", strconv.FormatFloat(x, 'g', -1, 64))
	}
	return x, nil
}

// MaxInches is the longest distance a list of inches takes.
const MaxInches = 1000

// inches reads a list of distances in inches, each from 0 to MaxInches,
// with or without its inch mark: "12, 14\", 9".
func (f field) inches(s string) ([]float64, error) {
	var out []float64
	for _, it := range Names(s) {
		x, err := strconv.ParseFloat(strings.TrimSuffix(it, "\""), 64)
		if err != nil || !(x >= 0 && x <= MaxInches) {
			return nil, interaction.Inputf("`%s:` is a list of distances in inches from 0 to %d, like `12, 14, 9`, not %s.", f.opt.Name, MaxInches, shown(it))
		}
		out = append(out, x)
	}
	return out, nil
}

// outOfRange refuses a value of f that is not what of its range.
func (f field) outOfRange(what, s string) error {
	lo, hi := f.bounds()
	span := ""
	switch {
	case !math.IsInf(lo, 0) && !math.IsInf(hi, 0):
		span = fmt.Sprintf(" from %v to %v", lo, hi)
	case !math.IsInf(lo, 0):
		span = fmt.Sprintf(" of at least %v", lo)
	case !math.IsInf(hi, 0):
		span = fmt.Sprintf(" of at most %v", hi)
	}
	return interaction.Inputf("`%s:` is %s%s, not %s.", f.opt.Name, what, span, shown(s))
}

// shown is a refused value as its refusal repeats it: quoted, inert, and
// at most maxShown characters.
func shown(s string) string {
	if r := []rune(s); len(r) > maxShown {
		s = string(r[:maxShown-1]) + "…"
	}
	return `"` + rules.Inert(s) + `"`
}
