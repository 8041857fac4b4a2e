package gamecmd

import (
	"context"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A part is the part of a battle's log one reader reads (README, Remote
// umpiring): the whole log, numbered as logged, for the umpire and for
// everyone while the battle is not fogged; under fog, for a side or the
// main channel, the entries it was shown, each numbered in its own part
// (gamelog.Entry.For), so that nothing it reads counts what it was not
// shown: no entry stands in for a hidden one, and no roll number (which
// counts every roll) is given.
type part struct {
	// entries are the part's last entries a command asked for, numbered
	// as the part numbers them.
	entries []gamelog.Entry
	// size is how many entries the whole part holds.
	size int
	// whole says the part is the whole log: roll numbers are shown.
	whole bool
	// secrets says secret dice are shown (the umpire's, who sees every
	// card; everyone's once the battle ends).
	secrets bool
}

// partOf is r's part of the whole log of g, with its last entries (all
// when last ≤ 0).
func partOf(g *battle.Game, log []gamelog.Entry, r rules.Reader, last int) part {
	p := part{whole: !g.Fogged() || r.All, secrets: r.All}
	if p.whole {
		p.entries, p.size = log, g.LogLen
	} else {
		for _, e := range log {
			if n, ok := e.For(r); ok {
				e.N = n
				p.entries = append(p.entries, e)
			}
		}
		p.size = len(p.entries)
	}
	if last > 0 && len(p.entries) > last {
		p.entries = p.entries[len(p.entries)-last:]
	}
	return p
}

// readPart reads the channel's battle with the last entries of the part
// of its log the invoker reads (all when last ≤ 0): only the last entries
// are read when his part is the whole log.
func (c *Commands) readPart(ctx context.Context, req interaction.Request, last int) (logged, part, error) {
	v, err := c.viewLog(ctx, req, last)
	if err != nil {
		return logged{}, part{}, err
	}
	r, err := view.ReaderOf(c.svc, v.game, req.User.ID)
	if err != nil {
		return logged{}, part{}, err
	}
	if v.game.Fogged() && !r.All && last > 0 && len(v.log) < v.game.LogLen {
		if v, err = c.viewLog(ctx, req, 0); err != nil {
			return logged{}, part{}, err
		}
		if r, err = view.ReaderOf(c.svc, v.game, req.User.ID); err != nil {
			return logged{}, part{}, err
		}
	}
	return v, partOf(v.game, v.log, r, last), nil
}
