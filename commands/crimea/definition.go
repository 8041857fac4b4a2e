package crimea

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/optdef"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Option names of /crimea.
const (
	optName               = "name"
	optNationality        = "nationality"
	optType               = "type"
	optStands             = "stands"
	optFormation          = "formation"
	optMorale             = "morale"
	optOfficer            = "officer"
	optHidden             = "hidden"
	optUnit               = "unit"
	optUnits              = "units"
	optDisordered         = "disordered"
	optLostToFire         = "lost-to-fire"
	optSide               = "side"
	optRank               = "rank"
	optWing               = "wing"
	optSuperior           = "superior"
	optCalibre            = "calibre"
	optPlayer             = "player"
	optWounded            = "wounded"
	optDead               = "dead"
	optOrders             = "orders"
	optRow                = "row"
	optInches             = "inches"
	optRating             = "rating"
	optOfficerTest        = "officer-test"
	optBrigade            = "brigade"
	optAllowance          = "allowance"
	optFar                = "far"
	optCharge             = "charge"
	optTarget             = "target"
	optAmmo               = "ammo"
	optMultiplier         = "multiplier"
	optReason             = "reason"
	optColumn             = "column"
	optAttacker           = "attacker"
	optDefender           = "defender"
	optFacing             = "facing"
	optUphill             = "uphill"
	optAttackerOfficer    = "attacker-officer"
	optDefenderOfficer    = "defender-officer"
	optAttackerType       = "attacker-type"
	optAttackerMorale     = "attacker-morale"
	optAttackerLost       = "attacker-lost"
	optDefenderType       = "defender-type"
	optDefenderFormation  = "defender-formation"
	optDefenderMorale     = "defender-morale"
	optDefenderLost       = "defender-lost"
	optDefenderDisordered = "defender-disordered"
)

// maxUnitsText is the longest list of units charging an option takes.
const maxUnitsText = 200

