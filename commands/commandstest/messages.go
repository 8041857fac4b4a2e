package commandstest

import (
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
)

// Messages are the messages the Discord double received, as the referee's
// own (content, embeds, buttons), so that what holds of a response can be
// checked of what Discord was sent: interaction.Check, for one.
func Messages(ms []discordtest.Message) []interaction.Message {
	out := make([]interaction.Message, 0, len(ms))
	for _, m := range ms {
		im := interaction.Message{Content: m.Content}
		for _, e := range m.Embeds {
			ie := interaction.Embed{Title: e.Title, Description: e.Description, Color: e.Color}
			if e.Footer != nil {
				ie.Footer = e.Footer.Text
			}
			for _, f := range e.Fields {
				ie.Fields = append(ie.Fields, interaction.Field{Name: f.Name, Value: f.Value, Inline: f.Inline})
			}
			im.Embeds = append(im.Embeds, ie)
		}
		for _, b := range m.Buttons() {
			im.Buttons = append(im.Buttons, interaction.Button{Label: b.Label, ID: b.CustomID,
				Style: interaction.Style(b.Style), Disabled: b.Disabled})
		}
		out = append(out, im)
	}
	return out
}
