package dice

import (
	"fmt"
	"slices"
)

// Dist returns the exact distribution of one repetition's total: of the sum for
// ordinary dice, of the count of successes for a pool (10d6>=5), combined through
// the arithmetic of the notation. It is computed by enumeration and convolution,
// never by sampling, and agrees with Roll: rerolls and explosions are capped as
// they are when rolled.
//
// An expression whose computation would be too big is refused with an *Error
// naming MaxDistSpan (a part of it could take too many values) or MaxDistWork.
func (e *Expr) Dist() (Dist, error) {
	w := work{left: MaxDistWork}
	return e.dist(e.root, &w)
}

// work is the budget of arithmetic steps left for one Dist.
type work struct{ left int64 }

func (w *work) spend(n int64) error {
	w.left -= n
	if w.left < 0 {
		return &Error{Limit: "MaxDistWork", Msg: fmt.Sprintf(
			"the exact odds of this roll would take more than %d steps to compute; try fewer dice", MaxDistWork)}
	}
	return nil
}

func (e *Expr) dist(i int32, w *work) (Dist, error) {
	n := &e.nodes[i]
	if n.hi-n.lo+1 > MaxDistSpan {
		return Dist{}, &Error{Limit: "MaxDistSpan", Msg: fmt.Sprintf(
			"the exact odds of this roll would range over %d values; at most %d are computed", n.hi-n.lo+1, MaxDistSpan)}
	}
	if n.op == opNum {
		return Constant(int(n.lo)), nil
	}
	if n.op == opDice {
		return e.terms[n.a].dist(w)
	}
	a, err := e.dist(n.a, w)
	if err != nil {
		return Dist{}, err
	}
	if n.op == opNeg {
		return a.Map(func(x int) int { return -x }), nil
	}
	b, err := e.dist(n.b, w)
	if err != nil {
		return Dist{}, err
	}
	switch n.op {
	case opAdd:
		return conv(a, b, w)
	case opSub:
		return conv(a, b.Map(func(x int) int { return -x }), w)
	}
	return product(a, b, w)
}

// conv is a.Add(b), charged to the budget.
func conv(a, b Dist, w *work) (Dist, error) {
	a, b = a.norm(), b.norm()
	if err := w.spend(int64(len(a.p)) * int64(len(b.p))); err != nil {
		return Dist{}, err
	}
	return a.Add(b), nil
}

// product is the distribution of x*y for independent x from a and y from b.
func product(a, b Dist, w *work) (Dist, error) {
	a, b = a.norm(), b.norm()
	if len(b.p) == 1 {
		a, b = b, a
	}
	if len(a.p) == 1 {
		c := a.lo
		return b.Map(func(x int) int { return x * c }), nil
	}
	if err := w.spend(int64(len(a.p)) * int64(len(b.p))); err != nil {
		return Dist{}, err
	}
	m := map[int]float64{}
	lo, hi := 0, 0
	first := true
	a.Values(func(x int, p float64) {
		b.Values(func(y int, q float64) {
			v := x * y
			m[v] += p * q
			if first || v < lo {
				lo = v
			}
			if first || v > hi {
				hi = v
			}
			first = false
		})
	})
	p := make([]float64, hi-lo+1)
	for v, q := range m {
		p[v-lo] = q
	}
	return Dist{lo: lo, p: p}, nil
}

// faces is the distribution of the face one die settles on after its rerolls,
// indexed 1..sides.
func (t *term) faces() []float64 {
	s := int(t.sides)
	q := make([]float64, s+1)
	m := 0
	for f := 1; f <= s; f++ {
		if t.reroll != rerollNone && t.rr.has(f) {
			m++
		}
	}
	a := float64(m) / float64(s)
	for f := 1; f <= s; f++ {
		in := t.reroll != rerollNone && t.rr.has(f)
		switch t.reroll {
		case rerollNone:
			q[f] = 1 / float64(s)
		case rerollOnce:
			q[f] = a / float64(s)
			if !in {
				q[f] += 1 / float64(s)
			}
		case rerollWhile:
			// Settles on a face outside the reroll set after i rerolls (0 ≤ i ≤ MaxRerolls),
			// or on any face once the cap is reached.
			pow := 1.0
			for range MaxRerolls {
				pow *= a
			}
			if in {
				q[f] = pow / float64(s)
			} else {
				sum, pi := 0.0, 1.0
				for range MaxRerolls + 1 {
					sum += pi
					pi *= a
				}
				q[f] = sum / float64(s)
			}
		}
	}
	return q
}

