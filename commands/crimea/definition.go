package crimea

import (
	"github.com/bwmarrin/discordgo"

	rc "github.com/referee-bot/referee/rules/crimea"
)

// Definition is the /crimea slash command.
var Definition = &discordgo.ApplicationCommand{
	Name:        "crimea",
	Description: "Stormed at with Shot and Shell: roster, orders, movement, fire and close combat",
	Options: []*discordgo.ApplicationCommandOption{
		sub("unit-add", "Umpire: add a unit to the roster",
			req(str("name", "The unit's name", MaxName)),
			req(choice("nationality", "British, French or Russian (sets the side)", names(rc.Nationalities))),
			req(choice("type", "Arm and type", names(rc.UnitTypes))),
			req(integer("stands", "Stands", 1, MaxStands)),
			choice("formation", "Formation (default line)", names(rc.Formations)),
			integer("morale", "Morale rating in % (default 50)", 0, 100),
			auto(str("officer", "The officer it is under (none: a lone unit)", MaxName))),
		sub("unit-set", "Umpire: change a unit",
			req(auto(str("unit", "The unit", MaxName))),
			choice("formation", "Formation", names(rc.Formations)),
			integer("stands", "Stands it has now", 0, MaxStands),
			integer("morale", "Morale rating in %", 0, 100),
			boolean("disordered", "Disordered"),
			integer("lost-to-fire", "Stands lost to fire this turn", 0, MaxStands),
			auto(str("officer", "The officer it is under (\"none\" for a lone unit)", MaxName))),
		sub("unit-remove", "Umpire: take a unit off the roster",
			req(auto(str("unit", "The unit", MaxName)))),
		sub("officer-add", "Umpire: add an officer (his calibre is rolled unless you give it)",
			req(str("name", "The officer's name", MaxName)),
			req(choice("side", "Allied or Russian", names(rc.Sides))),
			req(choice("rank", "Place in the chain of command", names(Ranks))),
			choice("wing", "The command he leads (right wing, left wing, cavalry)", names(rc.Wings)),
			auto(str("superior", "The officer he answers to", MaxName)),
			choice("calibre", "Calibre (omit to roll for it)", names(rc.Calibres)),
			integer("morale", "Officer morale rating in % (default 50)", 0, 100),
			user("player", "The player who plays him")),
		sub("officer-set", "Umpire: change an officer",
			req(auto(str("officer", "The officer", MaxName))),
			integer("morale", "Officer morale rating in %", 0, 100),
			boolean("wounded", "Wounded (issues no orders until he recovers)"),
			boolean("dead", "Dead"),
			user("player", "The player who plays him"),
			auto(str("superior", "The officer he answers to (\"none\" for nobody)", MaxName)),
			choice("calibre", "Calibre", names(rc.Calibres)),
			choice("wing", "The command he leads", append(names(rc.Wings), "none")),
			integer("orders", "Orders left this turn", 0, 10)),
		sub("officer-remove", "Umpire: take an officer off the roster",
			req(auto(str("officer", "The officer", MaxName)))),
		sub("allowance", "Umpire: set a movement allowance (the text lost them)",
			req(choice("row", "Row of the movement table", names(rc.MoveRows))),
			req(integer("inches", "Inches", 0, MaxInches))),
		sub("roster", "Show the roster, the allowances and the turn"),
		sub("calibre", "Roll an officer's calibre (C3)",
			auto(str("officer", "The officer on the roster (umpire)", MaxName)),
			str("name", "Quick ruling: the officer's name", MaxName)),
		sub("morale", "Morale or officer morale test (C5)",
			auto(str("unit", "A unit on the roster", MaxName)),
			auto(str("officer", "An officer on the roster (officer morale)", MaxName)),
			integer("rating", "Quick ruling: the morale rating in %", 0, 100),
			str("name", "Quick ruling: who tests", MaxName),
			boolean("officer-test", "Quick ruling: it is an officer morale test")),
		sub("movement", "Roll the movement modifier for a brigade or a lone unit (C6)",
			auto(str("brigade", "The brigade's officer (roster)", MaxName)),
			auto(str("unit", "A lone unit out of command (roster)", MaxName)),
			choice("type", "Quick ruling: the moving unit's type", names(rc.UnitTypes)),
			integer("allowance", "Quick ruling: its allowance in inches", 0, MaxInches)),
		sub("move", "Order a unit to move: spends the officer's orders and gives its move (C3, C6)",
			req(auto(str("unit", "The unit", MaxName))),
			auto(str("officer", "The officer giving the order (default: its own)", MaxName)),
			boolean("far", "The unit is more than 18\" from the officer (2 orders)")),
		sub("fire", "Fire by stands (C7)",
			auto(str("unit", "The firing unit (roster)", MaxName)),
			auto(str("target", "The target (a roster unit, or a name for a quick ruling)", MaxName)),
			choice("ammo", "Artillery: ball/shell or canister", []string{string(rc.Ball), string(rc.Canister)}),
			number("multiplier", "Another target multiplier the umpire names (e.g. 0.5)", 0.01, 10),
			str("reason", "Why the multiplier applies", 60),
			choice("nationality", "Quick ruling: the firers' nationality", names(rc.Nationalities)),
			choice("type", "Quick ruling: the firers' type", names(rc.UnitTypes)),
			integer("stands", "Quick ruling: stands firing", 1, MaxStands),
			boolean("column", "Quick ruling: the target is a column (×1.5)")),
		sub("combat", "Close combat (C8)",
			req(auto(str("attacker", "The attacking unit (roster, or a name)", MaxName))),
			req(auto(str("defender", "The defending unit (roster, or a name)", MaxName))),
			choice("facing", "Which face the attacker reaches (default front)", []string{string(rc.Front), string(rc.Flank), string(rc.Rear)}),
			boolean("uphill", "The attacker goes uphill to reach the defender"),
			auto(str("attacker-officer", "Officer attached to the attacker", MaxName)),
			auto(str("defender-officer", "Officer attached to the defender", MaxName)),
			choice("attacker-type", "Quick ruling: attacker's type", names(rc.UnitTypes)),
			integer("attacker-morale", "Quick ruling: attacker's morale % (default 50)", 0, 100),
			integer("attacker-lost", "Quick ruling: attacker's stands lost to fire this turn", 0, MaxStands),
			choice("defender-type", "Quick ruling: defender's type", names(rc.UnitTypes)),
			choice("defender-formation", "Quick ruling: defender's formation", names(rc.Formations)),
			integer("defender-morale", "Quick ruling: defender's morale % (default 50)", 0, 100),
			integer("defender-lost", "Quick ruling: defender's stands lost to fire this turn", 0, MaxStands),
			boolean("defender-disordered", "Quick ruling: the defender is disordered")),
		sub("ride", "Does an officer ride with a charge? (C3)",
			req(auto(str("officer", "The officer (roster, or a name)", MaxName))),
			req(str("units", "The units charging, separated by commas", 200)),
			choice("calibre", "Quick ruling: his calibre", names(rc.Calibres)),
			integer("morale", "Quick ruling: his officer morale % (default 50)", 0, 100)),
	},
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

func str(name, desc string, maxLen int) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, MaxLength: maxLen}
}

func integer(name, desc string, lo, hi int) *discordgo.ApplicationCommandOption {
	least := float64(lo)
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc, MinValue: &least, MaxValue: float64(hi)}
}

func number(name, desc string, lo, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionNumber, Name: name, Description: desc, MinValue: &lo, MaxValue: hi}
}

func boolean(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: desc}
}

func user(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
}

func choice(name, desc string, values []string) *discordgo.ApplicationCommandOption {
	o := str(name, desc, 0)
	for _, v := range values {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
	}
	return o
}

func req(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o.Required = true
	return o
}

func auto(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o.Autocomplete = true
	return o
}

func names[T ~string](all []T) []string {
	out := make([]string, len(all))
	for i, v := range all {
		out[i] = string(v)
	}
	return out
}
