package roster

import (
	"context"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// MaxChoices is Discord's limit on autocomplete choices.
const MaxChoices = 25

// maxLabel is Discord's limit on a choice's name.
const maxLabel = 100

// Autocomplete answers an autocomplete request from the channel's board of the
// rule set id: decode reads the board, suggest lists the choices. A channel
// with no battle, a battle of another rule set or a board that does not decode
// gets no choices (never an error: autocomplete has no way to show one).
func Autocomplete[B any](svc *battle.Service, id string, decode func(*battle.Game) (B, error), suggest func(B, interaction.Request) []interaction.Choice) interaction.Handler {
	return func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		none := interaction.Response{Choices: []interaction.Choice{}}
		g, err := svc.View(ctx, req.ChannelID)
		if err != nil || g.Ruleset != id {
			return none, nil
		}
		b, err := decode(g)
		if err != nil {
			return none, nil
		}
		return interaction.Response{Choices: suggest(b, req)}, nil
	}
}

// Choices gathers the autocomplete choices for what has been typed: names
// starting with it first, then names containing it, ignoring case.
type Choices struct {
	typed       string
	first, rest []interaction.Choice
}

// NewChoices gathers choices matching typed.
func NewChoices(typed string) *Choices { return &Choices{typed: strings.ToLower(typed)} }

// Add offers name, shown as label (clipped to Discord's limit), if it matches.
func (c *Choices) Add(name, label string) {
	ch := interaction.Choice{Name: render.Clip(label, maxLabel), Value: name}
	switch n := strings.ToLower(name); {
	case strings.HasPrefix(n, c.typed):
		c.first = append(c.first, ch)
	case strings.Contains(n, c.typed):
		c.rest = append(c.rest, ch)
	}
}

// List is the choices in order, at most MaxChoices, never nil.
func (c *Choices) List() []interaction.Choice {
	out := append(append([]interaction.Choice{}, c.first...), c.rest...)
	if len(out) > MaxChoices {
		out = out[:MaxChoices]
	}
	return out
}
