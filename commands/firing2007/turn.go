package firing2007

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// NewTurn begins the next turn, at the umpire's call.
func (*Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "start a new turn")
	if err != nil {
		return interaction.Response{}, err
	}
	b.NextTurn()
	return begun(tx, b)
}

// NextTurn is /turn next: the umpire begins the next turn (NewTurn); a
// player ends the turn for the sides he commands that are still due, and
// when every side has ended it so, the next turn begins.
func (r *Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	if tx.IsUmpire() {
		return r.NewTurn(tx)
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	var ended []string
	for _, side := range b.Due() {
		if !slices.Contains(commanders(tx.Game, b, side), tx.Req.User.ID) {
			continue
		}
		next, err := b.EndTurn(side)
		if err != nil {
			return interaction.Response{}, err
		}
		ended = append(ended, side)
		if next {
			return begun(tx, b)
		}
	}
	if len(ended) == 0 {
		return interaction.Response{}, interaction.Refuse("None of the sides you command is still to end this turn; the next begins when every side has ended it (`/turn status`), or at the umpire's call.")
	}
	verb := "ends"
	if len(ended) > 1 {
		verb = "end"
	}
	news := fmt.Sprintf("%s %s turn %d.", render.Inert(strings.Join(ended, " and ")), verb, b.Turn)
	if err := save(tx, b, fmt.Sprintf("%s ended turn %d", strings.Join(ended, ", "), b.Turn)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Turn: interaction.TurnNews(news)}, nil
}

// begun saves a board whose next turn has begun (the referee counted it
// and cleared the fired-this-turn marks), and shows the new turn.
func begun(tx *battle.Tx, b *fr.Board) (interaction.Response, error) {
	if err := save(tx, b, fmt.Sprintf("turn %d begins", b.Turn)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Turn: interaction.TurnNews("")}, nil
}

// TurnView is the turn message: the turn counted, and what the umpire has
// yet to settle in it.
func (*Ruleset) TurnView(g *battle.Game) (interaction.Message, error) {
	b, err := board(g)
	if err != nil {
		return interaction.Message{}, err
	}
	return turnMessage(b), nil
}

// TurnStatus is the turn count and who has fired.
func (*Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if b.Turn == 0 {
		return interaction.Whisper("No turn has begun yet; the umpire starts turn 1 with `/turn new`. Rules – Firing has no turn sequence: each side fires as it will and ends its turn with `/turn next`."), nil
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{turnStatus(b)}}}}, nil
}
