package greenjackets

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/mapcmd"

	"github.com/referee-bot/referee/commands/optdef"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// maxText is the longest text an option of /greenjackets takes.
const maxText = 400

// Option names of /greenjackets.
const (
	optSquad         = "squad"
	optDistance      = "distance"
	optTarget        = "target"
	optRange         = "range"
	optRanges        = "ranges"
	optCover         = "cover"
	optSpeed         = "speed"
	optTargetMoving  = "target-moving"
	optTargetProne   = "target-prone"
	optAimed         = "aimed"
	optWeapon        = "weapon"
	optFigures       = "figures"
	optCount         = "count"
	optQuality       = "quality"
	optSharpshooter  = "sharpshooter"
	optStrongman     = "strongman"
	optWounded       = "wounded"
	optTap           = "tap"
	optEuropean      = "european"
	optChances       = "chances"
	optChoose        = "choose"
	optRoad          = "road"
	optWoods         = "woods"
	optWoodsPassable = "woods-passable"
	optInches        = "inches"
	optArm           = "arm"
	optMoved         = "moved"
	optRanAgo        = "ran-turns-ago"
	optLimbered      = "limbered"
	optOfficer       = "officer"
	optEnemyFiring   = "enemy-firing"
	optEnemyProne    = "enemy-prone"
	optContact       = "contact"
	optOfficerNear   = "officer-near"
	optState         = "state"
	optDead          = "dead"
	optAmmo          = "ammo"
	optTargets       = "targets"
	optPlaced        = "placed"
	optBritish       = "british"
	optAttackers     = "attackers"
	optDefenders     = "defenders"
	optFirstRound    = "first-round"
	optTerrain       = "terrain"
	optHits          = "hits"
	optCharacter     = "character"
	optMounted       = "mounted"
	optDone          = "done"
	optCrewLost      = "crew-lost"
	optCall          = "call"
	optName          = "name"
	optNewName       = "new-name"
	optRank          = "rank"
	optSide          = "side"
	optNewSide       = "new-side"
	optNation        = "nation"
	optPlayer        = "player"
	optHidden        = "hidden"
	optPossessions   = "possessions"
	optMelee         = "melee"
	optLoaded        = "loaded"
	optProne         = "prone"
	optStunned       = "stunned"
	optSerious       = "serious"
	optLight         = "light"
	optHorse         = "horse"
	optMorale        = "morale"
	optFile          = "file"
	optText          = "text"
)

// moveSpeeds are the speeds a move may be made at: on foot, or a charge.
var moveSpeeds = append(slices.Clone(gj.AllSpeeds[1:]), gj.Charge)

// Options shared by several subcommands. Every value with a fixed set of
// values is a choice list, derived from the rule set's own list; the rules
// still refuse any other word typed (an old client, the console).
func squadOpt(required bool) *discordgo.ApplicationCommandOption {
	return optdef.String(optSquad, "Squads (A, B)", required, true, maxText)
}

func distanceOpt() *discordgo.ApplicationCommandOption {
	return optdef.Number(optDistance, "Inches from its officer", false, 0, 200)
}

func qualityOpt() *discordgo.ApplicationCommandOption {
	return optdef.Pick(optQuality, "Quality", false, gj.Qualities...)
}

// weaponOpt is a figure's weapon: a firearm, a gun's cannon or none.
func weaponOpt() *discordgo.ApplicationCommandOption {
	return optdef.Pick(optWeapon, "Weapon", false, gj.FigureWeapons...)
}

// firearmOpt is the weapon of a quick ruling of small arms.
func firearmOpt() *discordgo.ApplicationCommandOption {
	return optdef.Pick(optWeapon, "Weapon", false, gj.Weapons...)
}

func armOpt() *discordgo.ApplicationCommandOption {
	return optdef.Pick(optArm, "Arm", false, gj.Arms...)
}

func meleeOpt() *discordgo.ApplicationCommandOption {
	return optdef.Pick(optMelee, "Melee weapon", false, gj.MeleeWeapons...)
}

