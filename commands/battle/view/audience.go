package view

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/rules"
)

// An audience is who may read what a change to a fogged battle says: its
// subjects, and which of them each reader's view after the change holds.
type audience struct {
	tx       *battle.Tx
	svc      *battle.Service
	g        *battle.Game
	subjects []string
	side     map[string]string // each subject that is on the board → its side
	held     map[rules.Reader]map[string]bool
	// invoker is the player who gave the order ("" none); knows are, for
	// him and for each player an entry of the change tells of
	// (battle.Tx.EntryPlayer), whether each reader's view knows that player
	// (KnowsPlayer): one it does not know is a subject of
	// what tells of him. A player left out is known to all.
	invoker string
	knows   map[string]map[rules.Reader]bool
	// readers are the main channel and each side, as the rule set names them.
	readers []rules.Reader
	// shown are the readers shown any of the change's response (Deliver).
	shown map[rules.Reader]bool
	// told are the readers the change told its own message (battle.Tx.Tell).
	told map[rules.Reader]bool
}

// tell notes that r was told the change in his own words: he reads it.
func (a *audience) tell(r rules.Reader) {
	if k, ok := a.reader(r); ok && !r.All {
		a.told[k] = true
	}
	a.show(r)
}

// show notes that r was shown some of what the change says.
func (a *audience) show(r rules.Reader) {
	if k, ok := a.reader(r); ok && !r.All {
		a.shown[k] = true
	}
}

// showPrivately notes that r was shown some of it privately: a side's
// player; one on no side is not the main channel.
func (a *audience) showPrivately(r rules.Reader) {
	if r.Side != "" {
		a.show(r)
	}
}

// reads reports whether r reads what the change says of names (all its
// subjects, or those of an entry logged with its own: battle.Tx.LogAbout)
// and of player (the invoker, or whom an entry tells of: battle.Tx.LogOf;
// "" none): it was told it in its own words (battle.Tx.Tell), or its view
// holds names and knows player and it was shown some of the change, or the
// main channel was, which every side reads.
func (a *audience) reads(r rules.Reader, names []string, player string) bool {
	return a.told[r] || a.holdsOf(r, names, player) && (a.shown[r] || a.shown[rules.Main])
}

// readersOf are the readers who read what the change's i-th entry says
// (reads; of an entry logged with its own subjects, what it says of them:
// battle.Tx.EntryAbout; of one telling of a player, what it says of him;
// of a call the referee made, what it says with no player's act in it:
// battle.Tx.EntryPlayer), in order: the parts of the log it goes into
// (gamelog.Hearing.Readers).
func (a *audience) readersOf(i int) ([]rules.Reader, error) {
	about := a.subjects
	if own, ok := a.tx.EntryAbout(i); ok {
		about = own
	}
	player := a.tx.EntryPlayer(i)
	if err := a.placePlayers(player); err != nil {
		return nil, err
	}
	var rs []rules.Reader
	for _, r := range a.readers {
		if a.reads(r, about, player) {
			rs = append(rs, r)
		}
	}
	return rs, nil
}

// audiences is the change's audience, as what it said and logged so far
// leaves it.
func audiences(tx *battle.Tx, f Fog) (*audience, error) {
	g := tx.Game
	changed, err := f.Changed(tx.Before(), g)
	if err != nil {
		return nil, err
	}
	a := &audience{tx: tx, svc: tx.Service(), g: g, side: map[string]string{}, held: map[rules.Reader]map[string]bool{}, shown: map[rules.Reader]bool{}, told: map[rules.Reader]bool{}}
	for _, n := range slices.Concat(tx.Subjects(), changed) {
		if !slices.ContainsFunc(a.subjects, func(s string) bool { return strings.EqualFold(s, n) }) {
			a.subjects = append(a.subjects, n)
		}
	}
	sides, err := f.Sides(g)
	if err != nil {
		return nil, err
	}
	a.readers = []rules.Reader{rules.Main}
	for _, sd := range sides {
		a.readers = append(a.readers, rules.Reader{Side: sd})
	}
	for p := range g.Parts { // a side no longer on the board keeps its part
		if _, ok := a.reader(rules.Reader{Side: p}); !ok {
			a.readers = append(a.readers, rules.Reader{Side: p})
		}
	}
	before := *g
	before.Board = tx.Before()
	all, was := known(f, g, rules.Umpire), known(f, &before, rules.Umpire)
	names := a.subjects // and what the entries logged with their own subjects are about (battle.Tx.LogAbout)
	var players []string
	for i := range tx.Logged() {
		players = append(players, tx.EntryPlayer(i))
		about, own := tx.EntryAbout(i)
		if !own {
			continue
		}
		for _, n := range about {
			if !slices.ContainsFunc(names, func(s string) bool { return strings.EqualFold(s, n) }) {
				names = append(slices.Clip(names), n)
			}
		}
	}
	for _, r := range a.readers {
		now, then := known(f, g, r), known(f, &before, r)
		held := map[string]bool{}
		for _, n := range names {
			switch k := strings.ToLower(n); {
			case all.err != nil || was.err != nil || now.err != nil || then.err != nil:
				return nil, cmpErr(all.err, was.err, now.err, then.err)
			case all.has(k):
				held[k] = now.has(k)
				a.side[k] = all.names[k]
			case was.has(k): // taken off the board by the change
				held[k] = then.has(k)
				a.side[k] = was.names[k]
			default: // nothing on the board: nothing it hides
				held[k] = true
			}
		}
		a.held[r] = held
	}
	a.invoker, a.knows = tx.Req.User.ID, map[string]map[rules.Reader]bool{}
	if err := a.placePlayers(append(players, a.invoker)...); err != nil {
		return nil, err
	}
	return a, nil
}

