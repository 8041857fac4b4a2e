package battle

import (
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
)

// route sends each message of the response of a change to a fogged battle
// to the readers it may be shown to (README, Remote umpiring). No channel
// is shown a message naming anything its reader may not see, so that no one
// is told that something unseen is there:
//
//   - the channel the command was given in shows it, unless it names what
//     that channel's reader (the main channel: what every side knows; a
//     side's channel: that side) may not see: the invoker alone is shown it
//     then, as his side sees it;
//   - the battle's main channel, when the command was given elsewhere, is
//     posted it when it names nothing hidden from it;
//   - the acting side's channel (the invoker's side; for the umpire, the
//     side of the unit a message names first) when it names one of its
//     units or tells it more than the main channel reads; another side's
//     channel when it names one of its units in the open (fired upon,
//     charged: what it would notice) or an enemy it sees and the main
//     channel does not (what it spotted, what the umpire revealed to it);
//   - the umpire's desk, in full, whenever the main channel may not read it;
//   - the invoker privately, when it reaches him nowhere else;
//   - ephemeral messages and choices are cut to the invoker, direct
//     messages to their addressee, posts to the channel they go to (a name
//     its reader may not see reads "an unseen French unit"); the turn
//     message, to the battle's main channel, without its lines that name
//     what it may not see.
//
// Every cut is a pure function of the board after the change and the
// reader.
func (s *Service) route(tx *Tx, resp *interaction.Response) error {
	return s.cutResponse(tx, resp, true)
}

// cutResponse is route; unless spread, the response's public messages are
// only cut to the channel they are shown in, not sent to the others.
func (s *Service) cutResponse(tx *Tx, resp *interaction.Response, spread bool) error {
	g := tx.Game
	v, ok, err := s.sieveOf(g)
	if !ok || err != nil {
		return err
	}
	from := tx.From
	if from == "" {
		from = g.Channel
	}
	actor, err := s.ReaderOf(g, tx.Req.User.ID)
	if err != nil {
		return err
	}
	readerOf := func(user string) (Reader, error) { return s.ReaderOf(g, user) }
	r := &router{v: v, g: g, from: from, spread: spread}
	if err := r.cut(resp, ChannelReader(g, from), actor, readerOf, v.cut); err != nil {
		return err
	}
	return nil
}

// cut cuts resp for the router's channel, whose reader is here, given by
// actor: its public messages routed (see route), its private ones cut to
// their readers by private (sieve.cut; sieve.drop leaves out the lines
// naming what they may not see).
func (r *router) cut(resp *interaction.Response, here, actor Reader, readerOf func(user string) (Reader, error),
	private func(interaction.Message, Reader) (interaction.Message, error)) error {
	v, g := r.v, r.g
	var err error
	for i, m := range resp.Public {
		if err := r.public(m, here, actor, i == 0 && resp.UpdateSource); err != nil {
			return err
		}
	}
	for _, m := range resp.Ephemeral {
		c, err := private(m, actor)
		if err != nil {
			return err
		}
		r.whisper(c, actor)
	}
	if t := resp.Turn; t != nil && t.Show { // the battle's channel reads it
		if t.Message, err = v.drop(t.Message, Main); err != nil {
			return err
		}
	}
	for _, p := range resp.Posts {
		c, err := v.cut(p.Message, ChannelReader(g, p.ChannelID))
		if err != nil {
			return err
		}
		r.post(p.ChannelID, c, ChannelReader(g, p.ChannelID))
	}
	hidden, err := v.hidden(actor)
	if err != nil {
		return err
	}
	for i := range resp.DMs {
		dm := &resp.DMs[i]
		to, err := readerOf(dm.UserID)
		if err != nil {
			return err
		}
		if dm.Message, err = v.cut(dm.Message, to); err != nil {
			return err
		}
		dm.Fallback = v.text(dm.Fallback, hidden) // told to the invoker
	}
	var choices []interaction.Choice
	for _, c := range resp.Choices {
		if !carries(c.Name, hidden) && !carries(c.Value, hidden) {
			choices = append(choices, c)
		}
	}
	if resp.Choices != nil && choices == nil {
		choices = []interaction.Choice{}
	}
	resp.Public, resp.Ephemeral, resp.Posts, resp.Choices = r.shown, r.ephemeral, r.posts, choices
	return nil
}

