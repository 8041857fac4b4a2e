package helpcmd

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/optdef"
	"github.com/referee-bot/referee/commands/render"
)

// Definition is /help's slash command.
var Definition = &discordgo.ApplicationCommand{
	Name:        "help",
	Description: "What the referee can do, and the rule sets it knows",
	Contexts:    optdef.Anywhere,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.String("command", "One command's options, with an example (game deadline, greenjackets fire…)", false, true, 80),
	},
}

// Colour of help embeds.
const colour = 0x35617a

// maxChoices is Discord's limit on autocomplete choices.
const maxChoices = 25

// Help answers /help from the definitions and the rule sets.
type Help struct {
	// Defs are every slash command, in the order /help lists them.
	Defs     []*discordgo.ApplicationCommand
	Rulesets []battle.Ruleset
}

// A command is one path of a definition ("game deadline") and what it is.
type command struct {
	path, desc string
	// opts are its options, or its subcommands and groups.
	opts []*discordgo.ApplicationCommandOption
}

// Paths lists every command path of defs, each command before its
// subcommands: "game", "game start", …, "greenjackets roster squad".
func Paths(defs []*discordgo.ApplicationCommand) []string {
	var out []string
	for _, c := range commandsOf(defs) {
		out = append(out, c.path)
	}
	return out
}

func commandsOf(defs []*discordgo.ApplicationCommand) []command {
	var out []command
	var walk func(path, desc string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path, desc string, opts []*discordgo.ApplicationCommandOption) {
		out = append(out, command{path, desc, opts})
		for _, o := range opts {
			if sub(o) {
				walk(path+" "+o.Name, o.Description, o.Options)
			}
		}
	}
	for _, d := range defs {
		walk(d.Name, d.Description, d.Options)
	}
	return out
}

func sub(o *discordgo.ApplicationCommandOption) bool {
	return o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup
}

// Help is /help [command].
func (h *Help) Help(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	name := strings.Join(strings.Fields(strings.TrimPrefix(strings.TrimSpace(req.String("command")), "/")), " ")
	if name == "" {
		return ephemeral(h.overview()), nil
	}
	cs := commandsOf(h.Defs)
	i := slices.IndexFunc(cs, func(c command) bool { return strings.EqualFold(c.path, name) })
	if i < 0 {
		return interaction.Response{}, interaction.Refusef("There is no command /%s; `/help` lists them.", render.Inert(name))
	}
	return ephemeral(one(cs[i])), nil
}

// Choices completes /help's command: the command paths holding what was
// typed, shortest first.
func (h *Help) Choices(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	typed := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(req.String("command")), "/"))
	var cs []interaction.Choice
	for _, c := range commandsOf(h.Defs) {
		if strings.Contains(c.path, typed) {
			cs = append(cs, interaction.Choice{Name: render.Clip("/"+c.path+" — "+c.desc, 100), Value: c.path})
		}
	}
	slices.SortStableFunc(cs, func(a, b interaction.Choice) int { return len(a.Value) - len(b.Value) })
	if len(cs) > maxChoices {
		cs = cs[:maxChoices]
	}
	if cs == nil {
		cs = []interaction.Choice{}
	}
	return interaction.Response{Choices: cs}, nil
}

func ephemeral(e interaction.Embed) interaction.Response {
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}}
}

// overview is every command in one screen, how a game is played, and the
// rule sets.
func (h *Help) overview() interaction.Embed {
	var b strings.Builder
	for _, d := range h.Defs {
		fmt.Fprintf(&b, "`/%s` %s\n", d.Name, render.Inert(d.Description))
	}
	var sets strings.Builder
	for _, rs := range h.Rulesets {
		var cmds []string
		for _, d := range rs.Definitions() {
			cmds = append(cmds, "`/"+d.Name+"`")
		}
		fmt.Fprintf(&sets, "**%s** %s · `/rules ruleset:%s`\n", render.Inert(rs.Name()), strings.Join(cmds, " "), rs.ID())
	}
	return interaction.Embed{
		Title:       "Referee: dice, tables and turns for horse-and-musket wargames",
		Color:       colour,
		Description: b.String(),
		Fields: []interaction.Field{
			{Name: "Quick rulings", Value: "Every rule set's command rules without a battle too: give each factor as an option " +
				"(`/greenjackets fire weapon:musket count:4 range:8 cover:soft`). A ruling shows the dice, each modifier with its reason, " +
				"the result and the odds; **Details** shows the whole working, `/rules … topic:readings` the readings it takes."},
			{Name: "A battle", Value: "`/game start ruleset:…` in a channel (you are its umpire), the roster with the rule set's command, " +
				"then `/turn new` and `/turn next`. Play by chat: `/game deadline move:24h` sets how long a move may take. " +
				"Fog of war: `/game settings fog:on`, `/game side`, `/game side-channel`; the umpire's desk: `/game desk`."},
			{Name: "Campaigns", Value: "`/campaign start` keeps a force from battle to battle: `/game start campaign:…` musters it, " +
				"and each battle's losses carry back (`/campaign report`, `/campaign house-rule`). `/campaign list` shows the server's campaigns; " +
				"their names autocomplete."},
			{Name: "Rule sets", Value: sets.String()},
		},
		Footer: "/help command:<name> shows one command's options with an example.",
	}
}

