package discordtest

import (
	"encoding/json"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A Message is a message as the double holds it.
type Message struct {
	ID, ChannelID string
	Content       string
	Embeds        []*discordgo.MessageEmbed
	// Rows are the message's action rows of buttons.
	Rows  [][]Button
	Flags discordgo.MessageFlags
	// NoMentions is true when the message was sent with allowed_mentions
	// {"parse": []}.
	NoMentions bool
	// MentionUsers are the users allowed_mentions lets the message notify.
	MentionUsers []string
	// Files are the attached files' contents by name.
	Files map[string]string
	// Thinking is a deferred response not yet edited; Deleted was deleted;
	// Edits counts the edits made to it.
	Thinking bool
	Deleted  bool
	Edits    int
}

// A Button is a button on a message.
type Button struct {
	Label    string `json:"label"`
	CustomID string `json:"custom_id"`
	Style    int    `json:"style"`
	Disabled bool   `json:"disabled"`
}

// Routes reports whether the button's custom id is route, or route with
// arguments ("v1/turn/next/3.5" routes "v1/turn/next").
func (b Button) Routes(route string) bool {
	return b.CustomID == route || strings.HasPrefix(b.CustomID, route+"/")
}

// Ephemeral reports whether only the invoker sees the message.
func (m Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Buttons lists the message's buttons, row by row.
func (m Message) Buttons() []Button {
	var out []Button
	for _, r := range m.Rows {
		out = append(out, r...)
	}
	return out
}

// Text is the message's content followed by its embeds' titles, descriptions
// and fields, for assertions that do not care where a word appears.
func (m Message) Text() string {
	s := m.Content
	for _, e := range m.Embeds {
		s += "\n" + e.Title + "\n" + e.Description
		for _, f := range e.Fields {
			s += "\n" + f.Name + "\n" + f.Value
		}
	}
	return s
}

type wireMessage struct {
	Content    string                    `json:"content"`
	Embeds     []*discordgo.MessageEmbed `json:"embeds"`
	Components []struct {
		Type       int      `json:"type"`
		Components []Button `json:"components"`
	} `json:"components"`
	Flags           discordgo.MessageFlags `json:"flags"`
	AllowedMentions *struct {
		Parse *[]string `json:"parse"`
		Users []string  `json:"users"`
	} `json:"allowed_mentions"`
}

// message decodes a message body; the caller holds s.mu.
func (s *Server) message(channel string, body json.RawMessage, files map[string]string) Message {
	var w wireMessage
	if len(body) > 0 {
		json.Unmarshal(body, &w)
	}
	m := Message{
		ID: s.newID(), ChannelID: channel,
		Content: w.Content, Embeds: w.Embeds, Flags: w.Flags, Files: files,
		NoMentions: w.AllowedMentions != nil && w.AllowedMentions.Parse != nil && len(*w.AllowedMentions.Parse) == 0,
	}
	if w.AllowedMentions != nil {
		m.MentionUsers = w.AllowedMentions.Users
	}
	for _, row := range w.Components {
		m.Rows = append(m.Rows, row.Components)
	}
	return m
}

// edit applies an edit to the message as Discord does: the fields the body
// gives replace the message's, the others stay as they were.
func (s *Server) edit(m Message, body json.RawMessage, files map[string]string) Message {
	var given map[string]json.RawMessage
	json.Unmarshal(body, &given)
	next := s.message(m.ChannelID, body, files)
	next.ID, next.Flags, next.Edits = m.ID, m.Flags, m.Edits+1
	if _, ok := given["content"]; !ok {
		next.Content = m.Content
	}
	if _, ok := given["embeds"]; !ok {
		next.Embeds = m.Embeds
	}
	if _, ok := given["components"]; !ok {
		next.Rows = m.Rows
	}
	if _, ok := given["allowed_mentions"]; !ok {
		next.NoMentions = m.NoMentions
	}
	next.Files = attached(m.Files, given["attachments"], files)
	return next
}

// attached is what an edit leaves attached to a message that had files, as
// Discord's rules for an edit's attachments go: without an attachments field
// the message keeps its files and gains those uploaded; with one, it holds
// exactly the attachments listed, each an upload by its index ("0" is
// files[0]; the double knows uploads by their file names) or, by a larger
// id, one of its own files kept.
func attached(had map[string]string, refs json.RawMessage, uploaded map[string]string) map[string]string {
	if refs == nil {
		out := maps.Clone(had)
		if out == nil && len(uploaded) > 0 {
			out = map[string]string{}
		}
		maps.Copy(out, uploaded)
		return out
	}
	var list []struct {
		ID       string `json:"id"`
		Filename string `json:"filename"`
	}
	json.Unmarshal(refs, &list)
	out := map[string]string{}
	for _, a := range list {
		if n, err := strconv.Atoi(a.ID); err == nil && n < len(uploaded) {
			if f, ok := uploaded[a.Filename]; ok {
				out[a.Filename] = f
			}
		} else if f, ok := had[a.Filename]; ok {
			out[a.Filename] = f
		}
	}
	return out
}

// wire is the message as Discord returns it.
func (m *Message) wire() map[string]any {
	rows := []map[string]any{}
	for _, r := range m.Rows {
		bs := []map[string]any{}
		for _, b := range r {
			bs = append(bs, map[string]any{"type": 2, "label": b.Label, "custom_id": b.CustomID, "style": b.Style, "disabled": b.Disabled})
		}
		rows = append(rows, map[string]any{"type": 1, "components": bs})
	}
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content, "embeds": m.Embeds,
		"components": rows, "flags": m.Flags, "timestamp": time.Now().UTC().Format(time.RFC3339),
	}
}

// A Reply is what Discord holds for one interaction: the callback type, the
// interaction's own message (the callback's message, the deferred placeholder
// and its edits, or for a button press the message the button is on), the
// followups, and autocomplete choices; or why Discord failed the
// interaction (Failed: the user sees "This interaction failed").
type Reply struct {
	Failed    string
	Callback  discordgo.InteractionResponseType
	AckedAt   time.Time
	SentAt    time.Time
	Original  *Message
	Followups []Message
	Choices   []*discordgo.ApplicationCommandOptionChoice

	interaction *discordgo.Interaction
}

// Public lists what the channel sees: the original (unless ephemeral, deleted
// or still thinking) and the public followups.
func (r Reply) Public() []Message {
	var out []Message
	if r.Original != nil && !r.Original.Deleted && !r.Original.Thinking && !r.Original.Ephemeral() {
		out = append(out, *r.Original)
	}
	for _, m := range r.Followups {
		if !m.Ephemeral() && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// Ephemeral lists what only the invoker sees.
func (r Reply) Ephemeral() []Message {
	var out []Message
	if r.Original != nil && !r.Original.Deleted && r.Original.Ephemeral() {
		out = append(out, *r.Original)
	}
	for _, m := range r.Followups {
		if m.Ephemeral() && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// All lists every message of the reply, the original first.
func (r Reply) All() []Message {
	var out []Message
	if r.Original != nil {
		out = append(out, *r.Original)
	}
	return append(out, r.Followups...)
}

func (r *Reply) find(id string) *Message {
	if id == "@original" {
		return r.Original
	}
	for i := range r.Followups {
		if r.Followups[i].ID == id {
			return &r.Followups[i]
		}
	}
	return nil
}

func (r Reply) clone() Reply {
	out := r
	if r.Original != nil {
		o := *r.Original
		out.Original = &o
	}
	out.Followups = append([]Message(nil), r.Followups...)
	return out
}
