package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

func turnButtons() []interaction.Button {
	return []interaction.Button{
		{Label: "Next count (umpire)", ID: battle.ButtonTurnNext, Style: interaction.Secondary},
		{Label: "Act now", ID: battle.ButtonTurnAct, Style: interaction.Primary},
	}
}

// Moment is the turn and the count called in it.
func (*Ruleset) Moment(g *battle.Game) (battle.Moment, error) {
	b, err := decodeBoard(g.Board)
	if err != nil {
		return battle.Moment{}, err
	}
	t := b.Turn
	calls := gj.Calls(t.Suits)
	switch {
	case t.Ended:
		return battle.Moment{Key: fmt.Sprintf("%d.end", t.Number), Text: fmt.Sprintf("the end of turn %d", t.Number)}, nil
	case t.Pos < 0:
		return battle.Moment{Key: fmt.Sprintf("%d.0", t.Number), Text: fmt.Sprintf("turn %d, before the first count", t.Number)}, nil
	case t.Pos >= len(calls):
		return battle.Moment{Key: fmt.Sprintf("%d.ace", t.Number), Text: fmt.Sprintf("turn %d, past Ace", t.Number)}, nil
	}
	return battle.Moment{Key: fmt.Sprintf("%d.%d", t.Number, t.Pos+1), Text: fmt.Sprintf("turn %d, count %s", t.Number, gj.CallName(calls[t.Pos], t.Suits))}, nil
}

// Sequence is how a turn runs.
func (*Ruleset) Sequence() string {
	return "Each turn the umpire deals every character a card by DM (`/turn new`) and calls the count down from 6 (`/turn next`); the holder of the card called acts with `/act`."
}

