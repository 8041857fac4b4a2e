package greenjackets

import (
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// HardGoing are the kinds of ground a move enters at a crawl (G3, G7): woods
// and marsh, and rough ground.
var HardGoing = []string{"wood", "marsh", "rough"}

// Reach is what the map draws for the squad called name (or a figure's
// squad): a move order at each speed from the movement chart (section 6),
// into hard going at a crawl and no run through it (G7), guns stopped by
// woods and marsh; and the range bands of the farthest-reaching small arm
// its figures carry (the fire chart's rows it has a value in, section 7).
func (b *Board) Reach(name string) (tabletop.Reach, error) {
	s := b.Squad(name)
	if s == nil {
		s, _ = b.Figure(name)
	}
	if s == nil {
		return tabletop.Reach{}, rules.Breachf("%s is no squad or figure: the map draws squads' moves and ranges.", rules.Inert(name))
	}
	arm := s.Arm
	if arm == Gun {
		arm = Artillery
	}
	r := tabletop.Reach{Gun: arm == Artillery, Hard: HardGoing}
	if row, ok := MovementChart[arm]; ok {
		r.Moves = []tabletop.Band{
			{Name: string(Crawl), Inches: float64(row.Crawl), Hard: float64(row.Crawl)},
			{Name: string(Jog), Inches: float64(row.Jog), Hard: float64(row.Crawl)},
			{Name: string(Run), Inches: float64(row.Run)},
		}
	}
	bands := 0
	for _, f := range s.Figures {
		col := FireChart[f.Weapon]
		n := 0
		for n < len(col.Values) && col.Values[n] != OutOfRange {
			n++
		}
		bands = max(bands, n)
	}
	for _, band := range FireBands[:bands] {
		r.Bands = append(r.Bands, tabletop.Band{Inches: band.Top})
	}
	return r, nil
}
