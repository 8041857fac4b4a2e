package firing2007

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Waiting is, once a turn has begun, the commanders of each side still to
// end it (the umpire for a side no player commands), and the umpire for
// each killed general's chain he has to settle; once every side is done,
// one or more held by its deadline, the umpire, to begin the next turn
// (fr.Board.UmpireCall).
func (*Ruleset) Waiting(g *battle.Game) ([]battle.Wait, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	if b.Turn == 0 {
		return nil, nil
	}
	if b.UmpireCall() == fr.CallTurn {
		return []battle.Wait{{User: g.Umpire, Call: true, What: fmt.Sprintf("begin turn %d (`/turn next`)", b.Turn+1)}}, nil
	}
	var out []battle.Wait
	for _, side := range b.Due() {
		out = append(out, roster.WaitsOn(commanders(g, b, side), fmt.Sprintf("fire with %s as you will, then end its turn (`/turn next`)", render.Inert(side)))...)
	}
	for _, w := range b.Waiting() {
		out = append(out, battle.Wait{User: g.Umpire, What: w})
	}
	return out, nil
}

// commanders are the users who command side's units and generals, the
// umpire for those no player commands.
func commanders(g *battle.Game, b *fr.Board, side string) []string {
	var out []string
	add := func(s, player string) {
		if !strings.EqualFold(s, side) {
			return
		}
		if player = roster.Holder(g, player); !slices.Contains(out, player) {
			out = append(out, player)
		}
	}
	for _, u := range b.Units {
		add(u.Side, u.Player)
	}
	for _, gen := range b.Generals {
		add(gen.Side, gen.Player)
	}
	return out
}

// Pass holds, within the turn, each side user commands that is still to
// end it: the side is done with the turn, and its hold starts none. The
// umpire's call is made: the next turn begun.
func (r *Ruleset) Pass(tx *battle.Tx, user string) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if b.UmpireCall() == fr.CallTurn && user == tx.Game.Umpire {
		return r.NewTurn(tx)
	}
	var held []string
	for _, side := range b.Due() {
		if !slices.Contains(commanders(tx.Game, b, side), user) {
			continue
		}
		if err := b.Hold(side); err != nil {
			return interaction.Response{}, err
		}
		held = append(held, side)
	}
	if len(held) == 0 {
		return interaction.Response{}, interaction.Refuse("No side of theirs is still to end the turn.")
	}
	sides := strings.Join(held, " and ")
	if err := save(tx, b, fmt.Sprintf("%s held in turn %d", sides, b.Turn)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Turn: interaction.TurnNews(fmt.Sprintf("%s holds for the rest of turn %d: done with the turn, its hold begins no new one.", render.Inert(sides), b.Turn))}, nil
}
