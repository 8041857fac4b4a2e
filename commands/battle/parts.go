package battle

import (
	"maps"
	"strings"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A Deliverer sends, last in every change, each message of the change's
// response to the readers who may read it (commands/battle/view.Deliver).
// Under fog of war it reports who read the change (gamelog.Hearing), whose
// parts of the log the change's entries then go into; otherwise nil.
type Deliverer func(tx *Tx, resp *interaction.Response) (*gamelog.Hearing, error)

// DeliverBy sets how a change's response is delivered. The routes set it
// once, before any change is served, as they set what is done at a turn's
// end (AtTurnEnd), so that this package need not know of views; a service
// without it delivers every response as it was made, and keeps no parts of
// the log.
func (s *Service) DeliverBy(d Deliverer) { s.deliver = d }

// part is the key of r's part of the log (Game.Parts).
func part(r rules.Reader) string { return strings.ToLower(r.Side) }

// PartLen is how many entries r's part of g's log holds. A side new to the
// battle has the main channel's part, which it read.
func (g *Game) PartLen(r rules.Reader) int {
	if n, ok := g.Parts[part(r)]; ok {
		return n
	}
	return g.Parts[part(rules.Main)]
}

// numberParts writes, under fog of war, each entry the change logged into
// the parts of the log of the readers who read it (gamelog.Hearing.Readers),
// each with its number there (gamelog.Entry.Shown). The first change it
// numbers starts every part with the whole log before it, which every
// reader read: fog was not on (gamelog.Entry.For reads those entries as
// every reader's).
func (tx *Tx) numberParts() error {
	g := tx.Game
	if g.Parts == nil {
		g.Parts = map[string]int{part(rules.Main): g.LogLen - len(tx.logged)}
	}
	parts := map[string]int{} // each reader's part, as the change leaves it so far
	for i := range tx.logged {
		e := &tx.logged[i]
		e.Fog = true
		readers, err := tx.heard.Readers(i)
		if err != nil {
			return err
		}
		for _, r := range readers {
			n, ok := parts[part(r)]
			if !ok {
				n = g.PartLen(r)
			}
			parts[part(r)] = n + 1
			e.Shown = append(e.Shown, gamelog.Seen{Reader: r, N: n + 1})
		}
	}
	maps.Copy(g.Parts, parts)
	return nil
}
