package discord

import (
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// The REST calls that carry the bot's request bodies (body.go), on
// discordgo's endpoints and rate-limit buckets, as its own calls would. The
// bot's other calls (threads and their members, DM channels, deletes and
// reads) are discordgo's own: what they send is what Discord declares.

// send makes one REST call with body as JSON, or, with files, as the
// payload_json of a multipart upload; bucket is the route's rate limit.
func send(s *discordgo.Session, method, endpoint, bucket string, body any, files []*discordgo.File, opts ...discordgo.RequestOption) ([]byte, error) {
	if len(files) == 0 {
		return s.RequestWithBucketID(method, endpoint, body, bucket, opts...)
	}
	contentType, multipart, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return nil, err
	}
	return s.RequestRaw(method, endpoint, contentType, multipart, bucket, 0, opts...)
}

// respond posts an interaction's answer to its callback endpoint.
func respond(s *discordgo.Session, id, token string, a *Answer, opts ...discordgo.RequestOption) error {
	endpoint := discordgo.EndpointInteractionResponse(id, token)
	_, err := send(s, "POST", endpoint, endpoint, a, a.Files(), opts...)
	return err
}

// editOriginal edits an interaction's own message into m (or, with a
// buttonsEdit, its buttons alone).
func editOriginal(s *discordgo.Session, appID, token string, m any, files []*discordgo.File, opts ...discordgo.RequestOption) error {
	_, err := send(s, "PATCH", discordgo.EndpointWebhookMessage(appID, token, "@original"), discordgo.EndpointWebhookToken("", ""), m, files, opts...)
	return err
}

// postFollowup posts m after an interaction's answer.
func postFollowup(s *discordgo.Session, appID, token string, m *MessageBody, opts ...discordgo.RequestOption) error {
	endpoint := discordgo.EndpointWebhookToken(appID, token) + "?wait=true"
	_, err := send(s, "POST", endpoint, endpoint, m, m.Files, opts...)
	return err
}

// postMessage posts m in a channel and returns its id.
func postMessage(s *discordgo.Session, channel string, m *MessageBody, opts ...discordgo.RequestOption) (string, error) {
	endpoint := discordgo.EndpointChannelMessages(channel)
	b, err := send(s, "POST", endpoint, endpoint, m, m.Files, opts...)
	if err != nil {
		return "", err
	}
	var posted struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &posted); err != nil {
		return "", fmt.Errorf("discord: the message posted: %w", err)
	}
	return posted.ID, nil
}

// editMessage edits a channel message of the bot's into m (a MessageBody or a
// buttonsEdit).
func editMessage(s *discordgo.Session, channel, id string, m any, files []*discordgo.File, opts ...discordgo.RequestOption) error {
	_, err := send(s, "PATCH", discordgo.EndpointChannelMessage(channel, id), discordgo.EndpointChannelMessage(channel, ""), m, files, opts...)
	return err
}

// overwriteCommands replaces the application's commands, in guildID when
// set, globally otherwise.
func overwriteCommands(s *discordgo.Session, appID, guildID string, defs []*discordgo.ApplicationCommand, opts ...discordgo.RequestOption) error {
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guildID != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guildID)
	}
	_, err := send(s, "PUT", endpoint, endpoint, commandBodies(defs), nil, opts...)
	return err
}
