package dice

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// An Expr is parsed dice notation, ready to roll any number of times. An Expr from
// Parse is never changed again and may be rolled from many goroutines at once;
// ParseInto overwrites the Expr it is given. Use an Expr through a pointer; do not
// copy one.
//
// The grammar (spaces are allowed between tokens, letters in either case):
//
//	roll     = [ count "#" ] expr               repeat form: 3#d20
//	expr     = product { ( "+" | "-" ) product }
//	product  = unary { "*" unary }
//	unary    = "-" unary | primary
//	primary  = number | dice | "(" expr ")"
//	dice     = [ count ] "d" ( sides | "%" ) { modifier }
//	modifier = "r" cond | "ro" cond             reroll while / once
//	         | "!" [ cond ]                     explode (on the highest face by default)
//	         | ( "kh" | "kl" | "dh" | "dl" | "k" ) [ count ]
//	         | compare number                   count successes
//	cond     = [ compare ] number               a bare number means "="
//	compare  = ">=" | ">" | "<=" | "<" | "="
//
// A d100 (or d%) is a red tens d10 and a white units d10. A d66 is a tens d6 and a
// units d6 read 11-66 (36 results, each 1/36); it is a label rather than a number,
// so it is rolled only as the whole expression (d66, 1d66, 3#d66): a count,
// modifiers or arithmetic with it are refused.
type Expr struct {
	src    string
	repeat int
	root   int32
	body   int32 // offset of the expression after a repeat count
	dice   int   // worst-case dice of one repetition
	nodes  []node
	terms  []term

	// Inline storage, so that short notations (up to three dice terms and five
	// nodes: 1d20+1d6+4) parse with a single allocation.
	nodeBuf [5]node
	termBuf [3]term
}

type op uint8

const (
	opNum op = iota
	opDice
	opNeg
	opAdd
	opSub
	opMul
)

// A node of the expression tree. Children and terms are indexes, so that the tree
// lives in one slice.
type node struct {
	op     op
	a, b   int32 // children; for opDice, a is the index of the term
	lo, hi int64 // the least and greatest value the node can take (for opNum, its value)
}

type keepKind uint8

const (
	keepAll keepKind = iota
	keepHigh
	keepLow
)

type rerollKind uint8

const (
	rerollNone rerollKind = iota
	rerollOnce
	rerollWhile
)

// A span is the faces lo..hi of a die (empty when lo > hi).
type span struct{ lo, hi int16 }

func (s span) has(f int) bool { return int(s.lo) <= f && f <= int(s.hi) }

// A cond is a union of spans.
type cond struct {
	n int8
	s [MaxRerollClauses]span
}

func (c *cond) has(f int) bool {
	for i := range c.n {
		if c.s[i].has(f) {
			return true
		}
	}
	return false
}

// A term is one dice term: NdX with its modifiers.
type term struct {
	count   int32
	sides   int32
	keepN   int32 // dice kept, when keep != keepAll
	keep    keepKind
	reroll  rerollKind
	pct     bool // a d100 read from a red and a white d10
	d66     bool // a d66 read from a tens d6 and a units d6 (11-66)
	explode bool
	succ    bool
	rr      cond // faces rerolled
	ex      span // faces that explode
	win     span // faces that count as a success
	start   int32
	end     int32 // the term's text is src[start:end]
}

// plain reports whether the term is a bare NdX.
func (t *term) plain() bool {
	return t.keep == keepAll && t.reroll == rerollNone && !t.explode && !t.succ
}

// perDie is the worst-case count of dice one die of the term may roll.
func (t *term) perDie() int {
	n := 1
	switch t.reroll {
	case rerollOnce:
		n = 2
	case rerollWhile:
		n = 1 + MaxRerolls
	}
	if t.explode {
		n *= 1 + MaxExplosions
	}
	return n
}

// String returns the notation as written.
func (e *Expr) String() string { return e.src }

// Repeat is the count of a repeat form (3 for 3#d20), 1 otherwise.
func (e *Expr) Repeat() int { return e.repeat }

// Bounds returns the least and greatest total one repetition can come to.
func (e *Expr) Bounds() (lo, hi int64) { n := &e.nodes[e.root]; return n.lo, n.hi }

// MaxDiceRolled is the most dice a roll of e can produce (all repetitions,
// every reroll and explosion up to its cap); it is at most MaxDice.
func (e *Expr) MaxDiceRolled() int { return e.dice * e.repeat }

// Pool reports whether e is a single dice term counting successes (10d6>=5).
func (e *Expr) Pool() bool {
	n := &e.nodes[e.root]
	return n.op == opDice && e.terms[n.a].succ
}

