package firing2007

import (
	"cmp"

	"github.com/referee-bot/referee/rules"
)

// A FireOrder is one unit of the board firing at another.
type FireOrder struct {
	By rules.Actor
	// Side is, under fog of war, the side the actor plays: a target it has not
	// seen is no target. "" (fog off, or the umpire) sees every unit.
	Side string
	// Names says who a player is ("Carol"), for a refusal that names who may
	// give the order instead; nil names no one.
	Names func(user string) string
	// Firer and Target name units of the board.
	Firer, Target string
	// Distance, FriendlyInArc, Overhead, Clearance and HigherGround are as in Shot.
	Distance      float64
	FriendlyInArc bool
	Overhead      bool
	Clearance     float64
	HigherGround  bool
	// Cover, when given, is the target's cover as the battle's table measures
	// it, in place of the roster's.
	Cover Cover
	// Entry is the number of the log entry that records the fire, kept with a
	// chain test it leaves.
	Entry int
}

// A Sketch is the firer and target of a quick ruling, as far as the options
// describe them: the target's strength is never known, its basic morale only
// when given.
type Sketch struct {
	Firer Firer
	// Cover is the target's cover (none when "").
	Cover Cover
	// Morale is the target's basic morale, when HasMorale.
	Morale    int
	HasMorale bool
	// General: a general is with the target, with GeneralWounds light wounds.
	General       bool
	GeneralWounds int
}

// sketchTarget is the name of a quick ruling's target.
const sketchTarget = "the target"

// Board is the quick ruling's board: the sketched firer, commanded by whoever
// gives o, and its target on the other side; and o addressed to them.
func (s Sketch) Board(o FireOrder) (*Board, FireOrder) {
	kind, _ := Kind(s.Firer.Type)
	firer := Unit{ID: 1, Name: rules.Capital(kind.Label), Type: s.Firer.Type, Side: "firer", Strength: s.Firer.Strength,
		Start: s.Firer.Strength, Formation: Line, Shaken: s.Firer.Shaken, Cover: Open, Player: o.By.User,
		Unknown: Unknown{Morale: true}}
	if s.Firer.Column {
		firer.Name += " in column"
		firer.Formation = Column
	}
	target := Unit{ID: 2, Name: sketchTarget, Type: LineInfantry, Side: "target", Morale: s.Morale, Formation: Line, Cover: cmp.Or(s.Cover, Open),
		Unknown: Unknown{Strength: true, Morale: !s.HasMorale}}
	b := &Board{Units: []Unit{firer, target}, NextID: 2}
	if s.General {
		b.Generals = []General{{ID: b.newID(), With: target.ID, LightWounds: s.GeneralWounds}}
	}
	o.Firer, o.Target = firer.Name, target.Name
	return b, o
}

// A RiskOrder is a risk roll the umpire calls for a general of the board.
type RiskOrder struct {
	General string
	// Entry is as in FireOrder.
	Entry int
}

// RiskBoard is a quick ruling's board: one general, nameless, with the light
// wounds given; RiskOrder{} rolls for him.
func RiskBoard(lightWounds int) *Board {
	return &Board{Generals: []General{{LightWounds: lightWounds}}}
}

// A ChainOrder settles a killed general's chain of command: the units of it
// within 18", which are shaken.
type ChainOrder struct {
	// General names him; or ID, from a button of his death, which is refused
	// once his chain is settled.
	General string
	ID      int
	// Within are the units of his chain within 18"; All: every one of them.
	Within []string
	All    bool
}

// A UnitChange describes a unit to add to the roster (Name is its name), or
// changes one (Name names it): each field given (not nil).
type UnitChange struct {
	Name      string
	NewName   *string
	Type      *UnitType
	Side      *string
	Strength  *int
	Morale    *int
	Formation *Formation
	Cover     *Cover
	Shaken    *bool
	// Player is who commands it ("": the umpire).
	Player *string
	// Hidden places it hidden from the enemy (true) or in plain sight (false).
	Hidden *bool
}

// A GeneralChange describes a general to add to the roster (Name is his name),
// or changes one (Name names him): each field given (not nil). With names the
// unit he is with ("" or "none": none); Chain the units of his chain of command.
type GeneralChange struct {
	Name    string
	NewName *string
	Side    *string
	With    *string
	Chain   *[]string
	Wounds  *int
	Dead    *bool
	Player  *string
	// Hidden places him hidden from the enemy (true) or in plain sight (false).
	Hidden *bool
}
