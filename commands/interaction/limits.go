package interaction

import (
	"errors"
	"fmt"
	"strings"
)

// Discord's limits on what one message, embed, button and autocomplete answer
// may hold. Lengths are counted in bytes, which are never fewer than the
// characters Discord counts, so text within them is within Discord's.
const (
	MaxContent     = 2000
	MaxEmbeds      = 10
	MaxTitle       = 256
	MaxDescription = 4096
	MaxFields      = 25
	MaxFieldName   = 256
	MaxFieldValue  = 1024
	MaxFooter      = 2048
	// MaxEmbedTotal bounds the titles, descriptions, fields and footers of all
	// a message's embeds together.
	MaxEmbedTotal = 6000
	// MaxButtons is five action rows of five.
	MaxButtons     = 25
	MaxLabel       = 80
	MaxCustomID    = 100
	MaxChoices     = 25
	MaxChoiceName  = 100
	MaxChoiceValue = 100
)

// Check reports every way r breaks Discord's limits, one a line, each naming
// the message and the part ("ephemeral message 2: embed 1: description is 4210
// bytes, over 4096"), or nil when r keeps them all. Router.Serve fits every
// response to them (Fit); Check is how a test holds that.
func Check(r Response) error {
	var breaches []string
	for _, list := range []struct {
		kind     string
		messages []Message
	}{{"public", r.Public}, {"ephemeral", r.Ephemeral}} {
		for i, m := range list.messages {
			breaches = append(breaches, within(checkMessage(m), func() string { return fmt.Sprintf("%s message %d", list.kind, i+1) })...)
		}
	}
	for i, dm := range r.DMs {
		breaches = append(breaches, within(checkMessage(dm.Message), func() string { return fmt.Sprintf("direct message %d (to %s)", i+1, dm.UserID) })...)
	}
	for i, p := range r.Posts {
		breaches = append(breaches, within(checkMessage(p.Message), func() string { return fmt.Sprintf("post %d (to %s)", i+1, p.ChannelID) })...)
	}
	if t := r.Turn; t != nil && t.Show {
		breaches = append(breaches, within(checkMessage(t.Message), func() string { return "the turn message" })...)
	}
	if len(r.Choices) > MaxChoices {
		breaches = append(breaches, over("choices", len(r.Choices), MaxChoices))
	}
	for i, c := range r.Choices {
		breaches = append(breaches, within(checkChoice(c), func() string { return fmt.Sprintf("choice %d", i+1) })...)
	}
	if len(breaches) == 0 {
		return nil
	}
	return errors.New(strings.Join(breaches, "\n"))
}

func checkMessage(m Message) []string {
	var b []string
	if len(m.Content) > MaxContent {
		b = append(b, overBytes("content", len(m.Content), MaxContent))
	}
	if len(m.Embeds) > MaxEmbeds {
		b = append(b, over("embeds", len(m.Embeds), MaxEmbeds))
	}
	if n := embedsSize(m.Embeds); n > MaxEmbedTotal {
		b = append(b, overBytes("embeds together", n, MaxEmbedTotal))
	}
	for i, e := range m.Embeds {
		b = append(b, within(checkEmbed(e), func() string { return fmt.Sprintf("embed %d", i+1) })...)
	}
	if len(m.Buttons) > MaxButtons {
		b = append(b, over("buttons", len(m.Buttons), MaxButtons))
	}
	for i, btn := range m.Buttons {
		if len(btn.Label) > MaxLabel {
			b = append(b, fmt.Sprintf("button %d: %s", i+1, overBytes("label", len(btn.Label), MaxLabel)))
		}
		if len(btn.ID) > MaxCustomID {
			b = append(b, fmt.Sprintf("button %d: %s", i+1, overBytes("id", len(btn.ID), MaxCustomID)))
		}
	}
	return b
}

func checkEmbed(e Embed) []string {
	var b []string
	if len(e.Title) > MaxTitle {
		b = append(b, overBytes("title", len(e.Title), MaxTitle))
	}
	if len(e.Description) > MaxDescription {
		b = append(b, overBytes("description", len(e.Description), MaxDescription))
	}
	if len(e.Footer) > MaxFooter {
		b = append(b, overBytes("footer", len(e.Footer), MaxFooter))
	}
	if len(e.Fields) > MaxFields {
		b = append(b, over("fields", len(e.Fields), MaxFields))
	}
	for i, f := range e.Fields {
		b = append(b, within(checkField(f), func() string { return fmt.Sprintf("field %d", i+1) })...)
	}
	return b
}

// checkField also refuses a name or value that is empty or only spaces, as
// Discord does.
func checkField(f Field) []string {
	var b []string
	switch {
	case strings.TrimSpace(f.Name) == "":
		b = append(b, "name is empty")
	case len(f.Name) > MaxFieldName:
		b = append(b, overBytes("name", len(f.Name), MaxFieldName))
	}
	switch {
	case strings.TrimSpace(f.Value) == "":
		b = append(b, "value is empty")
	case len(f.Value) > MaxFieldValue:
		b = append(b, overBytes("value", len(f.Value), MaxFieldValue))
	}
	return b
}

func checkChoice(c Choice) []string {
	var b []string
	switch {
	case c.Name == "":
		b = append(b, "name is empty")
	case len(c.Name) > MaxChoiceName:
		b = append(b, overBytes("name", len(c.Name), MaxChoiceName))
	}
	if len(c.Value) > MaxChoiceValue {
		b = append(b, overBytes("value", len(c.Value), MaxChoiceValue))
	}
	return b
}

// within names where each breach is: "embed 2: title is …". where is
// called only when there is a breach to name.
func within(breaches []string, where func() string) []string {
	if len(breaches) == 0 {
		return nil
	}
	w := where()
	for i, b := range breaches {
		breaches[i] = w + ": " + b
	}
	return breaches
}

// embedsSize is what Discord counts towards MaxEmbedTotal.
func embedsSize(es []Embed) int {
	n := 0
	for _, e := range es {
		n += embedSize(e)
	}
	return n
}

func embedSize(e Embed) int {
	n := len(e.Title) + len(e.Description) + len(e.Footer)
	for _, f := range e.Fields {
		n += len(f.Name) + len(f.Value)
	}
	return n
}

func over(what string, n, limit int) string {
	return fmt.Sprintf("%d %s, over %d", n, what, limit)
}

func overBytes(what string, n, limit int) string {
	return fmt.Sprintf("%s is %d bytes, over %d", what, n, limit)
}
