package discord

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// NoMentions is the allowed_mentions of every message the referee sends: parse
// nothing, so no user, role, @everyone or @here is pinged.
func NoMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// Mentions is the allowed_mentions of a message: NoMentions, but for the one
// user the message pings (interaction.Message.Ping), listed alone; never a
// role, @everyone or @here.
func Mentions(m interaction.Message) *discordgo.MessageAllowedMentions {
	a := NoMentions()
	if m.Ping != "" {
		a.Users = []string{m.Ping}
	}
	return a
}

// Discord's limits on buttons.
const (
	buttonsPerRow = 5
	maxRows       = 5
)

// Embeds renders a message's embeds.
func Embeds(m interaction.Message) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, 0, len(m.Embeds))
	for _, e := range m.Embeds {
		de := &discordgo.MessageEmbed{
			Type:        discordgo.EmbedTypeRich,
			Title:       e.Title,
			Description: e.Description,
			Color:       e.Color,
		}
		for _, f := range e.Fields {
			de.Fields = append(de.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		if e.Footer != "" {
			de.Footer = &discordgo.MessageEmbedFooter{Text: e.Footer}
		}
		if e.Image != "" {
			de.Image = &discordgo.MessageEmbedImage{URL: e.Image}
		}
		out = append(out, de)
	}
	return out
}

// Components renders a message's buttons as action rows of at most five.
// Buttons beyond Discord's 25 are dropped.
func Components(m interaction.Message) []Row {
	rows := []Row{}
	row := Row{Type: discordgo.ActionsRowComponent}
	for _, b := range m.Buttons {
		if len(rows) == maxRows {
			break
		}
		style := discordgo.ButtonStyle(b.Style)
		if style == 0 {
			style = discordgo.SecondaryButton
		}
		row.Components = append(row.Components, Component{
			Type:     discordgo.ButtonComponent,
			Label:    render.Clip(b.Label, 80),
			CustomID: b.ID,
			Style:    style,
			Disabled: b.Disabled,
		})
		if len(row.Components) == buttonsPerRow {
			rows = append(rows, row)
			row = Row{Type: discordgo.ActionsRowComponent}
		}
	}
	if len(row.Components) > 0 && len(rows) < maxRows {
		rows = append(rows, row)
	}
	return rows
}

// Files renders a message's attachments for a multipart upload.
func Files(m interaction.Message) []*discordgo.File {
	out := make([]*discordgo.File, 0, len(m.Files))
	for _, f := range m.Files {
		out = append(out, &discordgo.File{
			Name:        f.Name,
			ContentType: http.DetectContentType(f.Content),
			Reader:      bytes.NewReader(f.Content),
		})
	}
	return out
}

// Render renders a message as a request body to post it: in a channel, as a
// followup or as an interaction's answer; an ephemeral one is seen by the
// invoker alone.
func Render(m interaction.Message, ephemeral bool) *MessageBody {
	body := &MessageBody{
		Content:         m.Content,
		Embeds:          Embeds(m),
		Components:      Components(m),
		AllowedMentions: Mentions(m),
		Files:           Files(m),
	}
	if ephemeral {
		body.Flags = discordgo.MessageFlagsEphemeral
	}
	return body
}

// Edit is m as an edit that replaces a message whole: content, embeds and
// buttons, and attachments with them (exactly m's files: files[0],
// files[1]…). An edit keeps the message's flags.
func (m *MessageBody) Edit() *MessageBody {
	edit := *m
	edit.Flags = 0
	edit.Attachments = make([]AttachmentRef, len(m.Files))
	for i, f := range m.Files {
		edit.Attachments[i] = AttachmentRef{ID: strconv.Itoa(i), Filename: f.Name}
	}
	return &edit
}
