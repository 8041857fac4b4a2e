package firing2007

import (
	"strings"

	"github.com/referee-bot/referee/rules"
)

// Topics are the post's charts and rules, with the readings that apply to each.
func Topics() []rules.Topic {
	var factors strings.Builder
	factors.WriteString("Roll 2d6 and add every factor that applies; **7 or more: the target loses 1 strength point**.\n```\n")
	factors.WriteString(FactorTable())
	factors.WriteString("```\nOnly the firer's own type counts: line infantry, rifles, guns and cavalry have no type factor. " +
		"Strength 5 or more has no factor. `/firing2007 fire` works it out from the roster or from options.")
	readings := "Where the post is damaged or silent the referee reads it so, and says so where it applies; the umpire switches some with `/game house-rule`. docs/readings.md states each with the rule it rests on.\n" +
		"The post has no turn sequence: `/turn new` and `/turn next` count turns and clear the fired-this-turn marks; there are no cards."
	return []rules.Topic{
		{Name: "ranges", Title: "Ranges by weapon (inches)",
			Body: "A unit fires at anything directly ahead of a base and up to 45° to either side, the whole target base visible, in range and within the angle of fire.\n```\n" +
				RangeTable() + "```\nCavalry fire on the muskets row. Beyond the last band the fire is refused.",
			Readings: []rules.Reading{ReadingGap, ReadingBoundary, ReadingCavalry}},
		{Name: "factors", Title: "Firing factors", Body: factors.String(),
			Readings: []rules.Reading{ReadingHowitzerGuns, ReadingNoCanister, ReadingCavalry}},
		{Name: "morale", Title: "Morale effect of fire",
			Body: "The same modified score tests the target's morale: **if it exceeds the target's basic morale, the target is shaken** — even when it lost no strength point.\n" +
				"Each unit's strength points and basic morale are set by the umpire (`/firing2007 unit-add`); the text gives no defaults.\n" +
				"A shaken unit fires at −1. The text has no rally rule: the umpire clears shaken with `/firing2007 unit-set shaken:false`."},
		{Name: "generals", Title: "Risk to generals",
			Body: "If a general is with a unit that suffers losses from fire, throw 2d6 (the referee does it in the same ruling):\n```\n" +
				RiskTable() + "```\nA second light wound incapacitates him: he is removed from play. " +
				"If a general is killed, every unit in his chain of command within 18\" is shaken: the referee lists his chain and the umpire confirms which are within 18\" (buttons, or `/firing2007 chain`).",
			Readings: []rules.Reading{ReadingChain}},
		{Name: "notes", Title: "Notes: canister and overhead fire",
			Body: "(a) Canister can only be used when no friendly units are in the arc of fire: with `friendly-in-arc:true` a gun at short range fires ball, without the canister +1.\n" +
				"(b) Overhead fire is only available to guns firing to or from higher ground, and to howitzers. Any intervening friendly unit must be at least 12\" from both the firer and the target: " +
				"give `over-friendly:<inches from the nearer of firer and target>` (and `higher-ground:true` for a gun) and the referee checks both from the distance.",
			Readings: []rules.Reading{ReadingNoCanister, ReadingOverhead, ReadingHowitzerGuns}},
		{Name: "readings", Title: "Readings the referee takes (F2–F6, F3a, F3b)", Body: readings, Readings: []rules.Reading{
			ReadingGap, ReadingBoundary, ReadingHowitzerGuns, ReadingNoCanister, ReadingOverhead, ReadingUmpireSets, ReadingChain, ReadingCavalry}},
	}
}

// ReadingUmpireSets is the F4 reading: the post gives no strength or morale.
var ReadingUmpireSets = rules.Reading{ID: "F4",
	Text: "units carry strength points and a basic morale set by the umpire (the text gives neither default)"}

// House-rule names.
const (
	HouseCavalry     = "cavalry-fire"
	HouseHowitzerGap = "howitzer-gap"
)
