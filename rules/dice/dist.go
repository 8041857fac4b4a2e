package dice

import "math"

// A Dist is an exact probability distribution over the integers lo..lo+len(p)-1,
// computed by enumeration and convolution, never by sampling. The zero Dist is the
// certain value 0.
type Dist struct {
	lo int
	p  []float64
}

// Constant is the distribution of a value that is certain.
func Constant(v int) Dist { return Dist{lo: v, p: []float64{1}} }

// Die is the distribution of one fair die with the given sides (1..sides).
func Die(sides int) Dist {
	p := make([]float64, sides)
	for i := range p {
		p[i] = 1 / float64(sides)
	}
	return Dist{lo: 1, p: p}
}

// Bernoulli is 1 with probability p and 0 otherwise.
func Bernoulli(p float64) Dist { return Dist{lo: 0, p: []float64{1 - p, p}} }

// FromWeights builds a distribution over lo.. from relative weights.
func FromWeights(lo int, weights []float64) Dist {
	sum := 0.0
	for _, w := range weights {
		sum += w
	}
	p := make([]float64, len(weights))
	for i, w := range weights {
		p[i] = w / sum
	}
	return Dist{lo: lo, p: p}
}

func (d Dist) norm() Dist {
	if len(d.p) == 0 {
		return Constant(0)
	}
	return d
}

// Min and Max are the least and greatest values with a place in the distribution.
func (d Dist) Min() int { return d.norm().lo }
func (d Dist) Max() int { d = d.norm(); return d.lo + len(d.p) - 1 }

// P is the probability of exactly x.
func (d Dist) P(x int) float64 {
	d = d.norm()
	if x < d.lo || x >= d.lo+len(d.p) {
		return 0
	}
	return d.p[x-d.lo]
}

// AtLeast is the probability of x or more.
func (d Dist) AtLeast(x int) float64 {
	d = d.norm()
	s := 0.0
	for i := max(x-d.lo, 0); i < len(d.p); i++ {
		s += d.p[i]
	}
	return math.Min(s, 1)
}

// AtMost is the probability of x or less.
func (d Dist) AtMost(x int) float64 {
	d = d.norm()
	s := 0.0
	for i := 0; i < len(d.p) && d.lo+i <= x; i++ {
		s += d.p[i]
	}
	return math.Min(s, 1)
}

// Mean is the expected value.
func (d Dist) Mean() float64 {
	d = d.norm()
	m := 0.0
	for i, p := range d.p {
		m += float64(d.lo+i) * p
	}
	return m
}

// Add is the distribution of the sum of independent draws from d and e.
func (d Dist) Add(e Dist) Dist {
	d, e = d.norm(), e.norm()
	p := make([]float64, len(d.p)+len(e.p)-1)
	for i, a := range d.p {
		if a == 0 {
			continue
		}
		for j, b := range e.p {
			p[i+j] += a * b
		}
	}
	return Dist{lo: d.lo + e.lo, p: p}
}

// Times is the distribution of the sum of n independent draws from d (n ≥ 0).
func (d Dist) Times(n int) Dist {
	out := Constant(0)
	for range n {
		out = out.Add(d)
	}
	return out
}

// Map is the distribution of f(x) for x drawn from d.
func (d Dist) Map(f func(int) int) Dist {
	d = d.norm()
	lo, hi := math.MaxInt, math.MinInt
	for i, p := range d.p {
		if p == 0 {
			continue
		}
		v := f(d.lo + i)
		lo, hi = min(lo, v), max(hi, v)
	}
	if lo > hi {
		return Constant(0)
	}
	p := make([]float64, hi-lo+1)
	for i, q := range d.p {
		if q != 0 {
			p[f(d.lo+i)-lo] += q
		}
	}
	return Dist{lo: lo, p: p}
}

// Values calls f for every value with a non-zero probability, in increasing order.
func (d Dist) Values(f func(x int, p float64)) {
	d = d.norm()
	for i, p := range d.p {
		if p != 0 {
			f(d.lo+i, p)
		}
	}
}

// A Row is one line of an odds table: the chance of exactly Value, of Value or
// more, and of Value or less.
type Row struct {
	Value   int
	Eq      float64
	AtLeast float64
	AtMost  float64
}

// Table lists every value with a non-zero probability, in increasing order, with
// P(=x), P(≥x) and P(≤x); the /odds table and bar chart are drawn from it.
func (d Dist) Table() []Row {
	d = d.norm()
	var rows []Row
	below := 0.0
	d.Values(func(x int, p float64) {
		rows = append(rows, Row{Value: x, Eq: p, AtMost: math.Min(below+p, 1)})
		below += p
	})
	above := 0.0
	for i := len(rows) - 1; i >= 0; i-- {
		above += rows[i].Eq
		rows[i].AtLeast = math.Min(above, 1)
	}
	return rows
}

// Percentile says where x falls in the distribution, from 0 to 100: the chance of
// rolling less than x plus half the chance of rolling exactly x (the mid-rank, so
// that the middle of a symmetric roll reads 50 and a certain value reads 50).
func (d Dist) Percentile(x int) float64 {
	return 100 * math.Min(d.AtMost(x-1)+d.P(x)/2, 1)
}

// Variance is the expected squared distance from the mean.
func (d Dist) Variance() float64 {
	m := d.Mean()
	v := 0.0
	d.Values(func(x int, p float64) {
		v += (float64(x) - m) * (float64(x) - m) * p
	})
	return v
}
