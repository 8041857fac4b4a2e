package tabletop

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// BenchmarkFullSightlines is a whole table's lines of sight: every one of 100 units
// to every other among 30 terrain features (the map issue's budget: under 5 ms).
func BenchmarkFullSightlines(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	t := Table{Width: 72, Depth: 48}
	for i := range 30 {
		x, y := r.Float64()*64, r.Float64()*40
		f := Feature{Kind: "wood", Name: fmt.Sprintf("wood %d", i), Area: tabletoptest.Square(x, y, x+4+r.Float64()*4, y+4+r.Float64()*4)}
		if i%3 == 0 {
			f.Kind, f.Height = "hill", 1+float64(i%2)
		}
		t.Terrain = append(t.Terrain, f)
	}
	for i := range 100 {
		t.Units = append(t.Units, Unit{Name: fmt.Sprintf("unit %d", i), At: Point{r.Float64() * 72, r.Float64() * 48}, Width: 2, Depth: 1})
	}
	rule := SightRule{Blocks: func(f Feature) bool { return f.Kind == "wood" }, SeeInto: 2, Screens: true}
	b.ReportAllocs()
	for b.Loop() {
		s := t.Sightlines(rule)
		for i, u := range t.Units {
			for _, v := range t.Units[i+1:] {
				s.Between(u.At, v.At, u.Name, v.Name)
			}
		}
	}
}
