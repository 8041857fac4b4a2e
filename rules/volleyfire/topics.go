package volleyfire

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// Topics are what /rules ruleset:volleyfire shows: every chart and the readings.
func Topics() []rules.Topic {
	return []rules.Topic{
		{Name: "ranges", Title: "Ranges and bands", Body: rangesBody(),
			Readings: []rules.Reading{V5, V6}},
		{Name: "shooting", Title: "Shooting", Body: "Shooting is one action and needs loaded weapons. Choose the target, then measure (`range:`); " +
			"out of range the shots are wasted (and the weapons still need reloading).\n" +
			"Roll 1d6 for each base that may fire against the band's need: **line** — every base; **column** — the front base only; " +
			"square and skirmish — every base (reading); artillery — one gun.\n" +
			"Each hit rolls 1d6 to destroy a base (see `damage`). The joined command base cannot be targeted alone and is the last base removed.\n" +
			"**Loading:** rifle 2 actions to reload, musket 1 (reading), cannon 1 (reading), pistol never. **Hussars** may move and shoot in one action " +
			"(`/volleyfire shoot move:…`). Out of command a unit may only shoot, at the closest enemy (`closest:true`).\n" +
			"`/volleyfire shoot unit:… target:… range:…` against the roster, or give the factors as options for a quick ruling.",
			Readings: []rules.Reading{V5, V6, V8, ReadingSquareFire, ReadingEliteFire, ReadingOutOfCommand}},
		{Name: "damage", Title: "Damage", Body: "```\n" +
			"roll to destroy a base   5+\n" +
			"  point blank            +1 (a 4 destroys)\n" +
			"  long range             −1 (a 6 destroys)\n" +
			"target in cover          6 needed instead of 5+\n" +
			"cannon                   3+ to wound, up to 3 bases\n" +
			"  against skirmishers    1 base only\n" +
			"```\nA cannon shot always scatters: the umpire places it. Cover with cannon: 6 needed (house rule `cannon-cover`).",
			Readings: []rules.Reading{V2, V5, V6, ReadingCuirassierFire}},
		{Name: "combat", Title: "Combat and rerolls", Body: combatBody(),
			Readings: []rules.Reading{V7, ReadingArms, ReadingFlank, ReadingWoundTarget, ReadingCharge}},
		{Name: "movement", Title: "Movement", Body: movementBody(),
			Readings: []rules.Reading{V4, ReadingLimber}},
		{Name: "formations", Title: "Formations", Body: "```\n" +
			"line      default; every base shoots; at most two deep\n" +
			"column    +3\" move; only the front base shoots; one base wide\n" +
			"square    cavalry charging it count as infantry (V2a); cavalry cannot form square\n" +
			"skirmish  +2\" move; bases 1\" apart; a cannon hits one base;\n" +
			"          cavalry fighting skirmishers get 2 more rerolls\n" +
			"```\nChanging formation is one action (`/volleyfire formation`); artillery limbers or unlimbers the same way.",
			Readings: []rules.Reading{V2, V2a, ReadingSquareFire, ReadingLimber}},
		{Name: "national", Title: "National rules", Body: "```\n" +
			"British     rout only at 1 base\n" +
			"French      regular command range 25\"\n" +
			"Prussian    cavalry move 7\"\n" +
			"Russian     6 to wound them in close combat;\n" +
			"            commanders 2\" less than an equal general\n" +
			"Spanish     rout at 3 bases; 4+ to hit at moderate range\n" +
			"Polish      infantry always 1 reroll in combat\n" +
			"Portuguese  limbered artillery move 4\"\n" +
			"```\n**Special units:** hussars move and shoot in one action; a cuirassier needs a 6 to wound; " +
			"dragoons move as cavalry and fight as infantry (V4a); Ulhans count five extra bases when charging, one against a square (V2a).",
			Readings: []rules.Reading{V1, V2a, V4a, ReadingRussianCommand, ReadingCuirassierFire}},
		{Name: "command", Title: "Command", Body: "```\n" +
			"average command base   20\"\n" +
			"royal command          30\"\n" +
			"French regular         25\"\n" +
			"Russian                2\" less than an equal general\n" +
			"```\nA unit is activated only within range of a command base of its side (`/volleyfire activate unit:… commander:… distance:…`); " +
			"out of range it may still shoot, only at the closest enemy. A command base may join a unit: it gives the unit a combat reroll, " +
			"cannot be shot alone and is the last base removed. The text gives a command base no move of its own.",
			Readings: []rules.Reading{V3, V8, ReadingRussianCommand, ReadingOutOfCommand, ReadingCommandBase}},
		{Name: "turn", Title: "The turn", Body: "1. `/turn new` (umpire): the sides roll a d6 for who activates first (or the umpire chooses: `/volleyfire first`).\n" +
			"2. Sides take turns activating one unit each (`/volleyfire activate`). A unit has **two actions**: move, shoot, reload, charge, " +
			"change formation, break away — e.g. move twice (march), shoot and reload, shoot and charge. Then it is spent for the turn. " +
			"`/volleyfire done` or `/turn next` ends an activation early; with no unit activated, the umpire's `/turn next` has the side's first unit due hold (spent this turn without acting), so that no side due is skipped.\n" +
			"3. When no side has a unit left, the **combat phase**: `/turn next` fights every combat, then the turn is over.\n" +
			"Units still in combat stay in it next turn; either may break away with an action.\n" +
			"There are no secret cards in Volleyfire!: `/card` and `/act` only explain this.",
			Readings: []rules.Reading{V3, ReadingFirstSide}},
		{Name: "readings", Title: "Readings the referee takes (V1–V8, V2a, V4a)", Body: readingsBody(), Readings: []rules.Reading{
			V1, V2, V2a, V3, V4, V4a, V5, V6, V7, V8, ReadingSquareFire, ReadingCommandBase, ReadingFirstSide, ReadingRussianCommand,
			ReadingOutOfCommand, ReadingLimber, ReadingCharge, ReadingArms, ReadingWoundTarget, ReadingFlank, ReadingCuirassierFire, ReadingEliteFire}},
	}
}

