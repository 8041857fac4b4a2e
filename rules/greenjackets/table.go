package greenjackets

import (
	"slices"

	"github.com/referee-bot/referee/rules/tabletop"
)

// groundCover is the cover each kind of ground gives (Ground's Cover), as the
// fire and spotting charts name it: the text names soft and hard cover but not
// which ground is which, so woods and hedges are soft, buildings and walls hard.
var groundCover = map[string]Cover{"wood": Soft, "hedge": Soft, "building": Hard, "wall": Hard}

// behind is how close before a target a wall or hedge must stand to cover it,
// in inches past its footprint.
const behind = 1

// A View is one figure, squad or officer's view of another on the table.
type View struct {
	// Range is between the nearest points of their footprints.
	Range float64
	// Cover is the best cover of the ground the target stands in, or of a wall
	// or hedge just before it; CoverBy names it ("" in the open).
	Cover   Cover
	CoverBy string
}

// Look measures from's view of to on the table: refused when a wood or a
// building between their centres, or a hill higher than both, hides it.
func Look(t tabletop.Table, from, to tabletop.Unit) (View, error) {
	if err := t.Sees(Ground, from, to); err != nil {
		return View{}, err
	}
	s := View{Range: tabletop.Gap(from.Footprint(), to.Footprint()), Cover: Open}
	ground := append(t.At(to.At), t.LinesNear(from.At, to.At, to.Depth/2+behind)...)
	for _, f := range ground {
		k, _ := tabletop.Find(Ground, f.Kind)
		if c, ok := groundCover[k.Cover]; ok && slices.Index(Covers, c) > slices.Index(Covers, s.Cover) {
			s.Cover, s.CoverBy = c, f.Name
		}
	}
	return s, nil
}

// CommandDistance is how far the squads of an order stand from their officer
// (G4): the gap between his footprint and the farthest squad's, at their
// nearest points ("one member of the squad within 6\""), and that squad.
func CommandDistance(officer tabletop.Unit, squads []tabletop.Unit) (float64, tabletop.Unit) {
	far, at := -1.0, tabletop.Unit{}
	for _, s := range squads {
		if d := tabletop.Gap(officer.Footprint(), s.Footprint()); d > far {
			far, at = d, s
		}
	}
	return max(far, 0), at
}

// FigureRanges measures the range to target of each figure placed on the
// table apart from its squad, by name ("each figure fires separately;
// measure range individually", section 7): from his own footprint. One that
// cannot see the target is refused.
func FigureRanges(t tabletop.Table, target tabletop.Unit, figures []tabletop.Unit) (map[string]float64, error) {
	ranges := make(map[string]float64, len(figures))
	for _, f := range figures {
		v, err := Look(t, f, target)
		if err != nil {
			return nil, err
		}
		ranges[f.Name] = v.Range
	}
	return ranges, nil
}

// InContact reports whether any of an officer's section on the table (him,
// his squads, their figures placed apart) touches target's footprint:
// contact spots without a roll (G6).
func InContact(target tabletop.Unit, section []tabletop.Unit) bool {
	for _, u := range section {
		if tabletop.Tenth(tabletop.Gap(u.Footprint(), target.Footprint())) == 0 {
			return true
		}
	}
	return false
}
