package gamecmd

import (
	"context"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/link"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/orderscmd"
	"github.com/referee-bot/referee/commands/render"
)

// turn runs one step of the channel's rule set's turn engine as a change. A
// turn button pressed at another moment than it was shown at is refused.
func (c *Commands) turn(ctx context.Context, req interaction.Request, step func(battle.TurnEngine, *battle.Tx) (interaction.Response, error)) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		rs, err := c.rulesetOf(tx.Game)
		if err != nil {
			return interaction.Response{}, err
		}
		te, ok := rs.(battle.TurnEngine)
		if !ok {
			return interaction.Response{}, interaction.Refusef("%s has no turn sequence for the referee to run.", rs.Name())
		}
		if err := turnmsg.CheckMoment(tx, te); err != nil {
			return interaction.Response{}, err
		}
		resp, err := step(te, tx)
		if err != nil || tx.Req.Kind != interaction.KindComponent || len(tx.Req.Args) == 0 {
			return resp, err
		}
		// A press that moved the turn on supersedes the message pressed.
		now, err := te.Moment(tx.Game)
		if err != nil {
			return interaction.Response{}, err
		}
		resp.DisableSource = now.Key != tx.Req.Args[0]
		return resp, nil
	})
}

// cards runs a step of a turn engine that deals secret cards; a rule set
// without them says how its turns run instead.
func (c *Commands) cards(ctx context.Context, req interaction.Request, step func(battle.SecretCards, *battle.Tx) (interaction.Response, error)) (interaction.Response, error) {
	return c.turn(ctx, req, func(te battle.TurnEngine, tx *battle.Tx) (interaction.Response, error) {
		sc, ok := te.(battle.SecretCards)
		if !ok {
			return interaction.Response{}, interaction.Refuse(te.Sequence())
		}
		return step(sc, tx)
	})
}

// NewTurn is /turn new: the rule set starts a turn (deals the cards by DM,
// shuffles the deck, resets orders).
//
// Each new turn writes the links of the battle's side channels and desk
// again, and the campaign it was mustered from, so that they are kept (a
// link or a campaign is forgotten after GAME_TTL without a write, like a
// game) for as long as the battle is played.
func (c *Commands) NewTurn(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	var home, campaign string
	var links []string
	resp, err := c.turn(ctx, req, func(te battle.TurnEngine, tx *battle.Tx) (interaction.Response, error) {
		g := tx.Game
		home, campaign, links = g.Channel, g.Campaign, append([]string{g.Desk}, channelsOf(g.Sides)...)
		return te.NewTurn(tx)
	})
	if err != nil {
		return resp, err
	}
	for _, ch := range links {
		if ch != "" {
			if err := link.Channel(ctx, c.svc, req.ID, ch, home); err != nil {
				return resp, err
			}
		}
	}
	if campaign != "" && c.Campaigns != nil {
		if err := c.Campaigns.Keep(ctx, req, campaign); err != nil {
			return resp, err
		}
	}
	return resp, nil
}

// channelsOf are the sides' channels.
func channelsOf(sides []battle.Side) []string {
	var out []string
	for _, s := range sides {
		out = append(out, s.Channel)
	}
	return out
}

// NextTurn is /turn next and the turnmsg.ButtonNext button: the rule set
// moves the turn on.
func (c *Commands) NextTurn(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.turn(ctx, req, battle.TurnEngine.NextTurn)
}

// TurnStatus is /turn status.
func (c *Commands) TurnStatus(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.turn(ctx, req, func(te battle.TurnEngine, tx *battle.Tx) (interaction.Response, error) {
		if tx.Game.Fogged() {
			return c.foggedTurnStatus(te, tx)
		}
		resp, err := te.TurnStatus(tx)
		if err != nil {
			return resp, err
		}
		if err := leadWithWaiting(te, tx.Game, &resp); err != nil {
			return interaction.Response{}, err
		}
		return resp, c.turnFields(tx.Game, tx.Game, &resp)
	})
}

// leadWithWaiting puts at the head of a turn status whom the battle waits
// on, and for what, as v (the reader's view) waits on them.
func leadWithWaiting(te battle.TurnEngine, v *battle.Game, resp *interaction.Response) error {
	waits, err := te.Waiting(v)
	if err != nil {
		return err
	}
	line := turnmsg.WaitingOn(v, waits, true)
	for _, msgs := range [][]interaction.Message{resp.Public, resp.Ephemeral} {
		if len(msgs) == 0 {
			continue
		}
		m := &msgs[0]
		if len(m.Embeds) > 0 {
			m.Embeds[0].Description = render.Clip(strings.TrimSpace(line+"\n\n"+m.Embeds[0].Description), render.MaxDescription)
		} else {
			m.Content = render.Clip(strings.TrimSpace(line+"\n\n"+m.Content), render.MaxContent)
		}
		return nil
	}
	resp.Ephemeral = append(resp.Ephemeral, interaction.Message{Content: line})
	return nil
}

// Card is /card and the turnmsg.ButtonCard button (My card): the
// invoker's own secret card, ephemerally.
func (c *Commands) Card(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.cards(ctx, req, battle.SecretCards.Card)
}

// Act is /act and the turnmsg.ButtonAct button: the invoker acts now.
func (c *Commands) Act(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.cards(ctx, req, battle.SecretCards.Act)
}

// foggedTurnStatus is /turn status under fog of war: the turn as the invoker
// may see it (his side's view of the board: whom it waits on, and the
// deadlines he was shown), shown to him alone.
func (c *Commands) foggedTurnStatus(te battle.TurnEngine, tx *battle.Tx) (interaction.Response, error) {
	v, err := view.Viewed(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	seen := *tx
	seen.Game = v
	resp, err := te.TurnStatus(&seen)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := leadWithWaiting(te, v, &resp); err != nil {
		return interaction.Response{}, err
	}
	if err := c.turnFields(tx.Game, v, &resp); err != nil {
		return interaction.Response{}, err
	}
	resp.Ephemeral, resp.Public = append(resp.Public, resp.Ephemeral...), nil
	return resp, nil
}

// turnFields adds to a turn status what every rule set's shows: the
// deadlines of the moves pending as v (the reader's view of g) is shown
// them, and who has written sealed orders.
func (c *Commands) turnFields(g, v *battle.Game, resp *interaction.Response) error {
	if v.Pace.On() {
		withField(resp, deadlinesField(v))
	}
	if g.Orders != nil {
		turn, err := orderscmd.Turn(c.svc, g)
		if err != nil {
			return err
		}
		commanders, err := orderscmd.Commanders(c.svc, v) // the players the reader knows command something
		if err != nil {
			return err
		}
		orders := g.Orders
		if v != g { // under fog: nothing of the writers the reader does not know of
			orders = orders.Of(commanders)
		}
		withField(resp, interaction.Field{Name: "Sealed orders", Value: render.Clip(orders.Status(turn, commanders, g.Player), render.MaxFieldValue)})
	}
	return nil
}