// outcomes is the joint distribution of what one die of the term (with the dice it
// sets off) comes to: out[sum*width+succ] for the sum of its faces and its count
// of successes.
func (t *term) outcomes(q []float64, w *work) (out []float64, width int, err error) {
	s := int(t.sides)
	chains := 0
	if t.explode {
		chains = MaxExplosions
	}
	width = chains + 2
	size := (chains+1)*s + 1
	if err := w.spend(int64(size*width) * 3); err != nil {
		return nil, 0, err
	}
	out = make([]float64, size*width)
	cur := make([]float64, size*width)
	next := make([]float64, size*width)
	cur[0] = 1
	for k := 0; k <= chains; k++ {
		clear(next)
		live := 0
		for st, p := range cur {
			if p == 0 {
				continue
			}
			live++
			sum, succ := st/width, st%width
			for f := 1; f <= s; f++ {
				if q[f] == 0 {
					continue
				}
				c := succ
				if t.succ && t.win.has(f) {
					c++
				}
				idx := (sum+f)*width + c
				if t.explode && k < chains && t.ex.has(f) {
					next[idx] += p * q[f]
				} else {
					out[idx] += p * q[f]
				}
			}
		}
		if err := w.spend(int64(live) * int64(s)); err != nil {
			return nil, 0, err
		}
		cur, next = next, cur
	}
	return out, width, nil
}

// dist is the exact distribution of the term's value.
func (t *term) dist(w *work) (Dist, error) {
	n := int(t.count)
	if t.d66 { // a lone d66 (the parser allows no other): 36 readings, 1/36 each
		p := make([]float64, 66-11+1)
		for tens := 1; tens <= 6; tens++ {
			for units := 1; units <= 6; units++ {
				p[tens*10+units-11] = 1.0 / 36
			}
		}
		return Dist{lo: 11, p: p}, nil
	}
	if t.plain() {
		return uniformSum(n, int(t.sides), w)
	}
	q := t.faces()
	out, width, err := t.outcomes(q, w)
	if err != nil {
		return Dist{}, err
	}
	if t.keep == keepAll {
		// Each die adds its value independently.
		one := make([]float64, len(out)/width)
		if t.succ {
			one = make([]float64, width)
		}
		for st, p := range out {
			if t.succ {
				one[st%width] += p
			} else {
				one[st/width] += p
			}
		}
		return times(Dist{p: one}.trim(), n, w)
	}
	return t.keepDist(out, width, w)
}