// A router gathers a fogged response's messages, each cut to its reader.
type router struct {
	v         *sieve
	g         *Game
	from      string
	spread    bool
	shown     []interaction.Message
	ephemeral []interaction.Message
	posts     []interaction.Post
	// seen are the readers shown a message with a Details button.
	seen []Reader
}

// saw notes that reader was shown m, when m carries a Details button.
func (r *router) saw(m interaction.Message, reader Reader) {
	for _, b := range m.Buttons {
		if strings.HasPrefix(b.ID, ButtonDetails+"/") {
			r.seen = append(r.seen, reader)
			return
		}
	}
}

// show shows m in the channel the command was given in, whose reader is here.
func (r *router) show(m interaction.Message, here Reader) {
	r.shown = append(r.shown, m)
	r.saw(m, here)
}

// whisper shows m to the invoker alone, whose reader is actor.
func (r *router) whisper(m interaction.Message, actor Reader) {
	r.ephemeral = append(r.ephemeral, m)
	r.saw(m, actor)
}

// post posts m to channel, whose reader is reader.
func (r *router) post(channel string, m interaction.Message, reader Reader) {
	r.posts = append(r.posts, interaction.Post{ChannelID: channel, Message: m})
	r.saw(m, reader)
}

// public routes one public message of the response (see route).
func (r *router) public(m interaction.Message, here, actor Reader, inPlace bool) error {
	v, g := r.v, r.g
	main, err := v.cut(m, Main)
	if err != nil {
		return err
	}
	mine, err := v.cut(m, actor)
	if err != nil {
		return err
	}
	off, err := v.hides(m, here)
	if err != nil {
		return err
	}
	reached := false // the invoker has read his view of it
	if off && !inPlace {
		r.whisper(mine, actor)
		reached = true
	} else {
		shown, err := v.cut(m, here)
		if err != nil {
			return err
		}
		r.show(shown, here)
		reached = sameMessage(shown, mine)
	}
	if !r.spread {
		if !reached {
			r.whisper(mine, actor)
		}
		return nil
	}
	if g.Channel != r.from {
		if off, err := v.hides(m, Main); err != nil {
			return err
		} else if !off {
			r.post(g.Channel, main, Main)
			reached = reached || sameMessage(main, mine)
		}
	}
	acting := actor.Side // whose move it is: the invoker's side, or for the umpire the side of what it names first
	if actor.All {
		acting = v.first(m)
	}
	for _, sd := range g.Sides {
		if sd.Channel == "" || sd.Channel == r.from {
			continue
		}
		reader := Reader{Side: sd.Name}
		if off, err := v.hides(m, reader); err != nil {
			return err
		} else if off {
			continue
		}
		c, err := v.cut(m, reader)
		if err != nil {
			return err
		}
		own := strings.EqualFold(acting, sd.Name)
		concerned, err := v.concerns(m, sd.Name, !own)
		if err != nil {
			return err
		}
		news, err := v.tells(m, sd.Name)
		if err != nil {
			return err
		}
		if concerned || news || own && !sameMessage(c, main) {
			r.post(sd.Channel, c, reader)
			reached = reached || !actor.All && strings.EqualFold(actor.Side, sd.Name)
		}
	}
	if g.Desk != "" && g.Desk != r.from && !sameMessage(m, main) {
		r.post(g.Desk, m, Umpire)
		reached = reached || actor.All
	}
	if !reached {
		r.whisper(mine, actor)
	}
	return nil
}

// Cut cuts the response of a command that reads a fogged battle without
// changing it (a status, the log, a report, autocomplete) to its readers:
// its public messages to the channel they are shown in (the invoker is shown
// his own view privately when it differs), the rest to the invoker. Nothing
// is sent to the battle's other channels.
func (s *Service) Cut(g *Game, req interaction.Request, resp *interaction.Response) error {
	return s.cutResponse(&Tx{Game: g, Req: req, From: req.ChannelID, svc: s}, resp, false)
}
