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
// its members (and moderators) see, adds members, and returns its id.
func (t Threads) StartPrivateThread(ctx context.Context, channel, name string, members ...string) (string, error) {
	id, err := t.start(ctx, channel, &discordgo.ThreadStart{
		Name: name, Type: discordgo.ChannelTypeGuildPrivateThread, AutoArchiveDuration: threadArchive,
	})
	if err != nil {
		return "", err
	}
	for _, m := range members {
		if err := t.AddThreadMember(ctx, id, m); err != nil {
			return "", err
		}
	}
	return id, nil
}

// AddThreadMember adds user to a thread.
func (t Threads) AddThreadMember(ctx context.Context, thread, user string) error {
	if err := t.REST.ThreadMemberAdd(thread, user, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("discord: add %s to thread %s: %w", user, thread, err)
	}
	return nil
}

func (t Threads) start(ctx context.Context, channel string, data *discordgo.ThreadStart) (string, error) {
	ch, err := t.REST.ThreadStartComplex(channel, data, discordgo.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("discord: open a thread of %s: %w", channel, err)
	}
	return ch.ID, nil
}
