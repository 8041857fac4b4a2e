package dice

import (
	"math/bits"
	"slices"
)

// A Mark records what happened to a die. A die is counted in its term's value
// unless it is Dropped or Rerolled.
type Mark uint8

const (
	// Dropped: set aside by keep or drop (kh, kl, dh, dl); not counted.
	Dropped Mark = 1 << iota
	// Rerolled: met a reroll condition and was replaced by the die after it; not counted.
	Rerolled
	// Exploded: set off the die after it, which adds to it; an exploding die and the
	// dice it sets off are kept or dropped together.
	Exploded
	// Success: meets the term's success condition and is counted as one success.
	Success
)

// String names the marks, "dropped", "rerolled", "exploded" and "success",
// joined by "+" ("exploded+success"); "" for none.
func (m Mark) String() string {
	var b []byte
	for i, name := range [...]string{"dropped", "rerolled", "exploded", "success"} {
		if m&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, '+')
			}
			b = append(b, name...)
		}
	}
	return string(b)
}

// A RolledDie is one die as it fell.
type RolledDie struct {
	// Sides of the die; a d100 (or d%) is read from a red tens d10 and a white units d10.
	Sides int32
	// Face is the face read, in 1..Sides (for a d100, the red-white reading, 0-0 being 100;
	// for a d66, the tens-units reading, 11..66 with both digits 1..6).
	Face int32
	// Term is the index of the dice term in the notation, counting from 0, left to right.
	Term uint16
	// Rep is the repetition of a repeat form (3#d20) the die belongs to, from 0.
	Rep uint8
	// Mark says whether the die was dropped, rerolled, exploded or a success.
	Mark Mark
}

// Percent reports whether the die is a d100 read from a red and a white d10.
func (d RolledDie) Percent() bool { return d.Sides == 100 }

// D66 reports whether the die is a d66 read from a tens d6 and a units d6.
func (d RolledDie) D66() bool { return d.Sides == 66 }

// Tens and Units are the dice of a d66 (1-6 each; Face is Tens*10+Units).
func (d RolledDie) Tens() int  { return int(d.Face) / 10 }
func (d RolledDie) Units() int { return int(d.Face) % 10 }

// Red and White are the digits of a d100's tens and units dice (0-9; 0-0 reads 100).
func (d RolledDie) Red() int   { return int(d.Face) / 10 % 10 }
func (d RolledDie) White() int { return int(d.Face) % 10 }

// Counted reports whether the die counts toward its term (neither dropped nor rerolled).
func (d RolledDie) Counted() bool { return d.Mark&(Dropped|Rerolled) == 0 }

// A Result is one roll of an Expr: every die in the order rolled, and the totals.
// A Result may be reused by RollInto without allocating. Its String, Summary and
// Detail read the Expr that was rolled, which must not be overwritten (ParseInto)
// while the Result is still to be rendered.
type Result struct {
	// Dice are every die rolled, in order, including rerolled and dropped ones.
	Dice []RolledDie
	// Totals are the totals of each repetition (one for a notation without #).
	Totals []int64
	// Total is the total of the roll; for a repeat form, the sum of Totals.
	// A term that counts successes adds its count of successes.
	Total int64

	expr  *Expr
	terms []termResult
	slots []slot
}

// termResult is what one dice term of one repetition came to.
type termResult struct {
	term       uint16
	rep        uint8
	start, end int32 // its dice are Dice[start:end]
	value      int64
}

// A slot is one die of a term with its rerolls and the dice it set off.
type slot struct {
	start, end int32
	rank, val  int64 // rank: the sum of its faces; val: what it adds to the term
	dropped    bool
}

// Expr returns the expression that was rolled.
func (r *Result) Expr() *Expr { return r.expr }

// Roll rolls e once with dice from src.
func (e *Expr) Roll(src Source) Result {
	var r Result
	e.RollInto(src, &r)
	return r
}