type parser struct {
	s     string
	i     int
	depth int
	e     *Expr
}

// Parse reads dice notation. Every limit is checked here, before any die is
// rolled; a refused notation yields an *Error naming the column and what was
// expected.
func Parse(s string) (*Expr, error) {
	e := new(Expr)
	if err := ParseInto(e, s); err != nil {
		return nil, err
	}
	return e, nil
}

// ParseInto is Parse into an Expr the caller owns, reusing its storage: a command
// that parses and rolls with the same Expr and Result does not allocate. It
// overwrites e, which must not be in use by another goroutine; after an error e
// holds no expression and must not be rolled.
func ParseInto(e *Expr, s string) error {
	nodes, terms := e.nodes, e.terms
	if cap(nodes) == 0 {
		nodes, terms = e.nodeBuf[:0], e.termBuf[:0]
	}
	// Every field but the inline buffers, which need no clearing: each node and
	// term is written whole before it is read.
	e.src, e.repeat, e.root, e.body, e.dice = s, 1, -1, 0, 0
	e.nodes, e.terms = nodes[:0], terms[:0]
	if len(s) > MaxInputLen {
		return errAt(s, MaxInputLen, "MaxInputLen", "the notation is %d bytes long; at most %d are allowed", len(s), MaxInputLen)
	}
	p := parser{s: s, e: e}
	return p.roll()
}

func (p *parser) errf(off int, format string, args ...any) *Error {
	return errAt(p.s, off, "", format, args...)
}

func (p *parser) limitf(off int, limit, format string, args ...any) *Error {
	return errAt(p.s, off, limit, format, args...)
}

func (p *parser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// found describes what is at offset i, for error messages.
func (p *parser) found(i int) string {
	if i >= len(p.s) {
		return "the end"
	}
	r, size := utf8.DecodeRuneInString(p.s[i:])
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("the byte %#02x", p.s[i])
	}
	if r >= utf8.RuneSelf && unicode.IsDigit(r) {
		return fmt.Sprintf("%q (only the digits 0-9 are read)", r)
	}
	return fmt.Sprintf("%q", r)
}

func (p *parser) roll() error {
	p.space()
	if p.i == len(p.s) {
		return p.errf(p.i, "expected dice notation such as 2d6+3, found nothing")
	}
	// A repeat form starts with a count and '#'.
	if isDigit(p.peek()) {
		j := p.i
		for j < len(p.s) && isDigit(p.s[j]) {
			j++
		}
		k := j
		for k < len(p.s) && (p.s[k] == ' ' || p.s[k] == '\t') {
			k++
		}
		if k < len(p.s) && p.s[k] == '#' {
			start := p.i
			n, err := p.number("a repeat count")
			if err != nil {
				return err
			}
			if n < 1 {
				return p.errf(start, "the repeat count must be at least 1")
			}
			if n > MaxRepeat {
				return p.limitf(start, "MaxRepeat", "%s repetitions; at most %d are allowed", p.s[start:p.i], MaxRepeat)
			}
			p.e.repeat = int(n)
			p.i = k + 1
			p.e.body = int32(p.i)
		}
	}
	root, err := p.expr()
	if err != nil {
		return err
	}
	p.space()
	if p.i < len(p.s) {
		if p.s[p.i] == ')' {
			return p.errf(p.i, "found %q with no \"(\" to close", ')')
		}
		if p.s[p.i] == '/' {
			return p.errf(p.i, "division is not supported; expected +, -, * or the end")
		}
		return p.errf(p.i, "expected +, -, * or the end, found %s", p.found(p.i))
	}
	if n := &p.e.nodes[root]; n.op != opDice || len(p.e.terms) != 1 {
		for _, t := range p.e.terms {
			if t.d66 {
				return p.errf(int(t.start), "%s", errD66)
			}
		}
	}
	p.e.root = root
	return nil
}

// errD66 refuses a d66 that is not a lone term: its 11-66 reading is a label
// (two digits), not a number to add to or multiply.
const errD66 = "a d66 (a tens d6 and a units d6, read 11-66) is rolled alone: write d66, with no count, modifiers or arithmetic"

// number reads a decimal number. One past MaxValue reads as tooLarge, so
// that its reader refuses it by the limit that applies to it (a dice count
// by MaxCount, a plain number by MaxValue: tooLargeAt), quoting the digits as
// written.
func (p *parser) number(what string) (int64, error) {
	if !isDigit(p.peek()) {
		return 0, p.errf(p.i, "expected %s, found %s", what, p.found(p.i))
	}
	var n int64
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		n = min(n*10+int64(p.s[p.i]-'0'), tooLarge)
		p.i++
	}
	return n, nil
}

