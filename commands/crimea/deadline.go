package crimea

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Waiting is who must move on the movement card turned up: the players of
// the officers of its command (the umpire for officers no player plays).
func (r *Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := rc.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	card, ok := b.Current()
	if !ok {
		return nil, nil
	}
	m, err := r.Moment(g)
	if err != nil {
		return nil, err
	}
	officers, _ := b.Moving(card)
	var users []string
	for _, o := range officers {
		id := o.Player
		if id == "" {
			id = g.Umpire
		}
		if !slices.Contains(users, id) {
			users = append(users, id)
		}
	}
	if len(users) == 0 {
		users = []string{g.Umpire}
	}
	out := make([]battle.Wait, 0, len(users))
	for _, id := range users {
		out = append(out, battle.Wait{User: id, Moment: m, What: fmt.Sprintf("move on the card %s (`/crimea move`)", render.Inert(card.String()))})
	}
	return out, nil
}

// Pass turns up the next movement card, as the umpire does when a command
// has done moving: the command moves no more on its card.
func (r *Ruleset) Pass(tx *battle.Tx, _ string) (interaction.Response, error) {
	return r.NextTurn(tx)
}
