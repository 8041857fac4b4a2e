package crimea

import (
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// A MoveLine is a move to a point measured on the table (ReadingMoveTo): the
// path of the unit's centre from where it stands, through each point it
// goes by, to where it stops, and its length. The text gives the ground no
// cost to a move.
type MoveLine struct {
	Path   []tabletop.Point
	Length float64
}

// MeasureMove measures a move of u through via to to on the table.
func MeasureMove(u tabletop.Unit, via []tabletop.Point, to tabletop.Point) MoveLine {
	path := tabletop.Route(u.At, via, to)
	return MoveLine{Path: path, Length: tabletop.Length(path)}
}

// Beyond reports whether the path is longer than a move of goes inches, to
// the tenth of an inch the referee measures.
func (m MoveLine) Beyond(goes int) bool { return tabletop.Tenth(m.Length) > float64(goes) }

// End is where a move of goes inches along the path leaves u: at its end,
// facing the way its last leg went; on a longer path (ReadingMoveShort), its
// whole move along it, facing the way it went there.
func (m MoveLine) End(u tabletop.Unit, goes int) tabletop.Unit {
	if !m.Beyond(goes) {
		return u.Ended(m.Path)
	}
	return u.Ended(tabletop.Cut(m.Path, float64(goes)))
}

// Largest is the longest move the mover could have this turn: its allowance
// with the best modifier its column of the table gives (C6).
func (m Mover) Largest() int {
	c, _ := ColumnFor(m.Type)
	best := 0
	for _, r := range MovementModifiers {
		best = max(best, r.Value(c))
	}
	return m.Allowance + best
}

// ReadingMoveTo is the reading of a move to a point measured on the map.
var ReadingMoveTo = rules.Reading{ID: "C6", Text: "a move to a point on the map goes along the path of the unit's centre, measured before the modifier is rolled: a path longer than the best the roll could give is refused and nothing is rolled"}

// ReadingMoveShort is the reading of a move to a point longer than the move
// the roll gave, as of a charge that falls short (ReadingShort).
var ReadingMoveShort = rules.Reading{ID: "C6", Text: "a move to a point beyond the move the modifier gave goes its whole move along the path and stops there, facing the way it went"}
