package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

func turnButtons() []interaction.Button {
	return []interaction.Button{
		{Label: "Next count (umpire)", ID: turnmsg.ButtonNext, Style: interaction.Secondary},
		{Label: "Act now", ID: turnmsg.ButtonAct, Style: interaction.Primary},
		{Label: "My card", ID: turnmsg.ButtonCard, Style: interaction.Success},
	}
}

// TurnView is the turn message: where the turn stands, who is on the move,
// who is yet to act and who has acted (never a card), the commitment to the
// deal, and the turn's buttons while it runs.
func (*Ruleset) TurnView(g *battle.Game) (interaction.Message, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return interaction.Message{}, err
	}
	if b.Turn.Ended { // the turn step's news reveals the deal
		e := turnEmbed(b.TurnTitle(), "The umpire deals the next turn with `/turn new`.")
		return interaction.Message{Embeds: []interaction.Embed{e}}, nil
	}
	lines := standing(b)
	if on := onTheMove(b); on != "" {
		lines = append([]string{on}, lines...)
	}
	e := turnEmbed(b.TurnTitle(), strings.Join(lines, "\n"))
	e.Footer = "Commitment to the deal: " + b.Turn.Commitment
	return interaction.Message{Embeds: []interaction.Embed{e}, Buttons: turnButtons()}, nil
}

// standing says who is yet to act and who has acted, never a card.
func standing(b *gj.Board) []string {
	waiting, acted := b.Standing()
	var lines []string
	if len(waiting) > 0 {
		lines = append(lines, "Yet to act: "+names(waiting)+".")
	}
	if len(acted) > 0 {
		lines = append(lines, "Have acted: "+names(acted)+".")
	}
	return lines
}

// names lists the characters' names: "Lt Sharpe, Capt Dubois".
func names(cs []*gj.Character) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = render.Inert(c.Name)
	}
	return strings.Join(out, ", ")
}

func turnEmbed(title, desc string) interaction.Embed {
	return interaction.Embed{Title: title, Description: render.Clip(desc, render.MaxDescription), Color: render.ColourRuling}
}

