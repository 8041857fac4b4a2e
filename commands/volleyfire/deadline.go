package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Waiting is who must move in the activations: the commander of the unit
// activated, or, with none active, the commanders of the units due of the
// side whose activation it is (the umpire for units no player commands);
// once every unit has acted, the umpire, to fight the combats, and once the
// turn is over, to begin the next (vf.Board.UmpireCall).
func (*Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := battle.BoardOf[vf.Board](g)
	if err != nil {
		return nil, err
	}
	t := b.Turn
	switch b.UmpireCall() {
	case vf.CallCombats:
		return []battle.Wait{{User: g.Umpire, Call: true, What: "fight the combats (`/turn next`)"}}, nil
	case vf.CallTurn:
		return []battle.Wait{{User: g.Umpire, Call: true, What: fmt.Sprintf("begin turn %d (`/turn new`)", t.Number+1)}}, nil
	}
	if t.Active != "" {
		u := b.UnitNamed(t.Active)
		if u == nil {
			return nil, nil
		}
		return []battle.Wait{{User: roster.Holder(g, u.Player),
			What: fmt.Sprintf("give %s its actions (`/turn next` ends its activation)", render.Inert(u.Name))}}, nil
	}
	var users []string
	for _, u := range b.Due() {
		users = append(users, roster.Holder(g, u.Player))
	}
	return roster.WaitsOn(users, fmt.Sprintf("activate a unit of %s (`/volleyfire activate`)", render.Inert(t.Whose()))), nil
}

// Pass does what the rules end at this moment: the active unit ends its
// activation (as its commander); with none active, a unit due of user's
// holds, spending the side's activation (vf.Board.Hold); the umpire's call
// is made: the combats fought, or the next turn begun.
func (r *Ruleset) Pass(tx *battle.Tx, user string) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	switch {
	case b.UmpireCall() == vf.CallTurn:
		return r.NewTurn(tx)
	case b.Turn.Active != "":
		tx.Req.User = interaction.User{ID: user, Name: tx.Game.Player(user)}
		return r.NextTurn(tx)
	case b.UmpireCall() == vf.CallCombats:
		return r.NextTurn(tx)
	}
	player := user
	if user == tx.Game.Umpire {
		player = ""
	}
	var unit string
	resp, err := play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		u, err := b.Hold(a, player)
		if unit = u; err != nil {
			return outcome{}, err
		}
		return held(b, tx.Game, unit), nil
	})
	if err != nil {
		return resp, err
	}
	resp.Turn = interaction.TurnNews(resp.Public[0].Content, unit)
	resp.Public = nil
	return resp, nil
}
