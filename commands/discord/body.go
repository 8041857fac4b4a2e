package discord

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// The request bodies the bot sends Discord. Each has the fields its request
// declares in Discord's OpenAPI description of API v10
// (github.com/discord/discord-api-spec, pinned in
// commands/discordtest/testdata) and no others: discordgo's request structs
// send more (a message edit's ID and Channel, an attachment's url and size,
// null for a command's missing options, a message's fields in an
// autocomplete answer), and the Discord double refuses any field Discord
// does not declare.

// A MessageBody is a message as a request body: posted (to a channel, as a
// followup, as an interaction's answer) or replacing one in an edit. Its
// Files go with it as a multipart upload (files[0], files[1]…).
type MessageBody struct {
	Content         string                            `json:"content"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	Components      []Row                             `json:"components"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
	// Attachments, in an edit, are what the message keeps attached: the
	// files uploaded with the edit, by their index; a new message leaves
	// them out.
	Attachments []AttachmentRef   `json:"attachments,omitzero"`
	Files       []*discordgo.File `json:"-"`
}

// An AttachmentRef names an uploaded file among a message's attachments: ID is
// its index among the files uploaded with the request.
type AttachmentRef struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
}

// buttonsEdit is an edit of a message's buttons alone; the rest of the
// message stays as it is.
type buttonsEdit struct {
	Components []Row `json:"components"`
}

// A Choice is one suggestion of an autocomplete answer.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// An Answer is an interaction's initial response: posted to the callback
// endpoint by the gateway transport, or written as the HTTP answer.
type Answer struct {
	Type discordgo.InteractionResponseType
	// Message is the message of a type 4 or 7 answer.
	Message *MessageBody
	// Ephemeral makes the "thinking…" of a type 5 answer the invoker's alone.
	Ephemeral bool
	// Choices are the suggestions of a type 8 (autocomplete) answer.
	Choices []Choice
}

// Files are the files the answer's message uploads.
func (a Answer) Files() []*discordgo.File {
	if a.Message == nil {
		return nil
	}
	return a.Message.Files
}

// MarshalJSON is the answer as Discord takes it: its type, and data with the
// fields that type declares.
func (a Answer) MarshalJSON() ([]byte, error) {
	body := struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data any                               `json:"data,omitempty"`
	}{Type: a.Type}
	switch {
	case a.Type == discordgo.InteractionApplicationCommandAutocompleteResult:
		choices := a.Choices
		if choices == nil {
			choices = []Choice{}
		}
		body.Data = struct {
			Choices []Choice `json:"choices"`
		}{choices}
	case a.Message != nil:
		body.Data = a.Message
	case a.Ephemeral:
		body.Data = struct {
			Flags discordgo.MessageFlags `json:"flags"`
		}{discordgo.MessageFlagsEphemeral}
	}
	return json.Marshal(body)
}

// A command is a slash command's definition as the bulk overwrite takes it.
type command struct {
	Type                     discordgo.ApplicationCommandType        `json:"type,omitempty"`
	Name                     string                                  `json:"name"`
	NameLocalizations        *map[discordgo.Locale]string            `json:"name_localizations,omitempty"`
	Description              string                                  `json:"description,omitempty"`
	DescriptionLocalizations *map[discordgo.Locale]string            `json:"description_localizations,omitempty"`
	Options                  []commandOption                         `json:"options,omitempty"`
	DefaultMemberPermissions *int64                                  `json:"default_member_permissions,string,omitempty"`
	Contexts                 *[]discordgo.InteractionContextType     `json:"contexts,omitempty"`
	IntegrationTypes         *[]discordgo.ApplicationIntegrationType `json:"integration_types,omitempty"`
}

// A commandOption is an option or subcommand of a command: the fields its
// type takes are set, the others left out.
type commandOption struct {
	Type                     discordgo.ApplicationCommandOptionType `json:"type"`
	Name                     string                                 `json:"name"`
	NameLocalizations        map[discordgo.Locale]string            `json:"name_localizations,omitempty"`
	Description              string                                 `json:"description"`
	DescriptionLocalizations map[discordgo.Locale]string            `json:"description_localizations,omitempty"`
	Required                 bool                                   `json:"required,omitempty"`
	Options                  []commandOption                        `json:"options,omitempty"`
	ChannelTypes             []discordgo.ChannelType                `json:"channel_types,omitempty"`
	Autocomplete             bool                                   `json:"autocomplete,omitempty"`
	Choices                  []commandChoice                        `json:"choices,omitempty"`
	MinValue                 *float64                               `json:"min_value,omitempty"`
	MaxValue                 float64                                `json:"max_value,omitempty"`
	MinLength                *int                                   `json:"min_length,omitempty"`
	MaxLength                int                                    `json:"max_length,omitempty"`
}

type commandChoice struct {
	Name              string                      `json:"name"`
	NameLocalizations map[discordgo.Locale]string `json:"name_localizations,omitempty"`
	Value             any                         `json:"value"`
}

// commandBodies are discordgo's command definitions as the bulk overwrite takes
// them.
func commandBodies(defs []*discordgo.ApplicationCommand) []command {
	out := make([]command, 0, len(defs))
	for _, d := range defs {
		out = append(out, command{
			Type: d.Type, Name: d.Name, NameLocalizations: d.NameLocalizations,
			Description: d.Description, DescriptionLocalizations: d.DescriptionLocalizations,
			Options:                  commandOptions(d.Options),
			DefaultMemberPermissions: d.DefaultMemberPermissions,
			Contexts:                 d.Contexts, IntegrationTypes: d.IntegrationTypes,
		})
	}
	return out
}

func commandOptions(opts []*discordgo.ApplicationCommandOption) []commandOption {
	var out []commandOption
	for _, o := range opts {
		c := commandOption{
			Type: o.Type, Name: o.Name, NameLocalizations: o.NameLocalizations,
			Description: o.Description, DescriptionLocalizations: o.DescriptionLocalizations,
			Required: o.Required, Options: commandOptions(o.Options), ChannelTypes: o.ChannelTypes,
			Autocomplete: o.Autocomplete, MinValue: o.MinValue, MaxValue: o.MaxValue,
			MinLength: o.MinLength, MaxLength: o.MaxLength,
		}
		for _, ch := range o.Choices {
			c.Choices = append(c.Choices, commandChoice{Name: ch.Name, NameLocalizations: ch.NameLocalizations, Value: ch.Value})
		}
		out = append(out, c)
	}
	return out
}
