package discord

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// ToRequest converts an interaction into a transport-free Request. The
// content of attachment options is fetched with client (at most
// interaction.MaxFileSize bytes each); a file too large or unreadable is
// refused with an *interaction.Refusal the user can act on.
func ToRequest(ctx context.Context, client *http.Client, i *Interaction) (interaction.Request, error) {
	req := interaction.Request{
		ID:        i.ID,
		GuildID:   i.GuildID,
		ChannelID: i.ChannelID,
		Options:   map[string]any{},
	}
	switch {
	case i.Member != nil && i.Member.User != nil:
		req.User = interaction.User{ID: i.Member.User.ID, Name: memberName(i.Member, i.Member.User)}
		req.Permissions = i.Member.Permissions
		req.Roles = i.Member.Roles
	case i.User != nil:
		req.User = interaction.User{ID: i.User.ID, Name: i.User.DisplayName()}
	}

	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		req.Kind = interaction.KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = interaction.KindAutocomplete
		}
		path := []string{i.Data.Name}
		opts := i.Data.Options
		for len(opts) == 1 && opts[0] != nil && isSubcommand(opts[0].Type) {
			path = append(path, opts[0].Name)
			opts = opts[0].Options
		}
		req.Path = strings.Join(path, " ")
		for _, o := range opts {
			if o == nil {
				continue
			}
			if o.Focused {
				req.Focused = o.Name
				req.Options[o.Name] = fmt.Sprint(o.Value) // what the user has typed so far
				continue
			}
			v, err := optionValue(ctx, client, o, i.Data.Resolved)
			if err != nil {
				return req, err
			}
			req.Options[o.Name] = v
		}
	case discordgo.InteractionMessageComponent:
		req.Kind = interaction.KindComponent
		req.CustomID = i.Data.CustomID
		req.Source = sourceButtons(i.Message)
	default:
		return req, fmt.Errorf("discord: interaction %s: unsupported type %s", i.ID, i.Type)
	}
	return req, nil
}

func isSubcommand(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}

func memberName(m *Member, u *User) string {
	if m != nil && m.Nick != "" {
		return m.Nick
	}
	return u.DisplayName()
}

// optionValue types one option: string, int64, float64, bool, interaction.User
// or interaction.File; channels, roles and mentionables are their ids.
func optionValue(ctx context.Context, client *http.Client, o *Option, res *Resolved) (any, error) {
	switch o.Type {
	case discordgo.ApplicationCommandOptionString:
		s, _ := o.Value.(string)
		return s, nil
	case discordgo.ApplicationCommandOptionInteger:
		f, ok := o.Value.(float64)
		if !ok {
			return nil, fmt.Errorf("discord: option %s: integer value %v", o.Name, o.Value)
		}
		return int64(f), nil
	case discordgo.ApplicationCommandOptionNumber:
		f, ok := o.Value.(float64)
		if !ok {
			return nil, fmt.Errorf("discord: option %s: number value %v", o.Name, o.Value)
		}
		return f, nil
	case discordgo.ApplicationCommandOptionBoolean:
		b, _ := o.Value.(bool)
		return b, nil
	case discordgo.ApplicationCommandOptionUser:
		id := fmt.Sprint(o.Value)
		u := interaction.User{ID: id}
		if res != nil {
			if du, ok := res.Users[id]; ok && du != nil {
				u.Name = memberName(res.Members[id], du)
			}
		}
		return u, nil
	case discordgo.ApplicationCommandOptionAttachment:
		id := fmt.Sprint(o.Value)
		if res == nil || res.Attachments[id] == nil {
			return nil, fmt.Errorf("discord: option %s: attachment %s not resolved", o.Name, id)
		}
		return fetchAttachment(ctx, client, res.Attachments[id])
	default:
		return fmt.Sprint(o.Value), nil
	}
}

// fetchAttachment reads an attachment's content, refusing anything larger than
// interaction.MaxFileSize.
func fetchAttachment(ctx context.Context, client *http.Client, a *Attachment) (interaction.File, error) {
	name := a.Filename
	tooBig := interaction.Refusef("The file %s is larger than %d KiB; attach a smaller one.", render.Inert(name), interaction.MaxFileSize>>10)
	if a.Size > interaction.MaxFileSize {
		return interaction.File{}, tooBig
	}
	unreadable := interaction.Refusef("The referee could not download the file %s; attach it again.", render.Inert(name))
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, a.URL, nil)
	if err != nil {
		return interaction.File{}, unreadable
	}
	resp, err := client.Do(hreq)
	if err != nil {
		return interaction.File{}, errors.Join(unreadable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return interaction.File{}, errors.Join(unreadable, fmt.Errorf("discord: attachment %s: HTTP %d", a.ID, resp.StatusCode))
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, interaction.MaxFileSize+1))
	if err != nil {
		return interaction.File{}, errors.Join(unreadable, err)
	}
	if len(b) > interaction.MaxFileSize {
		return interaction.File{}, tooBig
	}
	return interaction.File{Name: name, Content: b}, nil
}

// sourceButtons are the buttons of the message a button is on.
func sourceButtons(m *Message) []interaction.Button {
	if m == nil {
		return nil
	}
	var out []interaction.Button
	for _, row := range m.Components {
		if row.Type != discordgo.ActionsRowComponent {
			continue
		}
		for _, c := range row.Components {
			if c.Type == discordgo.ButtonComponent && c.CustomID != "" {
				out = append(out, interaction.Button{Label: c.Label, ID: c.CustomID, Style: interaction.Style(c.Style), Disabled: c.Disabled})
			}
		}
	}
	return out
}
