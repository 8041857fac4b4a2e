package orderscmd

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/order"
	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// Commands serves /orders over the battle service.
type Commands struct {
	svc *battle.Service
}

// New returns the /orders handlers.
func New(svc *battle.Service) *Commands { return &Commands{svc: svc} }

// Written is the Result of writing orders: nothing secret.
type Written struct {
	Turn       int    `json:"turn"`
	Commitment string `json:"commitment"`
	Replaced   int    `json:"replaced,omitempty"`
}

// Orders is /orders text:… (write the invoker's sealed orders for the turn)
// and /orders reveal:true (the umpire publishes every sealed order).
func (c *Commands) Orders(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	text := req.String(order.Text)
	switch {
	case text != "" && req.Has("reveal"):
		return interaction.Response{}, interaction.Refuse("Either write your orders (`text:…`) or reveal them all (`reveal:true`), not both at once.")
	case req.Bool("reveal"):
		return c.reveal(ctx, req)
	case text == "":
		return interaction.Response{}, interaction.Refuse("Write your orders for the turn with `/orders text:…`: only you and the umpire see them until they are revealed.")
	}
	if why := sealed.CheckText(text); why != "" {
		return interaction.Response{}, interaction.Refuse(why)
	}
	salt, err := c.svc.NewSalt()
	if err != nil {
		return interaction.Response{}, err
	}
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		return c.write(tx, text, salt)
	})
}

// write seals the invoker's orders for the turn with salt, in place of any
// he wrote for it before.
func (c *Commands) write(tx *battle.Tx, text, salt string) (interaction.Response, error) {
	g, u := tx.Game, tx.Req.User
	turn, err := Turn(c.svc, g)
	if err != nil {
		return interaction.Response{}, err
	}
	if g.Orders.Closed(turn) {
		return interaction.Response{}, interaction.Refusef("The orders of turn %d have been revealed: orders for it can no longer be written, since they would be written knowing the others'. Write your orders for the next turn once it begins.", turn)
	}
	if g.Orders == nil {
		g.Orders = &sealed.Orders{}
	}
	o := g.Orders
	s := sealed.Order{User: u.ID, Turn: turn, Text: text, Salt: salt,
		Commitment: rules.Commit(sealed.Form(salt, text)), At: tx.Now.UTC().Truncate(time.Second)}
	var earlier string
	if i := slices.IndexFunc(o.Sealed, func(e sealed.Order) bool { return e.User == u.ID && e.Turn == turn }); i >= 0 {
		s.Replaced, earlier = o.Sealed[i].Replaced+1, o.Sealed[i].Commitment
		o.Sealed = slices.Delete(o.Sealed, i, i+1)
	}
	o.Sealed = append(o.Sealed, s)
	tx.Seal(s.Commitment)
	tx.LogSecret(fmt.Sprintf("orders of %s for turn %d sealed (commitment %s)", g.Player(u.ID), turn, s.Commitment[:16]))
	name := render.Inert(g.Player(u.ID)) // known to the game once logged
	tx.KeepUndo()

	when := "at the umpire's call (`/orders reveal:true`) or at the battle's end"
	if o.AtTurnEnd {
		when = "at the turn's end"
	}
	notice := fmt.Sprintf("**%s** has written sealed orders for turn %d. Commitment: `%s`", name, turn, s.Commitment)
	yours := fmt.Sprintf("Your orders for turn %d are sealed:\n> %s\nOnly you and the umpire see them until they are revealed, %s, with the salt `%s`: "+
		"the commitment posted in the channel is the SHA-256 of the salt, a colon and your text. Writing again before then replaces them.",
		turn, render.Inert(text), when, salt)
	desk := fmt.Sprintf("**%s**'s sealed orders for turn %d (commitment `%s`):\n> %s", name, turn, s.Commitment[:16], render.Inert(text))
	if earlier != "" {
		notice = fmt.Sprintf("**%s** has rewritten sealed orders for turn %d: they replace the orders sealed before (commitment `%s`), which will not be revealed. Commitment: `%s`",
			name, turn, earlier, s.Commitment)
		yours += " They replace your earlier orders for the turn."
		desk += "\nThey replace the orders written before for the turn."
	}
	resp := interaction.Response{
		Public:    []interaction.Message{{Content: notice}},
		Ephemeral: []interaction.Message{{Content: yours}},
		Result:    Written{Turn: turn, Commitment: s.Commitment, Replaced: s.Replaced},
	}
	view.ForUmpire(g, &resp, interaction.Message{Content: desk}, "")
	return resp, nil
}

// reveal reveals every sealed order of the battle: to all, or under fog
// of war to the umpire and each writer's side (Reveal).
func (c *Commands) reveal(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("reveal the sealed orders"); err != nil {
			return interaction.Response{}, err
		}
		if tx.Game.Orders == nil || len(tx.Game.Orders.Sealed) == 0 {
			return interaction.Response{}, interaction.Refuse("No sealed orders wait to be revealed.")
		}
		resp, err := Reveal(c.svc, tx, 0, "at the umpire's call")
		if err != nil {
			return interaction.Response{}, err
		}
		if len(resp.Public) == 0 { // under fog, written by players the battle's channel knows nothing of
			resp.Ephemeral = []interaction.Message{{Content: "Revealed to you and to each writer's side. The battle's channel is told nothing of them: it knows none of their writers."}}
		}
		tx.KeepUndo()
		return resp, nil
	})
}
