package rules

// Campaign is how a campaign carries a battle's result into its forces: the
// readings K1–K4 of docs/readings.md, each of which the campaign's umpire may switch.
// The zero value is the readings.
type Campaign struct {
	// DeadWounded switches K1: the dead count as seriously wounded (they miss
	// the next battle and return) instead of being gone.
	DeadWounded bool
	// SeriousFit switches K2's first part: the seriously wounded are fit for
	// the next battle.
	SeriousFit bool
	// LightKept switches K2's second part: light wounds carry into the next battle.
	LightKept bool
	// MoraleKept switches K3: morale states carry into the next battle.
	MoraleKept bool
	// LossesMadeGood switches K4: lost stands, bases and strength points are
	// made good before the next battle.
	LossesMadeGood bool
}

// A Carry is one change a battle's result makes to a campaign's forces,
// with the reading that makes it.
type Carry struct {
	Side string `json:"side"`
	// Name is the figure, character, unit, officer or general; Of the squad
	// or unit he belongs to ("" when he stands on his own).
	Name string `json:"name"`
	Of   string `json:"of,omitempty"`
	// What says the change: "dead: gone from the campaign".
	What    string `json:"what"`
	Reading string `json:"reading"`
	// Out: he misses the campaign's next battle and returns after it (K2).
	Out bool `json:"out,omitempty"`
	// Gone: he is no longer in the campaign's forces (K1).
	Gone bool `json:"gone,omitempty"`
}

// CheckMuster says what is wrong with a battle's board mustered from a
// campaign's forces: nobody in it (empty), or a roster that does not
// validate; nil when it is a battle to fight.
func CheckMuster(empty bool, validate func() error) error {
	if empty {
		return Breachf("Nobody of the forces chosen is fit to fight this battle.")
	}
	if err := validate(); err != nil {
		return Breachf("The forces do not make a roster: %s.", err)
	}
	return nil
}