// Definition is /greenjackets.
var Definition = &discordgo.ApplicationCommand{
	Name:        gj.ID,
	Description: "Green Jackets: roster, actions, charts",
	Contexts:    optdef.Anywhere,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Group("roster", "Umpire's roster",
			optdef.Sub("character", "Add or change an officer, NCO or hero",
				optdef.String(optName, "Name", true, true, maxText),
				optdef.Pick(optRank, "Rank", false, gj.Ranks...),
				optdef.String(optSide, "Side", false, false, maxText),
				optdef.Bool(optNewSide, "The side is a new one"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: optPlayer, Description: "Who plays him"},
				qualityOpt(),
				optdef.Pick(optNation, "Nation", false, gj.Nations...),
				optdef.String(optPossessions, "Possessions", false, false, maxText),
				optdef.String(optNewName, "Rename", false, false, maxText),
				optdef.Integer(optSerious, "Serious wounds", false, 0, 1),
				optdef.Integer(optLight, "Light wounds", false, 0, 20),
				optdef.Bool(optDead, "Dead"),
				optdef.Bool(optHidden, "Fog of war: his section is hidden from the enemy until spotted")),
			optdef.Sub("squad", "Add or change a squad",
				optdef.String(optName, "Name", true, true, maxText),
				optdef.String(optOfficer, "Officer", false, true, maxText),
				armOpt(), qualityOpt(), weaponOpt(), meleeOpt(),
				optdef.String(optFigures, "Figures to add: Harris (sharpshooter), Gun (gun)", false, false, maxText),
				optdef.Pick(optMorale, "Morale", false, gj.Morales...),
				optdef.Bool(optLimbered, "Limbered"),
				optdef.String(optNewName, "Rename", false, false, maxText)),
			optdef.Sub("figure", "Add or change a figure",
				optdef.String(optName, "Name", true, true, maxText),
				optdef.String(optSquad, "Its squad (to add or move it)", false, true, maxText),
				armOpt(), weaponOpt(), meleeOpt(), qualityOpt(),
				optdef.Bool(optSharpshooter, "Sharpshooter"),
				optdef.Bool(optStrongman, "Strongman"),
				optdef.Bool(optEuropean, "European rifle"),
				optdef.Bool(optLoaded, "Loaded"),
				optdef.Bool(optAimed, "Aimed"),
				optdef.Bool(optProne, "Prone"),
				optdef.Integer(optStunned, "Stunned through turn", false, 0, 10000),
				optdef.Integer(optSerious, "Serious wounds", false, 0, 1),
				optdef.Pick(optHorse, "Horse", false, gj.HorseStates...),
				optdef.Pick(optAmmo, "Gun's load", false, gj.Ammos...),
				optdef.Bool(optDead, "Dead"),
				optdef.String(optNewName, "Rename", false, false, maxText)),
			optdef.Sub("remove", "Remove a name", optdef.String(optName, "Name", true, true, maxText)),
			optdef.Sub("import", "Load an order of battle",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: optFile, Description: ".json or .txt"},
				optdef.String(optText, "Text, entries separated by ;", false, false, 6000)),
			optdef.Sub("show", "Roster and state"),
		),
		optdef.Sub("observe", "Spot an enemy section",
			optdef.Number(optRange, "Inches (on a map the referee measures it)", false, 0, 500),
			optdef.String(optOfficer, "Observer", false, true, maxText),
			optdef.Pick(optCover, "Enemy cover", false, gj.Covers...),
			optdef.Pick(optSpeed, "Officer speed", false, gj.AllSpeeds...),
			optdef.Bool(optEnemyFiring, "Enemy firing"),
			optdef.Bool(optEnemyProne, "Enemy prone"),
			optdef.Bool(optContact, "In contact"),
			optdef.String(optTarget, "Enemy (left out on a map: he looks about for what his side has not seen)", false, true, maxText)),
		optdef.Sub("move", "Move squads or a character", append([]*optdef.Option{
			optdef.Pick(optSpeed, "Speed", true, moveSpeeds...),
			optdef.String(optSquad, "Squads (A, B), or a character on his own", false, true, maxText),
			optdef.String(optFigures, "Only these go", false, true, maxText),
			optdef.Number(optInches, "How far", false, 0, 100),
			optdef.Bool(optRoad, "Road"),
			optdef.Bool(optWoods, "Woods or marsh"),
			optdef.Bool(optWoodsPassable, "Woods passable to guns"),
			distanceOpt(),
			armOpt(),
			optdef.Bool(optWounded, "Wounded"),
			optdef.Number(optMoved, "Moved this turn", false, 0, 100),
			optdef.Integer(optRanAgo, "Turns since it ran", false, 0, 1000),
			optdef.Bool(optLimbered, "Limbered"),
			optdef.String(optTarget, "Enemy it charges", false, true, maxText)},
			mapcmd.RouteOptions()...)...),
		optdef.Sub("cover", "Take cover / go prone", squadOpt(true), distanceOpt()),
		optdef.Sub("getup", "Get up", squadOpt(true), distanceOpt()),
		optdef.Sub("limber", "Limber the gun", squadOpt(true), distanceOpt()),
		optdef.Sub("unlimber", "Unlimber the gun", squadOpt(true), distanceOpt()),
		optdef.Sub("aim", "Take aim", squadOpt(true), optdef.String(optFigures, "Only these", false, true, maxText), distanceOpt()),
		optdef.Sub("fire", "Small arms fire",
			optdef.Number(optRange, "Inches (on a map the referee measures it)", false, 0, 500),
			squadOpt(false),
			optdef.String(optTarget, "Target", false, true, maxText),
			optdef.String(optRanges, "Each figure's range", false, false, maxText),
			optdef.String(optFigures, "Only these", false, true, maxText),
			optdef.Pick(optCover, "Target cover", false, gj.Covers...),
			optdef.Pick(optSpeed, "Firers' speed", false, gj.AllSpeeds...),
			optdef.Pick(optTargetMoving, "Target moving", false, gj.TargetMovings...),
			optdef.Bool(optTargetProne, "Target prone"),
			optdef.Integer(optChances, "Volley gun rolls", false, 1, 6),
			optdef.Pick(optChoose, "Rifle picks", false, gj.Picks...),
			distanceOpt(),
			firearmOpt(),
			optdef.Integer(optCount, "Figures", false, 1, 50),
			qualityOpt(),
			optdef.Bool(optSharpshooter, "Sharpshooters"),
			optdef.Bool(optAimed, "Aimed"),
			optdef.Bool(optWounded, "Seriously wounded"),
			optdef.Bool(optTap, "Tap-loaded"),
			optdef.Bool(optEuropean, "European rifles")),
		optdef.Sub("reload", "Reloading action",
			squadOpt(false),
			optdef.String(optFigures, "Only these", false, true, maxText),
			optdef.Bool(optTap, "Tap-load"),
			optdef.Pick(optAmmo, "Gun's ammunition", false, gj.Ammos...),
			distanceOpt(),
			optdef.Pick(optWeapon, "Weapon", false, gj.Loaded...),
			optdef.Integer(optDone, "Actions done", false, 0, 20),
			optdef.Integer(optCrewLost, "Crew lost", false, 0, 10)),
		optdef.Sub("rally", "Rally a squad",
			squadOpt(false),
			optdef.Bool(optOfficerNear, "Officer or hero within 3\""),
			distanceOpt(),
			optdef.Pick(optState, "State", false, gj.Morales[1:]...)),
		optdef.Sub("artillery", "Fire a gun",
			optdef.Number(optRange, "Inches", true, 0, 200),
			optdef.String(optSquad, "Gun's squad", false, true, maxText),
			optdef.Pick(optAmmo, "Ammunition", false, gj.Ammos...),
			optdef.String(optTargets, "Figures: A, B or A:zone", false, false, maxText),
			optdef.Pick(optCover, "Cover", false, gj.Covers...),
			optdef.Bool(optPlaced, "Template placed"),
			optdef.Bool(optBritish, "British"),
			optdef.Bool(optMounted, "Cavalry"),
			distanceOpt()),
		optdef.Sub("melee", "Melee",
			optdef.String(optAttackers, "Harper (sword charging), …", true, false, maxText),
			optdef.String(optDefenders, "Figures", true, false, maxText),
			optdef.Bool(optFirstRound, "First round"),
			optdef.Bool(optContact, "In contact"),
			optdef.String(optTarget, "Wound this one", false, false, maxText),
			optdef.Pick(optTerrain, "Ground", false, gj.Terrains...)),
		optdef.Sub("morale", "Morale test",
			squadOpt(false),
			optdef.Bool(optCall, "Umpire calls a test"),
			qualityOpt(),
			optdef.Integer(optDead, "Dead", false, 0, 50)),
		optdef.Sub("hit", "Effect of hits",
			optdef.Integer(optHits, "Hits", true, 1, 20),
			optdef.String(optTarget, "Figure", false, true, maxText),
			optdef.Bool(optCharacter, "Character"),
			optdef.Bool(optMounted, "Cavalry"),
			optdef.Bool(optWounded, "Seriously wounded"),
			optdef.Pick(optChoose, "Rifle picks", false, gj.Picks...)),
		optdef.Sub("pass", "End your move"),
	},
}