// NewTurn deals every living character a card (G1), DMs each holder his card,
// and announces only that the cards are dealt, with a commitment to the deal.
func (*Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("deal a new turn"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	d, err := b.NewTurn(tx.Dice())
	if err != nil {
		return interaction.Response{}, err
	}
	var resp interaction.Response
	for _, c := range d.Dealt {
		resp.DMs = append(resp.DMs, cardDM(tx.Game, d.Turn, c, d.Suits))
	}
	// Every reader's: how many cards are dealt is public, the commitment names
	// no one (DealForm), and the shuffle's dice stay secret.
	tx.LogSecretAbout(fmt.Sprintf("turn %d: %s dealt (commitment %s)", d.Turn, rules.Plural(len(d.Dealt), "card", "cards"), b.Turn.Commitment[:16]))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	suitText := "one suit"
	if d.Suits > 1 {
		var names []string
		for s := range d.Suits {
			names = append(names, gj.Suit(s).String())
		}
		suitText = fmt.Sprintf("%d suits, ranked %s", d.Suits, strings.Join(names, " > "))
	}
	news := fmt.Sprintf("Cards are dealt to every living character (%s). Each holder has his card by direct message; no one else sees it (**My card** or `/card` shows your own). "+
		"The umpire calls the count down with **Next count**; a holder may delay and **Act now** at any lower count.", suitText)
	if d.Suits > 2 {
		news += "\n• **G1** " + render.Inert(gj.Readings["G1"].Text)
	}
	resp.Turn = interaction.TurnNews(news)
	resp.Result = struct {
		Turn       int    `json:"turn"`
		Dealt      int    `json:"dealt"`
		Suits      int    `json:"suits"`
		Commitment string `json:"commitment"`
	}{d.Turn, len(d.Dealt), d.Suits, b.Turn.Commitment}
	return resp, nil
}

// holderDM is a direct message to a card's holder: his player, or the umpire
// for a character the umpire plays.
func holderDM(g *battle.Game, c *gj.Character, text, fallback string) interaction.DM {
	to := roster.Holder(g, c.Player)
	return interaction.DM{UserID: to, UserName: g.Player(to), Message: interaction.Message{Content: text}, Fallback: fallback}
}

// cardDM is the direct message carrying a holder's card.
func cardDM(g *battle.Game, turn int, c *gj.Character, suits int) interaction.DM {
	card := c.Card.String()
	if suits == 1 {
		card = gj.RankName(c.Card.Rank)
	}
	return holderDM(g, c, fmt.Sprintf("Turn %d: **%s** holds the **%s** (%s). Keep it to yourself. You act when the count reaches it with that many AP, or later with `/act` (AP = the count reached).",
		turn, render.Inert(c.Name), card, c.Card.Short()),
		"they can see the card of "+render.Inert(c.Name)+" with `/card`.")
}

// NextTurn calls the next count (G2): the holder of the count is told by DM;
// after Ace, everyone who has not acted acts with 1 AP; then the turn ends and
// the deal is revealed against its commitment.
func (*Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("call the count"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	out, err := b.NextCount(tx.Game.Fogged())
	if err != nil {
		return interaction.Response{}, err
	}
	t := b.Turn
	news := &interaction.TurnMessage{}
	for _, u := range out.Unspent {
		news.Line(fmt.Sprintf("%s's move ends with %s unspent.", render.Inert(u.Name), rules.Plural(u.AP, "AP", "AP")), u.Name)
	}
	var resp interaction.Response
	switch {
	case out.Ended:
		news.Line(reveal(b), b.Revealed().Holders...)
		tx.LogAbout(fmt.Sprintf("turn %d over; deal revealed (salt %s)", t.Number, t.Salt)) // every reader's, whoever is left unspent
	case out.Call != nil:
		name := b.CountName()
		// The same words whether or not anyone holds the count: a holder who
		// holds back keeps his card secret. Only the holder is told, by DM.
		hold := ", or holds back and acts at a later count"
		if out.Call.Rank == 1 { // at an Ace no later count has fewer AP: nothing to hold back for
			hold = ""
		}
		news.Line(fmt.Sprintf("Count **%s** is called. Its holder acts now with %s (**Act now**, or `/act`)%s. "+
			"A holder of a higher card who held back may act first, with %s.", name, rules.Plural(out.Call.Rank, "AP", "AP"), hold, rules.Plural(out.Call.Rank, "AP", "AP")))
		for _, c := range out.Called {
			resp.DMs = append(resp.DMs, calledDM(tx.Game, b, c, name, out.Call.Rank))
		}
		tx.LogAbout(b.TurnTitle()) // the count is every reader's, whoever it sets moving
	default: // past Ace, in order; under fog each late one goes on the move himself
		act := ""
		if tx.Game.Fogged() {
			act = " (**Act now**, or `/act`)"
		}
		for _, c := range out.Late {
			news.Line(strings.Join(append([]string{fmt.Sprintf("**%s** has not acted: he acts last, with 1 AP%s.", render.Inert(c.Name), act)}, owedLines(b, c)...), "\n"), c.Name)
			if act != "" {
				resp.DMs = append(resp.DMs, lateDM(tx.Game, b, c))
			}
		}
		tx.LogAbout(b.TurnTitle())
	}
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	resp.Turn = news
	resp.Result = turnResult(b)
	return resp, nil
}

// calledDM tells a holder privately that the count has reached his card.
func calledDM(g *battle.Game, b *gj.Board, c *gj.Character, count string, ap int) interaction.DM {
	text := fmt.Sprintf("Turn %d, count %s: **%s**'s card is called. Act now with %s (`/act` or **Act now** on the turn message)",
		b.Turn.Number, count, render.Inert(c.Name), rules.Plural(ap, "AP", "AP"))
	if ap > 1 { // at an Ace no later count has fewer AP: holding back gains nothing
		text += ", or hold back and act at a later count with fewer AP"
	}
	text += "."
	if owed := owedLines(b, c); len(owed) > 0 {
		text += "\n" + strings.Join(owed, "\n")
	}
	return holderDM(g, c, text, "they can check with `/card` that the count has moved on.")
}

// lateDM tells a holder privately that the count has passed Ace with his
// character yet to act (under fog of war, where he goes on the move
// himself).
func lateDM(g *battle.Game, b *gj.Board, c *gj.Character) interaction.DM {
	text := fmt.Sprintf("Turn %d: the count has passed Ace and **%s** has not acted. Act now with 1 AP (`/act` or **Act now** on the turn message).",
		b.Turn.Number, render.Inert(c.Name))
	if owed := owedLines(b, c); len(owed) > 0 {
		text += "\n" + strings.Join(owed, "\n")
	}
	return holderDM(g, c, text, "they can check with `/card` that the count has passed Ace.")
}

// reveal shows the whole deal of a finished turn and how to check it: the
// exact form hashed, and its hash.
func reveal(b *gj.Board) string {
	r := b.Revealed()
	cards := make([]string, len(r.Cards))
	for i, c := range r.Cards {
		cards[i] = fmt.Sprintf("%s %s", render.Inert(r.Holders[i]), c.Short())
	}
	check := "it matches the commitment published at the deal"
	if !r.Matches {
		check = fmt.Sprintf("it does NOT match the commitment published at the deal, `%s` (the roster changed during the turn)", b.Turn.Commitment)
	}
	return fmt.Sprintf("The deal was: %s; salt `%s`. Its commitment hashed the turn, the cards in dealing order and the salt: `%s`; %s.",
		strings.Join(cards, ", "), b.Turn.Salt, rules.Hashed(gj.DealForm(b.Turn.Number, r.Cards, b.Turn.Salt)), check)
}

// owedLines are the morale tests a character's squads owe, resolved first (G5).
func owedLines(b *gj.Board, c *gj.Character) []string {
	var out []string
	for _, s := range b.OwingMorale(c) {
		why := "the umpire called one"
		if s.Owed > 0 {
			why = rules.Plural(s.Owed, "friend died", "friends died")
		}
		out = append(out, fmt.Sprintf("First, morale: %s tests (%s) with `/greenjackets morale squad:%s`.", render.Inert(s.Name), why, rules.Arg(s.Name)))
	}
	return out
}

// Act lets the invoker's character act now (G2).
func (*Ruleset) Act(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	a, err := actor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	out, err := b.Act(a)
	if err != nil {
		return interaction.Response{}, err
	}
	name := render.Inert(out.Char.Name)
	var line string
	switch count := b.CountName(); {
	case out.AfterAce:
		line = fmt.Sprintf("**%s** acts now, after Ace, with 1 AP.", name)
	case out.HeldBack:
		line = fmt.Sprintf("**%s** held back and acts now, at count %s, with %s, ahead of the holder of that count.", name, count, rules.Plural(out.AP, "AP", "AP"))
	default:
		line = fmt.Sprintf("**%s** acts at count %s with %s.", name, count, rules.Plural(out.AP, "AP", "AP"))
	}
	tx.Log(fmt.Sprintf("%s acts with %s", out.Char.Name, rules.Plural(out.AP, "AP", "AP")))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	desc := strings.Join(append([]string{line}, owedLines(b, out.Char)...), "\n")
	return interaction.Response{Turn: interaction.TurnNews(desc, out.Char.Name), Result: turnResult(b)}, nil
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
		if c.Card != nil && (c.Player == tx.Req.User.ID || tx.IsUmpire()) {
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
	e := turnEmbed("Green Jackets: the turn", strings.Join(append([]string{turnLine(b)}, standing(b)...), "\n"))
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: turnResult(b)}, nil
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

func turnResult(b *gj.Board) TurnResult {
	r := TurnResult{Turn: b.Turn.Number, Ended: b.Turn.Ended, Count: b.CountName()}
	for _, c := range b.OnTheMove() {
		r.OnMove = append(r.OnMove, MoverResult{c.Name, c.AP})
	}
	return r
}
