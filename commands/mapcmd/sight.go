package mapcmd

import (
	"cmp"
	"slices"

	"github.com/referee-bot/referee/rules/tabletop"
)

// sightRule is the table's rule of sight: the rule set's blocking kinds of ground,
// tabletop.SeeInto, and units screening what stands behind them.
func sightRule(kinds []tabletop.Kind) tabletop.SightRule {
	r := tabletop.SightOf(kinds)
	r.Screens = true
	return r
}

// sightline is one unit's line of sight to another, with the gap between them.
type sightline struct {
	to   tabletop.Unit
	gap  float64
	view tabletop.Sight
}

// sightlines are a unit's lines of sight to every other unit the reader sees,
// nearest first.
func sightlines(s seen, from tabletop.Unit) []sightline {
	lines := s.table.Sightlines(sightRule(s.kinds))
	var out []sightline
	for _, u := range s.table.Units {
		if u.Name == from.Name {
			continue
		}
		out = append(out, sightline{to: u, gap: tabletop.Gap(from.Footprint(), u.Footprint()),
			view: lines.Between(from.At, u.At, from.Name, u.Name)})
	}
	slices.SortStableFunc(out, func(a, b sightline) int { return cmp.Compare(a.gap, b.gap) })
	return out
}
