package interaction

import (
	"cmp"
	"context"
	"slices"
	"strings"
)

// A Response is everything a handler answers with. Router.Serve fits it to
// Discord's limits (Fit), so a handler need not: what is too long continues in
// further messages. The transport delivers it.
type Response struct {
	// Public messages are seen by the whole channel.
	Public []Message `json:"public,omitempty"`
	// Ephemeral messages are seen by the invoker only.
	Ephemeral []Message `json:"ephemeral,omitempty"`
	// DMs are direct messages, delivered in order.
	DMs []DM `json:"dms,omitempty"`
	// Posts are messages to other channels of the battle (the umpire's desk).
	Posts []Post `json:"posts,omitempty"`
	// Turn is the battle's turn message as the change leaves it: the one
	// message of the channel that shows the turn, edited in place as the
	// turn moves. A turn step sets it to its news (TurnNews, instead of a
	// public message); the battle service makes it the whole turn message
	// and says which message it is.
	// It is not stored with a reply: a replay does not show it again.
	Turn *TurnMessage `json:"-"`
	// UpdateSource, for a button press, replaces the message the button is on
	// with Public[0] instead of posting a new message.
	UpdateSource bool `json:"update_source,omitempty"`
	// DisableSource, for a button press, shows every button of the message
	// pressed disabled: the moment it belonged to has passed.
	DisableSource bool `json:"disable_source,omitempty"`
	// Choices answer an autocomplete request.
	Choices []Choice `json:"choices,omitempty"`
	// Result is the machine-readable outcome (a rules.Ruling, a roll, a game
	// summary), marshalled as JSON by the console's -json mode.
	Result any `json:"result,omitempty"`
}

// A Message is one Discord message.
type Message struct {
	Content string   `json:"content,omitempty"`
	Embeds  []Embed  `json:"embeds,omitempty"`
	Buttons []Button `json:"buttons,omitempty"`
	Files   []File   `json:"files,omitempty"`
	// Ping is the one user the message notifies of a mention of him
	// (allowed_mentions lists him alone); "" notifies no one.
	Ping string `json:"ping,omitempty"`
}

// An Embed is a Discord embed.
type Embed struct {
	Title       string  `json:"title,omitempty"`
	Description string  `json:"description,omitempty"`
	Fields      []Field `json:"fields,omitempty"`
	Footer      string  `json:"footer,omitempty"`
	Color       int     `json:"color,omitempty"`
	// Image is shown in the embed: "attachment://<name>" for a file of the
	// message.
	Image string `json:"image,omitempty"`
	// Ruling marks the embed of a ruling of a battle under fog of war: its
	// place among its command's rulings, from 1, by which the battle foots
	// each reader's copy (0: none). It is not sent.
	Ruling int `json:"-"`
}

// A Field is a name and value in an embed.
type Field struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// A Button is a clickable component. ID is a short, versioned, path-like custom id
// ("v1/act/<nonce>") routed by Router.Component; it never carries a secret.
type Button struct {
	Label    string `json:"label"`
	ID       string `json:"id"`
	Style    Style  `json:"style,omitempty"`
	Disabled bool   `json:"disabled,omitempty"`
}

// Style is a button's colour.
type Style int

// Button styles, as Discord numbers them.
const (
	Primary   Style = 1
	Secondary Style = 2
	Success   Style = 3
	Danger    Style = 4
)

// A DM is a direct message to one user. When it cannot be delivered (the user
// does not accept DMs), the invoker is told Fallback instead (for example "they
// can see it with /card"); when the DM was for the invoker, they are shown the
// message itself, ephemerally.
type DM struct {
	UserID   string  `json:"user_id"`
	UserName string  `json:"user_name,omitempty"`
	Message  Message `json:"message"`
	Fallback string  `json:"fallback,omitempty"`
	// Desk, when set, is the umpire's desk, told of a DM that could not be
	// delivered (render.Undelivered).
	Desk string `json:"desk,omitempty"`
	// Instead, when set, are posted in place of a DM that could not be
	// delivered, each holding what its channel may be shown (the Desk is
	// then not told of it).
	Instead []Post `json:"instead,omitempty"`
}