// tooLarge is what number reads for any number past MaxValue.
const tooLarge = MaxValue + 1

// tooLargeAt is the refusal of a number past MaxValue at offset at, where no
// tighter limit applies.
func (p *parser) tooLargeAt(at int) *Error {
	return p.limitf(at, "MaxValue", "the number is too large; at most %d is allowed", int64(MaxValue))
}

func (p *parser) add(o op, a, b int32, lo, hi int64) int32 {
	p.e.nodes = append(p.e.nodes, node{})
	n := &p.e.nodes[len(p.e.nodes)-1]
	n.op, n.a, n.b, n.lo, n.hi = o, a, b, lo, hi
	return int32(len(p.e.nodes) - 1)
}

func (p *parser) expr() (int32, error) {
	a, err := p.product()
	if err != nil {
		return 0, err
	}
	for {
		p.space()
		c := p.peek()
		if c != '+' && c != '-' {
			return a, nil
		}
		at := p.i
		p.i++
		b, err := p.product()
		if err != nil {
			return 0, err
		}
		o := opAdd
		if c == '-' {
			o = opSub
		}
		if a, err = p.binary(o, a, b, at); err != nil {
			return 0, err
		}
	}
}

func (p *parser) product() (int32, error) {
	a, err := p.unary()
	if err != nil {
		return 0, err
	}
	for {
		p.space()
		if p.peek() != '*' {
			return a, nil
		}
		at := p.i
		p.i++
		b, err := p.unary()
		if err != nil {
			return 0, err
		}
		if a, err = p.binary(opMul, a, b, at); err != nil {
			return 0, err
		}
	}
}

// binary adds an operator node, checking that its value stays within MaxValue.
func (p *parser) binary(o op, a, b int32, at int) (int32, error) {
	x, y := &p.e.nodes[a], &p.e.nodes[b]
	var lo, hi int64
	var ok bool
	switch o {
	case opAdd:
		lo, hi, ok = x.lo+y.lo, x.hi+y.hi, true
	case opSub:
		lo, hi, ok = x.lo-y.hi, x.hi-y.lo, true
	case opMul:
		lo, hi, ok = mulBounds(x.lo, x.hi, y.lo, y.hi)
	}
	if !ok || lo < -MaxValue || hi > MaxValue {
		return 0, p.limitf(at, "MaxValue", "the result could pass %d in size; at most %d is allowed",
			int64(MaxValue), int64(MaxValue))
	}
	return p.add(o, a, b, lo, hi), nil
}

