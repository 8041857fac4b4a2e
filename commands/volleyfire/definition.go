package volleyfire

import (
	"github.com/bwmarrin/discordgo"

	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Option names of /volleyfire.
const (
	optUnit       = "unit"
	optTarget     = "target"
	optName       = "name"
	optRename     = "rename"
	optSide       = "side"
	optType       = "type"
	optBases      = "bases"
	optFormation  = "formation"
	optWeapon     = "weapon"
	optNation     = "nation"
	optSpecial    = "special"
	optElite      = "elite"
	optArms       = "arms"
	optPlayer     = "player"
	optLoaded     = "loaded"
	optLimbered   = "limbered"
	optCommander  = "commander"
	optRoyal      = "royal"
	optJoin       = "join"
	optLost       = "lost"
	optDistance   = "distance"
	optEnemyNat   = "enemy-nation"
	optOpen       = "open"
	optLight      = "light"
	optHeavy      = "heavy"
	optRange      = "range"
	optElevation  = "elevation"
	optCover      = "cover"
	optClosest    = "closest"
	optMove       = "move"
	optMoveLight  = "move-light"
	optMoveHeavy  = "move-heavy"
	optTKind      = "target-type"
	optTBases     = "target-bases"
	optTFormation = "target-formation"
	optTNation    = "target-nation"
	optTSpecial   = "target-special"
	optTCommand   = "target-command"
	optTo         = "to"
	optFacing     = "facing"
	optSideBases  = "side-bases"
	optAllies     = "allies"
)

// Prefixes of the charger's and the defender's options of a quick combat.
const (
	chargerPrefix  = "c-"
	defenderPrefix = "d-"
)

func ptr(f float64) *float64 { return &f }

func choices[T ~string](vs []T) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range vs {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: string(v), Value: string(v)})
	}
	return out
}

func str(name, desc string, required, auto bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		Description: desc, Required: required, Autocomplete: auto, MaxLength: MaxName}
}

func pick[T ~string](name, desc string, required bool, vs []T) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		Description: desc, Required: required, Choices: choices(vs)}
}

func integer(name, desc string, required bool, lo, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name,
		Description: desc, Required: required, MinValue: ptr(lo), MaxValue: hi}
}

func number(name, desc string, required bool, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionNumber, Name: name,
		Description: desc, Required: required, MinValue: ptr(0), MaxValue: hi}
}

func boolean(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: desc}
}

func user(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
		Description: desc, Options: opts}
}

var (
	kinds      = []vf.Kind{vf.Infantry, vf.Cavalry, vf.Artillery}
	targetKind = []vf.Kind{vf.Infantry, vf.Cavalry, vf.Artillery, vf.Command}
	formations = []string{string(vf.Line), string(vf.Column), string(vf.Square), string(vf.Skirmish), "limbered", "unlimbered"}
	facings    = []vf.Facing{vf.Front, vf.Flank, vf.Rear}
	nations    = append([]vf.Nation{"other"}, vf.Nations...)
)

// unitOpt is the roster unit an action is for; without it the action is a quick ruling.
func unitOpt(desc string) *discordgo.ApplicationCommandOption { return str(optUnit, desc, false, true) }

// fighter are the options describing one side of a quick combat.
func fighter(prefix, who string) []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		pick(prefix+"type", who+": infantry, cavalry or artillery (quick)", false, kinds),
		integer(prefix+"bases", who+": bases (quick)", false, 1, 60),
		pick(prefix+"formation", who+": formation (quick)", false, vf.Formations),
		pick(prefix+"nation", who+": nationality (quick)", false, nations),
		pick(prefix+"special", who+": special cavalry (quick)", false, vf.Specials),
		boolean(prefix+"elite", who+": elite (quick)"),
		boolean(prefix+"command", who+": a command base has joined (quick)"),
		pick(prefix+"arms", who+": swords, bayonets or none (default by type)", false, vf.ArmsList),
	}
}

