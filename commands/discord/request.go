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

// ToRequest converts a Discord interaction into a transport-free Request. The
// content of attachment options is fetched with client (at most
// interaction.MaxFileSize bytes each); a file too large or unreadable is
// refused with an *interaction.Refusal the user can act on.
func ToRequest(ctx context.Context, client *http.Client, i *discordgo.Interaction) (interaction.Request, error) {
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
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return req, fmt.Errorf("discord: interaction %s: command without command data", i.ID)
		}
		req.Kind = interaction.KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = interaction.KindAutocomplete
		}
		path := []string{data.Name}
		opts := data.Options
		for len(opts) == 1 && isSubcommand(opts[0].Type) {
			path = append(path, opts[0].Name)
			opts = opts[0].Options
		}
		req.Path = strings.Join(path, " ")
		for _, o := range opts {
			if o.Focused {
				req.Focused = o.Name
				req.Options[o.Name] = fmt.Sprint(o.Value) // what the user has typed so far
				continue
			}
			v, err := optionValue(ctx, client, o, data.Resolved)
			if err != nil {
				return req, err
			}
			req.Options[o.Name] = v
		}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return req, fmt.Errorf("discord: interaction %s: component without component data", i.ID)
		}
		req.Kind = interaction.KindComponent
		req.CustomID = data.CustomID
	default:
		return req, fmt.Errorf("discord: interaction %s: unsupported type %s", i.ID, i.Type)
	}
	return req, nil
}

func isSubcommand(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}

func memberName(m *discordgo.Member, u *discordgo.User) string {
	if m != nil && m.Nick != "" {
		return m.Nick
	}
	return u.DisplayName()
}

// optionValue types one option: string, int64, float64, bool, interaction.User
// or interaction.File; channels, roles and mentionables are their ids.
func optionValue(ctx context.Context, client *http.Client, o *discordgo.ApplicationCommandInteractionDataOption, res *discordgo.ApplicationCommandInteractionDataResolved) (any, error) {
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
func fetchAttachment(ctx context.Context, client *http.Client, a *discordgo.MessageAttachment) (interaction.File, error) {
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
