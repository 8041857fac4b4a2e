package volleyfire

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/optdef"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Option names of /volleyfire.
const (
	optUnit       = "unit"
	optTarget     = "target"
	optName       = "name"
	optRename     = "rename"
	optSide       = "side"
	optNewSide    = "new-side"
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
	optCommander  = "commander"
	optRoyal      = "royal"
	optJoin       = "join"
	optLost       = "lost"
	optHidden     = "hidden"
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

// nations are the nationalities offered: the rules' own, and any other.
var nations = append([]vf.Nation{"other"}, vf.Nations...)

// unitOpt is the roster unit an action is for; without it the action is a quick ruling.
func unitOpt(desc string) *discordgo.ApplicationCommandOption {
	return optdef.String(optUnit, desc, false, true, vf.MaxName)
}

// fighter are the options describing one side of a quick combat.
func fighter(prefix, who string) []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		optdef.Pick(prefix+"type", who+": infantry, cavalry or artillery (quick)", false, vf.Kinds...),
		optdef.Integer(prefix+"bases", who+": bases (quick)", false, 1, 60),
		optdef.Pick(prefix+"formation", who+": formation (quick)", false, vf.Formations...),
		optdef.Pick(prefix+"nation", who+": nationality (quick)", false, nations...),
		optdef.Pick(prefix+"special", who+": special cavalry (quick)", false, vf.Specials...),
		optdef.Bool(prefix+"elite", who+": elite (quick)"),
		optdef.Bool(prefix+"command", who+": a command base has joined (quick)"),
		optdef.Pick(prefix+"arms", who+": swords, bayonets or none (default by type)", false, vf.ArmsList...),
	}
}

// RosterCommand is the name of the roster's command, kept apart from the
// actions' so that each stays well within Discord's size limit.
const RosterCommand = vf.ID + "-roster"