// one is a command: its subcommands, or its options and an example.
func one(c command) interaction.Embed {
	e := interaction.Embed{Title: render.Clip("/"+c.path, render.MaxTitle), Color: colour}
	var b strings.Builder
	b.WriteString(render.Inert(c.desc) + "\n")
	if slices.ContainsFunc(c.opts, sub) {
		for _, o := range c.opts {
			fmt.Fprintf(&b, "• `/%s %s` %s\n", c.path, o.Name, render.Inert(o.Description))
		}
		e.Description = b.String()
		e.Footer = fmt.Sprintf("/help command:%s <subcommand> shows one.", c.path)
		return e
	}
	if len(c.opts) == 0 {
		b.WriteString("It takes no options.\n")
	}
	for _, o := range c.opts {
		need := ""
		if o.Required {
			need = " (required)"
		}
		fmt.Fprintf(&b, "• `%s`%s %s%s\n", o.Name, need, render.Inert(o.Description), values(o))
	}
	fmt.Fprintf(&b, "\nExample: `%s`", Example(c.path, c.opts))
	e.Description = b.String()
	return e
}

// values says what an option takes when its definition bounds it.
func values(o *discordgo.ApplicationCommandOption) string {
	switch {
	case len(o.Choices) > 0:
		vs := make([]string, len(o.Choices))
		for i, ch := range o.Choices {
			vs[i] = fmt.Sprint(ch.Value)
		}
		return render.Clip(": "+strings.Join(vs, ", "), 300)
	case o.Type == discordgo.ApplicationCommandOptionBoolean:
		return ": true or false"
	case (o.Type == discordgo.ApplicationCommandOptionInteger || o.Type == discordgo.ApplicationCommandOptionNumber) && o.MinValue != nil:
		return fmt.Sprintf(": %s to %s", num(*o.MinValue), num(o.MaxValue))
	case o.Autocomplete:
		return " (suggested as you type)"
	}
	return ""
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Example is a command line for path that its definition accepts: its
// required options (or, with none, its first), each with a value of its
// kind: its first choice, its least number, true, a user, or a word.
func Example(path string, opts []*discordgo.ApplicationCommandOption) string {
	parts := []string{"/" + path}
	for i, o := range opts {
		if !o.Required && !(i == 0 && !slices.ContainsFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return o.Required })) {
			continue
		}
		v := sample(o)
		if strings.Contains(v, " ") {
			v = `"` + v + `"`
		}
		parts = append(parts, o.Name+":"+v)
	}
	return strings.Join(parts, " ")
}

func sample(o *discordgo.ApplicationCommandOption) string {
	switch {
	case len(o.Choices) > 0:
		return fmt.Sprint(o.Choices[0].Value)
	case o.Type == discordgo.ApplicationCommandOptionBoolean:
		return "true"
	case o.Type == discordgo.ApplicationCommandOptionInteger || o.Type == discordgo.ApplicationCommandOptionNumber:
		lo := 1.0
		if o.MinValue != nil && *o.MinValue > lo {
			lo = *o.MinValue
		}
		return num(lo)
	case o.Type == discordgo.ApplicationCommandOptionUser:
		return "@someone"
	}
	if v := given(o.Description); v != "" {
		return v
	}
	return "<" + o.Name + ">"
}

// given is the first value a description gives as an example: "24h" of "How
// long a move may take (24h, 2d, 90m)", "12h" of "…, e.g. 12h,1h", "2d6+3" of
// "…, for example 2d6+3"; or "".
func given(desc string) string {
	var v string
	if _, after, ok := strings.Cut(desc, "e.g. "); ok {
		v = after
	} else if _, after, ok := strings.Cut(desc, "for example "); ok {
		v, _, _ = strings.Cut(after, " ")
	} else if _, after, ok := strings.Cut(desc, "("); ok && strings.Contains(strings.SplitN(after, ")", 2)[0], ",") {
		v = after // a list of values, not a remark
	}
	v, _, _ = strings.Cut(v, ",")
	v, _, _ = strings.Cut(v, ")")
	v = strings.TrimSpace(v)
	if v == "" || strings.ContainsAny(v, " …:\"") {
		return ""
	}
	return v
}
