package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// NewTurn shuffles the movement deck and sets every officer's orders (C2,
// C3). Under fog of war each reader is told the turn's start from his own
// view (view.TellEach): a side the orders of its own officers and of
// the enemy's it has seen, the main channel those of the officers both sides
// see, the umpire every officer's.
func (*Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("start a turn"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	ended := b.NewTurn(tx.Dice())
	start, err := b.SetOrders(tx.Dice(), house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	// The shuffle's entry keeps every die of the turn's start, secret until
	// the battle's end: the officers' tests are among them, a hidden one's
	// too, and no reader may tell whether any was rolled.
	tx.LogSecret(fmt.Sprintf("turn %d: movement deck shuffled", b.Turn))
	tx.Log(fmt.Sprintf("turn %d: orders set", b.Turn))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	told := func(seen *rc.Board) rules.Ruling {
		r := start.Ruling(seen)
		r.Result = ended.Said() + r.Result
		return r
	}
	resp := interaction.Response{Result: told(b), Turn: interaction.TurnNews("")}
	err = view.TellEach(tx, &resp, func(v *battle.Game) (interaction.Message, error) {
		seen, err := battle.BoardOf[rc.Board](v)
		if err != nil {
			return interaction.Message{}, err
		}
		m := details.Ruling(tx, told(seen), footer(tx))
		addOrders(&m, seen.Officers)
		return m, nil
	})
	return resp, err
}

// TurnView is the turn message: the card turned up and who it moves (or,
// before the first, the turn begun), the cards drawn, and the button that
// draws the next while any are left.
func (*Ruleset) TurnView(g *battle.Game) (interaction.Message, error) {
	b, err := battle.BoardOf[rc.Board](g)
	if err != nil {
		return interaction.Message{}, err
	}
	seen := b // the turn message is the main channel's: under fog of war, what both sides know
	if g.Fogged() {
		seen = b.View(rules.Main)
	}
	card, ok := b.Current()
	if !ok {
		return interaction.Message{
			Embeds:  []interaction.Embed{{Title: fmt.Sprintf("Turn %d", b.Turn), Color: render.ColourRuling, Fields: []interaction.Field{turnField(b)}}},
			Buttons: []interaction.Button{{Label: "Draw a card", ID: turnmsg.ButtonNext, Style: interaction.Primary}},
		}, nil
	}
	e := interaction.Embed{
		Title:       fmt.Sprintf("Turn %d, card %d of 8: %s", b.Turn, b.Drawn, card),
		Description: strings.ToUpper(card.Moves()[:1]) + card.Moves()[1:] + ".",
		Color:       render.ColourRuling,
		Footer:      "reading C2: the drawn command moves; units need an order to move (`/crimea move`)",
		Fields:      []interaction.Field{{Name: "Who moves", Value: render.Clip(whoMoves(seen, card), render.MaxFieldValue)}, turnField(b)},
	}
	msg := interaction.Message{Embeds: []interaction.Embed{e}}
	if b.Drawn < len(b.Deck) {
		msg.Buttons = []interaction.Button{{Label: "Draw the next card", ID: turnmsg.ButtonNext, Style: interaction.Primary}}
	} else {
		msg.Embeds[0].Footer = "last card of the turn: start the next with /turn new"
	}
	return msg, nil
}

// NextTurn turns up the next card of the movement deck; the turn message
// says which command moves.
func (*Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("draw the next movement card"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	card, err := b.Draw()
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Log(fmt.Sprintf("turn %d, card %d of 8: %s", b.Turn, b.Drawn, card))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Turn: interaction.TurnNews(""), Result: struct {
		Turn  int     `json:"turn"`
		Drawn int     `json:"drawn"`
		Card  rc.Card `json:"card"`
	}{b.Turn, b.Drawn, card}}, nil
}

// TurnStatus shows the cards drawn this turn and every officer's orders left.
func (*Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	fields := []interaction.Field{turnField(b)}
	for _, side := range rc.Sides {
		var lines []string
		for _, o := range b.Officers {
			if o.Side == side {
				lines = append(lines, officerLine(o, b.Turn > 0))
			}
		}
		if len(lines) > 0 {
			fields = append(fields, interaction.Field{Name: string(side) + " officers", Value: render.Clip(strings.Join(lines, "\n"), render.MaxFieldValue)})
		}
	}
	e := interaction.Embed{Title: "Turn status", Color: render.ColourRuling, Fields: fields}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}}, nil
}
