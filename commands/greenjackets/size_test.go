package greenjackets

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Discord refuses a command whose names, descriptions and choices add up to
// more than 4000 characters, with more than 25 options at any level, or a
// description over 100 characters.
func TestDefinitionWithinDiscordLimits(t *testing.T) {
	var walk func(opts []*discordgo.ApplicationCommandOption, where string) int
	walk = func(opts []*discordgo.ApplicationCommandOption, where string) int {
		if len(opts) > 25 {
			t.Errorf("%s: %d options, at most 25", where, len(opts))
		}
		n := 0
		for _, o := range opts {
			if len([]rune(o.Description)) > 100 || len(o.Name) > 32 {
				t.Errorf("%s %s: description of %d characters", where, o.Name, len([]rune(o.Description)))
			}
			n += len(o.Name) + len([]rune(o.Description))
			for _, c := range o.Choices {
				n += len(c.Name) + len(c.Value.(string))
			}
			n += walk(o.Options, where+" "+o.Name)
		}
		return n
	}
	total := len(Definition.Name) + len(Definition.Description) + walk(Definition.Options, Definition.Name)
	t.Logf("/greenjackets: %d characters", total)
	if total > 4000 {
		t.Errorf("/greenjackets adds up to %d characters, at most 4000", total)
	}
}
