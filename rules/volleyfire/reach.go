package volleyfire

import (
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Reach is what the map draws for the unit called name: its move in one
// action (V4; Ground counts light terrain 2" an inch and heavy 3") and its
// weapon's range bands (Ranges: quarters of the Weapons section's range). A
// unit with no move (a command base, unlimbered guns) has none drawn.
func (b *Board) Reach(name string, h House) (tabletop.Reach, error) {
	u := b.UnitNamed(name)
	if u == nil {
		return tabletop.Reach{}, rules.Breachf("There is no unit called %s.", rules.Inert(name))
	}
	v := b.view(u)
	r := tabletop.Reach{Gun: v.Kind == Artillery}
	if a, err := Allowance(v, h); err == nil {
		r.Moves = []tabletop.Band{{Name: "a move action", Inches: float64(a.Value)}}
	}
	if w, ok := WeaponChart[v.Weapon]; ok {
		for _, band := range BandChart {
			r.Bands = append(r.Bands, tabletop.Band{Name: band.Name, Inches: float64(w.Range*band.Quarters) / 4})
		}
	}
	return r, nil
}