// A Post is a message to a channel other than the interaction's.
type Post struct {
	ChannelID string  `json:"channel_id"`
	Message   Message `json:"message"`
}

// A TurnMessage is what a transport does with a battle's turn message:
// when Show, edit message Edit in place with Message or, with no Edit (a
// new turn) or when that message is gone, post Message in ChannelID as a
// message of its own and tell Posted its id; then disable the buttons of
// the turn messages Retire names (superseded: their moment has passed).
type TurnMessage struct {
	Message   Message `json:"message"`
	Show      bool    `json:"show,omitempty"`
	ChannelID string  `json:"channel_id,omitempty"`
	Edit      string  `json:"edit,omitempty"`
	// KeepFiles: the message to edit already carries Message's files as
	// they are, so an edit leaves its attachments alone; a post, or an
	// edit without it, uploads them (replacing any the message had).
	KeepFiles bool     `json:"keep_files,omitempty"`
	Retire    []string `json:"retire,omitempty"`
	// Posted records the id of a turn message posted; it reports false
	// when a later turn message took its place meanwhile (the transport
	// then retires the one it posted).
	Posted func(ctx context.Context, id string) (bool, error) `json:"-"`
	// News is a turn step's news, line by line, as the step made it (the
	// battle service renders Message from the lines its reader may read).
	News []NewsLine `json:"-"`
}

// A NewsLine is one line of a turn step's news, with the roster names it
// speaks of: it is read by a reader whose view holds each of them, and by
// no other ("" names nothing).
type NewsLine struct {
	Text  string
	About []string
}

// TurnNews is a turn step's news, for Response.Turn: what the step did, in
// Markdown ("Count **5** is called…"), shown above where the turn stands
// in the battle's turn message; about are the roster names it speaks of
// (none: it tells what every reader may know).
func TurnNews(content string, about ...string) *TurnMessage {
	return (&TurnMessage{}).Line(content, about...)
}

// Line adds a line to the news, about the roster names given.
func (t *TurnMessage) Line(text string, about ...string) *TurnMessage {
	if text != "" {
		t.News = append(t.News, NewsLine{Text: text, About: about})
	}
	return t
}

// Read is the news as a reader reads it: its lines that speak only of
// what the reader sees (sees tells of a roster name), one to a line.
func (t *TurnMessage) Read(sees func(name string) bool) string {
	var lines []string
	for _, l := range t.News {
		if l.ReadBy(sees) {
			lines = append(lines, l.Text)
		}
	}
	return strings.Join(lines, "\n")
}

// ReadBy reports whether a reader reads the line: it speaks only of what
// he sees (sees tells of a roster name).
func (l NewsLine) ReadBy(sees func(name string) bool) bool {
	return !slices.ContainsFunc(l.About, func(n string) bool { return n != "" && !sees(n) })
}

// A Choice is one autocomplete suggestion.
type Choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Say is a Response with one public message of plain content.
func Say(content string) Response { return Response{Public: []Message{{Content: content}}} }

// Whisper is a Response with one ephemeral message of plain content.
func Whisper(content string) Response { return Response{Ephemeral: []Message{{Content: content}}} }

// Show is a Response with one public embed.
func Show(e Embed) Response { return Response{Public: []Message{{Embeds: []Embed{e}}}} }

// SendDM adds dm to r: as a message of its own, or, when r already holds a
// DM to the same user and dm is words alone, as a paragraph of that one; so
// one event sends a holder one DM (a count call and its deadline).
func (r *Response) SendDM(dm DM) {
	m := dm.Message
	if len(m.Embeds)+len(m.Buttons)+len(m.Files) == 0 {
		for i := range r.DMs {
			if d := &r.DMs[i]; d.UserID == dm.UserID {
				d.Message.Content = strings.TrimSpace(d.Message.Content + "\n\n" + m.Content)
				d.Fallback = cmp.Or(d.Fallback, dm.Fallback)
				return
			}
		}
	}
	r.DMs = append(r.DMs, dm)
}
