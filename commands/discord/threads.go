package discord

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// threadArchive is how long a battle's thread stays open without a message
// before Discord archives it (a week, the longest; any message reopens it).
const threadArchive = 7 * 24 * 60

// Threads opens battles' threads over REST (gamecmd.Threads).
type Threads struct {
	REST *discordgo.Session
}

// StartThread opens a public thread of channel named name, and returns its id.
func (t Threads) StartThread(ctx context.Context, channel, name string) (string, error) {
	ch, err := t.REST.ThreadStartComplex(channel, &discordgo.ThreadStart{
		Name: name, Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: threadArchive,
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("discord: open a thread of %s: %w", channel, err)
	}
	return ch.ID, nil
}
