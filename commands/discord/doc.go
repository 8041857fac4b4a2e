// Package discord connects the command core to Discord: it converts an
// Interaction (decoded from an HTTP body, or converted from the gateway's
// discordgo interaction) into an interaction.Request (ToRequest), renders an
// interaction.Response as Discord messages (Render: request bodies with the
// fields Discord's API v10 declares alone, body.go), delivers a
// response within Discord's 3-second rule (Responder), and runs the gateway
// transport (Gateway) on a session whose REST calls can be redirected to another
// base URL (NewSession).
//
// The conversion and delivery are independent of the gateway: an HTTP
// interactions endpoint verifies the request, decodes the Interaction and calls
// Responder.Handle with an Ack that writes the HTTP response.
//
// Every message sent carries allowed_mentions {"parse": []}: nothing the referee
// says pings anyone, but the one user a message is meant to ping
// (interaction.Message.Ping: the holder of a move, in a battle with pings
// on), listed alone in allowed_mentions.users. Sender posts what timers
// send, over REST. A battle's turn message is an ordinary bot message,
// posted and edited over REST with the bot token (showTurn), never through
// an interaction token, which lasts 15 minutes.
package discord
