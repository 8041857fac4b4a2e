package gamecmd_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/gamecmd"
)

var validName = regexp.MustCompile(`^[-_a-z0-9]{1,32}$`)

// TestDefinitions checks the slash commands against Discord's rules, and that
// every command path they define is routed in commands/routes.go.
func TestDefinitions(t *testing.T) {
	h := commandstest.New(t)
	routed := h.Router.Commands()

	var check func(path string, opts []*discordgo.ApplicationCommandOption)
	check = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("/%s has %d options; Discord allows 25", path, len(opts))
		}
		leaf := true
		optional := false
		for _, o := range opts {
			if !validName.MatchString(o.Name) {
				t.Errorf("/%s option %q: not a valid name", path, o.Name)
			}
			if n := len([]rune(o.Description)); n < 1 || n > 100 {
				t.Errorf("/%s %s: description of %d characters; Discord allows 1–100", path, o.Name, n)
			}
			if len(o.Choices) > 25 || o.Autocomplete && len(o.Choices) > 0 {
				t.Errorf("/%s %s: %d choices, autocomplete %v", path, o.Name, len(o.Choices), o.Autocomplete)
			}
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				leaf = false
				check(path+" "+o.Name, o.Options)
			default:
				if o.Required && optional {
					t.Errorf("/%s %s: a required option after an optional one", path, o.Name)
				}
				optional = optional || !o.Required
			}
		}
		if leaf && !slices.Contains(routed, path) {
			t.Errorf("/%s is defined but not routed", path)
		}
	}
	for _, d := range gamecmd.Definitions(h.Service.Rulesets()) {
		if !validName.MatchString(d.Name) {
			t.Errorf("command %q: not a valid name", d.Name)
		}
		if n := len([]rune(d.Description)); n < 1 || n > 100 {
			t.Errorf("/%s: description of %d characters; Discord allows 1–100", d.Name, n)
		}
		check(d.Name, d.Options)
	}
}
