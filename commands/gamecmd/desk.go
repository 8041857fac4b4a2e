package gamecmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/link"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Desk is /game desk [channel:#…] [off:true]: where what is for the
// umpire's eyes alone is posted and kept (late players, moves that could not
// be passed): the channel named, or else a private thread of the battle's
// channel that the referee opens and adds him to; off, it comes to him by DM.
// The desk is told it is one.
func (c *Commands) Desk(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	desk := strings.TrimPrefix(req.String("channel"), "#")
	switch {
	case req.Bool("off"):
		desk = ""
	case desk == req.ChannelID:
		return interaction.Response{}, interaction.Refuse("The umpire's desk must be another channel than the battle's, one only the umpire reads.")
	case desk == "":
		var err error
		if desk, err = c.privateDesk(ctx, req); err != nil {
			return interaction.Response{}, err
		}
	}
	if desk != "" {
		g, err := c.svc.View(ctx, req.ChannelID)
		if err != nil {
			return interaction.Response{}, err
		}
		if req.User.ID != g.Umpire {
			return interaction.Response{}, interaction.Refusef("Only the umpire (%s) can set the umpire's desk.", who(g, g.Umpire))
		}
		if _, taken := g.ChannelSide(desk); taken {
			return interaction.Response{}, interaction.Refuse("That channel is a side's: the umpire's desk must be one only the umpire reads.")
		}
		if err := link.Channel(ctx, c.svc, req.ID, desk, g.Channel); err != nil { // the battle's commands work at the desk
			return interaction.Response{}, err
		}
	}
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("set the umpire's desk"); err != nil {
			return interaction.Response{}, err
		}
		g := tx.Game
		rs, err := c.rulesetOf(g)
		if err != nil {
			return interaction.Response{}, err
		}
		g.Desk = desk
		tx.KeepUndo()
		if desk == "" {
			tx.Log("umpire's desk: by DM")
			return ephemeral(interaction.Message{Content: "No desk: what is for your eyes alone comes to you by DM."}), nil
		}
		tx.Log("umpire's desk set")
		resp := ephemeral(interaction.Message{Content: fmt.Sprintf("Your desk is <#%s>: late players are reported there.", desk)})
		view.ForUmpire(g, &resp, interaction.Message{Content: fmt.Sprintf("This is the umpire's desk of %s (<#%s>): late players, moves that could not be passed and players' sealed orders are posted here.", title(g, rs), req.ChannelID)}, "")
		return resp, nil
	})
}

// privateDesk opens the umpire's desk as a private thread of the battle's
// channel, with the umpire in it (the invoker, who must be the umpire).
func (c *Commands) privateDesk(ctx context.Context, req interaction.Request) (string, error) {
	g, rs, err := c.view(ctx, req)
	if err != nil {
		return "", err
	}
	if req.User.ID != g.Umpire {
		return "", interaction.Refusef("Only the umpire (%s) can set the umpire's desk.", who(g, g.Umpire))
	}
	if c.Threads == nil {
		return "", interaction.Refuse("This referee cannot open threads here: name the desk's channel (`channel:`).")
	}
	return c.Threads.StartPrivateThread(ctx, req.ChannelID, render.Clip("Umpire's desk — "+title(g, rs), maxThreadName), g.Umpire)
}
