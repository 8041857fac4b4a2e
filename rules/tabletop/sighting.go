package tabletop

import (
	"cmp"
	"slices"
)

// A Sighting is one unit's look at another: the gap between their
// footprints at their nearest points, and the line of sight between their
// centres.
type Sighting struct {
	By    Unit
	Gap   float64
	Sight Sight
}

// Sightings are the looks of each of lookers at target under rule: those
// with a clear line of sight first, nearest first among each, so that the
// first is the look that sees it, if any does (a spotting, an umpire's
// reveal). A looker that is the target itself is left out.
func (t Table) Sightings(rule SightRule, target Unit, lookers []Unit) []Sighting {
	lines := t.Sightlines(rule)
	out := make([]Sighting, 0, len(lookers))
	for _, u := range lookers {
		if u.Name == target.Name {
			continue
		}
		out = append(out, Sighting{By: u, Gap: Gap(u.Footprint(), target.Footprint()),
			Sight: lines.Between(u.At, target.At, u.Name, target.Name)})
	}
	slices.SortStableFunc(out, func(a, b Sighting) int {
		if a.Sight.Clear != b.Sight.Clear {
			if a.Sight.Clear {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.Gap, b.Gap)
	})
	return out
}
