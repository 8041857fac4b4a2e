package firing2007

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// NewTurn is NextTurn: the text has no turn sequence to set up.
func (r *Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) { return r.NextTurn(tx) }

// NextTurn begins the next turn: the referee counts it and clears the
// fired-this-turn marks.
func (*Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "start a new turn")
	if err != nil {
		return interaction.Response{}, err
	}
	b.NextTurn()
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
		return interaction.Whisper("No turn has begun yet; the umpire starts turn 1 with `/turn new`. Rules – Firing has no turn sequence: the referee only counts turns."), nil
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{turnStatus(b)}}}}, nil
}

// Moment is where the turn stands: the turn counted (fr.Board.Moment).
func (*Ruleset) Moment(g *battle.Game) (rules.Moment, error) {
	b, err := board(g)
	if err != nil {
		return rules.Moment{}, err
	}
	return b.Moment(), nil
}

// Sequence is how a turn runs.
func (*Ruleset) Sequence() string {
	return "Rules – Firing deals no cards and has no turn sequence or activations: any unit may fire when its commander says so, with `/firing2007 fire`; the referee counts the turns."
}
