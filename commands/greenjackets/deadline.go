package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Waiting is who must move: each character on the move (his player rolls
// first the morale test a squad of his owes, G5), and the holder of
// the count called who has neither acted nor held back yet, and past Ace
// one who has not acted (under fog of war he goes on the move himself); a
// character the umpire plays waits on the umpire; when none is, the umpire, to call the
// next count or deal the next turn (gj.Board.UmpireCall).
func (*Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	t := b.Turn
	if t.Number == 0 {
		return nil, nil
	}
	switch b.UmpireCall() {
	case gj.CallCount:
		return []battle.Wait{{User: g.Umpire, Call: true, What: "call the next count (`/turn next`)"}}, nil
	case gj.CallDeal:
		return []battle.Wait{{User: g.Umpire, Call: true, What: fmt.Sprintf("deal turn %d (`/turn new`)", t.Number+1)}}, nil
	}
	var out []battle.Wait
	for _, c := range b.OnTheMove() {
		what := fmt.Sprintf("move %s (%s left, `/greenjackets pass` ends it)", render.Inert(c.Name), rules.Plural(c.AP, "AP", "AP"))
		if owed := b.OwingMorale(c); len(owed) > 0 {
			what = fmt.Sprintf("roll the morale test of %s (`/greenjackets morale squad:%s`), then %s",
				render.Inert(owed[0].Name), rules.Arg(owed[0].Name), what)
		}
		out = append(out, battle.Wait{User: roster.Holder(g, c.Player), What: what})
	}
	for _, c := range b.Late() { // under fog of war, not yet on the move
		out = append(out, battle.Wait{User: roster.Holder(g, c.Player),
			What: fmt.Sprintf("act with %s after Ace, with 1 AP (`/act`)", render.Inert(c.Name))})
	}
	if call, holders, ok := b.Called(); ok {
		hold := ", or hold back"
		if call.Rank == 1 { // at an Ace no later count has fewer AP
			hold = ""
		}
		for _, c := range holders {
			out = append(out, battle.Wait{User: roster.Holder(g, c.Player),
				What: fmt.Sprintf("act with %s at count %s (`/act`)%s", render.Inert(c.Name), gj.CallName(call, t.Suits), hold)})
		}
	}
	return out, nil
}

// Pass does what the holder's own pass does: a character on the move ends
// it (`/greenjackets pass`); the holder of the count called acts at it and
// ends his move at once (`/act`, then `/greenjackets pass`), his AP unspent.
// The umpire's call is made: the next count, or the next deal.
func (r *Ruleset) Pass(tx *battle.Tx, user string) (interaction.Response, error) {
	if user == tx.Game.Umpire {
		b, err := load(tx)
		if err != nil {
			return interaction.Response{}, err
		}
		switch b.UmpireCall() {
		case gj.CallCount:
			return r.NextTurn(tx)
		case gj.CallDeal:
			return r.NewTurn(tx)
		}
	}
	tx.Req.User = interaction.User{ID: user, Name: tx.Game.Player(user)}
	var resp interaction.Response
	onMove, err := r.onMove(tx, user)
	if err != nil {
		return interaction.Response{}, err
	}
	if !onMove {
		if resp, err = r.Act(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	passed, err := r.EndMove(tx, passOrder{})
	if err != nil {
		return interaction.Response{}, err
	}
	resp.Public = append(resp.Public, passed.Public...)
	if resp.Turn != nil { // the act's news first, then the move's end
		passed.Turn.News = append(resp.Turn.News, passed.Turn.News...)
	}
	resp.Turn = passed.Turn
	return resp, nil
}

// onMove reports whether one of user's characters is on the move.
func (*Ruleset) onMove(tx *battle.Tx, user string) (bool, error) {
	b, err := load(tx)
	if err != nil {
		return false, err
	}
	for _, c := range b.OnTheMove() {
		if roster.Holder(tx.Game, c.Player) == user {
			return true, nil
		}
	}
	return false, nil
}
