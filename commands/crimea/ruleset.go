package crimea

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Ruleset is Stormed at with Shot and Shell as the game lifecycle, the turn
// engine and /rules see it.
type Ruleset struct{}

// New returns the rule set.
func New() Ruleset { return Ruleset{} }

// ID is "crimea".
func (Ruleset) ID() string { return rc.RulesetID }

// Name is the rule set's title.
func (Ruleset) Name() string { return "Stormed at with Shot and Shell" }

// NewBoard is an empty roster before the first turn.
func (Ruleset) NewBoard() any { return &Board{} }

// ValidateBoard checks an imported board.
func (Ruleset) ValidateBoard(raw json.RawMessage) error {
	b, err := decodeBoard(raw)
	if err != nil {
		return errors.New("the board is not a Stormed at with Shot and Shell roster")
	}
	return b.validate()
}

// House rules: the NOTES.md readings the umpire may switch.
const (
	HouseMorale     = "morale-pass"
	HouseGap        = "movement-gap"
	HouseTie        = "combat-tie"
	HouseCasualties = "combat-casualties"
	HouseCalibre    = "calibre"
)

// HouseRules are the readings an umpire may switch.
func (Ruleset) HouseRules() []battle.HouseRule {
	return []battle.HouseRule{
		{Name: HouseMorale, Values: []string{string(rc.MoraleHigh), string(rc.MoraleLow)}, Default: string(rc.MoraleHigh),
			Reading: rules.Reading{ID: "C5", Text: "high (default): a test passes on d100 ≥ 101 − rating; low: on d100 ≤ rating (the combat rolls are still the saved morale rolls)"}},
		{Name: HouseGap, Values: []string{string(rc.GapNone), string(rc.GapAs2130)}, Default: string(rc.GapNone),
			Reading: rules.Reading{ID: "C6", Text: "none (default): the missing 31–40 band of the movement modifier gives no modifier; as-21-30: it reads as 21–30 (lose 2\" infantry, 3\" cavalry)"}},
		{Name: HouseTie, Values: []string{string(rc.TieHold), string(rc.TieDefender)}, Default: string(rc.TieHold),
			Reading: rules.Reading{ID: "C8", Text: "hold (default): equal close combat totals, both hold and neither wins; defender: the defender wins ties"}},
		{Name: HouseCasualties, Values: []string{string(rc.CasualtiesBoth), string(rc.CasualtiesOne)}, Default: string(rc.CasualtiesBoth),
			Reading: rules.Reading{ID: "C8", Text: "both (default): both close combat casualty rules can apply to a side, up to 2 stands; one: at most 1 stand"}},
		{Name: HouseCalibre, Values: []string{"roll", "umpire"}, Default: "roll",
			Reading: rules.Reading{ID: "C3", Text: "roll (default): an officer added without a calibre rolls for it on the calibre table; umpire: the umpire gives every officer's calibre"}},
	}
}

// moraleRule, gapRule, tieRule and casualtyRule read the house rules in force.
func moraleRule(tx *battle.Tx) rc.MoraleRule {
	if tx.HouseRule(HouseMorale) == string(rc.MoraleLow) {
		return rc.MoraleLow
	}
	return rc.MoraleHigh
}

func gapRule(tx *battle.Tx) rc.GapRule {
	if tx.HouseRule(HouseGap) == string(rc.GapAs2130) {
		return rc.GapAs2130
	}
	return rc.GapNone
}

func tieRule(tx *battle.Tx) rc.TieRule {
	if tx.HouseRule(HouseTie) == string(rc.TieDefender) {
		return rc.TieDefender
	}
	return rc.TieHold
}

func casualtyRule(tx *battle.Tx) rc.CasualtyRule {
	if tx.HouseRule(HouseCasualties) == string(rc.CasualtiesOne) {
		return rc.CasualtiesOne
	}
	return rc.CasualtiesBoth
}

// crimeaGame reports whether the channel's battle is played under these rules.
func crimeaGame(tx *battle.Tx) bool { return tx.Game != nil && tx.Game.Ruleset == rc.RulesetID }

// load reads the board of a Crimea battle.
func load(tx *battle.Tx) (*Board, error) {
	var b Board
	if err := roster.Load(tx, rc.RulesetID, &b, "This channel's battle is played under %s, not Stormed at with Shot and Shell; give every factor as options for a quick ruling instead."); err != nil {
		return nil, err
	}
	return &b, nil
}