// Definition is /volleyfire.
var Definition = &discordgo.ApplicationCommand{
	Name:        ID,
	Description: "Volleyfire!: roster, activations, movement, shooting and combat",
	Options: []*discordgo.ApplicationCommandOption{
		sub("roster", "Show the roster: units, bases, formations, loads and command bases"),
		sub("unit-add", "Umpire: add a unit",
			str(optName, "The unit's name", true, false),
			str(optSide, "Its side (e.g. Allies, French)", true, false),
			pick(optType, "Infantry, cavalry or artillery", true, kinds),
			integer(optBases, "Bases (artillery: 1)", false, 1, 60),
			pick(optFormation, "Formation (default line; artillery: limbered or unlimbered)", false, formations),
			pick(optWeapon, "Weapon (default musket; cavalry pistol; artillery cannon)", false, vf.Weapons),
			pick(optNation, "Nationality", false, nations),
			pick(optSpecial, "Special cavalry", false, vf.Specials),
			boolean(optElite, "Elite"),
			pick(optArms, "Close-combat arms (default: cavalry swords, infantry bayonets)", false, vf.ArmsList),
			user(optPlayer, "The player who commands it"),
			boolean(optLoaded, "Loaded (default yes)"),
		),
		sub("unit-set", "Umpire: change a unit",
			str(optUnit, "The unit", true, true),
			str(optRename, "New name", false, false),
			str(optSide, "Side", false, false),
			integer(optBases, "Bases", false, 0, 60),
			pick(optFormation, "Formation", false, formations),
			pick(optWeapon, "Weapon", false, vf.Weapons),
			pick(optNation, "Nationality", false, nations),
			pick(optSpecial, "Special cavalry", false, append([]vf.Special{"none"}, vf.Specials...)),
			boolean(optElite, "Elite"),
			pick(optArms, "Close-combat arms", false, vf.ArmsList),
			user(optPlayer, "The player who commands it"),
			boolean(optLoaded, "Loaded"),
		),
		sub("unit-remove", "Umpire: remove a unit from the roster", str(optUnit, "The unit", true, true)),
		sub("commander-add", "Umpire: add a command base",
			str(optName, "Its name", true, false),
			str(optSide, "Its side", true, false),
			pick(optNation, "Nationality", false, nations),
			boolean(optRoyal, "Royal command (30\")"),
			user(optPlayer, "The player who commands it"),
			str(optJoin, "A unit it joins", false, true),
		),
		sub("commander-set", "Umpire: join a command base to a unit, or change it",
			str(optCommander, "The command base", true, true),
			str(optJoin, "The unit it joins (none: standing alone)", false, true),
			pick(optNation, "Nationality", false, nations),
			boolean(optRoyal, "Royal command (30\")"),
			boolean(optLost, "Lost (removed from play)"),
			user(optPlayer, "The player who commands it"),
		),
		sub("first", "Umpire: choose the side that activates first this turn (or next)",
			str(optSide, "The side", true, false)),
		sub("activate", "Activate a unit (or, without one, check a command range)",
			unitOpt("The unit to activate"),
			str(optCommander, "The command base in range", false, true),
			number(optDistance, "Inches from the command base to the unit", false, 500),
			pick(optNation, "Quick: the commander's nationality", false, nations),
			boolean(optRoyal, "Quick: a royal command"),
			pick(optEnemyNat, "Quick, Russian: the nationality of the equal enemy general", false, nations),
		),
		sub("done", "End a unit's activation now (its actions left are lost)", unitOpt("The active unit")),
		sub("move", "Move a unit one action (or a quick ruling of its allowance)",
			unitOpt("The unit moving"),
			number(optOpen, "Inches through open ground", false, 100),
			number(optLight, "Inches through light terrain (hills, streams): 2\" an inch", false, 100),
			number(optHeavy, "Inches through heavy terrain (forest, swamp): 3\" an inch", false, 100),
			pick(optType, "Quick: infantry, cavalry or artillery", false, kinds),
			pick(optFormation, "Quick: formation (artillery: limbered)", false, formations),
			pick(optNation, "Quick: nationality", false, nations),
			pick(optSpecial, "Quick: special cavalry", false, vf.Specials),
		),
		sub("shoot", "Shoot (roster units, or a quick ruling from the options)",
			number(optRange, "Inches to the target, measured after choosing it", true, 500),
			unitOpt("The unit shooting"),
			str(optTarget, "The enemy unit or lone command base", false, true),
			number(optElevation, "Inches the shooter stands above ground level", false, 50),
			boolean(optCover, "The target is in terrain (6 to destroy)"),
			boolean(optClosest, "The target is the closest enemy (needed out of command)"),
			integer(optBases, "Bases firing, if fewer than all that may", false, 1, 60),
			number(optMove, "Hussars: inches moved (open) in the same action", false, 100),
			number(optMoveLight, "Hussars: inches moved through light terrain", false, 100),
			number(optMoveHeavy, "Hussars: inches moved through heavy terrain", false, 100),
			pick(optWeapon, "Quick: weapon", false, vf.Weapons),
			pick(optFormation, "Quick: shooter's formation", false, formations),
			pick(optNation, "Quick: shooter's nationality", false, nations),
			boolean(optElite, "Quick: elite shooters"),
			pick(optTKind, "Quick: target type", false, targetKind),
			integer(optTBases, "Quick: target bases", false, 1, 60),
			pick(optTFormation, "Quick: target formation", false, vf.Formations),
			pick(optTNation, "Quick: target nationality", false, nations),
			pick(optTSpecial, "Quick: target special cavalry", false, vf.Specials),
			boolean(optTCommand, "Quick: a command base has joined the target"),
		),
		sub("reload", "Reload a unit (one action; rifles need two)",
			unitOpt("The unit reloading"),
			pick(optWeapon, "Quick: the weapon", false, vf.Weapons)),
		sub("formation", "Change a unit's formation (one action); artillery limbers or unlimbers",
			pick(optTo, "The new formation", true, formations),
			unitOpt("The unit"),
			pick(optType, "Quick: infantry, cavalry or artillery", false, kinds)),
		sub("charge", "Charge an enemy unit (one action); the combat is fought after the activations",
			str(optUnit, "The unit charging", true, true),
			str(optTarget, "The enemy unit charged", true, true),
			pick(optFacing, "Where the charge strikes (rear: destroyed)", false, facings),
			number(optOpen, "Inches charged through open ground", false, 100),
			number(optLight, "Inches charged through light terrain", false, 100),
			number(optHeavy, "Inches charged through heavy terrain", false, 100),
			integer(optSideBases, "Flank: the defender's bases on that side", false, 1, 60),
		),
		sub("fight", "Fight a combat: a roster unit's, or a quick ruling from the options",
			append(append([]*discordgo.ApplicationCommandOption{
				unitOpt("A unit in the combat"),
				pick(optFacing, "Quick: where the charge struck", false, facings),
				integer(optSideBases, "Quick, flank: the defender's bases on that side", false, 1, 60),
				integer(chargerPrefix+optAllies, "Quick: bases of an allied unit charging too", false, 1, 60),
			}, fighter(chargerPrefix, "Charger")...), fighter(defenderPrefix, "Defender")...)...,
		),
		sub("breakaway", "Break a unit away from its combat (one action)", str(optUnit, "The unit", true, true)),
	},
}
