package tabletop

import "testing"

// BenchmarkFullSightlines is a whole table's lines of sight: every one of 100 units
// to every other among 30 terrain features (the map issue's budget: under 5 ms).
func BenchmarkFullSightlines(b *testing.B) {
	t := crowdedTable(1, false)
	b.ReportAllocs()
	for b.Loop() {
		s := t.Sightlines(woodsBlock)
		for i, u := range t.Units {
			for _, v := range t.Units[i+1:] {
				s.Between(u.At, v.At, u.Name, v.Name)
			}
		}
	}
}
