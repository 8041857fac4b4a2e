package console

import (
	"encoding/base64"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
)

// The -json shapes: one object per command line.
type jsonLine struct {
	OK        bool                     `json:"ok"`
	Error     string                   `json:"error"`
	Public    []jsonMessage            `json:"public"`
	Ephemeral []jsonMessage            `json:"ephemeral"`
	DMs       map[string][]jsonMessage `json:"dms"`
	// Edits are the console's turn message edited in place, as it now
	// reads (a new turn message is in Public).
	Edits []jsonMessage `json:"edits,omitempty"`
	// Channels are messages to channels other than the console's (the
	// umpire's desk), by channel.
	Channels map[string][]jsonMessage `json:"channels,omitempty"`
	Result   any                      `json:"result"`
}

type jsonMessage struct {
	Content string       `json:"content"`
	Embeds  []jsonEmbed  `json:"embeds"`
	Buttons []jsonButton `json:"buttons"`
	Files   []jsonFile   `json:"files"`
}

type jsonEmbed struct {
	Title       string      `json:"title"`
	Description string      `json:"description"`
	Fields      []jsonField `json:"fields"`
	Footer      string      `json:"footer,omitempty"`
	Image       string      `json:"image,omitempty"`
}

type jsonField struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type jsonButton struct {
	Label string `json:"label"`
	ID    string `json:"id"`
}

// A file's content is inline when it is text; a binary file (a chart) has
// its content in base64 instead.
type jsonFile struct {
	Name    string `json:"name"`
	Content string `json:"content"`
	Base64  string `json:"base64,omitempty"`
}

func toJSON(resp interaction.Response, errText string) jsonLine {
	out := jsonLine{
		OK:        errText == "",
		Error:     errText,
		Public:    jsonMessages(resp.Public),
		Ephemeral: jsonMessages(resp.Ephemeral),
		DMs:       map[string][]jsonMessage{},
		Result:    resp.Result,
	}
	if tm := resp.Turn; tm != nil && tm.Show {
		if tm.Edit != "" {
			out.Edits = jsonMessages([]interaction.Message{tm.Message})
		} else {
			out.Public = append(jsonMessages([]interaction.Message{tm.Message}), out.Public...)
		}
	}
	for _, p := range resp.Posts {
		if out.Channels == nil {
			out.Channels = map[string][]jsonMessage{}
		}
		out.Channels[p.ChannelID] = append(out.Channels[p.ChannelID], jsonMessages([]interaction.Message{p.Message})...)
	}
	for _, dm := range resp.DMs {
		who := dmName(dm)
		out.DMs[who] = append(out.DMs[who], jsonMessages([]interaction.Message{dm.Message})...)
	}
	return out
}

func dmName(dm interaction.DM) string {
	if dm.UserName != "" {
		return dm.UserName
	}
	return strings.TrimPrefix(dm.UserID, "console:")
}

func jsonMessages(ms []interaction.Message) []jsonMessage {
	out := []jsonMessage{}
	for _, m := range ms {
		jm := jsonMessage{Content: m.Content, Embeds: []jsonEmbed{}, Buttons: []jsonButton{}, Files: []jsonFile{}}
		for _, e := range m.Embeds {
			je := jsonEmbed{Title: e.Title, Description: e.Description, Fields: []jsonField{}, Footer: e.Footer, Image: e.Image}
			for _, f := range e.Fields {
				je.Fields = append(je.Fields, jsonField{Name: f.Name, Value: f.Value})
			}
			jm.Embeds = append(jm.Embeds, je)
		}
		for _, b := range m.Buttons {
			jm.Buttons = append(jm.Buttons, jsonButton{Label: b.Label, ID: b.ID})
		}
		for _, f := range m.Files {
			jf := jsonFile{Name: f.Name}
			if utf8.Valid(f.Content) {
				jf.Content = string(f.Content)
			} else {
				jf.Base64 = base64.StdEncoding.EncodeToString(f.Content)
			}
			jm.Files = append(jm.Files, jf)
		}
		out = append(out, jm)
	}
	return out
}

// writeText prints a response as a Discord user would read it.
func writeText(w io.Writer, speaker string, resp interaction.Response, errText string) {
	if errText != "" {
		fmt.Fprintf(w, "(only you) ✗ %s\n", plain(errText))
	}
	writeTurn(w, resp.Turn)
	for i, m := range resp.Public {
		tag := ""
		if i == 0 && resp.UpdateSource {
			tag = "(updates the message) "
		}
		writeMessage(w, tag, m)
	}
	for _, m := range resp.Ephemeral {
		writeMessage(w, "(only you) ", m)
	}
	byUser := map[string][]interaction.Message{}
	var order []string
	for _, dm := range resp.DMs {
		who := dmName(dm)
		if _, ok := byUser[who]; !ok {
			order = append(order, who)
		}
		byUser[who] = append(byUser[who], dm.Message)
	}
	for _, who := range order {
		for _, m := range byUser[who] {
			writeMessage(w, "(DM to "+who+") ", m)
		}
	}
	for _, p := range resp.Posts {
		writeMessage(w, "(in #"+strings.TrimPrefix(p.ChannelID, "#")+") ", p.Message)
	}
	if errText == "" && len(resp.Public)+len(resp.Ephemeral)+len(resp.DMs)+len(resp.Posts) == 0 && len(resp.Choices) == 0 && resp.Turn == nil {
		fmt.Fprintln(w, "(no answer)")
	}
}

