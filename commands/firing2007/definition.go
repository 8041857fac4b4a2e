package firing2007

import (
	"github.com/bwmarrin/discordgo"

	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Option names of /firing2007.
const (
	optFirer         = "firer"
	optTarget        = "target"
	optDistance      = "distance"
	optFriendlyInArc = "friendly-in-arc"
	optOverFriendly  = "over-friendly"
	optHigherGround  = "higher-ground"
	optFirerType     = "firer-type"
	optStrength      = "strength"
	optColumn        = "column"
	optShaken        = "shaken"
	optCover         = "cover"
	optMorale        = "morale"
	optGeneral       = "general"
	optGeneralWounds = "general-wounds"
	optWounds        = "wounds"
	optUnits         = "units"
	optName          = "name"
	optNewName       = "new-name"
	optType          = "type"
	optSide          = "side"
	optFormation     = "formation"
	optPlayer        = "player"
	optUnassign      = "unassign"
	optWith          = "with"
	optChain         = "chain"
	optDead          = "dead"
)

func ptr(f float64) *float64 { return &f }

func typeChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, k := range fr.UnitKinds {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: k.Label, Value: string(k.Type)})
	}
	return out
}

func coverChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, c := range fr.Covers {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.Label(), Value: string(c)})
	}
	return out
}

func formationChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, f := range fr.Formations {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: string(f), Value: string(f)})
	}
	return out
}

func str(name, desc string, required, auto bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		Description: desc, Required: required, Autocomplete: auto, MaxLength: 200}
}

func integer(name, desc string, required bool, lo, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name,
		Description: desc, Required: required, MinValue: ptr(lo), MaxValue: hi}
}

func number(name, desc string, required bool, lo, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionNumber, Name: name,
		Description: desc, Required: required, MinValue: ptr(lo), MaxValue: hi}
}

func boolean(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: desc}
}

func choice(name, desc string, required bool, cs []*discordgo.ApplicationCommandOptionChoice) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		Description: desc, Required: required, Choices: cs}
}

func user(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
		Description: desc, Options: opts}
}

// Definition is the /firing2007 slash command.
var Definition = &discordgo.ApplicationCommand{
	Name:        ID,
	Description: "Rules – Firing (2007): fire, risk to generals, and the roster",
	Options: []*discordgo.ApplicationCommandOption{
		sub("fire", "A unit fires: 2d6 + factors, 7+ removes a strength point; the same score tests morale",
			number(optDistance, "Distance to the target, inches", true, 0, 1000),
			str(optFirer, "Firing unit on the roster (leave out for a quick ruling)", false, true),
			str(optTarget, "Target unit on the roster", false, true),
			boolean(optFriendlyInArc, "A friendly unit is in the arc of fire (no canister)"),
			number(optOverFriendly, "Overhead fire: the friendly unit in between is this far from the nearer end, inches", false, 0, 1000),
			boolean(optHigherGround, "A gun fires to or from higher ground (for overhead fire)"),
			choice(optFirerType, "Quick ruling: the firer's type", false, typeChoices()),
			integer(optStrength, "Quick ruling: the firer's strength points", false, 1, MaxStrength),
			boolean(optColumn, "Quick ruling: the firer is in column"),
			boolean(optShaken, "Quick ruling: the firer is shaken"),
			choice(optCover, "Quick ruling: the target's cover", false, coverChoices()),
			integer(optMorale, "Quick ruling: the target's basic morale (to test shaken)", false, MinMorale, MaxMorale),
			boolean(optGeneral, "Quick ruling: a general is with the target"),
			integer(optGeneralWounds, "Quick ruling: light wounds that general already has", false, 0, 1),
		),
		sub("risk", "Risk to a general with a unit that lost strength to fire (2d6)",
			str(optGeneral, "General on the roster (leave out for a quick ruling)", false, true),
			integer(optWounds, "Quick ruling: light wounds he already has", false, 0, 1),
		),
		sub("chain", "Umpire: a killed general's chain — which units were within 18\" and are shaken",
			str(optGeneral, "The killed general", true, true),
			str(optUnits, "Units within 18\", separated by commas; or all, or none", true, false),
		),
		sub("roster", "Show the roster: units, generals, who commands them"),
		sub("unit-add", "Umpire: add a unit to the roster",
			str(optName, "Its name", true, false),
			choice(optType, "What it is", true, typeChoices()),
			str(optSide, "Its side (British, French, …)", true, false),
			integer(optStrength, "Strength points", true, 1, MaxStrength),
			integer(optMorale, "Basic morale", true, MinMorale, MaxMorale),
			choice(optFormation, "Formation (line unless given)", false, formationChoices()),
			choice(optCover, "Cover it is in (none unless given)", false, coverChoices()),
			boolean(optShaken, "It is shaken"),
			user(optPlayer, "The player who commands it"),
		),
		sub("unit-set", "Umpire: change a unit",
			str(optName, "The unit", true, true),
			str(optNewName, "A new name", false, false),
			choice(optType, "What it is", false, typeChoices()),
			str(optSide, "Its side", false, false),
			integer(optStrength, "Strength points now", false, 0, MaxStrength),
			integer(optMorale, "Basic morale", false, MinMorale, MaxMorale),
			choice(optFormation, "Formation", false, formationChoices()),
			choice(optCover, "Cover it is in", false, coverChoices()),
			boolean(optShaken, "Shaken (false: no longer shaken)"),
			user(optPlayer, "The player who commands it"),
			boolean(optUnassign, "No player commands it (the umpire does)"),
		),
		sub("unit-remove", "Umpire: take a unit off the roster",
			str(optName, "The unit", true, true),
		),
		sub("general-add", "Umpire: add a general",
			str(optName, "His name", true, false),
			str(optSide, "His side", true, false),
			str(optWith, "The unit he is with", false, true),
			str(optChain, "Units in his chain of command, separated by commas", false, false),
			user(optPlayer, "The player who commands him"),
		),
		sub("general-set", "Umpire: change a general",
			str(optName, "The general", true, true),
			str(optNewName, "A new name", false, false),
			str(optSide, "His side", false, false),
			str(optWith, "The unit he is with (none: with no unit)", false, true),
			str(optChain, "Units in his chain of command, separated by commas (none: no chain)", false, false),
			integer(optWounds, "Light wounds (2: incapacitated)", false, 0, 2),
			boolean(optDead, "Dead"),
			user(optPlayer, "The player who commands him"),
			boolean(optUnassign, "No player commands him (the umpire does)"),
		),
		sub("general-remove", "Umpire: take a general off the roster",
			str(optName, "The general", true, true),
		),
	},
}
