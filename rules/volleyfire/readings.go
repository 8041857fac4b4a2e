package volleyfire

import "github.com/referee-bot/referee/rules"

// Readings V1–V8 of docs/readings.md, as shown to players where they apply.
var (
	V1  = rules.Reading{ID: "V1", Text: "a unit at 2 bases or fewer is routed and destroyed (British only at 1, Spanish already at 3)"}
	V2  = rules.Reading{ID: "V2", Text: "column +3\" and only the front base shoots; line: every base shoots; square: cavalry charging it get the infantry bonus, not the cavalry one (no mounted rerolls); skirmish +2\", a cannon hits one base, cavalry get 2 more rerolls"}
	V3  = rules.Reading{ID: "V3", Text: "sides alternate activations, two actions a unit; out of command range a unit may only shoot at the closest enemy; combat after all activations"}
	V4  = rules.Reading{ID: "V4", Text: "move per action in line: cavalry 6\" (Prussian 7\"), infantry 3\", limbered artillery 3\" (Portuguese 4\"); light terrain costs 2\" an inch, heavy 3\""}
	V5  = rules.Reading{ID: "V5", Text: "bands: point blank ≤ ¼ range 3+ (+1 damage), close ≤ ½ 4+, moderate ≤ ¾ 5+ (Spanish 4+), long 6+ (−1 damage); 5+ destroys, 6 in cover; elevation adds 1\" of range an inch, bands unchanged"}
	V6  = rules.Reading{ID: "V6", Text: "rifle 40\" (2 actions to reload), musket 20\" (1 action, reading), pistol 10\" (never reloads), cannon 100\" (up to three bases, 3+ to wound, always scatters: the umpire places the shot)"}
	V7  = rules.Reading{ID: "V7", Text: "1d6 a base, 5+ hits; the charger counts one extra base (Ulhans five); the difference in hits is rolled to wound at 5+ (6 against cuirassiers and Russians); the referee rerolls misses and says which; each side rerolls only its own dice, to score hits, never the enemy's"}
	V2a = rules.Reading{ID: "V2a", Text: "cavalry charging a square get the infantry charge bonus instead of any cavalry one: one extra base, no mounted rerolls, and Ulhans do not count five extra bases"}
	V4a = rules.Reading{ID: "V4a", Text: "dragoons fight as infantry: no mounted rerolls; the rerolls of their weapons (swords 2, bayonets 1) apply"}
	V8  = rules.Reading{ID: "V8", Text: "a command base may join a unit: it cannot then be shot alone and is the last base removed"}
)

// Readings the referee takes where docs/readings.md notes the text silent too; each is shown where it
// applies, and those that are switchable are house rules.
var (
	ReadingSquareFire     = rules.Reading{ID: "V2", Text: "the text limits fire only in column; a square or skirmish line fires with every base"}
	ReadingCommandBase    = rules.Reading{ID: "V8", Text: "a joined command base gives the command reroll but neither fires, fights nor counts for the rout; only losses beyond the unit's last base reach it"}
	ReadingFirstSide      = rules.Reading{ID: "V3", Text: "the text does not say who activates first: each side rolls a d6, the highest first, ties roll again (the umpire may choose instead with /volleyfire first)"}
	ReadingRussianCommand = rules.Reading{ID: "V3", Text: "a Russian commander has 2\" less than the best equal (same grade) general of another nation in the battle, or than the standard 20\"/30\" when there is none"}
	ReadingOutOfCommand   = rules.Reading{ID: "V3", Text: "out of command range a unit may only shoot, and only at the closest enemy"}
	ReadingLimber         = rules.Reading{ID: "V4", Text: "artillery moves only limbered and fires only unlimbered; limbering or unlimbering is a change of formation (one action)"}
	ReadingCharge         = rules.Reading{ID: "V7", Text: "a charge is one action and moves up to the unit's move allowance"}
	ReadingArms           = rules.Reading{ID: "V7", Text: "the text does not say who carries swords or bayonets: cavalry carry swords, infantry (and dragoons) with muskets or rifles carry bayonets, unless the roster says otherwise"}
	ReadingWoundTarget    = rules.Reading{ID: "V7", Text: "with allies on the losing side, the wounds fall on the unit charged (or, for the charging side, the first charger)"}
	ReadingFlank          = rules.Reading{ID: "V7", Text: "a line is at most two deep, so two of its bases stand on a flank; a column's whole length and a square's face fight; a skirmish line's end base fights (the umpire may give the number)"}
	ReadingCuirassierFire = rules.Reading{ID: "V7", Text: "the cuirassiers' 6 to wound is read as close combat only"}
	ReadingEliteFire      = rules.Reading{ID: "V5", Text: "the text says experience may modify the to-hit roll but gives no number: no modifier"}
)

// House rule names and values. The first value of each is the reading.
const (
	HouseRerollSame     = "reroll-same-die"
	HouseSquareCavalry  = "square-cavalry"
	HouseSquareMove     = "square-move"
	HouseEliteFire      = "elite-fire"
	HouseCannonCover    = "cannon-cover"
	HouseCuirassierFire = "cuirassier-fire"
)

// HouseRules lists every switchable reading.
var HouseRules = []rules.HouseRule{
	{Name: HouseRerollSame, Values: []string{"once", "again"}, Reading: rules.Reading{ID: "V7",
		Text: "once: a die is rerolled at most once, each reroll on a different missed die; again: a missed reroll may itself be rerolled while rerolls last"}},
	{Name: HouseSquareCavalry, Values: []string{"no-mounted", "as-infantry"}, Reading: rules.Reading{ID: "V2",
		Text: "no-mounted: cavalry fighting a square lose the mounted rerolls only (V2); as-infantry: they lose swords too and fight with one bayonet-style reroll"}},
	{Name: HouseSquareMove, Values: []string{"line", "none"}, Reading: rules.Reading{ID: "V4",
		Text: "line: the text gives the square no move, so it moves as a line; none: a square cannot move"}},
	{Name: HouseEliteFire, Values: []string{"none", "plus1"}, Reading: rules.Reading{ID: "V5",
		Text: "none: elite units shoot like any other (the text gives no number); plus1: +1 to an elite unit's to-hit rolls"}},
	{Name: HouseCannonCover, Values: []string{"six", "none"}, Reading: rules.Reading{ID: "V5",
		Text: "six: cover makes a 6 the need to destroy for every weapon, cannon included; none: a cannon still wounds on 3+ in cover"}},
	{Name: HouseCuirassierFire, Values: []string{"combat", "fire"}, Reading: rules.Reading{ID: "V7",
		Text: "combat: the 6 to wound cuirassiers applies in close combat only; fire: also when they are shot"}},
}

// House is the house rules in force, as the pure functions take them. The zero
// House is every default reading.
type House struct {
	RerollAgain        bool // reroll-same-die=again
	SquareAsInfantry   bool // square-cavalry=as-infantry
	SquareNoMove       bool // square-move=none
	EliteFirePlus1     bool // elite-fire=plus1
	CannonIgnoresCover bool // cannon-cover=none
	CuirassierFire     bool // cuirassier-fire=fire
}

func houseReading(name, value string) rules.Reading {
	return rules.Reading{ID: "house rule", Text: name + "=" + value}
}

// HouseRuleReading is the reading of a house rule by name.
func HouseRuleReading(name string) rules.Reading {
	for _, h := range HouseRules {
		if h.Name == name {
			return h.Reading
		}
	}
	panic("volleyfire: no house rule " + name)
}