// RosterDefinition is /volleyfire-roster.
var RosterDefinition = &discordgo.ApplicationCommand{
	Name:        RosterCommand,
	Description: "Volleyfire!: the roster of units and command bases",
	Contexts:    optdef.InServers,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Sub("show", "The roster: units, bases, formations, loads and command bases"),
		optdef.Sub("unit-add", "Umpire: add a unit",
			optdef.String(optName, "The unit's name", true, false, vf.MaxName),
			optdef.String(optSide, "Its side (e.g. Allies, French)", true, false, vf.MaxName),
			optdef.Pick(optType, "Infantry, cavalry or artillery", true, vf.Kinds...),
			optdef.Bool(optNewSide, "The side is a new one"),
			optdef.Integer(optBases, "Bases (artillery: 1)", false, 1, 60),
			optdef.Pick(optFormation, "Formation (default line; artillery: limbered or unlimbered)", false, vf.Stances...),
			optdef.Pick(optWeapon, "Weapon (default musket; cavalry pistol; artillery cannon)", false, vf.Weapons...),
			optdef.Pick(optNation, "Nationality", false, nations...),
			optdef.Pick(optSpecial, "Special cavalry", false, vf.Specials...),
			optdef.Bool(optElite, "Elite"),
			optdef.Pick(optArms, "Close-combat arms (default: cavalry swords, infantry bayonets)", false, vf.ArmsList...),
			optdef.User(optPlayer, "The player who commands it"),
			optdef.Bool(optLoaded, "Loaded (default yes)"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("unit-set", "Umpire: change a unit",
			optdef.String(optUnit, "The unit", true, true, vf.MaxName),
			optdef.String(optRename, "New name", false, false, vf.MaxName),
			optdef.String(optSide, "Side", false, false, vf.MaxName),
			optdef.Bool(optNewSide, "The side is a new one"),
			optdef.Integer(optBases, "Bases", false, 0, 60),
			optdef.Pick(optFormation, "Formation", false, vf.Stances...),
			optdef.Pick(optWeapon, "Weapon", false, vf.Weapons...),
			optdef.Pick(optNation, "Nationality", false, nations...),
			optdef.Pick(optSpecial, "Special cavalry", false, append([]vf.Special{"none"}, vf.Specials...)...),
			optdef.Bool(optElite, "Elite"),
			optdef.Pick(optArms, "Close-combat arms", false, vf.ArmsList...),
			optdef.User(optPlayer, "The player who commands it"),
			optdef.Bool(optLoaded, "Loaded"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("unit-remove", "Umpire: remove a unit from the roster", optdef.String(optUnit, "The unit", true, true, vf.MaxName)),
		optdef.Sub("commander-add", "Umpire: add a command base",
			optdef.String(optName, "Its name", true, false, vf.MaxName),
			optdef.String(optSide, "Its side", true, false, vf.MaxName),
			optdef.Bool(optNewSide, "The side is a new one"),
			optdef.Pick(optNation, "Nationality", false, nations...),
			optdef.Bool(optRoyal, "Royal command (30\")"),
			optdef.User(optPlayer, "The player who commands it"),
			optdef.String(optJoin, "A unit it joins", false, true, vf.MaxName),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("commander-set", "Umpire: join a command base to a unit, or change it",
			optdef.String(optCommander, "The command base", true, true, vf.MaxName),
			optdef.String(optJoin, "The unit it joins (none: standing alone)", false, true, vf.MaxName),
			optdef.Pick(optNation, "Nationality", false, nations...),
			optdef.Bool(optRoyal, "Royal command (30\")"),
			optdef.Bool(optLost, "Lost (removed from play)"),
			optdef.User(optPlayer, "The player who commands it"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
	},
}

// Definition is /volleyfire.
var Definition = &discordgo.ApplicationCommand{
	Name:        vf.ID,
	Description: "Volleyfire!: activations, movement, shooting and combat",
	Contexts:    optdef.Anywhere,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Sub("first", "Umpire: choose the side that activates first this turn (or next)",
			optdef.String(optSide, "The side", true, true, vf.MaxName)),
		optdef.Sub("activate", "Activate a unit (or, without one, check a command range)",
			unitOpt("The unit to activate"),
			optdef.String(optCommander, "The command base in range (none: out of command)", false, true, vf.MaxName),
			optdef.Number(optDistance, "Inches from the command base to the unit", false, 0, 500),
			optdef.Pick(optNation, "Quick: the commander's nationality", false, nations...),
			optdef.Bool(optRoyal, "Quick: a royal command"),
			optdef.Pick(optEnemyNat, "Quick, Russian: the nationality of the equal enemy general", false, nations...)),
		optdef.Sub("done", "End a unit's activation now (its actions left are lost)", unitOpt("The active unit")),
		optdef.Sub("move", "Move a unit one action (or a quick ruling of its allowance)", append([]*optdef.Option{
			unitOpt("The unit moving"),
			optdef.Number(optOpen, "Inches through open ground", false, 0, 100),
			optdef.Number(optLight, "Inches through light terrain (hills, streams): 2\" an inch", false, 0, 100),
			optdef.Number(optHeavy, "Inches through heavy terrain (forest, swamp): 3\" an inch", false, 0, 100),
			optdef.Pick(optType, "Quick: infantry, cavalry or artillery", false, vf.Kinds...),
			optdef.Pick(optFormation, "Quick: formation (artillery: limbered)", false, vf.Stances...),
			optdef.Pick(optNation, "Quick: nationality", false, nations...),
			optdef.Pick(optSpecial, "Quick: special cavalry", false, vf.Specials...)},
			mapcmd.RouteOptions()...)...),
		optdef.Sub("shoot", "Shoot (roster units, or a quick ruling from the options)",
			optdef.Number(optRange, "Inches to the target, measured after choosing it (on a map the referee measures it)", false, 0, 500),
			unitOpt("The unit shooting"),
			optdef.String(optTarget, "The enemy unit or lone command base", false, true, vf.MaxName),
			optdef.Number(optElevation, "Inches the shooter stands above ground level", false, 0, 50),
			optdef.Bool(optCover, "The target is in terrain (6 to destroy)"),
			optdef.Bool(optClosest, "The target is the closest enemy (needed out of command; on a map the referee measures it)"),
			optdef.Integer(optBases, "Bases firing, if fewer than all that may", false, 1, 60),
			optdef.Number(optMove, "Hussars: inches moved (open) in the same action", false, 0, 100),
			optdef.Number(optMoveLight, "Hussars: inches moved through light terrain", false, 0, 100),
			optdef.Number(optMoveHeavy, "Hussars: inches moved through heavy terrain", false, 0, 100),
			optdef.Pick(optWeapon, "Quick: weapon", false, vf.Weapons...),
			optdef.Pick(optFormation, "Quick: shooter's formation", false, vf.Stances...),
			optdef.Pick(optNation, "Quick: shooter's nationality", false, nations...),
			optdef.Bool(optElite, "Quick: elite shooters"),
			optdef.Pick(optTKind, "Quick: target type", false, vf.TargetKinds...),
			optdef.Integer(optTBases, "Quick: target bases", false, 1, 60),
			optdef.Pick(optTFormation, "Quick: target formation", false, vf.Formations...),
			optdef.Pick(optTNation, "Quick: target nationality", false, nations...),
			optdef.Pick(optTSpecial, "Quick: target special cavalry", false, vf.Specials...),
			optdef.Bool(optTCommand, "Quick: a command base has joined the target")),
		optdef.Sub("reload", "Reload a unit (one action; rifles need two)",
			unitOpt("The unit reloading"),
			optdef.Pick(optWeapon, "Quick: the weapon", false, vf.Weapons...)),
		optdef.Sub("formation", "Change a unit's formation (one action); artillery limbers or unlimbers",
			optdef.Pick(optTo, "The new formation", true, vf.Stances...),
			unitOpt("The unit"),
			optdef.Pick(optType, "Quick: infantry, cavalry or artillery", false, vf.Kinds...)),
		optdef.Sub("charge", "Charge an enemy unit (one action); the combat is fought after the activations",
			optdef.String(optUnit, "The unit charging", true, true, vf.MaxName),
			optdef.String(optTarget, "The enemy unit charged", true, true, vf.MaxName),
			optdef.Pick(optFacing, "Where the charge strikes (rear: destroyed; on a map the referee measures it)", false, vf.Facings...),
			optdef.Number(optOpen, "Inches charged through open ground (on a map the referee measures the charge)", false, 0, 100),
			optdef.Number(optLight, "Inches charged through light terrain", false, 0, 100),
			optdef.Number(optHeavy, "Inches charged through heavy terrain", false, 0, 100),
			optdef.Integer(optSideBases, "Flank: the defender's bases on that side", false, 1, 60)),
		optdef.Sub("fight", "Fight a combat: a roster unit's, or a quick ruling from the options",
			append(append([]*discordgo.ApplicationCommandOption{
				unitOpt("A unit in the combat"),
				optdef.Pick(optFacing, "Quick: where the charge struck", false, vf.Facings...),
				optdef.Integer(optSideBases, "Quick, flank: the defender's bases on that side", false, 1, 60),
				optdef.Integer(chargerPrefix+optAllies, "Quick: bases of an allied unit charging too", false, 1, 60),
			}, fighter(chargerPrefix, "Charger")...), fighter(defenderPrefix, "Defender")...)...),
		optdef.Sub("breakaway", "Break a unit away from its combat (one action)", optdef.String(optUnit, "The unit", true, true, vf.MaxName)),
	},
}

// values are the parsers of Volleyfire!'s own words, one an enum, from
// rules/volleyfire.
var values = []decode.Value{decode.Parse(vf.ParseKind), decode.Parse(vf.ParseFormation), decode.Parse(vf.ParseStance),
	decode.Parse(vf.ParseWeapon), decode.Parse(vf.ParseNation), decode.Parse(vf.ParseSpecial), decode.Parse(vf.ParseArms),
	decode.Parse(vf.ParseFacing)}

// orders and rosterOrders decode the options of /volleyfire and
// /volleyfire-roster into their typed orders (orders.go, roster.go).
var (
	orders       = decode.New(vf.ID, Definition, rosterNames, values...)
	rosterOrders = decode.New(vf.ID, RosterDefinition, rosterNames, values...)
)

// Routes are the /volleyfire and /volleyfire-roster subcommands.
func (r *Ruleset) Routes() []battle.Route {
	return []battle.Route{
		decode.Route(rosterOrders, "volleyfire-roster show", r.RosterShow),
		decode.Route(rosterOrders, "volleyfire-roster unit-add", r.RosterUnitAdd),
		decode.Route(rosterOrders, "volleyfire-roster unit-set", r.RosterUnitSet),
		decode.Route(rosterOrders, "volleyfire-roster unit-remove", r.RosterUnitRemove),
		decode.Route(rosterOrders, "volleyfire-roster commander-add", r.RosterCommanderAdd),
		decode.Route(rosterOrders, "volleyfire-roster commander-set", r.RosterCommanderSet),
		decode.Route(orders, "volleyfire first", r.First),
		decode.Ruling(orders, "volleyfire activate", mapcmd.Measure(r, mapcmd.VolleyfireActivate, r.Activate)),
		decode.Route(orders, "volleyfire done", r.Done),
		decode.Ruling(orders, "volleyfire move", r.Move),
		decode.Ruling(orders, "volleyfire shoot", mapcmd.Measure(r, mapcmd.VolleyfireShoot, r.Shoot)),
		decode.Ruling(orders, "volleyfire reload", r.Reload),
		decode.Ruling(orders, "volleyfire formation", r.Formation),
		decode.Route(orders, "volleyfire charge", mapcmd.Measure(r, mapcmd.VolleyfireCharge, r.Charge)),
		decode.Ruling(orders, "volleyfire fight", r.Fight),
		decode.Route(orders, "volleyfire breakaway", r.Breakaway),
	}
}
