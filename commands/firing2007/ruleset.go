package firing2007

import (
	"encoding/json"
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Ruleset is "Rules – Firing" (2007) as the game lifecycle, the turn engine and
// /rules see it.
type Ruleset struct {
	roster.Fog[*fr.Board, fogReader] // battle.Fog
}

// New returns the rule set.
func New() Ruleset { return Ruleset{} }

var _ battle.TurnEngine = Ruleset{}

// ID is rules/firing2007.ID.
func (Ruleset) ID() string { return fr.ID }

// Name is the post's title.
func (Ruleset) Name() string { return "Rules – Firing (2007)" }

// FirstSteps: the roster, then fire turn by turn.
func (Ruleset) FirstSteps() string {
	return "1. Umpire: the units, with their players: `/firing2007 unit-add`.\n" +
		"2. Umpire: the generals, with the unit each is with: `/firing2007 general-add`.\n" +
		"3. `/turn new` begins turn 1; each player fires with `/firing2007 fire`; `/turn next` begins the next turn."
}

// NewBoard is an empty roster before the first turn.
func (Ruleset) NewBoard() any { return fr.Board{} }

// ValidateBoard checks an imported board in full (rules/firing2007.ValidateBoard).
func (Ruleset) ValidateBoard(raw json.RawMessage) error {
	_, err := fr.ValidateBoard(raw)
	return err
}

// HouseRules are the readings the umpire may switch (rules/firing2007.HouseRules).
func (Ruleset) HouseRules() []battle.HouseRule {
	var out []battle.HouseRule
	for _, h := range fr.HouseRules {
		out = append(out, battle.HouseRule(h))
	}
	return out
}

// house is the game's house rules as the rules package takes them.
func house(tx *battle.Tx) fr.House { return fr.HouseOf(tx.HouseRule) }

// Topics are what /rules ruleset:firing2007 shows (rules/firing2007.Topics).
func (Ruleset) Topics() []battle.Topic { return fr.Topics() }

// board decodes the game's board.
func board(g *battle.Game) (*fr.Board, error) {
	var b fr.Board
	if len(g.Board) == 0 {
		return &b, nil
	}
	if err := json.Unmarshal(g.Board, &b); err != nil {
		return nil, fmt.Errorf("decode firing2007 board: %w", err)
	}
	return &b, nil
}

// Status is the turn, each side's units and generals, and any chain test waiting.
func (Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	turn := "not started: the umpire begins with `/turn new`"
	if b.Turn > 0 {
		turn = fmt.Sprint(b.Turn)
	}
	return append([]interaction.Field{{Name: "Turn", Value: turn, Inline: true}}, rosterFields(g, b)...), nil
}

// Losses is each side's strength lost, units shaken and generals hurt.
func (Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := board(g)
	if err != nil {
		return "", err
	}
	return losses(b), nil
}

// NewTurn is NextTurn: the text has no turn sequence to set up.
func (r Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) { return r.NextTurn(tx) }

// NextTurn begins the next turn: the referee counts it and clears the
// fired-this-turn marks.
func (Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
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
func (Ruleset) TurnView(g *battle.Game) (interaction.Message, error) {
	b, err := board(g)
	if err != nil {
		return interaction.Message{}, err
	}
	return turnMessage(b), nil
}

// TurnStatus is the turn count and who has fired.
func (Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
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
func (Ruleset) Moment(g *battle.Game) (rules.Moment, error) {
	b, err := board(g)
	if err != nil {
		return rules.Moment{}, err
	}
	return b.Moment(), nil
}

// Sequence is how a turn runs.
func (Ruleset) Sequence() string {
	return "Rules – Firing deals no cards and has no turn sequence or activations: any unit may fire when its commander says so, with `/firing2007 fire`; the referee counts the turns."
}
