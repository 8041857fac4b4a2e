package discord

import (
	"github.com/bwmarrin/discordgo"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// An Interaction is what the referee reads of a Discord interaction: enough to
// build its Request (ToRequest) and to answer it (Responder). Decoded from an
// HTTP body (DecodeInteraction, straight into these fields: everything else
// Discord sends is skipped) or converted from the gateway's discordgo
// interaction (FromDiscordgo).
type Interaction struct {
	ID        string                    `json:"id"`
	AppID     string                    `json:"application_id"`
	Type      discordgo.InteractionType `json:"type"`
	Token     string                    `json:"token"`
	GuildID   string                    `json:"guild_id"`
	ChannelID string                    `json:"channel_id"`
	// Member is the invoker in a guild; User the invoker in a direct message.
	Member *Member `json:"member"`
	User   *User   `json:"user"`
	Data   Data    `json:"data"`
	// Message is, for a button press, the message the button is on.
	Message *Message `json:"message"`
}

// A Message is what the referee reads of the message a button is on: its
// buttons, in action rows.
type Message struct {
	ID         string `json:"id"`
	Components []Row  `json:"components"`
}

// A Row is an action row of components, as Discord sends it on a message and
// takes it in a request body (Components): encoded as it is, with no
// MarshalJSON of its own, where discordgo's ActionsRow and Button encode
// each component apart and the encoder checks and compacts their output again.
type Row struct {
	Type       discordgo.ComponentType `json:"type"`
	Components []Component             `json:"components"`
}

// A Component is a button (other components are read and left alone).
type Component struct {
	Type     discordgo.ComponentType `json:"type"`
	CustomID string                  `json:"custom_id,omitempty"`
	Label    string                  `json:"label"`
	Style    discordgo.ButtonStyle   `json:"style"`
	Disabled bool                    `json:"disabled"`
}

// A User is a Discord user.
type User struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
}

// DisplayName is the user's global name, or their username without one.
func (u *User) DisplayName() string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// A Member is a user in a guild. A resolved member has no User: it is the
// resolved user of the same id.
type Member struct {
	User        *User    `json:"user"`
	Nick        string   `json:"nick"`
	Roles       []string `json:"roles"`
	Permissions int64    `json:"permissions,string"`
}

// Data is a command's data (name, options, resolved users, members and
// attachments) or a component's (custom id).
type Data struct {
	Name     string    `json:"name"`
	Options  []*Option `json:"options"`
	Resolved *Resolved `json:"resolved"`
	CustomID string    `json:"custom_id"`
}

// An Option is a command option, or a subcommand (group) with its options.
type Option struct {
	Name string                                 `json:"name"`
	Type discordgo.ApplicationCommandOptionType `json:"type"`
	// Value is as encoding/json decodes it: a string, float64 or bool.
	Value   any       `json:"value"`
	Options []*Option `json:"options"`
	// Focused marks the option being typed, in an autocomplete.
	Focused bool `json:"focused"`
}

// Resolved holds the users, members and attachments a command's options name,
// by id.
type Resolved struct {
	Users       map[string]*User       `json:"users"`
	Members     map[string]*Member     `json:"members"`
	Attachments map[string]*Attachment `json:"attachments"`
}

// An Attachment is a file attached to a command option.
type Attachment struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
	Size     int    `json:"size"`
	URL      string `json:"url"`
}

// DecodeInteraction decodes an interaction as Discord POSTs it. It reads JSON
// exactly as encoding/json does (and so as discordgo does on the gateway), with
// the implementation of encoding/json/v2, which takes about half the time.
func DecodeInteraction(body []byte) (*Interaction, error) {
	i := &Interaction{}
	if err := jsonv1.Unmarshal(body, i); err != nil {
		return nil, err
	}
	return i, nil
}

// FromDiscordgo converts an interaction discordgo decoded (the gateway's).
func FromDiscordgo(i *discordgo.Interaction) *Interaction {
	out := &Interaction{
		ID: i.ID, AppID: i.AppID, Type: i.Type, Token: i.Token,
		GuildID: i.GuildID, ChannelID: i.ChannelID,
		Member: member(i.Member), User: user(i.User),
	}
	switch data := i.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		out.Data = Data{Name: data.Name, Options: options(data.Options), Resolved: resolved(data.Resolved)}
	case discordgo.MessageComponentInteractionData:
		out.Data = Data{CustomID: data.CustomID}
		out.Message = message(i.Message)
	}
	return out
}

func message(m *discordgo.Message) *Message {
	if m == nil {
		return nil
	}
	out := &Message{ID: m.ID}
	for _, c := range m.Components {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		r := Row{Type: discordgo.ActionsRowComponent}
		for _, c := range row.Components {
			if b, ok := c.(*discordgo.Button); ok {
				r.Components = append(r.Components, Component{Type: discordgo.ButtonComponent, CustomID: b.CustomID, Label: b.Label, Style: b.Style, Disabled: b.Disabled})
			}
		}
		out.Components = append(out.Components, r)
	}
	return out
}

func user(u *discordgo.User) *User {
	if u == nil {
		return nil
	}
	return &User{ID: u.ID, Username: u.Username, GlobalName: u.GlobalName}
}

func member(m *discordgo.Member) *Member {
	if m == nil {
		return nil
	}
	return &Member{User: user(m.User), Nick: m.Nick, Roles: m.Roles, Permissions: m.Permissions}
}

func options(opts []*discordgo.ApplicationCommandInteractionDataOption) []*Option {
	if opts == nil {
		return nil
	}
	out := make([]*Option, len(opts))
	for k, o := range opts {
		if o != nil {
			out[k] = &Option{Name: o.Name, Type: o.Type, Value: o.Value, Options: options(o.Options), Focused: o.Focused}
		}
	}
	return out
}

func resolved(r *discordgo.ApplicationCommandInteractionDataResolved) *Resolved {
	if r == nil {
		return nil
	}
	out := &Resolved{}
	if r.Users != nil {
		out.Users = make(map[string]*User, len(r.Users))
		for id, u := range r.Users {
			out.Users[id] = user(u)
		}
	}
	if r.Members != nil {
		out.Members = make(map[string]*Member, len(r.Members))
		for id, m := range r.Members {
			out.Members[id] = member(m)
		}
	}
	if r.Attachments != nil {
		out.Attachments = make(map[string]*Attachment, len(r.Attachments))
		for id, a := range r.Attachments {
			out.Attachments[id] = attachment(a)
		}
	}
	return out
}

func attachment(a *discordgo.MessageAttachment) *Attachment {
	if a == nil {
		return nil
	}
	return &Attachment{ID: a.ID, Filename: a.Filename, Size: a.Size, URL: a.URL}
}