// placePlayers notes which readers' views know each of users, not noted
// yet, as a commander (audience.knows).
func (a *audience) placePlayers(users ...string) error {
	g := a.g
	for _, user := range users {
		if _, ok := a.knows[user]; ok || user == "" || user == g.Umpire || len(g.Board) == 0 {
			continue
		}
		knows := map[rules.Reader]bool{}
		for _, r := range a.readers {
			k, err := KnowsPlayer(a.svc, g, r, user)
			if err != nil {
				return err
			}
			knows[r] = k
		}
		a.knows[user] = knows
	}
	return nil
}

// knownNames are the names a reader's view of a board holds, by lower case,
// each with its side; err is why they could not be read.
type knownNames struct {
	names map[string]string
	err   error
}

func (k knownNames) has(n string) bool { _, ok := k.names[n]; return ok }

// known are the names reader's view of g holds (none for no board).
func known(f Fog, g *battle.Game, r rules.Reader) knownNames {
	if len(g.Board) == 0 {
		return knownNames{}
	}
	ns, err := f.Known(g, r)
	k := knownNames{names: map[string]string{}, err: err}
	for n, side := range ns {
		k.names[strings.ToLower(n)] = side
	}
	return k
}

func cmpErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// reader is r as the audience keys it: its side as the rule set names it.
func (a *audience) reader(r rules.Reader) (rules.Reader, bool) {
	i := slices.IndexFunc(a.readers, func(k rules.Reader) bool { return strings.EqualFold(k.Side, r.Side) })
	if i < 0 {
		return rules.Reader{}, false
	}
	return a.readers[i], true
}

// holds reports whether r's view holds every subject, the invoker
// included: the umpire's always.
func (a *audience) holds(r rules.Reader) bool { return a.holdsOf(r, a.subjects, a.invoker) }

// holdsOf reports whether r's view knows player ("" none) and holds every
// one of names.
func (a *audience) holdsOf(r rules.Reader, names []string, player string) bool {
	if r.All {
		return true
	}
	k, ok := a.reader(r)
	if !ok { // a side the rule set does not know: it reads the main channel
		k = rules.Main
	}
	if knows, placed := a.knows[player]; placed && !knows[k] {
		return false
	}
	for _, n := range names {
		if !a.held[k][strings.ToLower(n)] {
			return false
		}
	}
	return true
}

// concerns reports whether the change is about a unit of side; in the open,
// one the main channel sees.
func (a *audience) concerns(side string, open bool) bool {
	for _, n := range a.subjects {
		k := strings.ToLower(n)
		if strings.EqualFold(a.side[k], side) && (!open || a.held[rules.Main][k]) {
			return true
		}
	}
	return false
}

// tells reports whether the change is about an enemy of side that side sees
// and the main channel does not: news for that side alone.
func (a *audience) tells(side string) bool {
	r, ok := a.reader(rules.Reader{Side: side})
	if !ok {
		return false
	}
	for _, n := range a.subjects {
		k := strings.ToLower(n)
		if s, on := a.side[k]; on && !strings.EqualFold(s, side) && a.held[r][k] && !a.held[rules.Main][k] {
			return true
		}
	}
	return false
}

// first is the side of the change's first subject on the board: whose move
// a ruling the umpire makes is ("Fire: Chosen Men at the Voltigeurs").
func (a *audience) first() string {
	for _, n := range a.subjects {
		if s, ok := a.side[strings.ToLower(n)]; ok {
			return s
		}
	}
	return ""
}
