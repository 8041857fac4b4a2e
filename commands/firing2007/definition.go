package firing2007

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/optdef"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// ButtonChain settles a killed general's chain of command:
// v1/firing2007/chain/<general id>/all|none.
const ButtonChain = "v1/firing2007/chain"

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
	optNewSide       = "new-side"
	optFormation     = "formation"
	optPlayer        = "player"
	optUnassign      = "unassign"
	optWith          = "with"
	optChain         = "chain"
	optDead          = "dead"
	optHidden        = "hidden"
)

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

// newSideOpt confirms a side the battle does not have yet, after its first two.
func newSideOpt() *discordgo.ApplicationCommandOption {
	return optdef.Bool(optNewSide, "The side is a new one")
}

// maxText is the longest text an option of /firing2007 takes.
const maxText = 200

// definition is the /firing2007 slash command.
var definition = &discordgo.ApplicationCommand{
	Name:        fr.ID,
	Description: "Rules – Firing (2007): fire, risk to generals, and the roster",
	Contexts:    optdef.Anywhere,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Sub("fire", "A unit fires: 2d6 + factors, 7+ removes a strength point; the same score tests morale",
			optdef.Number(optDistance, "Distance to the target, inches (on a map the referee measures it)", false, 0, 1000),
			optdef.String(optFirer, "Firing unit on the roster (leave out for a quick ruling)", false, true, maxText),
			optdef.String(optTarget, "Target unit on the roster", false, true, maxText),
			optdef.Bool(optFriendlyInArc, "A friendly unit is in the arc of fire (no canister)"),
			optdef.Number(optOverFriendly, "Overhead fire: the friendly unit in between is this far from the nearer end, inches", false, 0, 1000),
			optdef.Bool(optHigherGround, "A gun fires to or from higher ground (for overhead fire)"),
			optdef.Choice(optFirerType, "Quick ruling: the firer's type", false, typeChoices()),
			optdef.Integer(optStrength, "Quick ruling: the firer's strength points", false, 1, fr.MaxStrength),
			optdef.Bool(optColumn, "Quick ruling: the firer is in column"),
			optdef.Bool(optShaken, "Quick ruling: the firer is shaken"),
			optdef.Choice(optCover, "Quick ruling: the target's cover", false, coverChoices()),
			optdef.Integer(optMorale, "Quick ruling: the target's basic morale (to test shaken)", false, fr.MinMorale, fr.MaxMorale),
			optdef.Bool(optGeneral, "Quick ruling: a general is with the target"),
			optdef.Integer(optGeneralWounds, "Quick ruling: light wounds that general already has", false, 0, 1)),
		optdef.Sub("risk", "Risk to a general with a unit that lost strength to fire (2d6)",
			optdef.String(optGeneral, "General on the roster (leave out for a quick ruling)", false, true, maxText),
			optdef.Integer(optWounds, "Quick ruling: light wounds he already has", false, 0, 1)),
		optdef.Sub("chain", "Umpire: a killed general's chain — which units were within 18\" and are shaken",
			optdef.String(optGeneral, "The killed general", true, true, maxText),
			optdef.String(optUnits, "Units within 18\", separated by commas; or all, or none", true, true, maxText)),
		optdef.Sub("roster", "Show the roster: units, generals, who commands them"),
		optdef.Sub("unit-add", "Umpire: add a unit to the roster",
			optdef.String(optName, "Its name", true, false, maxText),
			optdef.Choice(optType, "What it is", true, typeChoices()),
			optdef.String(optSide, "Its side (British, French, …)", true, false, maxText),
			optdef.Integer(optStrength, "Strength points", true, 1, fr.MaxStrength),
			optdef.Integer(optMorale, "Basic morale", true, fr.MinMorale, fr.MaxMorale),
			newSideOpt(),
			optdef.Choice(optFormation, "Formation (line unless given)", false, optdef.Choices(fr.Formations...)),
			optdef.Choice(optCover, "Cover it is in (none unless given)", false, coverChoices()),
			optdef.Bool(optShaken, "It is shaken"),
			optdef.User(optPlayer, "The player who commands it"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("unit-set", "Umpire: change a unit",
			optdef.String(optName, "The unit", true, true, maxText),
			optdef.String(optNewName, "A new name", false, false, maxText),
			optdef.Choice(optType, "What it is", false, typeChoices()),
			optdef.String(optSide, "Its side", false, false, maxText),
			newSideOpt(),
			optdef.Integer(optStrength, "Strength points now", false, 0, fr.MaxStrength),
			optdef.Integer(optMorale, "Basic morale", false, fr.MinMorale, fr.MaxMorale),
			optdef.Choice(optFormation, "Formation", false, optdef.Choices(fr.Formations...)),
			optdef.Choice(optCover, "Cover it is in", false, coverChoices()),
			optdef.Bool(optShaken, "Shaken (false: no longer shaken)"),
			optdef.User(optPlayer, "The player who commands it"),
			optdef.Bool(optUnassign, "No player commands it (the umpire does)"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("unit-remove", "Umpire: take a unit off the roster",
			optdef.String(optName, "The unit", true, true, maxText)),
		optdef.Sub("general-add", "Umpire: add a general",
			optdef.String(optName, "His name", true, false, maxText),
			optdef.String(optSide, "His side", true, false, maxText),
			newSideOpt(),
			optdef.String(optWith, "The unit he is with", false, true, maxText),
			optdef.String(optChain, "Units in his chain of command, separated by commas", false, true, maxText),
			optdef.User(optPlayer, "The player who commands him"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("general-set", "Umpire: change a general",
			optdef.String(optName, "The general", true, true, maxText),
			optdef.String(optNewName, "A new name", false, false, maxText),
			optdef.String(optSide, "His side", false, false, maxText),
			newSideOpt(),
			optdef.String(optWith, "The unit he is with (none: with no unit)", false, true, maxText),
			optdef.String(optChain, "Units in his chain of command, separated by commas (none: no chain)", false, true, maxText),
			optdef.Integer(optWounds, "Light wounds (2: incapacitated)", false, 0, 2),
			optdef.Bool(optDead, "Dead"),
			optdef.User(optPlayer, "The player who commands him"),
			optdef.Bool(optUnassign, "No player commands him (the umpire does)"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("general-remove", "Umpire: take a general off the roster",
			optdef.String(optName, "The general", true, true, maxText)),
	},
}

// orders decodes the options of /firing2007 into its typed orders
// (orders.go, roster.go), with the rule set's own values.
var orders = decode.New(fr.ID, definition, rosterNames,
	decode.Parse(fr.ParseUnitType), decode.Parse(fr.ParseCover), decode.Parse(fr.ParseFormation))

// Routes are the /firing2007 subcommands and the chain buttons.
func (r *Ruleset) Routes() []battle.Route {
	return []battle.Route{
		decode.Ruling(orders, fr.ID+" fire", mapcmd.Measure(r, mapcmd.Firing2007Fire, r.Fire)),
		decode.Ruling(orders, fr.ID+" risk", r.Risk),
		decode.Route(orders, fr.ID+" chain", r.Chain),
		{Path: ButtonChain, Run: r.ChainButton, Button: true},
		decode.Route(orders, fr.ID+" roster", r.RosterShow),
		decode.Route(orders, fr.ID+" unit-add", r.RosterUnitAdd),
		decode.Route(orders, fr.ID+" unit-set", r.RosterUnitSet),
		decode.Route(orders, fr.ID+" unit-remove", r.RosterUnitRemove),
		decode.Route(orders, fr.ID+" general-add", r.RosterGeneralAdd),
		decode.Route(orders, fr.ID+" general-set", r.RosterGeneralSet),
		decode.Route(orders, fr.ID+" general-remove", r.RosterGeneralRemove),
	}
}
