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
	qualities = []string{"raw", "trained", "veteran"}
	arms      = []string{string(gj.Infantry), string(gj.LightCavalry), string(gj.HeavyCavalry), string(gj.Artillery), string(gj.Gun)}
	weapons   = []string{"rifle", "musket", "carbine", "volley-gun", "blunderbuss", "pistol", "cannon", "none"}
	covers    = []string{"open", "soft", "hard"}
	speeds    = []string{"still", "crawl", "jog", "run"}
	ammos     = []string{"roundshot", "canister", "shell", "shrapnel"}
	melees    = []string{"none", "bayonet", "sword", "axe", "lance"}
	morales   = []string{"steady", "pinned", "running", "routing"}
)

func squadOpt(required bool) *discordgo.ApplicationCommandOption {
	return str(optSquad, "Squad on the roster (several, comma-separated, for one order)", required, true)
}

func distanceOpt() *discordgo.ApplicationCommandOption {
	return num(optDistance, "Inches from the squad to its officer (beyond 6\" costs extra AP)", false, 200)
}

// Definition is /greenjackets.
var Definition = &discordgo.ApplicationCommand{
	Name:        gj.ID,
	Description: "Green Jackets: roster, actions and every chart",
	Contexts:    &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
	Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "roster", Description: "The umpire's roster of characters, squads and figures",
			Options: []*discordgo.ApplicationCommandOption{
				sub("character", "Add or change an officer, NCO or hero",
					str(optName, "Character's name", true, true),
					pick(optRank, "Rank", false, RankOfficer, RankNCO, RankHero),
					str(optSide, "Side (e.g. British, French)", false, false),
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: optPlayer, Description: "The Discord user who plays him"},
					pick(optQuality, "Quality", false, qualities...),
					str(optNation, "Nation (british may fire shrapnel)", false, false),
					str(optPossessions, "Possessions, comma-separated", false, false),
					str(optNewName, "Rename him", false, false),
					integer(optSerious, "Serious wounds (0-1)", false, 0, 1),
					integer(optLight, "Light wounds", false, 0, 20),
					boolean(optDead, "Dead")),
				sub("squad", "Add or change a squad and its figures",
					str(optName, "Squad's name", true, true),
					str(optOfficer, "Commanding character", false, true),
					pick(optArm, "Arm", false, arms...),
					pick(optQuality, "Quality", false, qualities...),
					pick(optWeapon, "Weapon of new figures", false, weapons...),
					pick(optMelee, "Melee weapon of new figures", false, melees...),
					str(optFigures, "Figures to add, comma-separated names", false, false),
					pick(optMorale, "Morale state", false, morales...),
					boolean(optLimbered, "Gun limbered"),
					str(optNewName, "Rename it", false, false)),
				sub("figure", "Add or change one figure and its state",
					str(optName, "Figure's name", true, true),
					str(optSquad, "Squad (to add a figure, or move it)", false, true),
					pick(optArm, "Arm, if not the squad's", false, arms...),
					pick(optWeapon, "Weapon", false, weapons...),
					pick(optMelee, "Melee weapon", false, melees...),
					pick(optQuality, "Quality", false, qualities...),
					boolean(optSharpshooter, "Sharpshooter"),
					boolean(optStrongman, "Strongman"),
					boolean(optEuropean, "European (non-Baker) rifle"),
					boolean(optLoaded, "Loaded"),
					boolean(optAimed, "Aimed"),
					boolean(optProne, "Prone"),
					integer(optStunned, "Stunned through turn N (0: not)", false, 0, 10000),
					integer(optSerious, "Serious wounds (0-1)", false, 0, 1),
					pick(optHorse, "Horse", false, "sound", "stunned", "down"),
					pick(optAmmo, "A gun's load", false, ammos...),
					boolean(optDead, "Dead"),
					str(optNewName, "Rename", false, false)),
				sub("remove", "Remove a character, squad or figure", str(optName, "Name", true, true)),
				sub("import", "Load an order of battle (JSON or text; see /rules topic:cards)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: optFile, Description: "Order of battle file (.json or .txt)"},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: optText,
						Description: "Order of battle as compact text, lines separated by ';'", MaxLength: 6000}),
				sub("show", "The roster and each figure's state (cards are never shown)"),
			}},
		sub("observe", "Spot an enemy section (d20, spotting chart)",
			str(optOfficer, "Observing character (roster)", false, true),
			num(optRange, "Inches to the enemy section", true, 500),
			pick(optCover, "Enemy's cover", false, covers...),
			pick(optSpeed, "Officer's speed this move", false, speeds...),
			boolean(optEnemyFiring, "Enemy firing (+5)"),
			boolean(optEnemyProne, "Enemy prone (−2)"),
			boolean(optContact, "In contact (automatic)"),
			str(optTarget, "Enemy section's name", false, false)),
		sub("move", "Move a squad (crawl, jog, run/charge)",
			pick(optSpeed, "Speed", true, "crawl", "jog", "run"),
			squadOpt(false),
			num(optInches, "How far it moves (default: all it may)", false, 100),
			boolean(optRoad, "On a road (+2\")"),
			boolean(optWoods, "Through woods or marsh"),
			boolean(optWoodsPassable, "Umpire declared woods passable to artillery"),
			distanceOpt(),
			pick(optArm, "Arm (quick ruling)", false, arms...),
			boolean(optWounded, "Wounded figures (halved; quick ruling)"),
			num(optMoved, "Inches already moved this turn (quick ruling)", false, 100),
			integer(optRanAgo, "Turns since it last ran (quick ruling; 0 never)", false, 0, 1000),
			boolean(optLimbered, "Gun limbered (quick ruling)")),
		sub("cover", "Take cover / go prone", squadOpt(true), distanceOpt()),
		sub("getup", "Get up from prone", squadOpt(true), distanceOpt()),
		sub("limber", "Limber the gun to its horses", squadOpt(true), distanceOpt()),
		sub("unlimber", "Unlimber and set up the gun", squadOpt(true), distanceOpt()),
		sub("aim", "Take aim (+2 to the next shot)", squadOpt(true), str(optFigures, "Only these figures, comma-separated", false, false), distanceOpt()),
		sub("fire", "Small arms fire, figure by figure (d20, fire chart)",
			num(optRange, "Range in inches", true, 500),
			squadOpt(false),
			str(optTarget, "Target squad, figure or character (roster) or name", false, true),
			str(optRanges, "Each figure's range, comma-separated, in order", false, false),
			str(optFigures, "Only these figures fire, comma-separated", false, false),
			pick(optCover, "Target's cover", false, covers...),
			pick(optSpeed, "Firers' own speed", false, speeds...),
			pick(optTargetMoving, "Target moving", false, "still", "running", "charging"),
			boolean(optTargetProne, "Target prone (quick ruling; the roster knows)"),
			integer(optChances, "Volley gun: rolls against the next figure", false, 1, 6),
			pick(optChoose, "Rifle within 20\" picks rider or horse", false, "rider", "horse"),
			distanceOpt(),
			pick(optWeapon, "Weapon (quick ruling)", false, weapons[:6]...),
			integer(optCount, "Figures firing (quick ruling)", false, 1, 50),
			pick(optQuality, "Firers' quality (quick ruling)", false, qualities...),
			boolean(optSharpshooter, "Sharpshooters (quick ruling)"),
			boolean(optAimed, "Aimed (quick ruling)"),
			boolean(optWounded, "Firers seriously wounded (quick ruling)"),
			boolean(optTap, "Rifles tap-loaded (quick ruling)"),
			boolean(optEuropean, "European rifles (quick ruling)")),
		sub("reload", "One reloading action",
			squadOpt(false),
			str(optFigures, "Only these figures, comma-separated", false, false),
			boolean(optTap, "Rifles tap-load (1 action, carbine column)"),
			pick(optAmmo, "Gun: ammunition to load", false, ammos...),
			distanceOpt(),
			pick(optWeapon, "Weapon (quick ruling)", false, weapons...),
			integer(optDone, "Reloading actions already done (quick ruling)", false, 0, 20),
			integer(optCrewLost, "Gun crew dead or seriously wounded (quick ruling)", false, 0, 10)),
		sub("rally", "Rally a pinned, running or routing squad",
			squadOpt(false),
			boolean(optOfficerNear, "Officer or hero in contact or within 3\""),
			distanceOpt(),
			pick(optState, "Squad's state (quick ruling)", false, "pinned", "running", "routing")),
		sub("artillery", "Fire a gun: roundshot, canister, shell or shrapnel",
			num(optRange, "Range in inches to the aim point", true, 200),
			str(optSquad, "Gun's squad (roster)", false, true),
			pick(optAmmo, "Ammunition (the roster knows the gun's load)", false, ammos...),
			str(optTargets, "Figures: roundshot nearest first; others name:zone (canister 1-4, shell ring 1-3)", false, false),
			pick(optCover, "Targets' cover", false, covers...),
			boolean(optPlaced, "Shell: template already placed after scatter (no burst roll)"),
			boolean(optBritish, "British gun (shrapnel; quick ruling)"),
			boolean(optMounted, "Targets are cavalry (quick ruling)"),
			distanceOpt()),
		sub("melee", "Melee: one figure against one or more",
			str(optAttackers, "Attacking figures, comma-separated; traits in (), e.g. Harper (sword charging)", true, false),
			str(optDefenders, "Defending figures, comma-separated, traits in ()", true, false),
			boolean(optFirstRound, "First round of contact (default yes)"),
			str(optTarget, "The outnumbered figure tries to wound this one", false, false),
			pick(optTerrain, "Ground for mounted figures", false, "open", "woods"),
			distanceOpt()),
		sub("morale", "Morale test (d20)",
			squadOpt(false),
			boolean(optCall, "Umpire: call a test for the squad's next turn"),
			pick(optQuality, "Squad quality (quick ruling)", false, qualities...),
			integer(optDead, "Figures dead in the squad (quick ruling)", false, 0, 50)),
		sub("hit", "Roll the effect of hits on a figure or character",
			integer(optHits, "Number of hits", true, 1, 20),
			str(optTarget, "Figure or character (roster) or name", false, true),
			boolean(optCharacter, "An officer, NCO or hero (2d6; quick ruling)"),
			boolean(optMounted, "A cavalryman (quick ruling)"),
			boolean(optWounded, "Already seriously wounded (quick ruling)"),
			pick(optChoose, "Rifle within 20\" picks rider or horse", false, "rider", "horse")),
		sub("pass", "End your move, leaving any AP unspent"),
	},
}