// NewTurn deals every living character a card (G1) with a Fisher–Yates shuffle
// drawn from the game's dice, DMs each holder his card, and announces only that
// the cards are dealt, with a commitment to the deal.
func (*Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("deal a new turn"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if b.Turn.Number > 0 && !b.Turn.Ended {
		return interaction.Response{}, interaction.Refusef("Turn %d is still being played: call the count down to its end with `/turn next` first.", b.Turn.Number)
	}
	var living []*Character
	for _, c := range b.Characters {
		c.Card, c.State, c.AP, c.Spent, c.Spotted = nil, "", 0, 0, nil
		if !c.Dead {
			living = append(living, c)
		}
	}
	cards, suits, err := gj.Deal(tx.Dice(), len(living))
	if err != nil {
		return interaction.Response{}, err
	}
	salt := gj.Salt(tx.Dice())
	n := b.Turn.Number + 1
	b.Turn = Turn{Number: n, Suits: suits, Pos: -1, Salt: salt, Commitment: gj.Commitment(n, cards, salt)}
	var resp interaction.Response
	for i, c := range living {
		card := cards[i]
		c.Card, c.State = &card, Waiting
		b.Turn.Deal = append(b.Turn.Deal, c.Name)
		resp.DMs = append(resp.DMs, cardDM(tx.Game, n, c, suits))
	}
	for _, s := range b.Squads {
		s.Moved = 0
	}
	tx.LogSecret(fmt.Sprintf("turn %d: %s dealt (commitment %s)", n, plural(len(living), "card", "cards"), b.Turn.Commitment[:16]))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	suitText := "one suit"
	if suits > 1 {
		var names []string
		for s := range suits {
			names = append(names, gj.Suit(s).String())
		}
		suitText = fmt.Sprintf("%d suits, ranked %s", suits, strings.Join(names, " > "))
	}
	desc := fmt.Sprintf("Cards are dealt to %s (%s). Each holder has his card by direct message; no one else sees it (`/card` shows your own).\n"+
		"The umpire calls the count down with **Next count**; a holder may delay and **Act now** at any lower count.\n\nCommitment to the deal: `%s`",
		plural(len(living), "character", "characters"), suitText, b.Turn.Commitment)
	e := interaction.Embed{Title: fmt.Sprintf("Turn %d", n), Description: desc, Color: render.ColourRuling}
	if suits > 2 {
		e.Fields = append(e.Fields, interaction.Field{Name: "Reading", Value: "• **G1** " + render.Inert(gj.Readings["G1"].Text)})
	}
	resp.Public = []interaction.Message{{Embeds: []interaction.Embed{e}, Buttons: turnButtons()}}
	resp.Result = struct {
		Turn       int    `json:"turn"`
		Dealt      int    `json:"dealt"`
		Suits      int    `json:"suits"`
		Commitment string `json:"commitment"`
	}{n, len(living), suits, b.Turn.Commitment}
	return resp, nil
}

// cardDM is the direct message carrying a holder's card; it goes to his player,
// or to the umpire for a character the umpire plays.
func cardDM(g *battle.Game, turn int, c *Character, suits int) interaction.DM {
	to := c.Player
	if to == "" {
		to = g.Umpire
	}
	card := c.Card.String()
	if suits == 1 {
		card = gj.RankName(c.Card.Rank)
	}
	return interaction.DM{
		UserID: to, UserName: g.Player(to),
		Message: interaction.Message{Content: fmt.Sprintf("Turn %d: **%s** holds the **%s** (%s). Keep it to yourself. You act when the count reaches it with that many AP, or later with `/act` (AP = the count reached).",
			turn, render.Inert(c.Name), card, c.Card.Short())},
		Fallback: fmt.Sprintf("Could not DM %s the card of %s: they can see it with `/card`.", render.Inert(g.Player(to)), render.Inert(c.Name)),
	}
}

// finish ends the moves of everyone on the move; it returns a note of unspent AP.
func finish(b *Board) []string {
	var notes []string
	for _, n := range b.Turn.Order {
		c := b.Character(n)
		if c == nil {
			continue
		}
		if c.AP > 0 {
			notes = append(notes, fmt.Sprintf("%s's move ends with %s unspent.", render.Inert(c.Name), plural(c.AP, "AP", "AP")))
		}
		c.State, c.AP = Acted, 0
	}
	b.Turn.Order = nil
	return notes
}

// playing loads the board of a turn being played, refusing with noDeal when no
// cards are dealt yet and with over (given the turn's number) when it is over.
func playing(tx *battle.Tx, noDeal, over string) (*Board, error) {
	b, err := load(tx)
	if err != nil {
		return nil, err
	}
	switch {
	case b.Turn.Number == 0:
		return nil, interaction.Refuse(noDeal)
	case b.Turn.Ended:
		return nil, interaction.Refusef(over, b.Turn.Number)
	}
	return b, nil
}

// NextTurn calls the next count (G2). The holder of the count goes on the move;
// after Ace, everyone who has not acted acts with 1 AP; then the turn ends and
// the deal is revealed against its commitment.
func (*Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("call the count"); err != nil {
		return interaction.Response{}, err
	}
	b, err := playing(tx, "No cards are dealt yet: deal with `/turn new`.",
		"Turn %d is over: deal the next with `/turn new`.")
	if err != nil {
		return interaction.Response{}, err
	}
	t := &b.Turn
	notes := finish(b)
	calls := gj.Calls(t.Suits)
	t.Pos++
	var lines []string
	lines = append(lines, notes...)
	title := fmt.Sprintf("Turn %d", t.Number)
	ended := false
	resp := interaction.Response{}
	switch {
	case t.Pos < len(calls):
		call := calls[t.Pos]
		name := gj.CallName(call, t.Suits)
		title = fmt.Sprintf("Turn %d: count %s", t.Number, name)
		// The same words whether or not anyone holds the count: a holder who
		// holds back keeps his card secret. Only the holder is told, by DM.
		lines = append(lines, fmt.Sprintf("Count **%s** is called. Its holder acts now with %s (**Act now**, or `/act`), or holds back and acts at a later count. "+
			"A holder of a higher card who held back may act first, with %s.", name, plural(call.Rank, "AP", "AP"), plural(call.Rank, "AP", "AP")))
		for _, c := range b.Characters {
			if c.Card != nil && *c.Card == call && c.State == Waiting && !c.Dead {
				resp.DMs = append(resp.DMs, calledDM(tx.Game, b, c, name, call.Rank))
			}
		}
	case t.Pos == len(calls):
		title = fmt.Sprintf("Turn %d: the count has passed Ace", t.Number)
		var late []*Character
		for _, c := range b.Characters {
			if c.State == Waiting && !c.Dead && c.Card != nil {
				late = append(late, c)
			}
		}
		slices.SortFunc(late, func(x, y *Character) int {
			return gj.CallIndex(*x.Card, t.Suits) - gj.CallIndex(*y.Card, t.Suits)
		})
		if len(late) == 0 {
			ended = true
			break
		}
		var names []string
		for _, c := range late {
			startMove(b, c, 1)
			names = append(names, "**"+render.Inert(c.Name)+"**")
			lines = append(lines, owedLines(b, c)...)
		}
		lines = append([]string{fmt.Sprintf("Those who have not acted act last, 1 AP each, in this order: %s.", strings.Join(names, ", "))}, lines...)
	default:
		ended = true
	}
	if ended {
		t.Ended = true
		t.Pos = len(calls) + 1
		for _, c := range b.Characters {
			c.State, c.AP = Acted, 0
		}
		title = fmt.Sprintf("Turn %d is over", t.Number)
		lines = append(lines, reveal(b), "The umpire deals the next turn with `/turn new`.")
		tx.Log(fmt.Sprintf("turn %d over; deal revealed (salt %s)", t.Number, t.Salt))
	} else {
		tx.Log(title)
	}
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	msg := interaction.Message{Embeds: []interaction.Embed{{Title: title, Description: render.Clip(strings.Join(lines, "\n"), render.MaxDescription), Color: render.ColourRuling}}}
	if !ended {
		msg.Buttons = turnButtons()
	}
	resp.Public = []interaction.Message{msg}
	resp.Result = turnResult(b)
	return resp, nil
}

// calledDM tells a holder privately that the count has reached his card.
func calledDM(g *battle.Game, b *Board, c *Character, count string, ap int) interaction.DM {
	to := c.Player
	if to == "" {
		to = g.Umpire
	}
	text := fmt.Sprintf("Turn %d, count %s: **%s**'s card is called. Act now with %s (`/act` or **Act now** on the turn message), or hold back and act at a later count with fewer AP.",
		b.Turn.Number, count, render.Inert(c.Name), plural(ap, "AP", "AP"))
	if owed := owedLines(b, c); len(owed) > 0 {
		text += "\n" + strings.Join(owed, "\n")
	}
	return interaction.DM{UserID: to, UserName: g.Player(to), Message: interaction.Message{Content: text},
		Fallback: fmt.Sprintf("Could not DM %s that the count has moved on: they can check with `/card`.", render.Inert(g.Player(to)))}
}

// reveal shows the whole deal of a finished turn and how to check it.
func reveal(b *Board) string {
	var cards []string
	var deal []gj.Card
	for _, n := range b.Turn.Deal {
		c := b.Character(n)
		if c == nil || c.Card == nil {
			continue
		}
		deal = append(deal, *c.Card)
		cards = append(cards, fmt.Sprintf("%s %s", render.Inert(c.Name), c.Card.Short()))
	}
	ok := gj.Commitment(b.Turn.Number, deal, b.Turn.Salt) == b.Turn.Commitment
	check := "it matches the commitment"
	if !ok {
		check = "it does NOT match the commitment (the roster changed during the turn)"
	}
	return fmt.Sprintf("The deal was: %s; salt `%s`; %s (SHA-256 of `greenjackets deal v1|turn %d|<cards in this order>|<salt>`).",
		strings.Join(cards, ", "), b.Turn.Salt, check, b.Turn.Number)
}

func startMove(b *Board, c *Character, ap int) {
	c.State, c.AP, c.Spent = OnMove, ap, 0
	b.Turn.Order = append(b.Turn.Order, c.Name)
}

func playerOf(g *battle.Game, c *Character) string {
	if c.Player == "" {
		return "umpire"
	}
	return g.Player(c.Player)
}

// owedLines are the morale tests a character's squads owe, resolved first (G5).
func owedLines(b *Board, c *Character) []string {
	var out []string
	for _, s := range b.SquadsOf(c) {
		if (s.Owed > 0 || s.Called) && len(s.Living()) > 0 {
			why := "the umpire called one"
			if s.Owed > 0 {
				why = plural(s.Owed, "friend died", "friends died")
			}
			out = append(out, fmt.Sprintf("First, morale: %s tests (%s) with `/greenjackets morale squad:%s`.", render.Inert(s.Name), why, render.Inert(s.Name)))
		}
	}
	return out
}

// Act lets the invoker's character act now (G2): at his card's count, or later
// when he delayed, with AP equal to the count reached and precedence over the
// holder of that count; after Ace with 1 AP.
func (*Ruleset) Act(tx *battle.Tx) (interaction.Response, error) {
	b, err := playing(tx, "No cards are dealt yet: the umpire deals with `/turn new`.",
		"Turn %d is over: wait for the umpire to deal the next.")
	if err != nil {
		return interaction.Response{}, err
	}
	t := &b.Turn
	mine := holdersOf(tx, b)
	if len(mine) == 0 {
		return interaction.Response{}, interaction.Refuse("You hold no card this turn: only the holder of a card (or the umpire, for the characters he plays) can act.")
	}
	var c *Character
	var firstErr error
	ap := 0
	for _, x := range mine {
		switch x.State {
		case OnMove:
			return interaction.Response{}, interaction.Refusef("It is already %s's move: %s left.", render.Inert(x.Name), plural(x.AP, "AP", "AP"))
		case Waiting:
			n, err := gj.ActAt(*x.Card, t.Suits, t.Pos)
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			if c == nil || gj.CallIndex(*x.Card, t.Suits) < gj.CallIndex(*c.Card, t.Suits) {
				c, ap = x, n
			}
		}
	}
	if c == nil {
		if firstErr != nil {
			return interaction.Response{}, firstErr
		}
		return interaction.Response{}, interaction.Refuse("You have already acted this turn.")
	}
	calls := gj.Calls(t.Suits)
	// Precedence over the holder of the count, unless he has begun his move.
	c.State, c.AP, c.Spent = OnMove, ap, 0
	at := 0
	if len(t.Order) > 0 {
		if front := b.Character(t.Order[0]); front != nil && front.Spent > 0 {
			at = 1
		}
	}
	t.Order = slices.Insert(t.Order, min(at, len(t.Order)), c.Name)
	var lines []string
	title := fmt.Sprintf("Turn %d: after Ace", t.Number)
	if t.Pos < len(calls) {
		title = fmt.Sprintf("Turn %d: count %s", t.Number, gj.CallName(calls[t.Pos], t.Suits))
	}
	if t.Pos >= len(calls) {
		lines = append(lines, fmt.Sprintf("**%s** acts now, after Ace, with 1 AP.", render.Inert(c.Name)))
	} else {
		count := gj.CallName(calls[t.Pos], t.Suits)
		if gj.CallIndex(*c.Card, t.Suits) == t.Pos {
			lines = append(lines, fmt.Sprintf("**%s** acts at count %s with %s.", render.Inert(c.Name), count, plural(ap, "AP", "AP")))
		} else {
			lines = append(lines, fmt.Sprintf("**%s** held back and acts now, at count %s, with %s, ahead of the holder of that count.", render.Inert(c.Name), count, plural(ap, "AP", "AP")))
		}
	}
	lines = append(lines, owedLines(b, c)...)
	tx.Log(fmt.Sprintf("%s acts with %s", c.Name, plural(ap, "AP", "AP")))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{
		Public: []interaction.Message{{Embeds: []interaction.Embed{{Title: title, Description: strings.Join(lines, "\n"), Color: render.ColourRuling}}, Buttons: turnButtons()}},
		Result: turnResult(b),
	}, nil
}

// holdersOf lists the characters the invoker holds cards for: his own, and for
// the umpire the characters no player holds.
func holdersOf(tx *battle.Tx, b *Board) []*Character {
	var out []*Character
	for _, c := range b.Characters {
		if c.Card == nil || c.Dead {
			continue
		}
		if c.Player == tx.Req.User.ID || (c.Player == "" && tx.IsUmpire()) {
			out = append(out, c)
		}
	}
	return out
}

// Card shows the invoker his own card, ephemerally; the umpire sees every card.
func (*Ruleset) Card(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if b.Turn.Number == 0 {
		return interaction.Whisper("No cards are dealt yet."), nil
	}
	var lines []string
	for _, c := range b.Characters {
		if c.Card == nil {
			continue
		}
		if c.Player == tx.Req.User.ID || tx.IsUmpire() {
			lines = append(lines, fmt.Sprintf("**%s**: %s (%s), %s", render.Inert(c.Name), c.Card.String(), c.Card.Short(), c.State))
		}
	}
	if len(lines) == 0 {
		return interaction.Whisper(fmt.Sprintf("You hold no card in turn %d.", b.Turn.Number)), nil
	}
	head := fmt.Sprintf("Turn %d, your card:", b.Turn.Number)
	if tx.IsUmpire() {
		head = fmt.Sprintf("Turn %d, every card (umpire's view):", b.Turn.Number)
	}
	return interaction.Whisper(head + "\n" + strings.Join(lines, "\n")), nil
}

// TurnStatus says whose move it is and how many AP remain, never an unplayed card.
func (*Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	lines := []string{turnLine(b)}
	var waiting, acted []string
	for _, c := range b.Characters {
		switch c.State {
		case Waiting:
			waiting = append(waiting, render.Inert(c.Name))
		case Acted:
			acted = append(acted, render.Inert(c.Name))
		}
	}
	if len(waiting) > 0 && !b.Turn.Ended {
		lines = append(lines, "Yet to act: "+strings.Join(waiting, ", ")+".")
	}
	if len(acted) > 0 && !b.Turn.Ended {
		lines = append(lines, "Have acted: "+strings.Join(acted, ", ")+".")
	}
	return interaction.Response{
		Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{{Title: "Green Jackets: the turn", Description: strings.Join(lines, "\n"), Color: render.ColourRuling}}}},
		Result:    turnResult(b),
	}, nil
}

// TurnResult is the machine-readable turn, without any card.
type TurnResult struct {
	Turn   int           `json:"turn"`
	Count  string        `json:"count,omitempty"`
	Ended  bool          `json:"ended,omitempty"`
	OnMove []MoverResult `json:"on_move,omitempty"`
}

// MoverResult is a character on the move.
type MoverResult struct {
	Name string `json:"name"`
	AP   int    `json:"ap"`
}

func turnResult(b *Board) TurnResult {
	r := TurnResult{Turn: b.Turn.Number, Ended: b.Turn.Ended}
	calls := gj.Calls(max(b.Turn.Suits, 1))
	switch {
	case b.Turn.Pos >= 0 && b.Turn.Pos < len(calls):
		r.Count = gj.CallName(calls[b.Turn.Pos], b.Turn.Suits)
	case b.Turn.Pos == len(calls):
		r.Count = "after Ace"
	}
	for _, n := range b.Turn.Order {
		if c := b.Character(n); c != nil {
			r.OnMove = append(r.OnMove, MoverResult{c.Name, c.AP})
		}
	}
	return r
}
