package discordtest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A User is who sends an interaction.
type User struct {
	ID, Name string
	// Permissions and Roles are the member's in the guild.
	Permissions int64
	Roles       []string
}

// An Option is one slash-command option. Its Value's Go type gives the option
// type: string, int, bool, float64, User or Attachment.
type Option struct {
	Name  string
	Value any
}

// Opt returns an Option.
func Opt(name string, value any) Option { return Option{Name: name, Value: value} }

// An Attachment is a file given as an option; the double serves its content.
type Attachment struct {
	Name    string
	Content []byte
}

// A Sent is an interaction the double has dispatched.
type Sent struct {
	ID, Token string
	s         *Server
	body      []byte
}

// Slash sends a slash command from a guild channel. path is the command and
// its subcommands ("game start").
func (s *Server) Slash(from User, channel, path string, opts ...Option) *Sent {
	return s.Send(s.command(from, channel, path, discordgo.InteractionApplicationCommand, "", opts))
}

// Autocomplete sends an autocomplete request with focused as the option being
// typed (its value among opts).
func (s *Server) Autocomplete(from User, channel, path, focused string, opts ...Option) *Sent {
	return s.Send(s.command(from, channel, path, discordgo.InteractionApplicationCommandAutocomplete, focused, opts))
}

// Press sends a button press on a message (the public message of an earlier
// reply).
func (s *Server) Press(from User, source Message, customID string) *Sent {
	i := s.base(from, source.ChannelID)
	i.Type = discordgo.InteractionMessageComponent
	i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	i.Message = &discordgo.Message{ID: source.ID, ChannelID: source.ChannelID, Content: source.Content}
	src := source
	return s.send(i, &src)
}

func (s *Server) base(from User, channel string) *discordgo.Interaction {
	return &discordgo.Interaction{
		GuildID:   s.Guild,
		ChannelID: channel,
		Member: &discordgo.Member{
			User:        &discordgo.User{ID: from.ID, Username: from.Name},
			Permissions: from.Permissions,
			Roles:       from.Roles,
		},
		Version: 1,
	}
}

func (s *Server) command(from User, channel, path string, t discordgo.InteractionType, focused string, opts []Option) *discordgo.Interaction {
	i := s.base(from, channel)
	i.Type = t
	words := strings.Fields(path)
	data := discordgo.ApplicationCommandInteractionData{
		ID: "cmd-" + words[0], Name: words[0], CommandType: discordgo.ChatApplicationCommand,
		Resolved: &discordgo.ApplicationCommandInteractionDataResolved{
			Users:       map[string]*discordgo.User{},
			Members:     map[string]*discordgo.Member{},
			Attachments: map[string]*discordgo.MessageAttachment{},
		},
	}
	var leaf []*discordgo.ApplicationCommandInteractionDataOption
	s.mu.Lock()
	for _, o := range opts {
		leaf = append(leaf, s.option(o, o.Name == focused, data.Resolved))
	}
	s.mu.Unlock()
	// Nest the options under the subcommand (and its group).
	for k := len(words) - 1; k >= 1; k-- {
		typ := discordgo.ApplicationCommandOptionSubCommand
		if k < len(words)-1 {
			typ = discordgo.ApplicationCommandOptionSubCommandGroup
		}
		leaf = []*discordgo.ApplicationCommandInteractionDataOption{{Name: words[k], Type: typ, Options: leaf}}
	}
	data.Options = leaf
	i.Data = data
	return i
}

// option encodes one option; the caller holds s.mu.
func (s *Server) option(o Option, focused bool, res *discordgo.ApplicationCommandInteractionDataResolved) *discordgo.ApplicationCommandInteractionDataOption {
	out := &discordgo.ApplicationCommandInteractionDataOption{Name: o.Name, Focused: focused}
	switch v := o.Value.(type) {
	case string:
		out.Type, out.Value = discordgo.ApplicationCommandOptionString, v
	case int:
		out.Type, out.Value = discordgo.ApplicationCommandOptionInteger, v
	case bool:
		out.Type, out.Value = discordgo.ApplicationCommandOptionBoolean, v
	case float64:
		out.Type, out.Value = discordgo.ApplicationCommandOptionNumber, v
	case User:
		out.Type, out.Value = discordgo.ApplicationCommandOptionUser, v.ID
		res.Users[v.ID] = &discordgo.User{ID: v.ID, Username: v.Name}
	case Attachment:
		id := s.newID()
		s.attachments[id] = v.Content
		out.Type, out.Value = discordgo.ApplicationCommandOptionAttachment, id
		res.Attachments[id] = &discordgo.MessageAttachment{
			ID: id, Filename: v.Name, Size: len(v.Content), URL: s.URL + "/attachments/" + id,
		}
	default:
		panic(fmt.Sprintf("discordtest: option %s: unsupported value %T", o.Name, o.Value))
	}
	return out
}

// Send dispatches an interaction on the gateway (queued until a bot is
// connected), or after PostTo signs and POSTs it to the bot's endpoint,
// filling in its id, token and application id.
func (s *Server) Send(i *discordgo.Interaction) *Sent { return s.send(i, nil) }

// send is Send with the interaction's own message already in place (for a
// button press, the message pressed), before the bot can edit it.
func (s *Server) send(i *discordgo.Interaction, original *Message) *Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	i.ID = s.newID()
	i.Token = "itoken-" + i.ID
	i.AppID = s.AppID
	b, err := json.Marshal(i)
	if err == nil && original != nil {
		b, err = withMessage(b, original)
	}
	if err != nil {
		panic(fmt.Sprintf("discordtest: encode interaction: %v", err))
	}
	s.replies[i.ID] = &Reply{interaction: i, SentAt: time.Now(), Original: original}
	s.tokens[i.Token] = i.ID
	s.deliver(i.ID, i.Token, b)
	return &Sent{ID: i.ID, Token: i.Token, s: s, body: b}
}

// Reply returns what Discord holds for the interaction now.
func (x *Sent) Reply() Reply {
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	return x.s.replies[x.ID].clone()
}

// Wait waits until cond holds of the interaction's reply and returns it.
func (x *Sent) Wait(t testing.TB, what string, cond func(Reply) bool) Reply {
	t.Helper()
	var got Reply
	x.s.Wait(t, what, func() bool {
		got = x.Reply()
		return cond(got)
	})
	return got
}

// WaitAnswered waits until the interaction has a callback and its own message
// is no longer "thinking" (or has been deleted), and returns the reply. An
// interaction Discord failed fails the test.
func (x *Sent) WaitAnswered(t testing.TB) Reply {
	t.Helper()
	r := x.Wait(t, "interaction "+x.ID+" to be answered", func(r Reply) bool {
		return r.Failed != "" || r.Callback != 0 && (r.Original == nil || !r.Original.Thinking || r.Original.Deleted)
	})
	if r.Failed != "" {
		t.Fatalf("interaction %s failed: %s", x.ID, r.Failed)
	}
	return r
}

// withMessage puts the message a button is on into an encoded interaction, its
// buttons included, as Discord sends it (discordgo does not encode a
// message's components).
func withMessage(interaction []byte, m *Message) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(interaction, &fields); err != nil {
		return nil, err
	}
	msg, err := json.Marshal(m.wire())
	if err != nil {
		return nil, err
	}
	fields["message"] = msg
	return json.Marshal(fields)
}

// Body is the interaction as the double sent it, for replaying its POST
// (Post signs it afresh).
func (x *Sent) Body() []byte { return x.body }
