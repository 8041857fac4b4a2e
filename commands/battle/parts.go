package battle

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
)

// A Deliverer sends, last in every change, each message of the change's
// response to the readers who may read it (commands/battle/view.Deliver).
// Under fog of war it reports who read the change (Hearing), whose parts
// of the log the change's entries then go into; otherwise nil.
type Deliverer func(tx *Tx, resp *interaction.Response) (*Hearing, error)

// DeliverBy sets how a change's response is delivered. The routes set it
// once, before any change is served, as they set what is done at a turn's
// end (AtTurnEnd), so that this package need not know of views; a service
// without it delivers every response as it was made, and keeps no parts of
// the log.
func (s *Service) DeliverBy(d Deliverer) { s.deliver = d }

// A Hearing is who read a change to a fogged battle, as its delivery found.
type Hearing struct {
	// Readers are the readers of an entry the change logged, in order: the
	// parts of the log it goes into (Entry.Shown).
	Readers func(e Logged) ([]Reader, error)
	// Ruled are the readers shown each of the change's rulings, in order
	// (Entry.Ruled).
	Ruled [][]Reader
}

// A Said is what a change said and logged, as its delivery reads it: a
// summary made afresh by each call of Tx.Said, to be read, not changed.
type Said struct {
	// Before is the board as the change read it.
	Before json.RawMessage
	// About are the subjects its order named (Tx.About).
	About []string
	// Told are the messages it told each reader (Tx.Tell).
	Told []Told
	// Entries are the entries it logged, in order; First is the number of
	// the first in the whole log.
	Entries []Logged
	First   int
	// Details are the ids of its rulings' Details buttons, in order
	// (Tx.Shows): the umpire's, which are the whole log's.
	Details []string
}

// A Logged is an entry a change logged, as its delivery reads it.
type Logged struct {
	// About are, when Own, the subjects it is about of all the change is
	// about (Tx.LogAbout); without, it is about all of them.
	About []string
	Own   bool
	// Player is the player it tells of ("" none): whom it was logged of
	// (Tx.LogOf), no one for the referee's call (calls:auto), else the
	// invoker.
	Player string
}

// Said is what the change has said and logged so far.
func (tx *Tx) Said() Said {
	s := Said{Before: tx.read, About: slices.Clone(tx.about), Told: slices.Clone(tx.told)}
	for i := range tx.logged {
		s.Entries = append(s.Entries, tx.loggedAs(i))
	}
	if tx.Game != nil {
		s.First = tx.Game.LogLen - len(tx.logged) + 1
	}
	for k := range tx.rulings {
		s.Details = append(s.Details, tx.DetailsID(k))
	}
	return s
}

// loggedAs is the change's i-th entry as its delivery reads it.
func (tx *Tx) loggedAs(i int) Logged {
	l := Logged{Player: tx.Req.User.ID}
	l.About, l.Own = tx.entryAbout[i]
	if player, of := tx.entryOf[i]; of {
		l.Player = player
	} else if tx.logged[i].User == Referee { // no player's act
		l.Player = ""
	}
	return l
}

// part is the key of r's part of the log (Game.Parts).
func part(r Reader) string { return strings.ToLower(r.Side) }

// PartLen is how many entries r's part of g's log holds. A side new to the
// battle has the main channel's part, which it read.
func (g *Game) PartLen(r Reader) int {
	if n, ok := g.Parts[part(r)]; ok {
		return n
	}
	return g.Parts[part(Main)]
}

// PartDetailsID is the id of the Details button of the k-th ruling of the
// entry numbered n in r's part of g's log:
// v1/details/<battle>/<part>/<entry>/<k>, the part being "main" or "side:"
// and the side (Service.Details).
func PartDetailsID(g *Game, r Reader, n, k int) string {
	return fmt.Sprintf("%s/%s/%s/%d/%d", ButtonDetails, g.Key(), partToken(r), n, k)
}

func partToken(r Reader) string {
	if r.Side == "" {
		return "main"
	}
	return "side:" + url.PathEscape(strings.ToLower(r.Side))
}

// PartReader is the reader of a part token (partToken), as a Details
// button bound to a reader's part of the log names it.
func PartReader(t string) (Reader, bool) {
	if t == "main" {
		return Main, true
	}
	side, ok := strings.CutPrefix(t, "side:")
	if !ok || side == "" {
		return Reader{}, false
	}
	side, err := url.PathUnescape(side)
	return Reader{Side: side}, err == nil
}

// numberParts writes, under fog of war, each entry the change logged into
// the parts of the log of the readers who read it (Hearing.Readers), each
// with its number there (Entry.Shown). The first change it numbers starts
// every part with the whole log before it, which every reader read: fog was
// not on (Entry.For reads those entries as every reader's).
func (tx *Tx) numberParts() error {
	g := tx.Game
	if g.Parts == nil {
		g.Parts = map[string]int{part(Main): g.LogLen - len(tx.logged)}
	}
	parts := map[string]int{} // each reader's part, as the change leaves it so far
	for i := range tx.logged {
		e := &tx.logged[i]
		e.Fog = true
		readers, err := tx.heard.Readers(tx.loggedAs(i))
		if err != nil {
			return err
		}
		for _, r := range readers {
			n, ok := parts[part(r)]
			if !ok {
				n = g.PartLen(r)
			}
			parts[part(r)] = n + 1
			e.Shown = append(e.Shown, Seen{Reader: r, N: n + 1})
		}
	}
	maps.Copy(g.Parts, parts)
	return nil
}
