package crimea

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/optdef"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Definition is the /crimea slash command.
var Definition = &discordgo.ApplicationCommand{
	Name:        "crimea",
	Description: "Stormed at with Shot and Shell: roster, orders, movement, fire and close combat",
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Sub("unit-add", "Umpire: add a unit to the roster",
			optdef.String("name", "The unit's name", true, false, MaxName),
			optdef.Pick("nationality", "British, French or Russian (sets the side)", true, rc.Nationalities...),
			optdef.Pick("type", "Arm and type", true, rc.UnitTypes...),
			optdef.Integer("stands", "Stands", true, 1, MaxStands),
			optdef.Pick("formation", "Formation (default line)", false, rc.Formations...),
			optdef.Integer("morale", "Morale rating in % (default 50)", false, 0, 100),
			optdef.String("officer", "The officer it is under (none: a lone unit)", false, true, MaxName)),
		optdef.Sub("unit-set", "Umpire: change a unit",
			optdef.String("unit", "The unit", true, true, MaxName),
			optdef.Pick("formation", "Formation", false, rc.Formations...),
			optdef.Integer("stands", "Stands it has now", false, 0, MaxStands),
			optdef.Integer("morale", "Morale rating in %", false, 0, 100),
			optdef.Bool("disordered", "Disordered"),
			optdef.Integer("lost-to-fire", "Stands lost to fire this turn", false, 0, MaxStands),
			optdef.String("officer", "The officer it is under (\"none\" for a lone unit)", false, true, MaxName)),
		optdef.Sub("unit-remove", "Umpire: take a unit off the roster",
			optdef.String("unit", "The unit", true, true, MaxName)),
		optdef.Sub("officer-add", "Umpire: add an officer (his calibre is rolled unless you give it)",
			optdef.String("name", "The officer's name", true, false, MaxName),
			optdef.Pick("side", "Allied or Russian", true, rc.Sides...),
			optdef.Pick("rank", "Place in the chain of command", true, rc.Ranks...),
			optdef.Pick("wing", "The command he leads (right wing, left wing, cavalry)", false, rc.Wings...),
			optdef.String("superior", "The officer he answers to", false, true, MaxName),
			optdef.Pick("calibre", "Calibre (omit to roll for it)", false, rc.Calibres...),
			optdef.Integer("morale", "Officer morale rating in % (default 50)", false, 0, 100),
			optdef.User("player", "The player who plays him")),
		optdef.Sub("officer-set", "Umpire: change an officer",
			optdef.String("officer", "The officer", true, true, MaxName),
			optdef.Integer("morale", "Officer morale rating in %", false, 0, 100),
			optdef.Bool("wounded", "Wounded (issues no orders until he recovers)"),
			optdef.Bool("dead", "Dead"),
			optdef.User("player", "The player who plays him"),
			optdef.String("superior", "The officer he answers to (\"none\" for nobody)", false, true, MaxName),
			optdef.Pick("calibre", "Calibre", false, rc.Calibres...),
			optdef.Pick("wing", "The command he leads", false, slices.Concat(rc.Wings, []rc.Command{"none"})...),
			optdef.Integer("orders", "Orders left this turn", false, 0, 10)),
		optdef.Sub("officer-remove", "Umpire: take an officer off the roster",
			optdef.String("officer", "The officer", true, true, MaxName)),
		optdef.Sub("allowance", "Umpire: set a movement allowance (the text lost them)",
			optdef.Pick("row", "Row of the movement table", true, rc.MoveRows...),
			optdef.Integer("inches", "Inches", true, 0, MaxInches)),
		optdef.Sub("roster", "Show the roster, the allowances and the turn"),
		optdef.Sub("calibre", "Roll an officer's calibre (C3)",
			optdef.String("officer", "The officer on the roster (umpire)", false, true, MaxName),
			optdef.String("name", "Quick ruling: the officer's name", false, false, MaxName)),
		optdef.Sub("morale", "Morale or officer morale test (C5)",
			optdef.String("unit", "A unit on the roster", false, true, MaxName),
			optdef.String("officer", "An officer on the roster (officer morale)", false, true, MaxName),
			optdef.Integer("rating", "Quick ruling: the morale rating in %", false, 0, 100),
			optdef.String("name", "Quick ruling: who tests", false, false, MaxName),
			optdef.Bool("officer-test", "Quick ruling: it is an officer morale test")),
		optdef.Sub("movement", "Roll the movement modifier for a brigade or a lone unit (C6)",
			optdef.String("brigade", "The brigade's officer (roster)", false, true, MaxName),
			optdef.String("unit", "A lone unit out of command (roster)", false, true, MaxName),
			optdef.Pick("type", "Quick ruling: the moving unit's type", false, rc.UnitTypes...),
			optdef.Integer("allowance", "Quick ruling: its allowance in inches", false, 0, MaxInches)),
		optdef.Sub("move", "Order a unit to move: spends the officer's orders and gives its move (C3, C6)",
			optdef.String("unit", "The unit", true, true, MaxName),
			optdef.String("officer", "The officer giving the order (default: its own)", false, true, MaxName),
			optdef.Bool("far", "The unit is more than 18\" from the officer (2 orders)")),
		optdef.Sub("fire", "Fire by stands (C7)",
			optdef.String("unit", "The firing unit (roster)", false, true, MaxName),
			optdef.String("target", "The target (a roster unit, or a name for a quick ruling)", false, true, MaxName),
			optdef.Pick("ammo", "Artillery: ball/shell or canister", false, []string{string(rc.Ball), string(rc.Canister)}...),
			optdef.Number("multiplier", "Another target multiplier the umpire names (e.g. 0.5)", false, 0.01, 10),
			optdef.String("reason", "Why the multiplier applies", false, false, 60),
			optdef.Pick("nationality", "Quick ruling: the firers' nationality", false, rc.Nationalities...),
			optdef.Pick("type", "Quick ruling: the firers' type", false, rc.UnitTypes...),
			optdef.Integer("stands", "Quick ruling: stands firing", false, 1, MaxStands),
			optdef.Bool("column", "Quick ruling: the target is a column (×1.5)")),
		optdef.Sub("combat", "Close combat (C8)",
			optdef.String("attacker", "The attacking unit (roster, or a name)", true, true, MaxName),
			optdef.String("defender", "The defending unit (roster, or a name)", true, true, MaxName),
			optdef.Pick("facing", "Which face the attacker reaches (default front)", false, []string{string(rc.Front), string(rc.Flank), string(rc.Rear)}...),
			optdef.Bool("uphill", "The attacker goes uphill to reach the defender"),
			optdef.String("attacker-officer", "Officer attached to the attacker", false, true, MaxName),
			optdef.String("defender-officer", "Officer attached to the defender", false, true, MaxName),
			optdef.Pick("attacker-type", "Quick ruling: attacker's type", false, rc.UnitTypes...),
			optdef.Integer("attacker-morale", "Quick ruling: attacker's morale % (default 50)", false, 0, 100),
			optdef.Integer("attacker-lost", "Quick ruling: attacker's stands lost to fire this turn", false, 0, MaxStands),
			optdef.Pick("defender-type", "Quick ruling: defender's type", false, rc.UnitTypes...),
			optdef.Pick("defender-formation", "Quick ruling: defender's formation", false, rc.Formations...),
			optdef.Integer("defender-morale", "Quick ruling: defender's morale % (default 50)", false, 0, 100),
			optdef.Integer("defender-lost", "Quick ruling: defender's stands lost to fire this turn", false, 0, MaxStands),
			optdef.Bool("defender-disordered", "Quick ruling: the defender is disordered")),
		optdef.Sub("ride", "Does an officer ride with a charge? (C3)",
			optdef.String("officer", "The officer (roster, or a name)", true, true, MaxName),
			optdef.String("units", "The units charging, separated by commas", true, false, 200),
			optdef.Pick("calibre", "Quick ruling: his calibre", false, rc.Calibres...),
			optdef.Integer("morale", "Quick ruling: his officer morale % (default 50)", false, 0, 100)),
	},
}

// Routes are the /crimea subcommands.
func (Ruleset) Routes() []battle.Route {
	return []battle.Route{
		{Path: "crimea unit-add", Run: UnitAdd},
		{Path: "crimea unit-set", Run: UnitSet},
		{Path: "crimea unit-remove", Run: UnitRemove},
		{Path: "crimea officer-add", Run: OfficerAdd},
		{Path: "crimea officer-set", Run: OfficerSet},
		{Path: "crimea officer-remove", Run: OfficerRemove},
		{Path: "crimea allowance", Run: Allowance},
		{Path: "crimea roster", Run: RosterView},
		{Path: "crimea move", Run: Move},
		{Path: "crimea calibre", Run: Calibre, Ruling: true},
		{Path: "crimea morale", Run: Morale, Ruling: true},
		{Path: "crimea movement", Run: Movement, Ruling: true},
		{Path: "crimea fire", Run: Fire, Ruling: true},
		{Path: "crimea combat", Run: Combat, Ruling: true},
		{Path: "crimea ride", Run: Ride, Ruling: true},
	}
}

// Definitions are the /crimea command.
func (Ruleset) Definitions() []*discordgo.ApplicationCommand {
	return []*discordgo.ApplicationCommand{Definition}
}
