package commands_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/helpcmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// TestHelpListsEveryCommand: /help names every command the referee syncs in
// one embed within Discord's limits, and says how campaigns, deadlines, fog,
// desks and quick rulings work.
func TestHelpListsEveryCommand(t *testing.T) {
	h := commandstest.New(t)
	u := interaction.User{ID: "u1", Name: "Ann"}
	r := h.OK(u, "help")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Embeds) != 1 {
		t.Fatalf("/help = %s, want one embed", commandstest.Text(r))
	}
	e := r.Ephemeral[0].Embeds[0]
	if n := embedChars(e); n > render.MaxEmbedTotal || len(e.Description) > render.MaxDescription {
		t.Errorf("/help is %d characters; Discord takes %d", n, render.MaxEmbedTotal)
	}
	text := commandstest.Text(r)
	for _, d := range h.Commands {
		if !strings.Contains(e.Description, "/"+d.Name+"`") {
			t.Errorf("/help does not list /%s", d.Name)
		}
	}
	for _, want := range []string{"Quick rulings", "/campaign start", "/campaign list", "/game deadline", "fog:on", "/game desk", "/help command:"} {
		if !strings.Contains(text, want) {
			t.Errorf("/help says nothing of %q:\n%s", want, text)
		}
	}
}

// TestHelpCommandAgreesWithDefinitions: every command path of the
// definitions is offered by /help's autocomplete and answered by /help
// command:, which lists each of its subcommands or options, as defined, and
// an example made of its own options.
func TestHelpCommandAgreesWithDefinitions(t *testing.T) {
	h := commandstest.New(t)
	u := interaction.User{ID: "u1", Name: "Ann"}
	defs := map[string][]*discordgo.ApplicationCommandOption{}
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		defs[path] = opts
		for _, o := range opts {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				walk(path+" "+o.Name, o.Options)
			}
		}
	}
	for _, d := range h.Commands {
		walk(d.Name, d.Options)
	}
	paths := helpcmd.Paths(h.Commands)
	if len(paths) != len(defs) {
		t.Errorf("helpcmd.Paths lists %d paths, the definitions hold %d", len(paths), len(defs))
	}
	for _, path := range paths {
		opts, ok := defs[path]
		if !ok {
			t.Errorf("helpcmd.Paths lists %q, which no definition has", path)
			continue
		}
		ac := h.Serve(h.Autocomplete(u, "help", "command", path))
		if !slices.ContainsFunc(ac.Choices, func(c interaction.Choice) bool { return c.Value == path }) {
			t.Errorf("/help command: typed %q does not offer it: %v", path, ac.Choices)
		}
		r := h.OK(u, "help", "command", path)
		e := r.Ephemeral[0].Embeds[0]
		if embedChars(e) > render.MaxEmbedTotal || len(e.Description) > render.MaxDescription {
			t.Errorf("/help command:%s is %d characters; Discord takes %d", path, embedChars(e), render.MaxEmbedTotal)
		}
		leaf := true
		for _, o := range opts {
			name := "`" + o.Name + "`"
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				leaf, name = false, "`/"+path+" "+o.Name+"`"
			}
			if !strings.Contains(e.Description, name) {
				t.Errorf("/help command:%s does not show %s", path, name)
			}
		}
		if !leaf {
			continue
		}
		example := helpcmd.Example(path, opts)
		if !strings.Contains(e.Description, "Example: `"+example+"`") {
			t.Errorf("/help command:%s shows no example %q", path, example)
		}
		for _, part := range strings.Fields(quoted.ReplaceAllString(strings.TrimPrefix(example, "/"+path), "x")) {
			name, _, _ := strings.Cut(part, ":")
			if !slices.ContainsFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == name }) {
				t.Errorf("the example %q of /%s gives %q, not one of its options", example, path, name)
			}
		}
	}
	h.Refused("There is no command /nope", u, "help", "command", "nope")
}

var quoted = regexp.MustCompile(`"[^"]*"`)
