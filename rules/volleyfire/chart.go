package volleyfire

// Kind is the type of a base (Army Composition).
type Kind string

// Kinds of base. A command base is not a kind of unit in the text; it is a kind
// here so that a command base standing alone can be shot at.
const (
	Infantry  Kind = "infantry"
	Cavalry   Kind = "cavalry"
	Artillery Kind = "artillery"
	Command   Kind = "command"
)

// Formation is a unit's formation (Formations).
type Formation string

// Formations.
const (
	Line     Formation = "line"
	Column   Formation = "column"
	Square   Formation = "square"
	Skirmish Formation = "skirmish"
)

// Weapon is what a unit shoots with (Weapons).
type Weapon string

// Weapons.
const (
	Rifle  Weapon = "rifle"
	Musket Weapon = "musket"
	Pistol Weapon = "pistol"
	Cannon Weapon = "cannon"
)

// Nation is a unit's nationality (National Bonuses); "" is any other.
type Nation string

// Nations with a national bonus.
const (
	British    Nation = "British"
	French     Nation = "French"
	Prussian   Nation = "Prussian"
	Russian    Nation = "Russian"
	Spanish    Nation = "Spanish"
	Polish     Nation = "Polish"
	Portuguese Nation = "Portuguese"
)

// Special is a special unit type (Special Units); "" is none.
type Special string

// Special units.
const (
	Hussars     Special = "hussars"
	Cuirassiers Special = "cuirassiers"
	Dragoons    Special = "dragoons"
	Ulhans      Special = "ulhans"
)

// Arms are the close-combat arms that give rerolls (Combat); "" takes the default
// for the unit (DefaultArms).
type Arms string

// Arms.
const (
	Swords   Arms = "swords"
	Bayonets Arms = "bayonets"
	NoArms   Arms = "none"
)

// Kinds, Formations, Weapons, Nations, Specials and ArmsList list the values in the
// order the text gives them, for option choices and validation; TargetKinds
// are what may be shot at: a unit of any kind, or a command base alone.
var (
	Kinds       = []Kind{Infantry, Cavalry, Artillery}
	TargetKinds = []Kind{Infantry, Cavalry, Artillery, Command}
	Formations  = []Formation{Line, Column, Square, Skirmish}
	Weapons     = []Weapon{Rifle, Musket, Pistol, Cannon}
	Nations     = []Nation{British, French, Prussian, Russian, Spanish, Polish, Portuguese}
	Specials    = []Special{Hussars, Cuirassiers, Dragoons, Ulhans}
	ArmsList    = []Arms{Swords, Bayonets, NoArms}
)

// A WeaponStats is one line of the Weapons section.
type WeaponStats struct {
	// Range is the maximum range in inches.
	Range int
	// Reload is the actions it takes to reload; 0 never needs reloading.
	Reload int
	// Wounds is how many bases one hit may wound (cannon: up to three).
	Wounds int
	// WoundNeed replaces the 5+ damage roll (cannon: 3+); 0 uses the damage roll.
	WoundNeed int
	// Reading names the reading behind a number the text does not give.
	Reading string
}

// WeaponChart is the Weapons section.
var WeaponChart = map[Weapon]WeaponStats{
	Rifle:  {Range: 40, Reload: 2, Wounds: 1},
	Musket: {Range: 20, Reload: 1, Wounds: 1, Reading: "the text gives the musket no reload time; it takes one action (V6)"},
	Pistol: {Range: 10, Reload: 0, Wounds: 1},
	Cannon: {Range: 100, Reload: 1, Wounds: 3, WoundNeed: 3, Reading: "the text gives the cannon no reload time; it takes one action, as the musket (V6)"},
}

// A Band is one range band of the Ranges section: shots at Quarters/4 of the
// weapon's range or less.
type Band struct {
	Name     string
	Quarters int
	// Hit is the to-hit need (n+); Damage the modifier to the damage roll.
	Hit    int
	Damage int
}

// BandChart is the Ranges section, shortest band first.
var BandChart = []Band{
	{Name: "point blank", Quarters: 1, Hit: 3, Damage: +1},
	{Name: "close", Quarters: 2, Hit: 4, Damage: 0},
	{Name: "moderate", Quarters: 3, Hit: 5, Damage: 0},
	{Name: "long", Quarters: 4, Hit: 6, Damage: -1},
}

// SpanishModerateHit is the Spanish to-hit need at moderate range (National Bonuses).
const SpanishModerateHit = 4

// DamageNeed is the damage roll that destroys a base (Shooting); CoverNeed the roll
// needed against a unit in terrain (Cover).
const (
	DamageNeed = 5
	CoverNeed  = 6
)

// MoveChart is the Movement section: inches per action in line (Prussian cavalry
// and Portuguese limbered artillery from National Bonuses).
var MoveChart = []struct {
	Kind   Kind
	Nation Nation
	Inches int
}{
	{Cavalry, "", 6},
	{Cavalry, Prussian, 7},
	{Infantry, "", 3},
	{Artillery, "", 3}, // if limbered
	{Artillery, Portuguese, 4},
}

// FormationMove is the bonus to a move by formation (Formations).
var FormationMove = map[Formation]int{Line: 0, Column: 3, Square: 0, Skirmish: 2}

// Terrain costs per inch moved (Terrain).
const (
	OpenCost  = 1
	LightCost = 2
	HeavyCost = 3
)

// Command ranges in inches (Command Bases, Special Units, National Bonuses).
const (
	AverageCommand = 20
	RoyalCommand   = 30
	FrenchRegular  = 25
	RussianLess    = 2
)

// RoutAt is the number of bases at or below which a unit routs (Army Composition,
// National Bonuses).
var RoutAt = map[Nation]int{"": 2, British: 1, Spanish: 3}

// RoutThreshold is the rout number for a nation.
func RoutThreshold(n Nation) int {
	if v, ok := RoutAt[n]; ok {
		return v
	}
	return RoutAt[""]
}

// Combat numbers (Combat, Special Units, National Bonuses).
const (
	CombatHit    = 5 // each 5 or 6 is a hit
	CombatWound  = 5 // 5+ destroys a base
	HardWound    = 6 // against cuirassiers and Russians
	ChargerBases = 1 // the charger counts one extra base
	UlhanBases   = 5 // Ulhans count five extra when charging
)

// A RerollSource is one line of the Combat section's rerolls.
type RerollSource struct {
	Name    string
	Rerolls int
}

// RerollChart is the Combat section's list of rerolls (Polish infantry from
// National Bonuses, cavalry against skirmishers from Formations).
var RerollChart = []RerollSource{
	{"mounted against infantry", 2},
	{"swords", 2},
	{"bayonets", 1},
	{"elite", 1},
	{"command", 1},
	{"Polish infantry", 1},
	{"cavalry against skirmishers", 2},
}

func rerollsOf(name string) int {
	for _, r := range RerollChart {
		if r.Name == name {
			return r.Rerolls
		}
	}
	panic("volleyfire: no reroll source " + name)
}
