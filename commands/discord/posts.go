package discord

import "github.com/referee-bot/referee/commands/interaction"

// sendPosts delivers a response's messages to other channels of the battle
// (the umpire's desk); one that fails is logged.
func (d *delivery) sendPosts(posts []interaction.Post) {
	for _, p := range posts {
		if _, err := postMessage(d.r.REST, p.ChannelID, Render(p.Message, false), d.opt()); err != nil {
			d.log().Warn("message to another channel failed", "to", p.ChannelID, "err", err)
		}
	}
}
