package crimea

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Waiting is who must move on the movement card turned up: the players of
// the officers of its command (the umpire for officers no player plays).
func (r Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := decodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	if b.Turn == 0 || b.Drawn == 0 {
		return nil, nil
	}
	m, err := r.Moment(g)
	if err != nil {
		return nil, err
	}
	card := b.Deck[b.Drawn-1]
	var users []string
	for _, o := range b.Officers {
		if o.Side != card.Side || o.Dead || !b.under(o.Name, card.Side, card.Command) {
			continue
		}
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
func (r Ruleset) Pass(tx *battle.Tx, _ string) (interaction.Response, error) {
	return r.NextTurn(tx)
}

// Ruleset is a turn engine with deadlines.
var _ battle.TurnEngine = Ruleset{}
