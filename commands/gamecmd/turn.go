package gamecmd

import (
	"context"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
)

// dispatch runs one step of the channel's rule set's turn engine as a change.
func (c *Commands) dispatch(ctx context.Context, req interaction.Request, step func(battle.Ruleset, *battle.Tx) (interaction.Response, error)) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		rs, err := c.rulesetOf(tx.Game)
		if err != nil {
			return interaction.Response{}, err
		}
		return step(rs, tx)
	})
}

// NewTurn is /turn new: the rule set starts a turn (deals the cards by DM,
// shuffles the deck, resets orders).
func (c *Commands) NewTurn(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.dispatch(ctx, req, battle.Ruleset.NewTurn)
}

// NextTurn is /turn next and the v1/turn/next button: the rule set moves the
// turn on.
func (c *Commands) NextTurn(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.dispatch(ctx, req, battle.Ruleset.NextTurn)
}

// TurnStatus is /turn status.
func (c *Commands) TurnStatus(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.dispatch(ctx, req, battle.Ruleset.TurnStatus)
}

// Card is /card: the invoker's own secret card, ephemerally.
func (c *Commands) Card(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.dispatch(ctx, req, battle.Ruleset.Card)
}

// Act is /act and the v1/turn/act button: the invoker acts now.
func (c *Commands) Act(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.dispatch(ctx, req, battle.Ruleset.Act)
}
