package link

import (
	"context"
	"errors"
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
)

// Channel makes channel one of the battle's own channels (a side's, or the
// umpire's desk) of the battle in home: its document becomes a link to home
// (state.Link). A channel another running battle holds, as its own channel
// or linked to it (a side's channel, a desk), is refused, naming that
// battle: no battle takes over another's channel. id is the interaction's,
// made unique to the link.
func Channel(ctx context.Context, s *battle.Service, id, channel, home string) error {
	if channel == home {
		return interaction.Refuse("A side's channel must be another channel than the battle's own.")
	}
	_, err := s.Store().Update(ctx, channel, id+"/link/"+channel, func(cur []byte) ([]byte, []byte, error) {
		if cur == nil {
			return state.Link(home), nil, nil
		}
		other, ok := state.LinkedTo(cur)
		switch {
		case !ok:
			if g, err := battle.DecodeGame(cur); err == nil && g.Running() {
				return nil, nil, interaction.Refusef("<#%s> is the main channel of %s: pick another channel.", channel, Holder(s, g))
			}
		case other != home:
			if err := heldBy(ctx, s, channel, other); err != nil {
				return nil, nil, err
			}
		}
		return state.Link(home), nil, nil
	})
	if err != nil {
		var r *interaction.Refusal
		if errors.As(err, &r) {
			return err
		}
		return fmt.Errorf("link %s to %s: %w", channel, home, err)
	}
	return nil
}

// heldBy refuses channel, linked to the battle in other, while that battle
// runs and still has it as a side's channel or its desk; a link left behind
// is nobody's.
func heldBy(ctx context.Context, s *battle.Service, channel, other string) error {
	b, _, err := s.Store().Get(ctx, other)
	switch {
	case errors.Is(err, state.ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	if _, ok := state.LinkedTo(b); ok {
		return nil
	}
	g, err := battle.DecodeGame(b)
	if err != nil || !g.Running() || !g.Linked(channel) {
		return nil
	}
	return interaction.Refusef("<#%s> is %s of %s: pick another channel.", channel, LinkedAs(g, channel), Holder(s, g))
}