// RollInto rolls e with dice from src into r, reusing r's storage: once r has
// held a roll of the same size it does not allocate.
func (e *Expr) RollInto(src Source, r *Result) {
	r.expr = e
	r.Dice = r.Dice[:0]
	r.Totals = r.Totals[:0]
	r.terms = r.terms[:0]
	r.Total = 0
	for rep := range e.repeat {
		v := e.eval(e.root, src, r, rep)
		r.Totals = append(r.Totals, v)
		r.Total += v
	}
}

func (e *Expr) eval(i int32, src Source, r *Result, rep int) int64 {
	n := &e.nodes[i]
	switch n.op {
	case opNum:
		return n.lo
	case opDice:
		return e.rollTerm(int(n.a), src, r, rep)
	case opNeg:
		return -e.eval(n.a, src, r, rep)
	case opAdd:
		a := e.eval(n.a, src, r, rep)
		return a + e.eval(n.b, src, r, rep)
	case opSub:
		a := e.eval(n.a, src, r, rep)
		return a - e.eval(n.b, src, r, rep)
	default: // opMul
		a := e.eval(n.a, src, r, rep)
		return a * e.eval(n.b, src, r, rep)
	}
}

// RollPercent rolls a d100 as the Crimean rules do: a red tens d10 and a white
// units d10 (each 1-10 from src, 10 reading 0), 0-0 reading 100. The reading is
// uniform over 1..100.
func RollPercent(src Source) (red, white, total int) {
	red, white = src.Roll(10)%10, src.Roll(10)%10
	total = red*10 + white
	if total == 0 {
		total = 100
	}
	return red, white, total
}

// RollD66 rolls a d66 as wargamers do: a tens d6 then a units d6 (each 1-6 from
// src), read as two digits, 11..66; each of the 36 readings is equally likely.
func RollD66(src Source) (tens, units, total int) {
	tens, units = src.Roll(6), src.Roll(6)
	return tens, units, tens*10 + units
}

func (t *term) face(src Source) int {
	if t.pct {
		_, _, f := RollPercent(src)
		return f
	}
	if t.d66 {
		_, _, f := RollD66(src)
		return f
	}
	if s, ok := src.(*Stream); ok {
		return s.Roll(int(t.sides)) // a direct call for the production source
	}
	return src.Roll(int(t.sides))
}

func (e *Expr) rollTerm(ti int, src Source, r *Result, rep int) int64 {
	t := &e.terms[ti]
	start := len(r.Dice)
	var v int64
	if t.reroll == rerollNone && !t.explode {
		v = t.rollFaces(ti, src, r, rep)
	} else {
		v = t.rollSlots(ti, src, r, rep)
	}
	r.terms = append(r.terms, termResult{term: uint16(ti), rep: uint8(rep), start: int32(start), end: int32(len(r.Dice)), value: v})
	return v
}

// rollFaces rolls a term whose dice are one face each (no reroll, no explosion):
// keep, drop and success counting work on the faces. This is the hot path; its
// loop has no unpredictable branch (a success is arithmetic) and writes each die
// in place (a die built in a temporary and copied costs a store-forwarding stall).
func (t *term) rollFaces(ti int, src Source, r *Result, rep int) int64 {
	st, _ := src.(*Stream)
	if t.pct || t.d66 {
		st = nil
	}
	lo, hi := 1<<30, 0 // no face is a success
	if t.succ {
		lo, hi = int(t.win.lo), int(t.win.hi)
	}
	start := len(r.Dice)
	dice := slices.Grow(r.Dice, int(t.count))[:start+int(t.count)]
	var sum, wins int64
	if st != nil {
		// Stream.Roll written out, so that the draw is inlined in the loop.
		sides := t.sides
		n := uint64(sides)
		for i := start; i < len(dice); i++ {
			fh, fl := bits.Mul64(st.cc.Uint64(), n)
			if fl < n {
				fh = st.reject(n, fh, fl)
			}
			f := int(fh) + 1
			hit := 1 + ((f-lo)|(hi-f))>>63 // 1 when lo <= f <= hi, else 0
			d := &dice[i]
			d.Sides, d.Face, d.Term, d.Rep, d.Mark = sides, int32(f), uint16(ti), uint8(rep), Mark(hit)*Success
			sum += int64(f)
			wins += int64(hit)
		}
	} else {
		for i := start; i < len(dice); i++ {
			f := t.face(src)
			hit := 1 + ((f-lo)|(hi-f))>>63 // 1 when lo <= f <= hi, else 0
			d := &dice[i]
			d.Sides, d.Face, d.Term, d.Rep, d.Mark = t.sides, int32(f), uint16(ti), uint8(rep), Mark(hit)*Success
			sum += int64(f)
			wins += int64(hit)
		}
	}
	r.Dice = dice
	if t.keep == keepAll {
		if t.succ {
			return wins
		}
		return sum
	}
	own := dice[start:]
	t.dropFaces(own)
	var v int64
	for _, d := range own {
		switch {
		case d.Mark&Dropped != 0:
		case !t.succ:
			v += int64(d.Face)
		case d.Mark&Success != 0:
			v++
		}
	}
	return v
}

