package firing2007

import (
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Reach is what the map draws for the unit called name: the bands of its row
// of the range chart (F2) it has. The post gives no moves.
func (b *Board) Reach(name string) (tabletop.Reach, error) {
	u := b.Unit(name)
	if u == nil {
		return tabletop.Reach{}, rules.Breachf("There is no unit called %s.", rules.Inert(name))
	}
	var r tabletop.Reach
	k, _ := Kind(u.Type)
	row, _ := Row(k.Weapon)
	for _, band := range []Band{Short, Medium, Long} {
		if sp := row.Span(band); sp.Has() {
			r.Bands = append(r.Bands, tabletop.Band{Name: band.String(), Inches: sp.To})
		}
	}
	return r, nil
}
