package orderscmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/order"
	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// Turn is the turn orders written now in g are for: the turn under way
// (the first, before it begins).
func Turn(svc *battle.Service, g *battle.Game) (int, error) {
	r, _ := svc.Ruleset(g.Ruleset)
	te, ok := r.(battle.TurnEngine)
	if !ok {
		return 1, nil
	}
	m, err := te.Moment(g)
	if err != nil {
		return 0, err
	}
	return max(m.Turn, 1), nil
}

// Commanders are the ids of the battle's players (the umpire aside) who
// command something: those with a side (view.SideOf: the umpire's
// /game side, or what they command on the roster). A bystander who only
// rolled dice commands nothing.
func Commanders(svc *battle.Service, g *battle.Game) ([]string, error) {
	var out []string
	for id := range g.Players {
		if id == g.Umpire {
			continue
		}
		side, err := view.SideOf(svc, g, id)
		if err != nil {
			return nil, err
		}
		if side != "" {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Reveal reveals every sealed order of the battle (of turns before below
// only, when below > 0), each with its text, its salt and the exact bytes
// hashed, so that it can be checked against the commitment posted when it
// was written; why says what reveals them ("at the umpire's call"). Under
// fog of war they are revealed so to the umpire (view.ForUmpire) and to
// each writer's side (posted in its channel, or sent to the writer by DM);
// the main channel is shown only who wrote them, their commitments and
// that they match, their text kept for the battle's end (sealed.Orders.Shown).
// The revealed orders are logged and leave the sealed ones, and the turns
// they were revealed for are closed to orders (sealed.Orders.Closed): every turn
// before below, or with below 0 the turn under way.
func Reveal(svc *battle.Service, tx *battle.Tx, below int, why string) (interaction.Response, error) {
	out, err := unseal(svc, tx, below)
	if err != nil || len(out) == 0 {
		return interaction.Response{}, err
	}
	if !tx.Game.Fogged() {
		return publish(tx, out, "revealed "+why, "revealed"), nil
	}
	return revealUnderFog(svc, tx, out, why)
}

// RevealAll publishes to all, as at the battle's end (why), every order
// revealed before under fog to its side alone (sealed.Orders.Shown), and every
// order still sealed.
func RevealAll(svc *battle.Service, tx *battle.Tx, why string) (interaction.Response, error) {
	out, err := unseal(svc, tx, 0)
	if err != nil || tx.Game.Orders == nil {
		return interaction.Response{}, err
	}
	shown := tx.Game.Orders.Shown
	tx.Game.Orders.Shown = nil
	resp := publish(tx, shown, "revealed before to the umpire and their side, published "+why, "published")
	resp.Public = append(resp.Public, publish(tx, out, "revealed "+why, "revealed").Public...)
	return resp, nil
}

// RevealEnded reveals the orders of turns that have ended, when the
// umpire set them to be revealed then: put before what the change says, as
// the turn's end comes before the next. It is what the battle service does
// at the turn's end (battle.Service.AtTurnEnd, set by the routes), after
// every change.
func (c *Commands) RevealEnded(tx *battle.Tx, resp *interaction.Response) error {
	g := tx.Game
	if g.Orders == nil || !g.Orders.AtTurnEnd || len(g.Orders.Sealed) == 0 {
		return nil
	}
	turn, err := Turn(c.svc, g)
	if err != nil {
		return err
	}
	revealed, err := Reveal(c.svc, tx, turn, "at the turn's end")
	if err != nil {
		return err
	}
	resp.Public = append(revealed.Public, resp.Public...)
	resp.Posts = append(resp.Posts, revealed.Posts...)
	resp.DMs = append(resp.DMs, revealed.DMs...)
	return nil
}

// unseal takes out of the sealed orders those Reveal reveals, and closes
// their turns to orders; the change's order records them as revealed
// (Tx.Reveal).
func unseal(svc *battle.Service, tx *battle.Tx, below int) ([]sealed.Order, error) {
	g := tx.Game
	if g.Orders == nil {
		return nil, nil
	}
	through := below - 1
	if below <= 0 {
		turn, err := Turn(svc, g)
		if err != nil {
			return nil, err
		}
		through = turn
	}
	out := g.Orders.Unseal(below, through)
	for _, s := range out {
		tx.Reveal(order.Revealed{Commitment: s.Commitment, Salt: s.Salt, Text: s.Text})
	}
	return out, nil
}

// publish is the orders as published to all, by turn, each logged with its
// salt and text as what happened to it (done).
func publish(tx *battle.Tx, orders []sealed.Order, what, done string) interaction.Response {
	var resp interaction.Response
	for turn, os := range sealed.ByTurn(orders) {
		m := interaction.Message{Content: fmt.Sprintf("**Sealed orders of turn %d, %s.** Check each against the commitment posted when it was written.", turn, what)}
		for _, s := range os {
			m.Embeds = append(m.Embeds, revealed(tx.Game, s))
			tx.Log(render.Clip(fmt.Sprintf("orders of %s for turn %d %s (salt %s): %s", tx.Game.Player(s.User), s.Turn, done, s.Salt, s.Text), gamelog.MaxSummary))
		}
		resp.Public = append(resp.Public, m)
	}
	return resp
}

// revealUnderFog reveals orders under fog of war: in full to the umpire
// and to each writer's side, to the main channel only that they match,
// and only those of the writers its view knows of (view.KnowsPlayer):
// of the others it is told nothing, not even that they wrote.
func revealUnderFog(svc *battle.Service, tx *battle.Tx, orders []sealed.Order, why string) (interaction.Response, error) {
	g := tx.Game
	var resp interaction.Response
	for turn, os := range sealed.ByTurn(orders) {
		head := fmt.Sprintf("**Sealed orders of turn %d, revealed %s** to the umpire and each writer's side; the battle's channel is shown that they match their commitments, and their text at the battle's end.", turn, why)
		main := interaction.Message{Content: head}
		all := interaction.Message{Content: head}
		told := false // the main channel is told of some of them
		// each writer's side is shown its orders in its channel, or the
		// writer his own by DM when his side has none
		type reader struct{ channel, user string }
		sides := map[reader]*interaction.Message{}
		var order []reader
		for _, o := range os {
			match, they := "matches", "match"
			if !o.Matches() {
				match, they = "does NOT match", "do NOT match"
			}
			known, err := view.KnowsPlayer(svc, g, rules.Main, o.User)
			if err != nil {
				return interaction.Response{}, err
			}
			if known {
				main.Content += fmt.Sprintf("\n• **%s**: commitment `%s` — %s.", render.Inert(g.Player(o.User)), o.Commitment, match)
				told = true
			}
			e := revealed(g, o)
			all.Embeds = append(all.Embeds, e)
			tx.LogOf(fmt.Sprintf("orders of %s for turn %d revealed to the umpire and their side: they %s their commitment", g.Player(o.User), o.Turn, they), o.User)
			if o.User == g.Umpire {
				continue
			}
			side, err := view.SideOf(svc, g, o.User)
			if err != nil {
				return interaction.Response{}, err
			}
			to := reader{user: o.User}
			if sd := g.Side(side); side != "" && sd != nil && sd.Channel != "" {
				to = reader{channel: sd.Channel}
			}
			if sides[to] == nil {
				sides[to] = &interaction.Message{Content: head}
				order = append(order, to)
			}
			sides[to].Embeds = append(sides[to].Embeds, e)
		}
		g.Orders.Shown = append(g.Orders.Shown, os...)
		if told {
			resp.Public = append(resp.Public, main)
		}
		view.ForUmpire(g, &resp, all, "")
		for _, to := range order {
			if to.channel == "" {
				resp.DMs = append(resp.DMs, interaction.DM{UserID: to.user, UserName: g.Player(to.user), Message: *sides[to]})
			} else {
				resp.Posts = append(resp.Posts, interaction.Post{ChannelID: to.channel, Message: *sides[to]})
			}
		}
	}
	return resp, nil
}

// revealed is one player's orders as published: the text, the salt, and
// the exact bytes hashed in a code block (the text holds nothing a code
// block cannot show: sealed.CheckText), with the command that hashes them,
// and whether they match the commitment.
func revealed(g *battle.Game, s sealed.Order) interaction.Embed {
	form := sealed.Form(s.Salt, s.Text)
	check := "Its SHA-256 is `" + s.Commitment + "`, the commitment posted when they were written."
	if got := rules.Commit(form); got != s.Commitment {
		check = fmt.Sprintf("Its SHA-256 is `%s`: it does NOT match the commitment posted when they were written, `%s`.", got, s.Commitment)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "> %s\n\nWritten %s", render.Inert(s.Text), render.Stamp(s.At))
	switch s.Replaced {
	case 0:
		b.WriteString(".")
	case 1:
		b.WriteString(", in place of the orders written before them for the turn.")
	default:
		fmt.Fprintf(&b, ", in place of %d orders written before them for the turn.", s.Replaced)
	}
	fmt.Fprintf(&b, "\nSalt `%s`. The commitment hashed the salt, a colon and the text: exactly the bytes of this line, without a line break:\n```\n%s\n```\nTo check: \n```\n%s\n```\n%s",
		s.Salt, form, sealed.ShellHash(form), check)
	return interaction.Embed{Title: "Orders of " + g.Player(s.User), Color: render.ColourRuling, Description: b.String()}
}
