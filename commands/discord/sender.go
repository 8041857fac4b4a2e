package discord

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
)

// A Sender posts messages sent by a timer, not in answer to an
// interaction, over REST: channel messages and direct messages (the DM
// channel of each user opened once and remembered). It is timer.Sender.
type Sender struct {
	REST *discordgo.Session
	dms  dmChannels
}

// Send posts m in channel.
func (s *Sender) Send(ctx context.Context, channel string, m interaction.Message) error {
	if _, err := postMessage(s.REST, channel, Render(m, false), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("discord: send to channel %s: %w", channel, err)
	}
	return nil
}

// ShowTurn does what a firing asks of the battle's turn message: edits it
// in place, posts it, or disables the buttons of one superseded.
func (s *Sender) ShowTurn(ctx context.Context, tm *interaction.TurnMessage) error {
	_, err := showTurn(ctx, s.REST, tm)
	return err
}

// DM sends m to user directly.
func (s *Sender) DM(ctx context.Context, user string, m interaction.Message) error {
	if err := s.dms.send(s.REST, user, m, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("discord: DM %s: %w", user, err)
	}
	return nil
}
