package view

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Deliver sends each message of the response of a change to a fogged battle
// to the audiences that may read it (README, Remote umpiring), and reports
// who read the change (gamelog.Hearing); the routes set it as the battle
// service's delivery (battle.Service.DeliverBy). A public message is about the change's subjects: the
// roster names its order named (battle.Tx.About), what it changed on the
// board (Fog.Changed), and the player who gave it, to a reader whose
// view knows him as no commander (he commands only what that reader does
// not see: his sealed orders, his rolls tell of him). An audience is shown
// it only when its view after the change holds every subject, and then as
// it was rendered, with the rulings' footers and Details buttons of its own
// part of the log; otherwise it is shown nothing. No text is rewritten. Of
// the audiences that may read it:
//
//   - the channel the command was given in shows it;
//   - the battle's main channel, when the command was given elsewhere, is
//     posted it;
//   - the acting side's channel (the invoker's side; for the umpire, the
//     side of the change's first subject) when the main channel may not
//     read it, or it is about one of that side's units; another side's
//     channel when it is about one of its units in the open (fired upon,
//     charged: what it would notice) or about an enemy it sees and the main
//     channel does not (what it spotted, what the umpire revealed to it);
//   - the umpire's desk whenever the main channel may not read it;
//   - the invoker privately, when it reaches him nowhere else.
//
// A message the change told one reader (battle.Tx.Tell) goes to that
// reader alone; ephemeral messages go to the invoker, posts to the channel
// they are addressed to (as the answer, when it is the channel the command
// was given in) and direct messages to their addressee, each footed for its
// reader. A player whose direct messages Discord refused is first told, in
// his answer, how to see what they held (DMRefusals), fog or none.
func Deliver(tx *battle.Tx, resp *interaction.Response) (*gamelog.Hearing, error) {
	tellRefused(tx, resp)
	g, svc := tx.Game, tx.Service()
	f, ok := fogOf(svc, g)
	if !ok {
		unmark(resp)
		return nil, nil
	}
	d := newDelivery(tx)
	a, err := audiences(tx, f)
	if err != nil {
		return nil, err
	}
	from := tx.From
	if from == "" {
		from = g.Channel
	}
	actor, err := ReaderOf(svc, g, tx.Req.User.ID)
	if err != nil {
		return nil, err
	}
	a.showPrivately(actor) // a player's side reads what his own command logs, however little it answers
	here := ChannelReader(g, from)
	var public, ephemeral []interaction.Message
	var posts []interaction.Post
	post := func(ch string, m interaction.Message, r rules.Reader) {
		posts = append(posts, interaction.Post{ChannelID: ch, Message: d.copyFor(m, r)})
		a.show(r)
	}
	whisper := func(m interaction.Message) {
		ephemeral = append(ephemeral, d.copyFor(m, actor))
		a.showPrivately(actor)
	}
	acting := actor.Side // whose move it is: the invoker's side, or for the umpire the side of what it is about first
	if actor.All {
		acting = a.first()
	}
	for i, m := range resp.Public {
		reached := false // the invoker has read it
		if a.holds(here) {
			public = append(public, d.copyFor(m, here))
			a.show(here)
			reached = true
		} else if i == 0 {
			resp.UpdateSource = false
		}
		if g.Channel != from && a.holds(rules.Main) {
			post(g.Channel, m, rules.Main)
			reached = true
		}
		for _, sd := range g.Sides {
			r := rules.Reader{Side: sd.Name}
			if sd.Channel == "" || sd.Channel == from || !a.holds(r) {
				continue
			}
			own := strings.EqualFold(acting, sd.Name)
			if own && !a.holds(rules.Main) || a.concerns(sd.Name, !own) || a.tells(sd.Name) {
				post(sd.Channel, m, r)
				reached = reached || !actor.All && strings.EqualFold(actor.Side, sd.Name)
			}
		}
		if g.Desk != "" && g.Desk != from && !a.holds(rules.Main) {
			post(g.Desk, m, rules.Umpire)
			reached = reached || actor.All
		}
		if !reached && a.holds(actor) {
			whisper(m)
		}
	}
	for _, t := range tx.Told() { // each reader's own (Tell)
		a.tell(t.Reader)
		switch ch := ChannelOf(g, t.Reader); {
		case ch != "" && ch == from:
			public = append(public, d.copyFor(t.Message, t.Reader))
		case ch != "":
			post(ch, t.Message, t.Reader)
		case t.Reader.All && actor.All:
			whisper(t.Message)
		case t.Reader.All:
			ForUmpire(g, resp, t.Message, "")
		} // a side with no channel reads the main channel's
	}
	for _, m := range resp.Ephemeral {
		whisper(m)
	}
	for _, p := range resp.Posts {
		if r := ChannelReader(g, p.ChannelID); p.ChannelID == from {
			public = append(public, d.copyFor(p.Message, r)) // the answer there
			a.show(r)
		} else {
			post(p.ChannelID, p.Message, r)
		}
	}
	for i := range resp.DMs {
		dm := &resp.DMs[i]
		to, err := ReaderOf(svc, g, dm.UserID)
		if err != nil {
			return nil, err
		}
		dm.Message = d.copyFor(dm.Message, to)
		a.showPrivately(to)
	}
	if resp.Turn != nil { // the turn message is the main channel's
		a.show(rules.Main)
	}
	resp.Public, resp.Ephemeral, resp.Posts = public, ephemeral, posts
	return &gamelog.Hearing{Readers: a.readersOf, Ruled: d.ruled}, nil
}

