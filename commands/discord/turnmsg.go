package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
)

// showTurn does over REST, with the bot token, what a response asks of the
// battle's turn message (interaction.TurnMessage): it edits the turn
// message in place, or posts it (a new turn, or the message to edit is
// gone) and records its id, disabling the buttons of one posted that a
// later turn message replaced meanwhile; then it disables the buttons of
// the turn messages it retires. Bot-token edits of the bot's own channel messages are not
// bound by an interaction token's 15 minutes. It returns the id of the turn
// message shown ("" when none).
func showTurn(ctx context.Context, rest *discordgo.Session, tm *interaction.TurnMessage) (string, error) {
	opt := discordgo.WithContext(ctx)
	id, err := showTurnMessage(ctx, rest, tm, opt)
	errs := []error{err}
	for _, old := range tm.Retire { // after the new one is shown: the channel is never without a live one
		errs = append(errs, retireMessage(rest, tm.ChannelID, old, opt))
	}
	return id, errors.Join(errs...)
}

// showTurnMessage edits the turn message in place, or posts it and
// records it; see showTurn.
func showTurnMessage(ctx context.Context, rest *discordgo.Session, tm *interaction.TurnMessage, opt discordgo.RequestOption) (string, error) {
	if !tm.Show {
		return "", nil
	}
	m := tm.Message
	if tm.Edit != "" {
		edit := Render(m, false).Edit()
		if tm.KeepFiles { // no attachments field: Discord keeps the message's own
			edit.Files, edit.Attachments = nil, nil
		}
		err := editMessage(rest, tm.ChannelID, tm.Edit, edit, edit.Files, opt)
		switch {
		case err == nil:
			return tm.Edit, nil
		case !gone(err):
			return "", fmt.Errorf("discord: edit the turn message %s: %w", tm.Edit, err)
		}
	}
	posted, err := postMessage(rest, tm.ChannelID, Render(m, false), opt)
	if err != nil {
		return "", fmt.Errorf("discord: post the turn message: %w", err)
	}
	if tm.Posted == nil {
		return posted, nil
	}
	current, err := tm.Posted(ctx, posted)
	if err != nil {
		return posted, fmt.Errorf("discord: record the turn message: %w", err)
	}
	if !current {
		return "", disable(rest, tm.ChannelID, posted, m.Buttons, opt)
	}
	return posted, nil
}

// retireMessage disables every button of a message of the bot's, read
// first; a message gone has nothing to disable.
func retireMessage(rest *discordgo.Session, channel, id string, opt discordgo.RequestOption) error {
	msg, err := rest.ChannelMessage(channel, id, opt)
	if gone(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("discord: read the superseded turn message %s: %w", id, err)
	}
	var buttons []interaction.Button
	for _, c := range msg.Components {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, rc := range row.Components {
			if b, ok := rc.(*discordgo.Button); ok {
				buttons = append(buttons, interaction.Button{Label: b.Label, ID: b.CustomID, Style: interaction.Style(b.Style)})
			}
		}
	}
	return disable(rest, channel, id, buttons, opt)
}

// disable shows buttons disabled on message id, editing only its components.
func disable(rest *discordgo.Session, channel, id string, buttons []interaction.Button, opt discordgo.RequestOption) error {
	if len(buttons) == 0 {
		return nil
	}
	off := make([]interaction.Button, len(buttons))
	for i, b := range buttons {
		b.Disabled = true
		off[i] = b
	}
	rows := Components(interaction.Message{Buttons: off})
	err := editMessage(rest, channel, id, buttonsEdit{Components: rows}, nil, opt)
	if err != nil && !gone(err) {
		return fmt.Errorf("discord: disable the buttons of %s: %w", id, err)
	}
	return nil
}

// gone reports whether err is Discord saying the message is not there
// (deleted): 404, code 10008.
func gone(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) {
		return false
	}
	return rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownMessage ||
		rest.Response != nil && rest.Response.StatusCode == http.StatusNotFound
}
