package battle

import "github.com/referee-bot/referee/commands/interaction"

// A told message is one the change said to a reader alone (TellEach).
type told struct {
	reader  Reader
	message interaction.Message
}

// TellEach has the change tell every reader of its battle the message say
// renders from that reader's view (ViewFor), for a change all of them read
// but each in his own words (a turn's start: every side's officers' orders,
// as far as each reader knows them). Without fog of war it is one public
// message, rendered from the whole game.
//
// Under fog of war the umpire, the main channel and each side are each told
// their own, in the channel they read (deliver): the channel the change was
// given in when it is theirs, else posted in their own: the main channel,
// the side's, the umpire's desk (without one, his answer or his DMs). A
// side with no channel of its own is told nothing of its own: it reads the
// main channel's. A reader told a change reads its log entries, whatever
// it changed that his view does not hold.
func (tx *Tx) TellEach(resp *interaction.Response, say func(v *Game) (interaction.Message, error)) error {
	g := tx.Game
	f, ok := tx.svc.fogOf(g)
	if !ok {
		m, err := say(g)
		resp.Public = append(resp.Public, m)
		return err
	}
	sides, err := f.Sides(g)
	if err != nil {
		return err
	}
	readers := []Reader{Umpire, Main}
	for _, s := range sides {
		readers = append(readers, Reader{Side: s})
	}
	for _, r := range readers {
		if r.Side != "" && channelOf(g, r) == "" {
			tx.told = append(tx.told, told{reader: r}) // it reads the main channel's
			continue
		}
		v, err := tx.svc.ViewFor(g, r)
		if err != nil {
			return err
		}
		m, err := say(v)
		if err != nil {
			return err
		}
		tx.told = append(tx.told, told{reader: r, message: m})
	}
	return nil
}

// channelOf is the channel of g reader r reads as his own: the umpire's
// desk, the main channel, the side's channel ("" none).
func channelOf(g *Game, r Reader) string {
	switch {
	case r.All:
		return g.Desk
	case r.Side == "":
		return g.Channel
	}
	if s := g.Side(r.Side); s != nil {
		return s.Channel
	}
	return ""
}
