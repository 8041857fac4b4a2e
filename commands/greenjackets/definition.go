package greenjackets

import (
	"github.com/bwmarrin/discordgo"

	gj "github.com/referee-bot/referee/rules/greenjackets"
)

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
	optNation        = "nation"
	optPlayer        = "player"
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

func ptr(f float64) *float64 { return &f }

func choices(vals ...string) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(vals))
	for i, v := range vals {
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
	}
	return out
}

func str(name, desc string, required, auto bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		Description: desc, Required: required, Autocomplete: auto, MaxLength: 400}
}

func pick(name, desc string, required bool, vals ...string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		Description: desc, Required: required, Choices: choices(vals...)}
}

func integer(name, desc string, required bool, lo, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name,
		Description: desc, Required: required, MinValue: ptr(lo), MaxValue: hi}
}

func num(name, desc string, required bool, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionNumber, Name: name,
		Description: desc, Required: required, MinValue: ptr(0), MaxValue: hi}
}

func boolean(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: desc}
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

var (
	covers = []string{"open", "soft", "hard"}
	speeds = []string{"still", "crawl", "jog", "run"}
	ammos  = []string{"roundshot", "canister", "shell", "shrapnel"}
)

// Options shared by several subcommands. Values without choices (weapon, arm,
// quality …) are checked by the rules and a bad one is refused with the list;
// Discord caps a command's text at 4000 characters, so descriptions are terse.
func squadOpt(required bool) *discordgo.ApplicationCommandOption {
	return str(optSquad, "Squad(s), comma-separated", required, true)
}

func distanceOpt() *discordgo.ApplicationCommandOption {
	return num(optDistance, "Inches from its officer", false, 200)
}

func qualityOpt() *discordgo.ApplicationCommandOption {
	return str(optQuality, "raw, trained, veteran", false, false)
}

func weaponOpt() *discordgo.ApplicationCommandOption {
	return str(optWeapon, "rifle, musket, carbine, volley-gun, blunderbuss, pistol, cannon", false, false)
}

func armOpt() *discordgo.ApplicationCommandOption {
	return str(optArm, "infantry, light-cavalry, heavy-cavalry, artillery, gun", false, false)
}

func meleeOpt() *discordgo.ApplicationCommandOption {
	return str(optMelee, "none, bayonet, sword, axe, lance", false, false)
}