// footer is the roll number in a game, or says a quick ruling is not logged.
func footer(tx *battle.Tx) string {
	if tx.Game == nil {
		return "quick ruling, not logged"
	}
	if n := tx.RollNumber(); n > 0 {
		return fmt.Sprintf("roll #%d", n)
	}
	return "no dice rolled"
}

// show is a public ruling, with the ruling as the machine-readable result.
func show(tx *battle.Tx, r rules.Ruling, extra ...interaction.Field) interaction.Response {
	e := render.Ruling(r, footer(tx))
	for _, f := range extra {
		if len(e.Fields) < render.MaxFields {
			f.Value = render.Clip(f.Value, render.MaxFieldValue)
			e.Fields = append(e.Fields, f)
		}
	}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: r}
}

// NewTurn shuffles the movement deck and sets every officer's orders (C2, C3).
func (Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("start a turn"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	cut := b.Turn > 0 && b.Drawn < len(b.Deck)
	b.Turn++
	b.Deck = rc.Shuffle(tx.Dice())
	b.Drawn, b.Free = 0, ""
	tx.LogSecret(fmt.Sprintf("turn %d: movement deck shuffled", b.Turn))
	b.Rolled = nil
	for i := range b.Units {
		b.Units[i].Moved, b.Units[i].LostToFire = false, 0
	}
	r := rules.Ruling{Ruleset: rc.RulesetID, Title: fmt.Sprintf("Turn %d: the movement deck is shuffled", b.Turn),
		Readings: []rules.Reading{rc.ReadingC2}}
	var lines []string
	for i := range b.Officers {
		o := &b.Officers[i]
		steps, n, err := rc.TurnOrders(tx.Dice(), o.state(), moraleRule(tx))
		if err != nil {
			return interaction.Response{}, err
		}
		r.Steps = append(r.Steps, steps...)
		o.Orders, o.Stays = n, false
		line := fmt.Sprintf("%s (%s %s): %s", render.Inert(o.Name), o.Side, o.Calibre, plural(n, "order", "orders"))
		switch {
		case o.Dead:
			line = fmt.Sprintf("%s: dead, no orders", render.Inert(o.Name))
		case o.Wounded:
			line = fmt.Sprintf("%s: wounded, no orders until he recovers", render.Inert(o.Name))
		case o.Calibre == rc.Indolent:
			step, moves, err := rc.IndolentMove(tx.Dice(), o.state(), moraleRule(tx))
			if err != nil {
				return interaction.Response{}, err
			}
			r.Steps = append(r.Steps, step)
			o.Stays = !moves
			if o.Stays {
				line += ", does not move himself this turn"
			}
		}
		lines = append(lines, line)
	}
	if len(r.Steps) > 0 {
		r.Readings = append(r.Readings, rc.ReadingC5(moraleRule(tx)), rc.ReadingC1)
	}
	r.Result = fmt.Sprintf("Turn %d begins: eight cards in the deck, orders set for %s. The umpire draws with `/turn next`.", b.Turn, plural(len(b.Officers), "officer", "officers"))
	if cut {
		r.Result = fmt.Sprintf("Turn %d ended before every card was drawn. ", b.Turn-1) + r.Result
	}
	tx.Log(fmt.Sprintf("turn %d: orders set", b.Turn))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	orders := strings.Join(lines, "\n")
	if orders == "" {
		orders = "No officers on the roster yet (`/crimea officer-add`)."
	}
	resp := show(tx, r, interaction.Field{Name: "Orders this turn", Value: orders})
	resp.Public[0].Buttons = []interaction.Button{{Label: "Draw a card", ID: battle.ButtonTurnNext, Style: interaction.Primary}}
	return resp, nil
}

// NextTurn turns up the next card of the movement deck and says which command moves.
func (Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("draw the next movement card"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	switch {
	case b.Turn == 0:
		return interaction.Response{}, interaction.Refuse("No turn has started yet. The umpire shuffles the movement deck with `/turn new`.")
	case b.Drawn >= len(b.Deck):
		return interaction.Response{}, interaction.Refusef("All eight cards of turn %d are drawn. Start the next turn with `/turn new`.", b.Turn)
	}
	card := b.Deck[b.Drawn]
	b.Drawn++
	b.Free = ""
	tx.Log(fmt.Sprintf("turn %d, card %d of 8: %s", b.Turn, b.Drawn, card))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{
		Title:       fmt.Sprintf("Turn %d, card %d of 8: %s", b.Turn, b.Drawn, card),
		Description: capitalise(card.Moves()) + ".",
		Color:       render.ColourRuling,
		Footer:      "reading C2: the drawn command moves; units need an order to move (`/crimea move`)",
	}
	e.Fields = append(e.Fields, interaction.Field{Name: "Who moves", Value: render.Clip(b.whoMoves(card), render.MaxFieldValue)})
	msg := interaction.Message{Embeds: []interaction.Embed{e}}
	if b.Drawn < len(b.Deck) {
		msg.Buttons = []interaction.Button{{Label: "Draw the next card", ID: battle.ButtonTurnNext, Style: interaction.Primary}}
	} else {
		e.Footer = "last card of the turn: start the next with /turn new"
		msg.Embeds[0] = e
	}
	return interaction.Response{Public: []interaction.Message{msg}, Result: struct {
		Turn  int     `json:"turn"`
		Drawn int     `json:"drawn"`
		Card  rc.Card `json:"card"`
	}{b.Turn, b.Drawn, card}}, nil
}

// whoMoves lists the officers and units of the command a card moves.
func (b *Board) whoMoves(card rc.Card) string {
	if card.Command == rc.FreeMove {
		var cmds []string
		for _, w := range append(append([]rc.Command{}, rc.Wings...), "") {
			cmds = append(cmds, render.Inert(b.commandName(card.Side, w)))
		}
		return "Choose one: " + strings.Join(cmds, "; ") + ". The first unit to move fixes the choice (reading C2)."
	}
	var lines, units []string
	for _, o := range b.Officers {
		if o.Side == card.Side && !o.Dead && b.under(o.Name, card.Side, card.Command) {
			lines = append(lines, officerLine(o, true))
		}
	}
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side == card.Side && u.Stands > 0 && b.commandOf(u) == card.Command {
			units = append(units, render.Inert(u.Name))
		}
	}
	if len(units) == 0 {
		return fmt.Sprintf("Nothing on the roster is in the %s %s: nothing moves on this card.", card.Side, card.Command)
	}
	if len(lines) == 0 {
		lines = append(lines, "No officer of this command is fit to give orders.")
	}
	for _, o := range b.Officers {
		if o.Side == card.Side && o.Rank == CommanderInChief && !o.Dead {
			lines = append(lines, "The commander-in-chief may order any of them: "+officerLine(o, true))
		}
	}
	return strings.Join(lines, "\n") + "\nUnits: " + strings.Join(units, ", ")
}

// under reports whether an officer is within a wing's chain.
func (b *Board) under(name string, side rc.Side, w rc.Command) bool {
	for _, o := range b.chain(name) {
		if o.Side == side && o.Wing == w {
			return true
		}
	}
	return false
}

// officerLine describes an officer; inTurn says whether orders are counted yet.
func officerLine(o Officer, inTurn bool) string {
	who := ""
	if o.PlayerName != "" {
		who = " — " + render.Inert(o.PlayerName)
	}
	state := plural(o.Orders, "order", "orders") + " left"
	if !inTurn {
		state = fmt.Sprintf("%s orders a turn", ordersText(o.Calibre))
	}
	switch {
	case o.Dead:
		state = "dead"
	case o.Wounded:
		state = "wounded"
	case o.Stays && inTurn:
		state += ", does not move himself this turn"
	}
	return fmt.Sprintf("%s (%s, %s): %s%s", render.Inert(o.Name), o.Rank, o.Calibre, state, who)
}

// TurnStatus shows the cards drawn this turn and every officer's orders left.
func (r Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Turn status", Color: render.ColourRuling, Fields: b.turnFields()}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}}, nil
}

func (b *Board) turnFields() []interaction.Field {
	turn := "Not started: the umpire shuffles the movement deck with `/turn new`."
	if b.Turn > 0 {
		var drawn []string
		for i, c := range b.Deck[:b.Drawn] {
			drawn = append(drawn, fmt.Sprintf("%d. %s", i+1, c))
		}
		turn = fmt.Sprintf("Turn %d — %d of 8 cards drawn, %d left.", b.Turn, b.Drawn, len(b.Deck)-b.Drawn)
		if len(drawn) > 0 {
			turn += "\n" + strings.Join(drawn, "\n")
		}
		if c, ok := b.current(); ok {
			turn += "\nNow: " + c.Moves() + "."
		}
	}
	fields := []interaction.Field{{Name: "Turn", Value: turn}}
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
	return fields
}

// Moment is the turn and how many movement cards are turned up.
func (Ruleset) Moment(g *battle.Game) (battle.Moment, error) {
	b, err := decodeBoard(g.Board)
	if err != nil {
		return battle.Moment{}, err
	}
	return battle.Moment{Key: fmt.Sprintf("%d.%d", b.Turn, b.Drawn), Text: fmt.Sprintf("turn %d, %d of %d movement cards turned up", b.Turn, b.Drawn, len(b.Deck))}, nil
}

// Sequence is how a turn runs.
func (Ruleset) Sequence() string {
	return "Stormed at with Shot and Shell has no secret cards: each turn the umpire shuffles the movement deck (`/turn new`) and turns up one card at a time (`/turn next`); the command on the card moves, each unit on an order from its officer (`/crimea move`)."
}

// Status is the rule set's part of /game status.
func (Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := decodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	fields := b.turnFields()[:1]
	for _, side := range rc.Sides {
		var lines []string
		for _, u := range b.Units {
			if u.Side == side {
				lines = append(lines, unitLine(u))
			}
		}
		for _, o := range b.Officers {
			if o.Side == side {
				lines = append(lines, "★ "+officerLine(o, b.Turn > 0))
			}
		}
		if len(lines) == 0 {
			lines = []string{"nothing on the roster yet"}
		}
		fields = append(fields, interaction.Field{Name: string(side), Value: render.Clip(strings.Join(lines, "\n"), render.MaxFieldValue)})
	}
	return fields, nil
}

func unitLine(u Unit) string {
	var extra []string
	if u.Disordered {
		extra = append(extra, "disordered")
	}
	if u.LostToFire > 0 {
		extra = append(extra, plural(u.LostToFire, "stand", "stands")+" lost to fire this turn")
	}
	if u.Moved {
		extra = append(extra, "moved")
	}
	if u.Officer != "" {
		extra = append(extra, "under "+render.Inert(u.Officer))
	}
	s := fmt.Sprintf("%s: %s %s in %s, %d/%d stands, morale %d%%", render.Inert(u.Name), u.Nationality, u.Type, u.Formation, u.Stands, u.Start, u.Morale)
	if u.Stands == 0 {
		s = fmt.Sprintf("%s: destroyed (%d stands lost)", render.Inert(u.Name), u.Start)
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// Losses is the after-action report: stands lost by each unit, officers fallen.
func (Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := decodeBoard(g.Board)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for _, side := range rc.Sides {
		lost, start := 0, 0
		var lines []string
		for _, u := range b.Units {
			if u.Side != side {
				continue
			}
			lost += u.Start - u.Stands
			start += u.Start
			if u.Start > u.Stands {
				note := ""
				if u.Stands == 0 {
					note = " — destroyed"
				}
				lines = append(lines, fmt.Sprintf("- %s: %d of %d stands lost%s", render.Inert(u.Name), u.Start-u.Stands, u.Start, note))
			}
		}
		for _, o := range b.Officers {
			switch {
			case o.Side != side:
			case o.Dead:
				lines = append(lines, fmt.Sprintf("- %s (%s): killed", render.Inert(o.Name), o.Rank))
			case o.Wounded:
				lines = append(lines, fmt.Sprintf("- %s (%s): wounded", render.Inert(o.Name), o.Rank))
			}
		}
		fmt.Fprintf(&out, "**%s**: %d of %d stands lost\n", side, lost, start)
		if len(lines) == 0 {
			lines = []string{"- no losses"}
		}
		out.WriteString(strings.Join(lines, "\n") + "\n")
	}
	if b.Turn > 0 {
		fmt.Fprintf(&out, "Fought over %s.\n", plural(b.Turn, "turn", "turns"))
	}
	return out.String(), nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ordersText is the orders a calibre gives a turn: "5", "3 or 5".
func ordersText(c rc.Calibre) string {
	if c == rc.Rash {
		return fmt.Sprintf("%d or %d", rc.BaseOrders[c], rc.RashOrders)
	}
	return fmt.Sprint(rc.BaseOrders[c])
}
