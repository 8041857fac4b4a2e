package discord

import "github.com/referee-bot/referee/commands/interaction"

// sendPosts delivers a response's messages to other channels of the battle
// (the umpire's desk); one that fails is logged.
func (d *delivery) sendPosts(posts []interaction.Post) {
	for _, p := range posts {
		if _, err := d.r.REST.ChannelMessageSendComplex(p.ChannelID, MessageSend(p.Message), d.opt()); err != nil {
			d.log().Warn("message to another channel failed", "to", p.ChannelID, "err", err)
		}
	}
}
