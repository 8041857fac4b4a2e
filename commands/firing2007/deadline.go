package firing2007

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
)

// Waiting is the umpire's, once a turn has begun: Rules – Firing has no
// turn sequence, so the turn waits on him to move it on when the sides have
// fired.
func (r *Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	if b.Turn == 0 {
		return nil, nil
	}
	m, err := r.Moment(g)
	if err != nil {
		return nil, err
	}
	return []battle.Wait{{User: g.Umpire, Moment: m, What: fmt.Sprintf("move the battle on to turn %d once the sides have fired (`/turn next`)", b.Turn+1)}}, nil
}

// Pass moves the battle on to the next turn, as `/turn next` does.
func (r *Ruleset) Pass(tx *battle.Tx, _ string) (interaction.Response, error) {
	return r.NextTurn(tx)
}