// mulBounds is the range of x*y for x in alo..ahi and y in blo..bhi; ok is false
// when a product could pass MaxValue. Every bound is at most MaxValue in size.
func mulBounds(alo, ahi, blo, bhi int64) (lo, hi int64, ok bool) {
	lo, hi = MaxValue, -MaxValue
	for _, x := range [2]int64{alo, ahi} {
		for _, y := range [2]int64{blo, bhi} {
			if x != 0 && (y > MaxValue/abs(x) || y < -MaxValue/abs(x)) {
				return 0, 0, false
			}
			v := x * y
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi, true
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func (p *parser) enter(at int) error {
	p.depth++
	if p.depth > MaxDepth {
		return p.limitf(at, "MaxDepth", "nested too deep; at most %d levels of parentheses and minus signs are allowed", MaxDepth)
	}
	return nil
}

func (p *parser) unary() (int32, error) {
	p.space()
	if p.peek() != '-' {
		return p.primary()
	}
	at := p.i
	if err := p.enter(at); err != nil {
		return 0, err
	}
	p.i++
	x, err := p.unary()
	if err != nil {
		return 0, err
	}
	p.depth--
	n := &p.e.nodes[x]
	return p.add(opNeg, x, 0, -n.hi, -n.lo), nil
}

func (p *parser) primary() (int32, error) {
	p.space()
	at := p.i
	c := lower(p.peek())
	switch {
	case c == '(':
		if err := p.enter(at); err != nil {
			return 0, err
		}
		p.i++
		x, err := p.expr()
		if err != nil {
			return 0, err
		}
		p.space()
		if p.peek() != ')' {
			return 0, p.errf(p.i, "expected \")\" to close the \"(\" at column %d, found %s", at+1, p.found(p.i))
		}
		p.i++
		p.depth--
		return x, nil
	case isDigit(c):
		n, err := p.number("a number")
		if err != nil {
			return 0, err
		}
		if lower(p.peek()) == 'd' {
			return p.dice(at, n)
		}
		if n > MaxValue {
			return 0, p.tooLargeAt(at)
		}
		return p.add(opNum, 0, 0, n, n), nil
	case c == 'd':
		return p.dice(at, 1)
	}
	if at > 0 {
		prev := p.s[at-1]
		for k := at - 1; k > 0 && (prev == ' ' || prev == '\t'); k-- {
			prev = p.s[k-1]
		}
		if prev == '+' || prev == '-' || prev == '*' || prev == '(' || prev == '#' {
			return 0, p.errf(at, "expected a number, dice or \"(\" after %q, found %s", prev, p.found(at))
		}
	}
	return 0, p.errf(at, "expected a number, dice or \"(\", found %s", p.found(at))
}

// dice reads a dice term whose count (already read) starts at offset at; p.i is at the "d".
func (p *parser) dice(at int, count int64) (int32, error) {
	if count < 1 {
		return 0, p.errf(at, "a dice term needs at least 1 die")
	}
	if count > MaxCount {
		return 0, p.limitf(at, "MaxCount", "%s dice in one term; at most %d are allowed", p.s[at:p.i], MaxCount)
	}
	p.i++ // the "d"
	// The term is filled in place in e.terms: building it in a temporary and
	// copying it costs more than the rest of the parse.
	p.e.terms = append(p.e.terms, term{})
	ti := int32(len(p.e.terms) - 1)
	t := &p.e.terms[ti]
	t.count, t.start = int32(count), int32(at)
	if p.peek() == '%' {
		p.i++
		t.sides, t.pct = 100, true
	} else {
		sidesAt := p.i
		if !isDigit(p.peek()) {
			return 0, p.errf(p.i, "expected a number of sides or %% after \"d\", found %s", p.found(p.i))
		}
		s, err := p.number("a number of sides")
		if err != nil {
			return 0, err
		}
		if s < MinSides {
			return 0, p.limitf(sidesAt, "MinSides", "a die needs at least %d sides", MinSides)
		}
		if s > MaxSides {
			return 0, p.limitf(sidesAt, "MaxSides", "a d%s has too many sides; at most %d are allowed", p.s[sidesAt:p.i], MaxSides)
		}
		t.sides, t.pct, t.d66 = int32(s), s == 100, s == 66
	}
	if err := p.modifiers(t); err != nil {
		return 0, err
	}
	if t.d66 && (t.count != 1 || !t.plain()) {
		return 0, p.errf(at, "%s: %s", p.s[at:p.i], errD66)
	}
	t.end = int32(p.i)
	if err := p.check(t, at); err != nil {
		return 0, err
	}
	lo, hi := t.bounds()
	return p.add(opDice, ti, 0, lo, hi), nil
}

func (p *parser) modifiers(t *term) error {
	sides := int(t.sides)
	for p.i < len(p.s) {
		at := p.i
		switch lower(p.s[p.i]) {
		case 'r':
			p.i++
			kind := rerollWhile
			if lower(p.peek()) == 'o' {
				p.i++
				kind = rerollOnce
			}
			if t.reroll != rerollNone && t.reroll != kind {
				return p.errf(at, "a term may not mix rerolls while (r) and once (ro)")
			}
			if int(t.rr.n) == MaxRerollClauses {
				return p.limitf(at, "MaxRerollClauses", "at most %d reroll clauses are allowed in one term", MaxRerollClauses)
			}
			s, err := p.cond(sides, false, "a face to reroll after \"r\"")
			if err != nil {
				return err
			}
			t.reroll = kind
			t.rr.s[t.rr.n] = s
			t.rr.n++
		case '!':
			if t.explode {
				return p.errf(at, "a term may explode only once")
			}
			p.i++
			t.explode = true
			t.ex = span{int16(sides), int16(sides)}
			if c := p.peek(); isDigit(c) || c == '<' || c == '>' || c == '=' {
				s, err := p.cond(sides, false, "a face to explode on after \"!\"")
				if err != nil {
					return err
				}
				t.ex = s
			}
		case 'k', 'd':
			c := lower(p.s[p.i])
			p.i++
			h := lower(p.peek())
			switch {
			case h == 'h' || h == 'l':
				p.i++
			case c == 'k':
				h = 'h'
			default:
				return p.errf(p.i, "expected \"h\" or \"l\" after \"d\" (drop highest or lowest), found %s", p.found(p.i))
			}
			if t.keep != keepAll {
				return p.errf(at, "a term may keep or drop only once")
			}
			n, nAt := int64(1), p.i
			if isDigit(p.peek()) {
				var err error
				if n, err = p.number("a count"); err != nil {
					return err
				}
			}
			keep := n
			if c == 'd' {
				keep = int64(t.count) - n
			}
			if n > int64(t.count) {
				verb := "keep"
				if c == 'd' {
					verb = "drop"
				}
				return p.errf(at, "cannot %s %s of %d dice", verb, p.s[nAt:p.i], t.count)
			}
			if keep < 1 {
				return p.errf(at, "at least one die must be kept")
			}
			if c == 'k' && h == 'h' || c == 'd' && h == 'l' {
				t.keep = keepHigh
			} else {
				t.keep = keepLow
			}
			t.keepN = int32(keep)
		case '<', '>', '=':
			if t.succ {
				return p.errf(at, "a term may count successes only once")
			}
			s, err := p.cond(sides, true, "a target number")
			if err != nil {
				return err
			}
			t.succ, t.win = true, s
		default:
			return nil
		}
	}
	return nil
}

// cond reads [compare] number and returns the faces of a d(sides) it matches.
// The comparison is required when needCmp is set.
func (p *parser) cond(sides int, needCmp bool, what string) (span, error) {
	at := p.i
	cmp := "="
	switch {
	case p.i+1 < len(p.s) && (p.s[p.i:p.i+2] == ">=" || p.s[p.i:p.i+2] == "<="):
		cmp = p.s[p.i : p.i+2]
		p.i += 2
	case p.peek() == '>' || p.peek() == '<' || p.peek() == '=':
		cmp = p.s[p.i : p.i+1]
		p.i++
	case needCmp:
		return span{}, p.errf(at, "expected a comparison, found %s", p.found(at))
	}
	vAt := p.i
	v, err := p.number(what)
	if err != nil {
		return span{}, err
	}
	if v > MaxValue {
		return span{}, p.tooLargeAt(vAt)
	}
	return condSpan(cmp, v, sides), nil
}

// condSpan is the faces of a d(sides) that compare (cmp) to v.
func condSpan(cmp string, v int64, sides int) span {
	lo, hi := int64(1), int64(sides)
	switch cmp {
	case "=":
		lo, hi = v, v
	case ">=":
		lo = v
	case ">":
		lo = v + 1
	case "<=":
		hi = v
	case "<":
		hi = v - 1
	}
	lo, hi = max(lo, 1), min(hi, int64(sides))
	if lo > hi {
		return span{1, 0}
	}
	return span{int16(lo), int16(hi)}
}

// check refuses a term that could not settle (a reroll or explosion that every
// face meets) and counts its worst-case dice against MaxDice.
func (p *parser) check(t *term, at int) error {
	if what := t.endless(); what != "" {
		never := "stop"
		if what == "rerolls" {
			never = "settle"
		}
		return p.errf(at, "%s %s every face of a d%d, so it would never %s", p.s[at:p.i], what, t.sides, never)
	}
	p.e.dice += int(t.count) * t.perDie()
	if total := p.e.dice * p.e.repeat; total > MaxDice {
		return p.limitf(at, "MaxDice",
			"the roll could need %d dice counting rerolls, explosions and repetitions; at most %d are allowed",
			total, MaxDice)
	}
	return nil
}

// endless says what a term does on every face ("rerolls", "explodes on",
// "rerolls or explodes on"), or "" when some face settles and stops.
func (t *term) endless() string {
	reroll := t.reroll == rerollWhile
	if !reroll && !t.explode {
		return ""
	}
	allR, allE, allEither := reroll, t.explode, true
	for f := 1; f <= int(t.sides); f++ {
		r := reroll && t.rr.has(f)
		e := t.explode && t.ex.has(f)
		allR, allE, allEither = allR && r, allE && e, allEither && (r || e)
	}
	switch {
	case allR:
		return "rerolls"
	case allE:
		return "explodes on"
	case allEither:
		return "rerolls or explodes on"
	}
	return ""
}

// bounds is the range of values the term can take: the sum of the kept dice, or
// the count of successes.
func (t *term) bounds() (lo, hi int64) {
	kept := int64(t.count)
	if t.keep != keepAll {
		kept = int64(t.keepN)
	}
	chain := int64(1)
	if t.explode {
		chain += MaxExplosions
	}
	if t.succ {
		return 0, kept * chain
	}
	if t.d66 {
		return 11, 66
	}
	return kept, kept * chain * int64(t.sides)
}
