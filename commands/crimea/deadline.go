package crimea

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Waiting is who must move on the movement card turned up: the players of
// the officers of its command who have orders to give (the umpire for
// officers no player plays, rc.Board.Movers; under fog of war each waited
// on only for the units whoever sees him sees too); when none has, the umpire, to
// turn up the next card, resolve the close combats of the turn's charges
// once every card has moved (rc.Board.CombatsDue), or begin the next turn
// (rc.Board.UmpireCall).
func (*Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := battle.BoardOf[rc.Board](g)
	if err != nil {
		return nil, err
	}
	fog := g.Fogged()
	switch b.UmpireCall(fog) {
	case rc.CallDraw:
		return []battle.Wait{{User: g.Umpire, Call: true, What: "turn up the next movement card (`/turn next`)"}}, nil
	case rc.CallCombat:
		var out []battle.Wait
		for _, c := range b.CombatsDue() {
			out = append(out, battle.Wait{User: g.Umpire, What: fmt.Sprintf("resolve the combat of %s and %s (`/crimea combat attacker:%s defender:%s`)",
				render.Inert(c.Attacker), render.Inert(c.Defender), rules.Arg(c.Attacker), rules.Arg(c.Defender))})
		}
		return out, nil
	case rc.CallTurn:
		return []battle.Wait{{User: g.Umpire, Call: true, What: fmt.Sprintf("begin turn %d (`/turn new`)", b.Turn+1)}}, nil
	}
	card, ok := b.Current()
	if !ok {
		return nil, nil
	}
	var users []string
	for _, o := range b.Movers(fog) {
		users = append(users, roster.Holder(g, o.Player))
	}
	return roster.WaitsOn(users, fmt.Sprintf("move on the card %s (`/crimea move`)", render.Inert(card.String()))), nil
}

// Pass passes user's move on the movement card turned up (C2): his
// officers whom it waits on give no more orders on it (rc.Board.PassMove),
// and when that leaves the main channel waiting on no one the umpire's call
// follows at once, as when a command has done moving. The umpire's own
// call (Waiting's Call) turns up the next card, or, the deck drawn, begins
// the next turn (a charge whose combat is left unresolved lapses).
func (r *Ruleset) Pass(tx *battle.Tx, user string) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	fog := tx.Game.Fogged()
	if user == tx.Game.Umpire && b.UmpireCall(fog) != rc.NoCall {
		return r.call(tx, b)
	}
	player := user
	if user == tx.Game.Umpire {
		player = "" // the officers no player plays
	}
	call, err := b.PassMove(player, fog)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	if !call {
		return interaction.Response{}, nil
	}
	return r.call(tx, b)
}

// call makes the umpire's call the turn waits on: the next card, or, the
// deck drawn, the next turn.
func (r *Ruleset) call(tx *battle.Tx, b *rc.Board) (interaction.Response, error) {
	if call := b.UmpireCall(tx.Game.Fogged()); call == rc.CallTurn || call == rc.CallCombat || b.Drawn >= len(b.Deck) {
		return r.NewTurn(tx)
	}
	return r.NextTurn(tx)
}