func rangesBody() string {
	var b strings.Builder
	b.WriteString("```\nweapon  max   point blank  close   moderate  long\n")
	for _, w := range Weapons {
		r := WeaponChart[w].Range
		q := func(n int) string {
			return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.2f", float64(r*n)/4), "0"), ".0") + "\""
		}
		fmt.Fprintf(&b, "%-7s %-5s ≤%-11s ≤%-6s ≤%-8s ≤%s\n", w, fmt.Sprintf("%d\"", r), q(1), q(2), q(3), q(4))
	}
	b.WriteString("to hit            3+           4+      5+        6+\n")
	b.WriteString("damage            +1           —       —         −1\n")
	b.WriteString("```\nSpanish troops need 4+ at moderate range. Elevation adds 1\" of maximum range per inch of height; the other bands do not change.")
	return b.String()
}

func combatBody() string {
	var b strings.Builder
	b.WriteString("A charge (one action, `/volleyfire charge`) starts a combat; combats are fought after all activations.\n" +
		"Each side rolls **1d6 per base**; each 5 or 6 is a hit. The charger counts **one extra base** (Ulhans five; against a square one, V2a). " +
		"Artillery fights as one infantry base. Allies fighting one enemy add their hits. " +
		"The side with more hits rolls the difference to wound: **5+** destroys a base (**6** against cuirassiers and Russians).\n" +
		"**Rerolls** (offensive, declared after the first roll; the referee rerolls misses and says which):\n```\n")
	for _, r := range RerollChart {
		fmt.Fprintf(&b, "%-28s %d\n", r.Name, r.Rerolls)
	}
	b.WriteString("```\nCharged from **behind**: destroyed. Charged in the **flank**: only the defender's bases on that side fight, all the charger's do. " +
		"A square takes charging cavalry as infantry: one extra base, no mounted rerolls (V2a). " +
		"Dragoons fight as infantry: no mounted rerolls, only their swords' or bayonets' (V4a). Each side rerolls only its own dice (V7). " +
		"A unit still in combat may break away with an action (it turns one inch and may move with its second). " +
		"On a map the charge is measured between the nearest points of the bases, strikes the side the charger stands off, " +
		"and moves the charger against the middle of that side, facing it; one beyond its move is refused.\n" +
		"**Rout:** at 2 bases or fewer (British 1, Spanish 3); the command base is removed last.")
	return b.String()
}

func movementBody() string {
	var b strings.Builder
	b.WriteString("Inches per move action, in line:\n```\n")
	for _, m := range MoveChart {
		who := string(m.Kind)
		if m.Nation != "" {
			who = string(m.Nation) + " " + who
		}
		if m.Kind == Artillery {
			who += " (limbered)"
		}
		fmt.Fprintf(&b, "%-32s %d\"\n", who, m.Inches)
	}
	fmt.Fprintf(&b, "%-32s +%d\"\n%-32s +%d\"\n", "column", FormationMove[Column], "skirmish", FormationMove[Skirmish])
	fmt.Fprintf(&b, "%-32s %d\" per inch\n%-32s %d\" per inch\n```\n", "light terrain (hills, streams)", LightCost, "heavy terrain (forest, swamp)", HeavyCost)
	b.WriteString(
		"Dragoons move as cavalry. Hussars may move and shoot in one action. Two move actions are a march. " +
			"`/volleyfire move unit:… open:… light:… heavy:…`; on a map `to:\"x,y\"` (through `via:`) measures the path of the unit's centre through each kind of ground, refuses a move costing more than the allowance with both, and moves the unit there.")
	return b.String()
}

func readingsBody() string {
	var b strings.Builder
	b.WriteString("Where the text is damaged or silent the referee reads it so, and says so where it applies; docs/readings.md states each with the rule it rests on.\n")
	b.WriteString("House rules (`/game house-rule`): ")
	var hs []string
	for _, h := range HouseRules {
		hs = append(hs, fmt.Sprintf("`%s` = %s", h.Name, strings.Join(h.Values, " | ")))
	}
	b.WriteString(strings.Join(hs, "; "))
	return b.String()
}
