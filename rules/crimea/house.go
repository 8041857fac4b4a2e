package crimea

import "github.com/referee-bot/referee/rules"

// HouseRules are the readings an umpire may switch (docs/readings.md C3, C5, C6, C8),
// each defaulting to its first value.
var HouseRules = []rules.HouseRule{
	{Name: HouseMorale, Values: []string{string(MoraleHigh), string(MoraleLow)},
		Reading: rules.Reading{ID: "C5", Text: "high (default): a test passes on d100 ≥ 101 − rating; low: on d100 ≤ rating (the combat rolls are still the saved morale rolls)"}},
	{Name: HouseGap, Values: []string{string(GapNone), string(GapAs2130)},
		Reading: rules.Reading{ID: "C6", Text: "none (default): the missing 31–40 band of the movement modifier gives no modifier; as-21-30: it reads as 21–30 (lose 2\" infantry, 3\" cavalry)"}},
	{Name: HouseTie, Values: []string{string(TieHold), string(TieDefender)},
		Reading: rules.Reading{ID: "C8", Text: "hold (default): equal close combat totals, both hold and neither wins; defender: the defender wins ties"}},
	{Name: HouseCasualties, Values: []string{string(CasualtiesBoth), string(CasualtiesOne)},
		Reading: rules.Reading{ID: "C8", Text: "both (default): both close combat casualty rules can apply to a side, up to 2 stands; one: at most 1 stand"}},
	{Name: HouseCalibre, Values: []string{"roll", "umpire"},
		Reading: rules.Reading{ID: "C3", Text: "roll (default): an officer added without a calibre rolls for it on the calibre table; umpire: the umpire gives every officer's calibre"}},
}
