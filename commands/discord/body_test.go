package discord_test

import (
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/interaction"
)

// TestBodies: each request body carries the fields its request declares
// and no others (the Discord double checks them against Discord's API
// description; these are the shapes it takes).
func TestBodies(t *testing.T) {
	chart := interaction.Message{Content: "Odds of 2d6", Files: []interaction.File{{Name: "odds.png", Content: []byte("\x89PNG")}}}
	tests := []struct {
		name string
		body any
		want string
	}{
		{"a deferral", discord.Answer{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}, `{"type":5}`},
		{"an ephemeral deferral", discord.Answer{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Ephemeral: true},
			`{"type":5,"data":{"flags":64}}`},
		{"autocomplete", discord.Answer{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Choices: []discord.Choice{{Name: "fire", Value: "fire"}}},
			`{"type":8,"data":{"choices":[{"name":"fire","value":"fire"}]}}`},
		{"autocomplete with nothing to suggest", discord.Answer{Type: discordgo.InteractionApplicationCommandAutocompleteResult},
			`{"type":8,"data":{"choices":[]}}`},
		{"an ephemeral answer", discord.Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Message: discord.Render(interaction.Message{Content: "Not your turn."}, true)},
			`{"type":4,"data":{"content":"Not your turn.","embeds":[],"components":[],"allowed_mentions":{"parse":[],"replied_user":false},"flags":64}}`},
		{"a message with a file", discord.Render(chart, false),
			`{"content":"Odds of 2d6","embeds":[],"components":[],"allowed_mentions":{"parse":[],"replied_user":false}}`},
		{"an edit with a file", discord.Render(chart, true).Edit(),
			`{"content":"Odds of 2d6","embeds":[],"components":[],"allowed_mentions":{"parse":[],"replied_user":false},"attachments":[{"id":"0","filename":"odds.png"}]}`},
		{"an edit that drops the files", discord.Render(interaction.Message{Content: "Done."}, false).Edit(),
			`{"content":"Done.","embeds":[],"components":[],"allowed_mentions":{"parse":[],"replied_user":false},"attachments":[]}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.body)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if string(b) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, b, tt.want)
		}
	}
}