// keepDist is the distribution of the value of the kept dice. It runs through the
// ranks (the sum of a die's faces) from the first kept to the last, choosing how
// many of the n dice show each rank, with state (dice placed so far, value of the
// kept ones); the weights C(n-c, m)·p^m multiply out to the multinomial law.
func (t *term) keepDist(out []float64, width int, w *work) (Dist, error) {
	n, k := int(t.count), int(t.keepN)
	type rank struct {
		p   float64
		val Dist // the value one die adds, given its rank
	}
	var ranks []rank
	var err error
	for sum := range len(out) / width {
		var p float64
		row := out[sum*width : (sum+1)*width]
		for _, x := range row {
			p += x
		}
		if p == 0 {
			continue
		}
		val := Constant(sum)
		if t.succ {
			val = FromWeights(0, row).trim()
		}
		ranks = append(ranks, rank{p: p, val: val})
	}
	if t.keep == keepHigh {
		slices.Reverse(ranks)
	}
	_, hiB := t.bounds()
	span := int(hiB) + 1
	// The state tables are charged at 32 steps a cell, which bounds their memory.
	if err := w.spend(32 * int64(2*(n+1)) * int64(span)); err != nil {
		return Dist{}, err
	}
	state := make([][]float64, n+1)
	next := make([][]float64, n+1)
	for c := range state {
		state[c] = make([]float64, span)
		next[c] = make([]float64, span)
	}
	state[0][0] = 1
	pows := make([]Dist, k+1)
	for _, r := range ranks {
		pows[0] = Constant(0)
		for j := 1; j <= k; j++ {
			if pows[j], err = conv(pows[j-1], r.val, w); err != nil {
				return Dist{}, err
			}
		}
		if err := w.spend(2 * int64(n+1) * int64(span)); err != nil {
			return Dist{}, err
		}
		for c := range next {
			clear(next[c])
		}
		for c := 0; c <= n; c++ {
			lo, hi := nonzero(state[c])
			if lo > hi {
				continue
			}
			kept := min(c, k)
			weight := 1.0 // C(n-c, m) p^m
			for m := 0; c+m <= n; m++ {
				if m > 0 {
					weight *= float64(n-c-m+1) / float64(m) * r.p
				}
				if weight == 0 {
					break
				}
				add := pows[min(m, k-kept)]
				if err := w.spend(int64(hi-lo+1) * int64(len(add.p))); err != nil {
					return Dist{}, err
				}
				dst := next[c+m]
				for v := lo; v <= hi; v++ {
					pv := state[c][v] * weight
					if pv == 0 {
						continue
					}
					for j, pa := range add.p {
						dst[v+add.lo+j] += pv * pa
					}
				}
			}
		}
		state, next = next, state
	}
	return Dist{p: state[n]}.trim(), nil
}

func nonzero(p []float64) (lo, hi int) {
	lo, hi = 0, len(p)-1
	for lo <= hi && p[lo] == 0 {
		lo++
	}
	for hi >= lo && p[hi] == 0 {
		hi--
	}
	return lo, hi
}

// trim drops the zero probabilities at both ends.
func (d Dist) trim() Dist {
	lo, hi := nonzero(d.p)
	if lo > hi {
		return Constant(0)
	}
	return Dist{lo: d.lo + lo, p: d.p[lo : hi+1]}
}

// times is the distribution of the sum of n independent draws from d.
func times(d Dist, n int, w *work) (Dist, error) {
	d = d.norm()
	var cost int64
	for i := range int64(n) {
		cost += (i*int64(len(d.p)-1) + 1) * int64(len(d.p))
	}
	if cost > w.left {
		return Dist{}, w.spend(cost)
	}
	out := Constant(0)
	for range n {
		var err error
		if out, err = conv(out, d, w); err != nil {
			return Dist{}, err
		}
	}
	return out, nil
}

// uniformSum is the distribution of the sum of n fair dice with the given sides.
// Each step adds one die: a sliding window over the previous distribution, summed
// afresh for small dice and as a running sum (cheaper, a little less exact in the
// far tails) for large ones.
func uniformSum(n, sides int, w *work) (Dist, error) {
	direct := int64(n)*int64(n)*int64(sides)*int64(sides)/2 <= MaxDistWork/10
	cost := int64(n) * int64(n*sides)
	if direct {
		cost *= int64(sides)
	}
	if err := w.spend(cost); err != nil {
		return Dist{}, err
	}
	p := []float64{1} // the sum of no dice
	for range n {
		q := make([]float64, len(p)+sides-1)
		run := 0.0
		for i := range q {
			if direct {
				run = 0
				for j := max(0, i-sides+1); j <= min(i, len(p)-1); j++ {
					run += p[j]
				}
			} else {
				if i < len(p) {
					run += p[i]
				}
				if i >= sides {
					run -= p[i-sides]
				}
			}
			q[i] = max(run, 0) / float64(sides)
		}
		p = q
	}
	return Dist{lo: n, p: p}, nil
}
