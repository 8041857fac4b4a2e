package gamecmd

import (
	"context"
	"fmt"
	"maps"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// maxThreadName is Discord's limit on a thread's name.
const maxThreadName = 100

// Threads opens a battle's thread (discord.Threads does, over REST).
type Threads interface {
	// StartThread opens a public thread of channel named name, and returns its id.
	StartThread(ctx context.Context, channel, name string) (string, error)
	// StartPrivateThread opens a private thread of channel named name, adds
	// members to it, and returns its id.
	StartPrivateThread(ctx context.Context, channel, name string, members ...string) (string, error)
	// AddThreadMember adds user to a thread the referee opened.
	AddThreadMember(ctx context.Context, thread, user string) error
}

// startInThread is /game start … thread:true: the battle opens in a new
// public thread of the channel, named after it, and the channel is told
// where. A thread is a channel of its own: every battle command works in it.
func (c *Commands) startInThread(ctx context.Context, req interaction.Request, rs battle.Ruleset, name string) (interaction.Response, error) {
	if c.Threads == nil {
		return interaction.Response{}, interaction.Refuse("This referee cannot open threads here: start the battle without `thread`, in a channel or a thread you opened.")
	}
	label := name
	if label == "" {
		label = rs.Name() + " battle"
	}
	thread, err := c.Threads.StartThread(ctx, req.ChannelID, render.Clip(label, maxThreadName))
	if err != nil {
		return interaction.Response{}, err
	}
	in := req
	in.ChannelID, in.Options = thread, maps.Clone(req.Options)
	delete(in.Options, "thread")
	started, err := c.Start(ctx, in)
	if err != nil {
		return interaction.Response{}, err
	}
	resp := interaction.Response{Ephemeral: started.Ephemeral, DMs: started.DMs, Result: started.Result,
		Public: []interaction.Message{{Content: fmt.Sprintf("The battle **%s** is in its own thread: <#%s>. Every battle command works there.", render.Inert(label), thread)}}}
	for _, m := range started.Public {
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: thread, Message: m})
	}
	return resp, nil
}
