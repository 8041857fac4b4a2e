package roster

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// MaxChoices is Discord's limit on autocomplete choices.
const MaxChoices = 25

// maxLabel is Discord's limit on a choice's name.
const maxLabel = 100

// Suggest answers autocomplete from the board of g, the channel's game of
// the rule set (nil when there is none): decode reads the board, suggest
// lists the choices. No game, or a board that does not decode, gets no
// choices (never an error: autocomplete has no way to show one).
func Suggest[B any](g *battle.Game, req interaction.Request, decode func(*battle.Game) (B, error), suggest func(B, interaction.Request) []interaction.Choice) []interaction.Choice {
	if g == nil {
		return nil
	}
	b, err := decode(g)
	if err != nil {
		return nil
	}
	return suggest(b, req)
}

// Choices gathers the autocomplete choices for what has been typed: names
// starting with it first, then names containing it, ignoring case.
type Choices struct {
	typed       string
	first, rest []interaction.Choice
}

// NewChoices gathers choices matching typed.
func NewChoices(typed string) *Choices { return &Choices{typed: strings.ToLower(typed)} }

// Add offers name, shown as label (plain text, clipped to Discord's limit),
// if it matches.
func (c *Choices) Add(name, label string) {
	ch := interaction.Choice{Name: render.Clip(render.Plain(label), maxLabel), Value: name}
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
