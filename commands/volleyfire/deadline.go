package volleyfire

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Waiting is who must move in the activations: the commander of the unit
// activated, or, with none active, the players of the side whose
// activation it is (the umpire for a side no player commands); in the
// combat phase the umpire, who fights the combats.
func (r *Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	m, err := r.Moment(g)
	if err != nil {
		return nil, err
	}
	t := b.Turn
	switch {
	case t.Phase == vf.Combats:
		return []battle.Wait{{User: g.Umpire, Moment: m, What: "fight the combats (`/turn next`)"}}, nil
	case t.Phase != vf.Activations:
		return nil, nil
	case t.Active != "":
		u := b.UnitNamed(t.Active)
		if u == nil {
			return nil, nil
		}
		return []battle.Wait{{User: commanderOf(g, u.Player), Moment: m,
			What: fmt.Sprintf("give %s its actions (`/turn next` ends its activation)", render.Inert(u.Name))}}, nil
	}
	side := t.Whose()
	var users []string
	for _, u := range b.Units {
		if u.Side == side && u.Gone == "" && !t.Spent[u.Name] && !slices.Contains(users, commanderOf(g, u.Player)) {
			users = append(users, commanderOf(g, u.Player))
		}
	}
	out := make([]battle.Wait, 0, len(users))
	for _, id := range users {
		out = append(out, battle.Wait{User: id, Moment: m,
			What: fmt.Sprintf("activate a unit of %s (`/volleyfire activate`)", render.Inert(side))})
	}
	return out, nil
}

// Pass does what `/turn next` does at this moment: the active unit ends its
// activation (as its commander), or the side passes (as the umpire, whose
// call that is), or the combats are fought.
func (r *Ruleset) Pass(tx *battle.Tx, user string) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if b.Turn.Active != "" {
		tx.Req.User = interaction.User{ID: user, Name: tx.Game.Player(user)}
	}
	return r.NextTurn(tx)
}

// commanderOf is who moves a unit: its player, or the umpire.
func commanderOf(g *battle.Game, player string) string {
	if player == "" {
		return g.Umpire
	}
	return player
}
