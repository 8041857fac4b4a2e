package greenjackets

import (
	"slices"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Going is the ground a move or a charge goes over (G7): the road it keeps
// to, the hard going it enters, the rivers and obstacles it crosses.
type Going struct {
	// Road is the road the mover's centre keeps within RoadReach of, all the
	// way ("" none): it goes 2" farther.
	Road string
	// Hard is the first hard going (wood, marsh, rough ground) the path
	// enters ("" none): it goes there at a crawl and no one charges through
	// it; NoGuns is the first of it a gun may not enter (wood, marsh).
	Hard, NoGuns string
	// Rivers are the rivers and streams it crosses, the umpire's to rule;
	// Obstacles the walls and hedges, which cost nothing.
	Rivers, Obstacles []string
}

// goingOver is the ground a path goes over, the road judged by the path of
// the mover's centre.
func goingOver(t tabletop.Table, path, centre []tabletop.Point) Going {
	var g Going
	for _, i := range t.Entered(path) {
		f := t.Terrain[i]
		if g.Hard == "" && slices.Contains(HardGoing, f.Kind) {
			g.Hard = f.Name
		}
		if k, _ := tabletop.Find(Ground, f.Kind); g.NoGuns == "" && k.NoGuns {
			g.NoGuns = f.Name
		}
	}
	for _, f := range t.Terrain {
		switch {
		case !f.IsLine():
		case f.Kind == "road" && g.Road == "" && tabletop.Length(centre) > 0 && tabletop.Along(centre, f.Line, RoadReach):
			g.Road = f.Name
		case slices.Contains(riverKinds, f.Kind) && tabletop.Crossings(path, f.Line) > 0:
			g.Rivers = append(g.Rivers, f.Name)
		case slices.Contains(obstacleKinds, f.Kind) && tabletop.Crossings(path, f.Line) > 0:
			g.Obstacles = append(g.Obstacles, f.Name)
		}
	}
	return g
}

// A MoveLine is a move measured on the table (G7, section 6): the path of the
// mover's centre from where it stands, through each point it goes by, to
// where it stops; its length, and the ground it goes over.
type MoveLine struct {
	Path   []tabletop.Point
	Length float64
	Going
}

// MeasureMove measures a move of u through via to to on the table.
func MeasureMove(t tabletop.Table, u tabletop.Unit, via []tabletop.Point, to tabletop.Point) MoveLine {
	path := tabletop.Route(u.At, via, to)
	return MoveLine{Path: path, Length: tabletop.Length(path), Going: goingOver(t, path, path)}
}

// Order is o as the table measured it: its inches the path's, on a road when
// it keeps to one all the way, into woods or marsh, or rough ground, when it
// enters them (G7). A move across a river or stream is refused: the umpire
// rules on rivers (G7), and moves the unit on the map if it goes.
func (m MoveLine) Order(who string, o MoveOrder) (MoveOrder, error) {
	if len(m.Rivers) > 0 {
		return o, rules.Breachf("%s's move crosses %s: rivers are the umpire's to rule (G7), so the referee does not measure it; the umpire moves the unit on the map if it goes.", who, m.Rivers[0])
	}
	length := tabletop.Tenth(m.Length)
	o.Inches, o.Road, o.Woods, o.Rough = &length, m.Road != "", m.NoGuns != "", m.Hard != "" && m.NoGuns == ""
	return o, nil
}