// Definition is /greenjackets.
var Definition = &discordgo.ApplicationCommand{
	Name:        gj.ID,
	Description: "Green Jackets: roster, actions and every chart",
	Contexts:    &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
	Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "roster", Description: "Umpire's roster",
			Options: []*discordgo.ApplicationCommandOption{
				sub("character", "Add or change an officer, NCO or hero",
					str(optName, "Name", true, true),
					pick(optRank, "Rank", false, RankOfficer, RankNCO, RankHero),
					str(optSide, "Side", false, false),
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: optPlayer, Description: "Who plays him"},
					qualityOpt(),
					str(optNation, "Nation", false, false),
					str(optPossessions, "Possessions", false, false),
					str(optNewName, "Rename", false, false),
					integer(optSerious, "Serious wounds", false, 0, 1),
					integer(optLight, "Light wounds", false, 0, 20),
					boolean(optDead, "Dead")),
				sub("squad", "Add or change a squad",
					str(optName, "Name", true, true),
					str(optOfficer, "Officer", false, true),
					armOpt(), qualityOpt(), weaponOpt(), meleeOpt(),
					str(optFigures, "Figures to add: Harris (sharpshooter), Gun (gun)", false, false),
					str(optMorale, "steady, pinned, running, routing", false, false),
					boolean(optLimbered, "Limbered"),
					str(optNewName, "Rename", false, false)),
				sub("figure", "Add or change a figure",
					str(optName, "Name", true, true),
					str(optSquad, "Its squad (to add or move it)", false, true),
					armOpt(), weaponOpt(), meleeOpt(), qualityOpt(),
					boolean(optSharpshooter, "Sharpshooter"),
					boolean(optStrongman, "Strongman"),
					boolean(optEuropean, "European rifle"),
					boolean(optLoaded, "Loaded"),
					boolean(optAimed, "Aimed"),
					boolean(optProne, "Prone"),
					integer(optStunned, "Stunned through turn", false, 0, 10000),
					integer(optSerious, "Serious wounds", false, 0, 1),
					str(optHorse, "sound, stunned, down", false, false),
					pick(optAmmo, "Gun's load", false, ammos...),
					boolean(optDead, "Dead"),
					str(optNewName, "Rename", false, false)),
				sub("remove", "Remove a name", str(optName, "Name", true, true)),
				sub("import", "Load an order of battle",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: optFile, Description: ".json or .txt"},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: optText,
						Description: "Text, entries separated by ;", MaxLength: 6000}),
				sub("show", "Roster and state"),
			}},
		sub("observe", "Spot an enemy section",
			num(optRange, "Inches", true, 500),
			str(optOfficer, "Observer", false, true),
			pick(optCover, "Enemy cover", false, covers...),
			pick(optSpeed, "Officer speed", false, speeds...),
			boolean(optEnemyFiring, "Enemy firing"),
			boolean(optEnemyProne, "Enemy prone"),
			boolean(optContact, "In contact"),
			str(optTarget, "Enemy", false, false)),
		sub("move", "Move a squad",
			pick(optSpeed, "Speed", true, "crawl", "jog", "run"),
			squadOpt(false),
			num(optInches, "How far", false, 100),
			boolean(optRoad, "Road"),
			boolean(optWoods, "Woods or marsh"),
			boolean(optWoodsPassable, "Woods passable to guns"),
			distanceOpt(),
			armOpt(),
			boolean(optWounded, "Wounded"),
			num(optMoved, "Moved this turn", false, 100),
			integer(optRanAgo, "Turns since it ran", false, 0, 1000),
			boolean(optLimbered, "Limbered")),
		sub("cover", "Take cover / go prone", squadOpt(true), distanceOpt()),
		sub("getup", "Get up", squadOpt(true), distanceOpt()),
		sub("limber", "Limber the gun", squadOpt(true), distanceOpt()),
		sub("unlimber", "Unlimber the gun", squadOpt(true), distanceOpt()),
		sub("aim", "Take aim", squadOpt(true), str(optFigures, "Only these", false, false), distanceOpt()),
		sub("fire", "Small arms fire",
			num(optRange, "Inches", true, 500),
			squadOpt(false),
			str(optTarget, "Target", false, true),
			str(optRanges, "Each figure's range", false, false),
			str(optFigures, "Only these", false, false),
			pick(optCover, "Target cover", false, covers...),
			pick(optSpeed, "Firers' speed", false, speeds...),
			pick(optTargetMoving, "Target moving", false, "still", "running", "charging"),
			boolean(optTargetProne, "Target prone"),
			integer(optChances, "Volley gun rolls", false, 1, 6),
			pick(optChoose, "Rifle picks", false, "rider", "horse"),
			distanceOpt(),
			weaponOpt(),
			integer(optCount, "Figures", false, 1, 50),
			qualityOpt(),
			boolean(optSharpshooter, "Sharpshooters"),
			boolean(optAimed, "Aimed"),
			boolean(optWounded, "Seriously wounded"),
			boolean(optTap, "Tap-loaded"),
			boolean(optEuropean, "European rifles")),
		sub("reload", "Reloading action",
			squadOpt(false),
			str(optFigures, "Only these", false, false),
			boolean(optTap, "Tap-load"),
			pick(optAmmo, "Gun's ammunition", false, ammos...),
			distanceOpt(),
			weaponOpt(),
			integer(optDone, "Actions done", false, 0, 20),
			integer(optCrewLost, "Crew lost", false, 0, 10)),
		sub("rally", "Rally a squad",
			squadOpt(false),
			boolean(optOfficerNear, "Officer or hero within 3\""),
			distanceOpt(),
			pick(optState, "State", false, "pinned", "running", "routing")),
		sub("artillery", "Fire a gun",
			num(optRange, "Inches", true, 200),
			str(optSquad, "Gun's squad", false, true),
			pick(optAmmo, "Ammunition", false, ammos...),
			str(optTargets, "Figures: A, B or A:zone", false, false),
			pick(optCover, "Cover", false, covers...),
			boolean(optPlaced, "Template placed"),
			boolean(optBritish, "British"),
			boolean(optMounted, "Cavalry"),
			distanceOpt()),
		sub("melee", "Melee",
			str(optAttackers, "Harper (sword charging), …", true, false),
			str(optDefenders, "Figures", true, false),
			boolean(optFirstRound, "First round"),
			str(optTarget, "Wound this one", false, false),
			pick(optTerrain, "Ground", false, "open", "woods")),
		sub("morale", "Morale test",
			squadOpt(false),
			boolean(optCall, "Umpire calls a test"),
			qualityOpt(),
			integer(optDead, "Dead", false, 0, 50)),
		sub("hit", "Effect of hits",
			integer(optHits, "Hits", true, 1, 20),
			str(optTarget, "Figure", false, true),
			boolean(optCharacter, "Character"),
			boolean(optMounted, "Cavalry"),
			boolean(optWounded, "Seriously wounded"),
			pick(optChoose, "Rifle picks", false, "rider", "horse")),
		sub("pass", "End your move"),
	},
}
