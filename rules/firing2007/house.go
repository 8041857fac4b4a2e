package firing2007

import "github.com/referee-bot/referee/rules"

// HouseRules are the readings an umpire may switch (docs/readings.md F6, F2),
// each defaulting to its first value.
var HouseRules = []rules.HouseRule{
	{Name: HouseCavalry, Values: []string{string(CavalryNoRule), string(CavalryMinus1), string(CavalryForbidden)},
		Reading: rules.Reading{ID: "F6", Text: "the post leaves cavalry firing open: none (the default) lets cavalry fire on the muskets row with no special factor; -1 gives them −1; forbidden lets them not fire at all"}},
	{Name: HouseHowitzerGap, Values: []string{string(GapMedium), string(GapLiteral)},
		Reading: rules.Reading{ID: "F2", Text: "the howitzer row skips 9–15\": medium (the default) reads medium range as 9–24\"; literal gives no band, so howitzers cannot fire at 9–15\""}},
}