// orders decodes the options of /greenjackets into its typed orders
// (orders.go, roster.go), with the rule set's own values.
var orders = decode.New(gj.ID, Definition, rosterNames,
	decode.Parse(gj.ParseQuality), decode.Parse(gj.ParseArm), decode.Parse(gj.ParseCover), decode.Parse(gj.ParseSpeed),
	decode.Parse(gj.ParseWeapon), decode.Parse(gj.ParseAmmo), decode.Parse(gj.ParseMorale), decode.Parse(gj.ParseMeleeWeapon),
	decode.Parse(parseHorse), decode.ParseNamed(gj.ParseEntry, func(e *gj.Entry) *string { return &e.Name }))

// Routes are the /greenjackets subcommands.
func (r *Ruleset) Routes() []battle.Route {
	return []battle.Route{
		decode.Route(orders, "greenjackets roster character", r.RosterCharacter),
		decode.Route(orders, "greenjackets roster squad", r.RosterSquad),
		decode.Route(orders, "greenjackets roster figure", r.RosterFigure),
		decode.Route(orders, "greenjackets roster remove", r.RosterRemove),
		decode.Route(orders, "greenjackets roster import", r.RosterImport),
		decode.Route(orders, "greenjackets roster show", r.RosterShow),
		decode.Ruling(orders, "greenjackets observe", mapcmd.Measure(r, mapcmd.GreenJacketsObserve, r.Observe)),
		decode.Ruling(orders, "greenjackets move", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, mapcmd.Measure(r, mapcmd.GreenJacketsCharge, r.Move))),
		decode.Route(orders, "greenjackets cover", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.Cover)),
		decode.Route(orders, "greenjackets getup", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.GetUp)),
		decode.Route(orders, "greenjackets limber", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.Limber)),
		decode.Route(orders, "greenjackets unlimber", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.Unlimber)),
		decode.Route(orders, "greenjackets aim", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.Aim)),
		decode.Ruling(orders, "greenjackets fire", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, mapcmd.Measure(r, mapcmd.GreenJacketsFire, r.Fire))),
		decode.Ruling(orders, "greenjackets reload", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.Reload)),
		decode.Ruling(orders, "greenjackets rally", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.Rally)),
		decode.Ruling(orders, "greenjackets artillery", mapcmd.Measure(r, mapcmd.GreenJacketsCommand, r.Artillery)),
		decode.Ruling(orders, "greenjackets melee", r.Melee),
		decode.Ruling(orders, "greenjackets morale", r.Morale),
		decode.Ruling(orders, "greenjackets hit", r.Hit),
		decode.Route(orders, "greenjackets pass", r.EndMove),
	}
}
