package dice

import (
	"reflect"
	"testing"
)

// blank is an Expr as ParseInto prepares it before parsing s.
func blank(s string) *Expr {
	e := &Expr{src: s, repeat: 1, root: -1}
	e.nodes, e.terms = e.nodeBuf[:0], e.termBuf[:0]
	return e
}

// FuzzFastParseAgrees checks the fast path against the full parser: whatever
// fastParse accepts, the full parser accepts too and builds the same expression.
func FuzzFastParseAgrees(f *testing.F) {
	for _, s := range []string{"d20", "2d6+3", "4d6kh3", "10d6>=5", "d100", "d%", "1d20+1d6+4",
		"3d6-2", "4d6dl1+2d8kl1-3", "20d6<3", "6d10=10", "d6+d6+d6+d6", "7", "2d6 + 3", "(d6)", "d1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > MaxInputLen {
			return
		}
		fast := blank(s)
		if !fastParse(fast, s) {
			return
		}
		full := blank(s)
		p := parser{s: s, e: full}
		if err := p.roll(); err != nil {
			t.Fatalf("fastParse accepted %q; the full parser refuses it: %v", s, err)
		}
		got := []any{fast.repeat, fast.root, fast.body, fast.dice, fast.nodes, fast.terms}
		want := []any{full.repeat, full.root, full.body, full.dice, full.nodes, full.terms}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("fastParse(%q) = %+v, the full parser built %+v", s, got, want)
		}
	})
}
