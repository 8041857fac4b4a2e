package view

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// TellEach has the change tell every reader of its battle the message say
// renders from that reader's view (For), for a change all
// of them read but each in his own words (a turn's start: every side's
// officers' orders, as far as each reader knows them). Without fog of war
// it is one public message, rendered from the whole game.
//
// Under fog of war the umpire, the main channel and each side are each told
// their own (battle.Tx.Tell), in the channel they read: the channel the
// change was given in when it is theirs, else posted in their own: the main
// channel, the side's, the umpire's desk (without one, his answer or his
// DMs). A side with no channel of its own is told nothing of its own: it
// reads the main channel's. A reader told a change reads its log entries,
// whatever it changed that his view does not hold.
func TellEach(tx *battle.Tx, resp *interaction.Response, say func(v *battle.Game) (interaction.Message, error)) error {
	g, svc := tx.Game, tx.Service()
	f, ok := FogOf(svc, g)
	if !ok || !g.Fogged() {
		m, err := say(g)
		resp.Public = append(resp.Public, m)
		return err
	}
	sides, err := f.Sides(g)
	if err != nil {
		return err
	}
	readers := []rules.Reader{rules.Umpire, rules.Main}
	for _, s := range sides {
		readers = append(readers, rules.Reader{Side: s})
	}
	for _, r := range readers {
		if r.Side != "" && ChannelOf(g, r) == "" {
			tx.Tell(r, interaction.Message{}) // it reads the main channel's
			continue
		}
		v, err := For(svc, g, r)
		if err != nil {
			return err
		}
		m, err := say(v)
		if err != nil {
			return err
		}
		tx.Tell(r, m)
	}
	return nil
}
