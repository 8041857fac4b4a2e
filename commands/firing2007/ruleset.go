package firing2007

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// ID is the rule set's id and its command's name.
const ID = "firing2007"

// Ruleset is "Rules – Firing" (2007) as the game lifecycle, the turn engine and
// /rules see it.
type Ruleset struct{}

// New returns the rule set.
func New() Ruleset { return Ruleset{} }

var _ battle.Ruleset = Ruleset{}

// ID is "firing2007".
func (Ruleset) ID() string { return ID }

// Name is the post's title.
func (Ruleset) Name() string { return "Rules – Firing (2007)" }

// NewBoard is an empty roster before the first turn.
func (Ruleset) NewBoard() any { return fr.Board{} }

// ValidateBoard checks an imported board in full (rules/firing2007.ValidateBoard).
func (Ruleset) ValidateBoard(raw json.RawMessage) error {
	_, err := fr.ValidateBoard(raw)
	return err
}

// House-rule names.
const (
	HouseCavalry     = "cavalry-fire"
	HouseHowitzerGap = "howitzer-gap"
)

// HouseRules are the readings the umpire may switch: cavalry firing (F6) and the
// howitzer row's gap (F2).
func (Ruleset) HouseRules() []battle.HouseRule {
	return []battle.HouseRule{
		{
			Name:    HouseCavalry,
			Values:  []string{string(fr.CavalryNoRule), string(fr.CavalryMinus1), string(fr.CavalryForbidden)},
			Default: string(fr.CavalryNoRule),
			Reading: rules.Reading{ID: "F6", Text: "the post leaves cavalry firing open: none (the default) lets cavalry fire on the muskets row with no special factor; -1 gives them −1; forbidden lets them not fire at all"},
		},
		{
			Name:    HouseHowitzerGap,
			Values:  []string{string(fr.GapMedium), string(fr.GapLiteral)},
			Default: string(fr.GapMedium),
			Reading: rules.Reading{ID: "F2", Text: "the howitzer row skips 9–15\": medium (the default) reads medium range as 9–24\"; literal gives no band, so howitzers cannot fire at 9–15\""},
		},
	}
}

// house is the game's house rules as the rules package takes them.
func house(tx *battle.Tx) fr.House {
	h := fr.House{Cavalry: fr.CavalryFire(tx.HouseRule(HouseCavalry)), HowitzerGap: fr.HowitzerGap(tx.HouseRule(HouseHowitzerGap))}
	if h.Cavalry == "" {
		h.Cavalry = fr.CavalryNoRule
	}
	if h.HowitzerGap == "" {
		h.HowitzerGap = fr.GapMedium
	}
	return h
}

// Topics are what /rules ruleset:firing2007 shows.
func (Ruleset) Topics() []battle.Topic {
	var factors strings.Builder
	factors.WriteString("Roll 2d6 and add every factor that applies; **7 or more: the target loses 1 strength point**.\n```\n")
	factors.WriteString(fr.FactorTable())
	factors.WriteString("```\nOnly the firer's own type counts: line infantry, rifles, guns and cavalry have no type factor. " +
		"Strength 5 or more has no factor. `/firing2007 fire` works it out from the roster or from options.")
	return []battle.Topic{
		{Name: "ranges", Title: "Ranges by weapon (inches)",
			Body: "A unit fires at anything directly ahead of a base and up to 45° to either side, the whole target base visible, in range and within the angle of fire.\n```\n" +
				fr.RangeTable() + "```\nCavalry fire on the muskets row. Beyond the last band the fire is refused.",
			Readings: []rules.Reading{fr.ReadingGap, fr.ReadingBoundary, fr.ReadingCavalry}},
		{Name: "factors", Title: "Firing factors", Body: factors.String(),
			Readings: []rules.Reading{fr.ReadingHowitzerGuns, fr.ReadingCavalry}},
		{Name: "morale", Title: "Morale effect of fire",
			Body: "The same modified score tests the target's morale: **if it exceeds the target's basic morale, the target is shaken** — even when it lost no strength point.\n" +
				"Each unit's strength points and basic morale are set by the umpire (`/firing2007 unit-add`); the text gives no defaults.\n" +
				"A shaken unit fires at −1. The text has no rally rule: the umpire clears shaken with `/firing2007 unit-set shaken:false`."},
		{Name: "generals", Title: "Risk to generals",
			Body: "If a general is with a unit that suffers losses from fire, throw 2d6 (the referee does it in the same ruling):\n```\n" +
				fr.RiskTable() + "```\nA second light wound incapacitates him: he is removed from play. " +
				"If a general is killed, every unit in his chain of command within 18\" is shaken: the referee lists his chain and the umpire confirms which are within 18\" (buttons, or `/firing2007 chain`).",
			Readings: []rules.Reading{fr.ReadingChain}},
		{Name: "notes", Title: "Notes: canister and overhead fire",
			Body: "(a) Canister can only be used when no friendly units are in the arc of fire: a gun at short range fires canister, so with `friendly-in-arc:true` it is refused.\n" +
				"(b) Overhead fire is only available to guns firing to or from higher ground, and to howitzers. Any intervening friendly unit must be at least 12\" clear of both the firer and the target: " +
				"give `over-friendly:<inches from the nearer of firer and target>` (and `higher-ground:true` for a gun) and the referee checks it.",
			Readings: []rules.Reading{fr.ReadingHowitzerGuns}},
		{Name: "readings", Title: "Readings the referee takes (F1–F6)",
			Body: "• **F2** The howitzer row skips 9–15\": read as medium 9–24\" (house rule `howitzer-gap`).\n" +
				"• **F2** A distance on a band boundary takes the shorter band.\n" +
				"• **F3** Howitzers take the guns' range factors and canister rule.\n" +
				"• **F4** Strength points and basic morale are the umpire's to set.\n" +
				"• **F5** The umpire confirms which units of a dead general's chain are within 18\".\n" +
				"• **F6** Cavalry firing: no special rule by default; house rule `cavalry-fire` = `none` | `-1` | `forbidden`.\n" +
				"• **Turns** The text has no turn sequence: `/turn new` and `/turn next` count turns and clear the fired-this-turn marks; there are no cards.",
			Readings: []rules.Reading{fr.ReadingGap, fr.ReadingBoundary, fr.ReadingHowitzerGuns, fr.ReadingChain, fr.ReadingCavalry}},
	}
}

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

// NewTurn starts the next turn: the text has no turn sequence, so the referee
// counts turns and clears the fired-this-turn marks.
func (Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) { return advance(tx) }

// NextTurn is NewTurn: with no phases or activations, "next" is the next turn.
func (Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) { return advance(tx) }

func advance(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "start a new turn")
	if err != nil {
		return interaction.Response{}, err
	}
	b.NextTurn()
	if err := save(tx, b, fmt.Sprintf("turn %d begins", b.Turn)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{turnMessage(b)}}, nil
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
func (Ruleset) Moment(g *battle.Game) (battle.Moment, error) {
	b, err := board(g)
	if err != nil {
		return battle.Moment{}, err
	}
	key, text := b.Moment()
	return battle.Moment{Key: key, Text: text}, nil
}

// Sequence is how a turn runs.
func (Ruleset) Sequence() string {
	return "Rules – Firing deals no cards and has no turn sequence or activations: any unit may fire when its commander says so, with `/firing2007 fire`; the referee counts the turns."
}