// Definition is the /crimea slash command. Every option with a fixed set of
// values is a choice list, taken from the rule set's own list, which its
// parser (orders, below) reads too.
var Definition = &discordgo.ApplicationCommand{
	Name:        rc.ID,
	Description: "Stormed at with Shot and Shell: roster, orders, movement, fire and close combat",
	Contexts:    optdef.Anywhere,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Sub("unit-add", "Umpire: add a unit to the roster",
			optdef.String(optName, "The unit's name", true, false, MaxName),
			optdef.Pick(optNationality, "British, French or Russian (sets the side)", true, rc.Nationalities...),
			optdef.Pick(optType, "Arm and type", true, rc.UnitTypes...),
			optdef.Integer(optStands, "Stands", true, 1, MaxStands),
			optdef.Pick(optFormation, "Formation (default line)", false, rc.Formations...),
			optdef.Integer(optMorale, "Morale rating in % (default 50)", false, 0, 100),
			optdef.String(optOfficer, "The officer it is under (none: a lone unit)", false, true, MaxName),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("unit-set", "Umpire: change a unit",
			optdef.String(optUnit, "The unit", true, true, MaxName),
			optdef.Pick(optFormation, "Formation", false, rc.Formations...),
			optdef.Integer(optStands, "Stands it has now", false, 0, MaxStands),
			optdef.Integer(optMorale, "Morale rating in %", false, 0, 100),
			optdef.Bool(optDisordered, "Disordered"),
			optdef.Integer(optLostToFire, "Stands lost to fire this turn", false, 0, MaxStands),
			optdef.String(optOfficer, "The officer it is under (\"none\" for a lone unit)", false, true, MaxName),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("unit-remove", "Umpire: take a unit off the roster",
			optdef.String(optUnit, "The unit", true, true, MaxName)),
		optdef.Sub("officer-add", "Umpire: add an officer (his calibre is rolled unless you give it)",
			optdef.String(optName, "The officer's name", true, false, MaxName),
			optdef.Pick(optSide, "Allied or Russian", true, rc.Sides...),
			optdef.Pick(optRank, "Place in the chain of command", true, rc.Ranks...),
			optdef.Pick(optWing, "The command he leads (right wing, left wing, cavalry)", false, rc.Wings...),
			optdef.String(optSuperior, "The officer he answers to", false, true, MaxName),
			optdef.Pick(optCalibre, "Calibre (omit to roll for it)", false, rc.Calibres...),
			optdef.Integer(optMorale, "Officer morale rating in % (default 50)", false, 0, 100),
			optdef.User(optPlayer, "The player who plays him"),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("officer-set", "Umpire: change an officer",
			optdef.String(optOfficer, "The officer", true, true, MaxName),
			optdef.Integer(optMorale, "Officer morale rating in %", false, 0, 100),
			optdef.Bool(optWounded, "Wounded (issues no orders until he recovers)"),
			optdef.Bool(optDead, "Dead"),
			optdef.User(optPlayer, "The player who plays him"),
			optdef.String(optSuperior, "The officer he answers to (\"none\" for nobody)", false, true, MaxName),
			optdef.Pick(optCalibre, "Calibre", false, rc.Calibres...),
			optdef.Pick(optWing, "The command he leads", false, rc.WingsOrNone...),
			optdef.Integer(optOrders, "Orders left this turn", false, 0, 10),
			optdef.Bool(optHidden, "Fog of war: placed hidden, seen by its own side only until revealed")),
		optdef.Sub("officer-remove", "Umpire: take an officer off the roster",
			optdef.String(optOfficer, "The officer", true, true, MaxName)),
		optdef.Sub("allowance", "Umpire: set a movement allowance (the text lost them)",
			optdef.Pick(optRow, "Row of the movement table", true, rc.MoveRows...),
			optdef.Integer(optInches, "Inches", true, 0, MaxInches)),
		optdef.Sub("roster", "Show the roster, the allowances and the turn"),
		optdef.Sub("calibre", "Roll an officer's calibre (C3)",
			optdef.String(optOfficer, "The officer on the roster (umpire)", false, true, MaxName),
			optdef.String(optName, "Quick ruling: the officer's name", false, false, MaxName)),
		optdef.Sub("morale", "Morale or officer morale test (C5)",
			optdef.String(optUnit, "A unit on the roster", false, true, MaxName),
			optdef.String(optOfficer, "An officer on the roster (officer morale)", false, true, MaxName),
			optdef.Integer(optRating, "Quick ruling: the morale rating in %", false, 0, 100),
			optdef.String(optName, "Quick ruling: who tests", false, false, MaxName),
			optdef.Bool(optOfficerTest, "Quick ruling: it is an officer morale test")),
		optdef.Sub("movement", "Roll the movement modifier for a brigade or a lone unit (C6)",
			optdef.String(optBrigade, "The brigade's officer (roster)", false, true, MaxName),
			optdef.String(optUnit, "A lone unit out of command (roster)", false, true, MaxName),
			optdef.Pick(optType, "Quick ruling: the moving unit's type", false, rc.UnitTypes...),
			optdef.Integer(optAllowance, "Quick ruling: its allowance in inches", false, 0, MaxInches)),
		optdef.Sub("move", "Order a unit to move: spends the officer's orders and gives its move (C3, C6)", append([]*optdef.Option{
			optdef.String(optUnit, "The unit", true, true, MaxName),
			optdef.String(optOfficer, "The officer giving the order (default: its own)", false, true, MaxName),
			optdef.Bool(optFar, "The unit is more than 18\" from the officer (2 orders)"),
			optdef.String(optCharge, "The enemy unit it charges: the close combat is resolved after movement (C8)", false, true, MaxName)},
			mapcmd.RouteOptions()...)...),
		optdef.Sub("fire", "Fire by stands (C7)",
			optdef.String(optUnit, "The firing unit (roster)", false, true, MaxName),
			optdef.String(optTarget, "The target (a roster unit, or a name for a quick ruling)", false, true, MaxName),
			optdef.Pick(optAmmo, "Artillery: ball/shell or canister", false, rc.Ammos...),
			optdef.Number(optMultiplier, "Another target multiplier the umpire names (e.g. 0.5)", false, 0.01, 10),
			optdef.String(optReason, "Why the multiplier applies", false, false, 60),
			optdef.Pick(optNationality, "Quick ruling: the firers' nationality", false, rc.Nationalities...),
			optdef.Pick(optType, "Quick ruling: the firers' type", false, rc.UnitTypes...),
			optdef.Integer(optStands, "Quick ruling: stands firing", false, 1, MaxStands),
			optdef.Bool(optColumn, "Quick ruling: the target is a column (×1.5)")),
		optdef.Sub("combat", "Close combat (C8)",
			optdef.String(optAttacker, "The attacking unit (roster, or a name)", true, true, MaxName),
			optdef.String(optDefender, "The defending unit (roster, or a name)", true, true, MaxName),
			optdef.Pick(optFacing, "Which face the attacker reaches (default front)", false, rc.Facings...),
			optdef.Bool(optUphill, "The attacker goes uphill to reach the defender"),
			optdef.String(optAttackerOfficer, "Officer attached to the attacker", false, true, MaxName),
			optdef.String(optDefenderOfficer, "Officer attached to the defender", false, true, MaxName),
			optdef.Pick(optAttackerType, "Quick ruling: attacker's type", false, rc.UnitTypes...),
			optdef.Integer(optAttackerMorale, "Quick ruling: attacker's morale % (default 50)", false, 0, 100),
			optdef.Integer(optAttackerLost, "Quick ruling: attacker's stands lost to fire this turn", false, 0, MaxStands),
			optdef.Pick(optDefenderType, "Quick ruling: defender's type", false, rc.UnitTypes...),
			optdef.Pick(optDefenderFormation, "Quick ruling: defender's formation", false, rc.Formations...),
			optdef.Integer(optDefenderMorale, "Quick ruling: defender's morale % (default 50)", false, 0, 100),
			optdef.Integer(optDefenderLost, "Quick ruling: defender's stands lost to fire this turn", false, 0, MaxStands),
			optdef.Bool(optDefenderDisordered, "Quick ruling: the defender is disordered")),
		optdef.Sub("ride", "Does an officer ride with a charge? (C3)",
			optdef.String(optOfficer, "The officer (roster, or a name)", true, true, MaxName),
			optdef.String(optUnits, "The units charging, separated by commas", true, true, maxUnitsText),
			optdef.Pick(optCalibre, "Quick ruling: his calibre", false, rc.Calibres...),
			optdef.Integer(optMorale, "Quick ruling: his officer morale % (default 50)", false, 0, 100)),
	},
}

// orders decodes the options of /crimea into its typed orders (orders.go,
// roster.go), with the rule set's own values.
var orders = decode.New(rc.ID, Definition, rosterNames,
	decode.Parse(rc.ParseSide), decode.Parse(rc.ParseNationality), decode.Parse(rc.ParseUnitType),
	decode.Parse(rc.ParseFormation), decode.Parse(rc.ParseAmmo), decode.Parse(rc.ParseCalibre),
	decode.Parse(rc.ParseRank), decode.Parse(rc.ParseWing), decode.Parse(rc.ParseFacing), decode.Parse(rc.ParseMoveRow))

// Routes are the /crimea subcommands.
func (r *Ruleset) Routes() []battle.Route {
	return []battle.Route{
		decode.Route(orders, "crimea unit-add", r.RosterUnitAdd),
		decode.Route(orders, "crimea unit-set", r.RosterUnitSet),
		decode.Route(orders, "crimea unit-remove", r.RosterUnitRemove),
		decode.Route(orders, "crimea officer-add", r.RosterOfficerAdd),
		decode.Route(orders, "crimea officer-set", r.RosterOfficerSet),
		decode.Route(orders, "crimea officer-remove", r.RosterOfficerRemove),
		decode.Route(orders, "crimea allowance", r.RosterAllowance),
		decode.Route(orders, "crimea roster", r.RosterShow),
		decode.Route(orders, "crimea move", mapcmd.Measure(r, mapcmd.CrimeaMove, r.Move)),
		decode.Ruling(orders, "crimea calibre", r.Calibre),
		decode.Ruling(orders, "crimea morale", r.Morale),
		decode.Ruling(orders, "crimea movement", r.Movement),
		decode.Ruling(orders, "crimea fire", mapcmd.Measure(r, mapcmd.CrimeaFire, r.Fire)),
		decode.Ruling(orders, "crimea combat", mapcmd.Measure(r, mapcmd.CrimeaCombat, r.Combat)),
		decode.Ruling(orders, "crimea ride", r.Ride),
	}
}
