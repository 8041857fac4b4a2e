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
	return t.start(ctx, channel, &discordgo.ThreadStart{
		Name: name, Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: threadArchive,
	})
}

// StartPrivateThread opens a private thread of channel named name that only
// its members (and moderators) see, adds member, and returns its id.
func (t Threads) StartPrivateThread(ctx context.Context, channel, name, member string) (string, error) {
	id, err := t.start(ctx, channel, &discordgo.ThreadStart{
		Name: name, Type: discordgo.ChannelTypeGuildPrivateThread, AutoArchiveDuration: threadArchive,
	})
	if err != nil {
		return "", err
	}
	if err := t.REST.ThreadMemberAdd(id, member, discordgo.WithContext(ctx)); err != nil {
		return "", fmt.Errorf("discord: add %s to thread %s: %w", member, id, err)
	}
	return id, nil
}

func (t Threads) start(ctx context.Context, channel string, data *discordgo.ThreadStart) (string, error) {
	ch, err := t.REST.ThreadStartComplex(channel, data, discordgo.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("discord: open a thread of %s: %w", channel, err)
	}
	return ch.ID, nil
}
