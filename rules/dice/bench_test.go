package dice

import "testing"

var benchCases = []string{"d20", "2d6+3", "4d6kh3", "10d6>=5", "d100", "1d20+1d6+4"}

// BenchmarkRoll measures a roll from an already keyed Stream: parse+roll is what a
// /roll command does; preparsed is what a rule function with a fixed Expr does.
func BenchmarkRoll(b *testing.B) {
	seed := make([]byte, SeedSize)
	for _, c := range benchCases {
		b.Run(c, func(b *testing.B) {
			// parse+roll: ParseInto and RollInto reuse the caller's Expr and Result.
			b.Run("parse+roll", func(b *testing.B) {
				src := NewStream(seed, 1)
				var e Expr
				var r Result
				b.ReportAllocs()
				for b.Loop() {
					if err := ParseInto(&e, c); err != nil {
						b.Fatal(err)
					}
					e.RollInto(src, &r)
				}
			})
			// newparse+roll: Parse allocates a fresh Expr each time.
			b.Run("newparse+roll", func(b *testing.B) {
				src := NewStream(seed, 1)
				var r Result
				b.ReportAllocs()
				for b.Loop() {
					e, err := Parse(c)
					if err != nil {
						b.Fatal(err)
					}
					e.RollInto(src, &r)
				}
			})
			b.Run("preparsed", func(b *testing.B) {
				src := NewStream(seed, 1)
				e, err := Parse(c)
				if err != nil {
					b.Fatal(err)
				}
				var r Result
				e.RollInto(src, &r)
				b.ReportAllocs()
				for b.Loop() {
					e.RollInto(src, &r)
				}
			})
		})
	}
}

// BenchmarkKeyStream measures keying one command's stream from the game seed.
func BenchmarkKeyStream(b *testing.B) {
	seed := make([]byte, SeedSize)
	var s Stream
	b.ReportAllocs()
	n := uint64(0)
	for b.Loop() {
		n++
		s.Key(seed, n)
	}
}

func BenchmarkParse(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDist measures the exact odds an /odds command computes.
func BenchmarkDist(b *testing.B) {
	for _, c := range append(benchCases, "200d6kh100", "3d6!>=5>=4") {
		b.Run(c, func(b *testing.B) {
			e, err := Parse(c)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Dist(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