// rollSlots rolls a term with modifiers: each die settles (rerolls), may
// explode, and may count as a success; then keep or drop sets dice aside.
func (t *term) rollSlots(ti int, src Source, r *Result, rep int) int64 {
	dice, slots := r.Dice, r.slots[:0]
	blank := RolledDie{Sides: t.sides, Term: uint16(ti), Rep: uint8(rep)}
	for range t.count {
		s0 := len(dice)
		var sum, succ int64
		for x := 0; ; x++ {
			f := t.face(src)
			switch t.reroll {
			case rerollOnce:
				if t.rr.has(f) {
					dice = appendDie(dice, blank, f, Rerolled)
					f = t.face(src)
				}
			case rerollWhile:
				for k := 0; k < MaxRerolls && t.rr.has(f); k++ {
					dice = appendDie(dice, blank, f, Rerolled)
					f = t.face(src)
				}
			}
			var m Mark
			sum += int64(f)
			if t.succ && t.win.has(f) {
				m |= Success
				succ++
			}
			more := t.explode && x < MaxExplosions && t.ex.has(f)
			if more {
				m |= Exploded
			}
			dice = appendDie(dice, blank, f, m)
			if !more {
				break
			}
		}
		val := sum
		if t.succ {
			val = succ
		}
		slots = append(slots, slot{start: int32(s0), end: int32(len(dice)), rank: sum, val: val})
	}
	r.Dice, r.slots = dice, slots
	if t.keep != keepAll {
		t.drop(r)
	}
	var v int64
	for i := range slots {
		if !slots[i].dropped {
			v += slots[i].val
		}
	}
	return v
}

// dropFaces marks the dice that keep or drop sets aside, for a term whose dice
// are single faces. Among equal dice, the one rolled later is dropped first.
func (t *term) dropFaces(dice []RolledDie) {
	for range len(dice) - int(t.keepN) {
		best := -1
		for j := range dice {
			if dice[j].Mark&Dropped != 0 {
				continue
			}
			if best < 0 || t.keep == keepHigh && dice[j].Face <= dice[best].Face ||
				t.keep == keepLow && dice[j].Face >= dice[best].Face {
				best = j
			}
		}
		dice[best].Mark = (dice[best].Mark | Dropped) &^ Success
	}
}

// appendDie appends blank with the given face and mark, written in place: a die
// built in a temporary and then copied costs a store-forwarding stall.
func appendDie(dice []RolledDie, blank RolledDie, face int, m Mark) []RolledDie {
	dice = append(dice, blank)
	d := &dice[len(dice)-1]
	d.Face, d.Mark = int32(face), m
	return dice
}

// drop marks the dice that keep or drop sets aside. Among equal dice, the one
// rolled later is dropped first.
func (t *term) drop(r *Result) {
	slots := r.slots
	for range len(slots) - int(t.keepN) {
		best := -1
		for j := range slots {
			if slots[j].dropped {
				continue
			}
			if best < 0 || t.keep == keepHigh && slots[j].rank <= slots[best].rank ||
				t.keep == keepLow && slots[j].rank >= slots[best].rank {
				best = j
			}
		}
		slots[best].dropped = true
		for k := slots[best].start; k < slots[best].end; k++ {
			r.Dice[k].Mark = (r.Dice[k].Mark | Dropped) &^ Success
		}
	}
}
