package greenjackets

import "github.com/referee-bot/referee/rules"

// HouseRules are the readings an umpire may switch (docs/readings.md G6, G13, G15, G21),
// each defaulting to its first value.
var HouseRules = []rules.HouseRule{
	// "reading" is plus1's old name, kept so that battles stored with it import and play on.
	{Name: HouseMoraleDead, Values: []string{"plus1", "literal", "reading"},
		Reading: rules.Reading{ID: "G21", Text: Readings["G21"].Text + " plus1 is the reading (its old name: reading)."}},
	{Name: HouseLightWounds, Values: []string{"none", "minus1"},
		Reading: rules.Reading{ID: "G13", Text: Readings["G13"].Text + " minus1: −1 to fire and melee per light wound."}},
	{Name: HouseCanister, Values: []string{"at-or-under", "under"}, Reading: Readings["G15"]},
	{Name: HouseSpotting, Values: []string{"required", "off"},
		Reading: rules.Reading{ID: "G6", Text: Readings["G6"].Text + " required: fire and melee against the roster need the enemy section spotted this turn; off: the umpire tracks spotting on the table."}},
}