// A delivery is a change's response being delivered: the number of the
// change's first entry in the whole log, the ids of its rulings' Details
// buttons (the umpire's, which are the whole log's: battle.Tx.DetailsID),
// and the readers shown each of its rulings (gamelog.Hearing.Ruled).
type delivery struct {
	tx      *battle.Tx
	first   int
	details []string
	ruled   [][]rules.Reader
}

func newDelivery(tx *battle.Tx) *delivery {
	d := &delivery{tx: tx, first: tx.Game.LogLen - tx.Logged() + 1}
	for k := range tx.Shown() {
		d.details = append(d.details, tx.DetailsID(k))
	}
	return d
}

// number is the number the change's first entry takes in r's part of the
// log: the one its rulings' footers and Details buttons give r.
func (d *delivery) number(r rules.Reader) int {
	if r.All {
		return d.first
	}
	return d.tx.Game.PartLen(r) + 1
}

// copyFor is m as r is shown it: each ruling's embed footed, and its Details
// button bound, to r's part of the log, with no roll number; the umpire's
// as the rule set footed it, with the log's own numbers. Each ruling a
// reader's copy holds is noted as shown him (ruled).
func (d *delivery) copyFor(m interaction.Message, r rules.Reader) interaction.Message {
	c := m
	c.Embeds = slices.Clone(m.Embeds)
	for i := range c.Embeds {
		mark := c.Embeds[i].Ruling
		c.Embeds[i].Ruling = 0
		if mark > 0 && !r.All {
			c.Embeds[i].Footer = fmt.Sprintf("log #%d", d.number(r))
			d.showRuling(mark-1, r)
		}
	}
	if r.All {
		return c
	}
	c.Buttons = slices.Clone(m.Buttons)
	for i, b := range c.Buttons {
		for k, id := range d.details {
			if b.ID == id {
				c.Buttons[i].ID = PartDetailsID(d.tx.Game, r, d.number(r), k)
			}
		}
	}
	return c
}

// showRuling notes that r was shown the command's k-th ruling.
func (d *delivery) showRuling(k int, r rules.Reader) {
	if d.ruled == nil {
		d.ruled = make([][]rules.Reader, len(d.details))
	}
	if k < len(d.ruled) && !slices.ContainsFunc(d.ruled[k], func(s rules.Reader) bool { return strings.EqualFold(s.Side, r.Side) }) {
		d.ruled[k] = append(d.ruled[k], r)
	}
}

// unmark clears the marks of rulings' embeds (Embed.Ruling) in resp.
func unmark(resp *interaction.Response) {
	for _, ms := range [][]interaction.Message{resp.Public, resp.Ephemeral} {
		for i := range ms {
			for j := range ms[i].Embeds {
				ms[i].Embeds[j].Ruling = 0
			}
		}
	}
	for i := range resp.Posts {
		for j := range resp.Posts[i].Message.Embeds {
			resp.Posts[i].Message.Embeds[j].Ruling = 0
		}
	}
}
