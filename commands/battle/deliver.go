package battle

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
)

// deliver sends each message of the response of a change to a fogged battle
// to the audiences that may read it (README, Remote umpiring). A public
// message is about the change's subjects: the roster names its order named
// (Tx.About), what it changed on the board (Fog.Changed), and the player
// who gave it, to a reader whose view knows him as no commander (he
// commands only what that reader does not see: his sealed orders, his
// rolls tell of him). An audience is shown it only when its view after the
// change holds every subject, and then as it was rendered, with the rulings' footers and Details buttons of
// its own part of the log; otherwise it is shown nothing. No text is
// rewritten. Of the audiences that may read it:
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
// A message the change told one reader (Tell) goes to that reader
// alone; ephemeral messages go to the invoker, posts to the channel they
// are addressed to (as the answer, when it is the channel the command was
// given in) and direct messages to their addressee, each footed for its
// reader.
func (s *Service) deliver(tx *Tx, resp *interaction.Response) error {
	g := tx.Game
	if _, ok := s.fogOf(g); !ok {
		unmark(resp)
		return nil
	}
	a, err := tx.audiences()
	if err != nil {
		return err
	}
	a.delivered = true
	from := tx.From
	if from == "" {
		from = g.Channel
	}
	actor, err := s.ReaderOf(g, tx.Req.User.ID)
	if err != nil {
		return err
	}
	a.showPrivately(actor) // a player's side reads what his own command logs, however little it answers
	here := ChannelReader(g, from)
	var public, ephemeral []interaction.Message
	var posts []interaction.Post
	post := func(ch string, m interaction.Message, r Reader) {
		posts = append(posts, interaction.Post{ChannelID: ch, Message: tx.copyFor(m, r)})
		a.show(r)
	}
	whisper := func(m interaction.Message) {
		ephemeral = append(ephemeral, tx.copyFor(m, actor))
		a.showPrivately(actor)
	}
	acting := actor.Side // whose move it is: the invoker's side, or for the umpire the side of what it is about first
	if actor.All {
		acting = a.first()
	}
	for i, m := range resp.Public {
		reached := false // the invoker has read it
		if a.holds(here) {
			public = append(public, tx.copyFor(m, here))
			a.show(here)
			reached = true
		} else if i == 0 {
			resp.UpdateSource = false
		}
		if g.Channel != from && a.holds(Main) {
			post(g.Channel, m, Main)
			reached = true
		}
		for _, sd := range g.Sides {
			r := Reader{Side: sd.Name}
			if sd.Channel == "" || sd.Channel == from || !a.holds(r) {
				continue
			}
			own := strings.EqualFold(acting, sd.Name)
			if own && !a.holds(Main) || a.concerns(sd.Name, !own) || a.tells(sd.Name) {
				post(sd.Channel, m, r)
				reached = reached || !actor.All && strings.EqualFold(actor.Side, sd.Name)
			}
		}
		if g.Desk != "" && g.Desk != from && !a.holds(Main) {
			post(g.Desk, m, Umpire)
			reached = reached || actor.All
		}
		if !reached && a.holds(actor) {
			whisper(m)
		}
	}
	for _, t := range tx.told { // each reader's own (Tell)
		a.tell(t.Reader)
		switch ch := ChannelOf(g, t.Reader); {
		case ch != "" && ch == from:
			public = append(public, tx.copyFor(t.Message, t.Reader))
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
			public = append(public, tx.copyFor(p.Message, r)) // the answer there
			a.show(r)
		} else {
			post(p.ChannelID, p.Message, r)
		}
	}
	for i := range resp.DMs {
		dm := &resp.DMs[i]
		to, err := s.ReaderOf(g, dm.UserID)
		if err != nil {
			return err
		}
		dm.Message = tx.copyFor(dm.Message, to)
		a.showPrivately(to)
	}
	if resp.Turn != nil { // the turn message is the main channel's
		a.show(Main)
	}
	resp.Public, resp.Ephemeral, resp.Posts = public, ephemeral, posts
	return nil
}

// An audience is who may read what a change to a fogged battle says: its
// subjects, and which of them each reader's view after the change holds.
type audience struct {
	subjects []string
	side     map[string]string // each subject that is on the board → its side
	held     map[Reader]map[string]bool
	// invoker is the player who gave the order ("" none); knows are, for
	// him and for each player an entry of the change tells of (Tx.LogOf),
	// whether each reader's view knows that player (Service.KnowsPlayer):
	// one it does not know is a subject of what tells of him. A player
	// left out is known to all.
	invoker string
	knows   map[string]map[Reader]bool
	// readers are the main channel and each side, as the rule set names them.
	readers []Reader
	// delivered says the change's response was delivered (deliver); shown
	// are then the readers shown any of it.
	delivered bool
	shown     map[Reader]bool
	// told are the readers the change told its own message (Tell).
	told map[Reader]bool
}