func writeMessage(w io.Writer, tag string, m interaction.Message) {
	first := true
	head := func() string {
		if first {
			first = false
			return tag
		}
		return strings.Repeat(" ", utf8.RuneCountInString(tag))
	}
	pad := strings.Repeat(" ", utf8.RuneCountInString(tag))
	if m.Content != "" {
		for i, l := range strings.Split(plain(m.Content), "\n") {
			if i == 0 {
				fmt.Fprintf(w, "%s%s\n", head(), l)
			} else {
				fmt.Fprintf(w, "%s%s\n", pad, l)
			}
		}
	}
	for _, e := range m.Embeds {
		bar := head() + "┃ "
		rest := pad + "┃ "
		lines := embedLines(e)
		for i, l := range lines {
			prefix := rest
			if i == 0 {
				prefix = bar
			}
			fmt.Fprintln(w, strings.TrimRight(prefix+l, " "))
		}
	}
	for _, f := range m.Files {
		fmt.Fprintf(w, "%s📎 %s (%d bytes)\n", head(), f.Name, len(f.Content))
		if utf8.Valid(f.Content) {
			for _, l := range strings.Split(strings.TrimRight(string(f.Content), "\n"), "\n") {
				fmt.Fprintf(w, "%s   %s\n", pad, l)
			}
		}
	}
	if len(m.Buttons) > 0 {
		var bs []string
		for _, b := range m.Buttons {
			label := "[" + plain(b.Label) + "]"
			if b.Disabled {
				label += " (disabled)"
			}
			bs = append(bs, label)
		}
		fmt.Fprintf(w, "%s%s\n", head(), strings.Join(bs, " "))
	}
}

func embedLines(e interaction.Embed) []string {
	var out []string
	if e.Title != "" {
		out = append(out, plain(e.Title))
	}
	if e.Description != "" {
		out = append(out, strings.Split(plain(e.Description), "\n")...)
	}
	for _, f := range e.Fields {
		name, value := plain(f.Name), plain(f.Value)
		vs := strings.Split(value, "\n")
		if len(vs) == 1 && utf8.RuneCountInString(name)+utf8.RuneCountInString(value) < 70 {
			out = append(out, name+": "+value)
			continue
		}
		out = append(out, name+":")
		for _, v := range vs {
			out = append(out, "  "+v)
		}
	}
	if name, ok := strings.CutPrefix(e.Image, "attachment://"); ok {
		out = append(out, "[chart: "+name+", below]")
	}
	if e.Footer != "" {
		out = append(out, "— "+plain(e.Footer))
	}
	if len(out) == 0 {
		out = append(out, "")
	}
	return out
}

var consoleMention = regexp.MustCompile(`<@!?console:([^>]+)>`)

// plain turns Discord markdown into what a reader sees: bold, italic-by-
// underline, spoiler and code markers removed, struck text struck with a
// combining stroke (a dropped die reads 3̶), backslash escapes resolved
// outside code (in code, as in Discord, every character is shown as it
// is), console mentions shown as @name and the zero-width spaces that
// defuse mentions dropped.
func plain(s string) string {
	s = consoleMention.ReplaceAllString(s, "@$1")
	var b strings.Builder
	struck, code := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '`':
			code = !code
		case code:
			b.WriteByte(c)
		case c == '\\' && i+1 < len(s) && isPunct(s[i+1]):
			b.WriteByte(s[i+1])
			i++
		case strings.HasPrefix(s[i:], "~~"):
			struck = !struck
			i++
		case strings.HasPrefix(s[i:], "**"), strings.HasPrefix(s[i:], "__"), strings.HasPrefix(s[i:], "||"):
			i++
		case struck && c != ' ' && (i+1 == len(s) || utf8.RuneStart(s[i+1])): // the last byte of a character
			b.WriteByte(c)
			b.WriteString("\u0336")
		default:
			b.WriteByte(c)
		}
	}
	return strings.ReplaceAll(b.String(), "\u200b", "")
}

func isPunct(c byte) bool {
	return strings.IndexByte("\\*_~`|[]<>#@-.()!+=:{}'\"/", c) >= 0
}
