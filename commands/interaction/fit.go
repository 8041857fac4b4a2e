package interaction

import "strings"

const (
	// continued names what carries on from the part before: a field's value,
	// or buttons beyond a message's MaxButtons.
	continued = "(continued)"
	// blank stands in for an empty field name or value, which Discord
	// refuses: a zero-width space.
	blank = "\u200b"
)

// Fit returns r within Discord's limits (as Check has them), cutting nothing
// that can continue. A message too long for one continues in the messages
// after it: its content first, split at paragraphs, lines or words (never in
// a code block without closing and reopening it), then its embeds, with its
// files and buttons on the last part, and buttons beyond MaxButtons on
// further messages of their own. An embed too long continues in further
// embeds of its colour (the title on the first, the footer on the last), a
// field's value in further fields; a direct message continues in further
// direct messages to the same user, each with the same fallback. What has no
// room to continue is shortened between words: a button's label, a choice's
// name, and a title or field name, which is then given whole at the start of
// the text beneath it; a footer too long for its place closes the
// description instead. Autocomplete keeps the first MaxChoices choices whose
// values fit (a value is what the user sends back: it is never altered).
// Button ids are not altered either: Check reports one too long, which only
// the code that made it can mend.
//
// A response already within the limits is returned as it is; Router.Serve
// fits every response it returns.
func Fit(r Response) Response {
	if Check(r) == nil {
		return r
	}
	r.Public = fitMessages(r.Public)
	r.Ephemeral = fitMessages(r.Ephemeral)
	var dms []DM
	for _, dm := range r.DMs {
		instead := fitPosts(dm.Instead)
		for _, m := range fitMessage(dm.Message) {
			part := dm
			part.Message, part.Instead, instead = m, instead, nil // posted once, for the first part
			dms = append(dms, part)
		}
	}
	r.DMs = dms
	r.Posts = fitPosts(r.Posts)
	r.Choices = fitChoices(r.Choices)
	return r
}

func fitPosts(ps []Post) []Post {
	var posts []Post
	for _, p := range ps {
		for _, m := range fitMessage(p.Message) {
			posts = append(posts, Post{ChannelID: p.ChannelID, Message: m})
		}
	}
	return posts
}

func fitMessages(ms []Message) []Message {
	var out []Message
	for _, m := range ms {
		out = append(out, fitMessage(m)...)
	}
	return out
}

// fitMessage is m as the messages it continues in.
func fitMessage(m Message) []Message {
	if len(checkMessage(m)) == 0 {
		return []Message{m}
	}
	var parts []Message
	last := func() *Message {
		if len(parts) == 0 {
			parts = append(parts, Message{})
		}
		return &parts[len(parts)-1]
	}
	for _, c := range splitText(m.Content, MaxContent) {
		parts = append(parts, Message{Content: c})
	}
	for _, whole := range m.Embeds {
		for _, e := range fitEmbed(whole) {
			if p := last(); len(p.Embeds) == MaxEmbeds || embedsSize(p.Embeds)+embedSize(e) > MaxEmbedTotal {
				parts = append(parts, Message{})
			}
			p := last()
			p.Embeds = append(p.Embeds, e)
		}
	}
	if len(m.Files) > 0 {
		last().Files = m.Files
	}
	buttons := make([]Button, len(m.Buttons))
	for i, b := range m.Buttons {
		b.Label = Shorten(b.Label, MaxLabel)
		buttons[i] = b
	}
	for len(buttons) > 0 {
		if len(last().Buttons) == MaxButtons {
			parts = append(parts, Message{Content: continued})
		}
		n := min(len(buttons), MaxButtons)
		last().Buttons, buttons = buttons[:n], buttons[n:]
	}
	return parts
}

// fitEmbed is e as the embeds it continues in, each within the per-embed
// limits and within MaxEmbedTotal alone; the last has its footer and image.
func fitEmbed(e Embed) []Embed {
	if len(checkEmbed(e)) == 0 && embedSize(e) <= MaxEmbedTotal {
		return []Embed{e}
	}
	title, description, footer := e.Title, e.Description, e.Footer
	if len(title) > MaxTitle {
		description = paragraphs("**"+title+"**", description)
		title = Shorten(title, MaxTitle)
	}
	if len(footer) > MaxFooter {
		description = paragraphs(description, footer)
		footer = ""
	}
	// Every embed keeps room for the footer, which the last one carries.
	room := MaxEmbedTotal - len(footer)
	out := []Embed{{Title: title, Color: e.Color}}
	for i, d := range splitText(description, min(MaxDescription, room-len(title))) {
		if i > 0 {
			out = append(out, Embed{Color: e.Color})
		}
		out[i].Description = d
	}
	for _, f := range fitFields(e.Fields) {
		if l := out[len(out)-1]; len(l.Fields) == MaxFields || embedSize(l)+len(f.Name)+len(f.Value) > room {
			out = append(out, Embed{Color: e.Color})
		}
		l := &out[len(out)-1]
		l.Fields = append(l.Fields, f)
	}
	out[len(out)-1].Footer, out[len(out)-1].Image = footer, e.Image
	return out
}

// fitFields is fs with each field within its limits, a long value continued
// in fields named "<name> (continued)".
func fitFields(fs []Field) []Field {
	var out []Field
	for _, f := range fs {
		name, value := f.Name, f.Value
		if len(name) > MaxFieldName {
			value = paragraphs("**"+name+"**", value)
			name = Shorten(name, MaxFieldName)
		}
		if strings.TrimSpace(name) == "" {
			name = blank
		}
		values := splitText(value, MaxFieldValue)
		if len(values) == 0 {
			values = []string{blank}
		}
		for i, v := range values {
			part := Field{Name: name, Value: v, Inline: f.Inline}
			if i > 0 {
				part.Name = Shorten(name, MaxFieldName-len(" "+continued)) + " " + continued
			}
			out = append(out, part)
		}
	}
	return out
}

// fitChoices keeps the first MaxChoices choices whose values fit, each name
// shortened to fit (an empty one given the value).
func fitChoices(cs []Choice) []Choice {
	if cs == nil {
		return nil
	}
	out := []Choice{}
	for _, c := range cs {
		if len(out) == MaxChoices {
			break
		}
		if c.Name == "" {
			c.Name = c.Value
		}
		if c.Name == "" || len(c.Value) > MaxChoiceValue {
			continue
		}
		c.Name = Shorten(c.Name, MaxChoiceName)
		out = append(out, c)
	}
	return out
}

// paragraphs joins the texts that are not empty with a blank line between.
func paragraphs(texts ...string) string {
	var kept []string
	for _, t := range texts {
		if t != "" {
			kept = append(kept, t)
		}
	}
	return strings.Join(kept, "\n\n")
}