// tell notes that r was told the change in his own words: he reads it.
func (a *audience) tell(r Reader) {
	if k, ok := a.reader(r); ok && !r.All {
		a.told[k] = true
	}
	a.show(r)
}

// show notes that r was shown some of what the change says.
func (a *audience) show(r Reader) {
	if k, ok := a.reader(r); ok && !r.All {
		a.shown[k] = true
	}
}

// showPrivately notes that r was shown some of it privately: a side's
// player; one on no side is not the main channel.
func (a *audience) showPrivately(r Reader) {
	if r.Side != "" {
		a.show(r)
	}
}

// reads reports whether r reads what the change says of names (all its
// subjects, or those of an entry logged with its own: Tx.LogAbout) and of
// player (the invoker, or whom an entry tells of: Tx.LogOf; "" none): it
// was told it in its own words (Tell), or its view holds names and
// knows player and it was shown some of the change, or the main channel
// was, which every side reads. A change that was not delivered is read by
// all who may.
func (a *audience) reads(r Reader, names []string, player string) bool {
	return a.told[r] || a.holdsOf(r, names, player) && (!a.delivered || a.shown[r] || a.shown[Main])
}

// audiences is the change's audience, worked out once.
func (tx *Tx) audiences() (*audience, error) {
	if tx.audience != nil {
		return tx.audience, nil
	}
	g := tx.Game
	f, ok := tx.svc.fogOf(g)
	if !ok {
		return nil, fmt.Errorf("battle: %s is not fogged", g.Channel)
	}
	changed, err := f.Changed(tx.read, g)
	if err != nil {
		return nil, err
	}
	a := &audience{side: map[string]string{}, held: map[Reader]map[string]bool{}, shown: map[Reader]bool{}, told: map[Reader]bool{}}
	for _, n := range slices.Concat(tx.about, changed) {
		if !slices.ContainsFunc(a.subjects, func(s string) bool { return strings.EqualFold(s, n) }) {
			a.subjects = append(a.subjects, n)
		}
	}
	sides, err := f.Sides(g)
	if err != nil {
		return nil, err
	}
	a.readers = []Reader{Main}
	for _, sd := range sides {
		a.readers = append(a.readers, Reader{Side: sd})
	}
	for p := range g.Parts { // a side no longer on the board keeps its part
		if _, ok := a.reader(Reader{Side: p}); !ok {
			a.readers = append(a.readers, Reader{Side: p})
		}
	}
	before := *g
	before.Board = tx.read
	all, was := known(f, g, Umpire), known(f, &before, Umpire)
	names := a.subjects // and what the entries logged with their own subjects are about (Tx.LogAbout)
	for _, about := range tx.entryAbout {
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
	a.invoker, a.knows = tx.Req.User.ID, map[string]map[Reader]bool{}
	if err := tx.placePlayers(a, append(slices.Collect(maps.Values(tx.entryOf)), a.invoker)...); err != nil {
		return nil, err
	}
	tx.audience = a
	return a, nil
}

// placePlayers notes which readers' views know each of users, not noted
// yet, as a commander (audience.knows).
func (tx *Tx) placePlayers(a *audience, users ...string) error {
	g := tx.Game
	for _, user := range users {
		if _, ok := a.knows[user]; ok || user == "" || user == g.Umpire || len(g.Board) == 0 {
			continue
		}
		knows := map[Reader]bool{}
		for _, r := range a.readers {
			k, err := tx.svc.KnowsPlayer(g, r, user)
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
func known(f Fog, g *Game, r Reader) knownNames {
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
func (a *audience) reader(r Reader) (Reader, bool) {
	i := slices.IndexFunc(a.readers, func(k Reader) bool { return strings.EqualFold(k.Side, r.Side) })
	if i < 0 {
		return Reader{}, false
	}
	return a.readers[i], true
}

// holds reports whether r's view holds every subject, the invoker
// included: the umpire's always.
func (a *audience) holds(r Reader) bool { return a.holdsAll(r, a.subjects) }

// holdsAll reports whether r's view holds the invoker and every one of
// names (audiences worked out which it holds).
func (a *audience) holdsAll(r Reader, names []string) bool { return a.holdsOf(r, names, a.invoker) }

// holdsOf reports whether r's view knows player ("" none) and holds every
// one of names.
func (a *audience) holdsOf(r Reader, names []string, player string) bool {
	if r.All {
		return true
	}
	k, ok := a.reader(r)
	if !ok { // a side the rule set does not know: it reads the main channel
		k = Main
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
		if strings.EqualFold(a.side[k], side) && (!open || a.held[Main][k]) {
			return true
		}
	}
	return false
}

// tells reports whether the change is about an enemy of side that side sees
// and the main channel does not: news for that side alone.
func (a *audience) tells(side string) bool {
	r, ok := a.reader(Reader{Side: side})
	if !ok {
		return false
	}
	for _, n := range a.subjects {
		k := strings.ToLower(n)
		if s, on := a.side[k]; on && !strings.EqualFold(s, side) && a.held[r][k] && !a.held[Main][k] {
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

// part is the key of r's part of the log (Game.Parts).
func part(r Reader) string { return strings.ToLower(r.Side) }

// number is the number the change's first entry takes in r's part of the
// log: the one its rulings' footers and Details buttons give r.
func (tx *Tx) number(r Reader) int {
	first := tx.Game.LogLen - len(tx.logged) + 1
	if r.All {
		return first
	}
	return partLen(tx.Game, r) + 1
}

// partLen is how many entries r's part of g's log holds. A side new to the
// battle has the main channel's part, which it read.
func partLen(g *Game, r Reader) int {
	if n, ok := g.Parts[part(r)]; ok {
		return n
	}
	return g.Parts[part(Main)]
}

// copyFor is m as r is shown it: each ruling's embed footed, and its Details
// button bound, to r's part of the log, with no roll number; the umpire's
// as the rule set footed it, with the log's own numbers. Each ruling a
// reader's copy holds is noted as shown him (Tx.ruled).
func (tx *Tx) copyFor(m interaction.Message, r Reader) interaction.Message {
	c := m
	c.Embeds = slices.Clone(m.Embeds)
	for i := range c.Embeds {
		mark := c.Embeds[i].Ruling
		c.Embeds[i].Ruling = 0
		if mark > 0 && !r.All {
			c.Embeds[i].Footer = fmt.Sprintf("log #%d", tx.number(r))
			tx.showRuling(mark-1, r)
		}
	}
	if r.All {
		return c
	}
	c.Buttons = slices.Clone(m.Buttons)
	for i, b := range c.Buttons {
		for k := range tx.rulings {
			if b.ID == tx.detailsID(k) {
				c.Buttons[i].ID = tx.partDetailsID(r, k)
			}
		}
	}
	return c
}

// showRuling notes that r was shown the command's k-th ruling.
func (tx *Tx) showRuling(k int, r Reader) {
	if tx.ruled == nil {
		tx.ruled = make([][]Reader, len(tx.rulings))
	}
	if k < len(tx.ruled) && !slices.ContainsFunc(tx.ruled[k], func(s Reader) bool { return strings.EqualFold(s.Side, r.Side) }) {
		tx.ruled[k] = append(tx.ruled[k], r)
	}
}

// partDetailsID is the id of the Details button of the command's k-th
// ruling in r's part of the log: v1/details/<battle>/<part>/<entry>/<k>,
// the part being "main" or "side:" and the side.
func (tx *Tx) partDetailsID(r Reader, k int) string {
	return fmt.Sprintf("%s/%s/%s/%d/%d", ButtonDetails, tx.Game.Key(), partToken(r), tx.number(r), k)
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

// numberParts writes, under fog of war, each entry the change logged into
// the parts of the log of the readers who read what it says (audience.reads;
// of an entry logged with its own subjects, what it says of them:
// Tx.LogAbout; of one telling of a player, what it says of him: Tx.LogOf;
// of a call the referee made, what it says with no player's act in it:
// calls:auto), each with its number there (Entry.Shown). The first change it numbers
// starts every part with the whole log before it, which every reader read:
// fog was not on (Entry.For reads those entries as every reader's).
func (tx *Tx) numberParts() error {
	a, err := tx.audiences()
	if err != nil {
		return err
	}
	g := tx.Game
	if g.Parts == nil {
		g.Parts = map[string]int{part(Main): g.LogLen - len(tx.logged)}
	}
	parts := map[string]int{} // each reader's part, as the change leaves it so far
	for i := range tx.logged {
		e := &tx.logged[i]
		e.Fog = true
		about, own := tx.entryAbout[i]
		if !own {
			about = a.subjects
		}
		player, of := tx.entryOf[i]
		switch {
		case of:
			if err := tx.placePlayers(a, player); err != nil {
				return err
			}
		case e.User == Referee: // no player's act
			player = ""
		default:
			player = a.invoker
		}
		for _, r := range a.readers {
			if !a.reads(r, about, player) {
				continue
			}
			n, ok := parts[part(r)]
			if !ok {
				n = partLen(g, r)
			}
			parts[part(r)] = n + 1
			e.Shown = append(e.Shown, Seen{Reader: r, N: n + 1})
		}
	}
	maps.Copy(g.Parts, parts)
	return nil
}
