package roster

import (
	"slices"
	"strings"
	"unicode/utf8"

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
// starting with it first, then names containing it, ignoring case; and
// before either, every choice added before the last Then.
type Choices struct {
	typed, prefix string
	listed        []string // the entries before the last, in a list
	done          []interaction.Choice
	first, rest   []interaction.Choice
}

// NewChoices gathers choices matching typed.
func NewChoices(typed string) *Choices { return &Choices{typed: strings.ToLower(typed)} }

// NewListChoices gathers choices for the last entry of typed, a list
// separated by commas ("Chosen Men, Harp"): each choice's value and label
// are the entries before it followed by the name offered, and a name
// already listed is not offered again.
func NewListChoices(typed string) *Choices {
	c := &Choices{}
	if i := strings.LastIndex(typed, ","); i >= 0 {
		c.prefix, typed = typed[:i+1]+" ", typed[i+1:]
		for _, e := range strings.Split(c.prefix, ",") {
			c.listed = append(c.listed, strings.ToLower(strings.TrimSpace(e)))
		}
	}
	c.typed = strings.ToLower(strings.TrimSpace(typed))
	return c
}

// Add offers name, shown as label (plain text, clipped to Discord's limit),
// if it matches.
func (c *Choices) Add(name, label string) {
	ch := interaction.Choice{Name: render.Clip(render.Plain(c.prefix+label), maxLabel), Value: c.prefix + name}
	n := strings.ToLower(name)
	if utf8.RuneCountInString(ch.Value) > maxLabel || slices.Contains(c.listed, n) {
		return
	}
	switch {
	case strings.HasPrefix(n, c.typed):
		c.first = append(c.first, ch)
	case strings.Contains(n, c.typed):
		c.rest = append(c.rest, ch)
	}
}

// Then puts every choice added so far before any added after: the enemy
// before one's own.
func (c *Choices) Then() {
	c.done = append(append(c.done, c.first...), c.rest...)
	c.first, c.rest = nil, nil
}

// Sided offers items with add, those first accepts before the others: the
// enemy before one's own.
func Sided[T any](c *Choices, items []T, first func(T) bool, add func(T)) {
	for _, it := range items {
		if first(it) {
			add(it)
		}
	}
	c.Then()
	for _, it := range items {
		if !first(it) {
			add(it)
		}
	}
}

// List is the choices in order, at most MaxChoices, never nil.
func (c *Choices) List() []interaction.Choice {
	c.Then()
	out := append([]interaction.Choice{}, c.done...)
	if len(out) > MaxChoices {
		out = out[:MaxChoices]
	}
	return out
}

// Label is how a choice shows a roster name: its kind and where it stands
// ("Harris — figure, Chosen Men"); without a place, its kind alone.
func Label(name, kind, place string) string {
	if place == "" {
		return name + " — " + kind
	}
	return name + " — " + kind + ", " + place
}
