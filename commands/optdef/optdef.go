// Package optdef builds the options of slash-command definitions: one set of
// constructors shared by every rule set's command, so that each definition
// reads as a list of its options.
package optdef

import (
	"fmt"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// The contexts a command is offered in, by one rule: a command that acts only
// on a channel's battle (/game, /turn, /card, /act, /orders, a roster command) is
// offered in servers, where battles are; one that also answers without a
// battle (/help, /roll, /odds, /rules, a rule set's command, whose every
// action is a quick ruling too) in direct messages with the bot as well.
var (
	InServers = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	Anywhere  = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
)

// Option is a slash-command option.
type Option = discordgo.ApplicationCommandOption

// Sub is a subcommand with its options.
func Sub(name, desc string, opts ...*Option) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

// Group is a group of subcommands.
func Group(name, desc string, subs ...*Option) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: name, Description: desc, Options: subs}
}

// String is a text option of at most maxLen characters (0: Discord's limit),
// completed by the command's autocomplete handler when auto is set.
func String(name, desc string, required, auto bool, maxLen int) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc,
		Required: required, Autocomplete: auto, MaxLength: maxLen}
}

// Integer is a whole-number option from lo to hi.
func Integer(name, desc string, required bool, lo, hi float64) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc,
		Required: required, MinValue: &lo, MaxValue: hi}
}

// Number is a decimal option from lo to hi.
func Number(name, desc string, required bool, lo, hi float64) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionNumber, Name: name, Description: desc,
		Required: required, MinValue: &lo, MaxValue: hi}
}

// Bool is an optional true/false option.
func Bool(name, desc string) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: desc}
}

// User is an optional member of the server.
func User(name, desc string) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
}

// Choice is a text option limited to the given choices.
func Choice(name, desc string, required bool, cs []*discordgo.ApplicationCommandOptionChoice) *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc,
		Required: required, Choices: cs}
}

// Pick is a text option limited to values, each shown as itself.
func Pick[T ~string](name, desc string, required bool, values ...T) *Option {
	return Choice(name, desc, required, Choices(values...))
}

// Choices are values as choices, each shown as itself; none is nil.
func Choices[T ~string](values ...T) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range values {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: string(v), Value: string(v)})
	}
	return out
}

// AutocompletePaths lists the command paths of def ("greenjackets fire")
// that have an option completed by autocomplete: the paths whose
// autocomplete the routes register, derived here so that they cannot drift.
func AutocompletePaths(def *discordgo.ApplicationCommand) []string {
	var out []string
	var walk func(path string, opts []*Option)
	walk = func(path string, opts []*Option) {
		auto := false
		for _, o := range opts {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				walk(path+" "+o.Name, o.Options)
			default:
				auto = auto || o.Autocomplete
			}
		}
		if auto {
			out = append(out, path)
		}
	}
	walk(def.Name, def.Options)
	return out
}

// MaxSize is Discord's limit on a command's Size.
const MaxSize = 8000

// Size is def's size as Discord counts it against MaxSize: the characters of
// the command's name and description and, in every option, subcommand and
// group, of the name, the description and each choice's name and value.
func Size(def *discordgo.ApplicationCommand) int {
	n := utf8.RuneCountInString(def.Name) + utf8.RuneCountInString(def.Description)
	var walk func(opts []*Option)
	walk = func(opts []*Option) {
		for _, o := range opts {
			n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description)
			for _, c := range o.Choices {
				n += utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(fmt.Sprint(c.Value))
			}
			walk(o.Options)
		}
	}
	walk(def.Options)
	return n
}
