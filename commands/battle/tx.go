package battle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/order"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/tabletop"
)

// A Tx is one command's view of a game while it changes it.
type Tx struct {
	// Game is the channel's game; nil for a ruling made outside any game.
	Game *Game
	Req  interaction.Request
	Now  time.Time
	// From is the channel the command was given in: Req.ChannelID, the
	// battle's own, or a side's channel linked to it (state.Link).
	From string
	// Previous is, in Service.Create, the ended game the new one replaces
	// (nil when the channel had none).
	Previous *Game

	rec recorder
	// logged are the entries this command appended, for the store;
	// entryAbout the subjects of those logged with their own, by index
	// (LogAbout).
	logged     []gamelog.Entry
	entryAbout map[int][]string
	// entryOf are the players the entries logged with LogOf tell of, by index.
	entryOf  map[int]string
	keepUndo bool
	// imported is the log of a game put in place by Import.
	imported []gamelog.Entry
	// board is the last board SetBoard wrote; read the board as read.
	board, read json.RawMessage
	// readMap is the table as read (tables are replaced, never changed in
	// place, as boards are).
	readMap *tabletop.Table
	// firing is set in a change made by a timer (ByClock): what it logs
	// is the clock's (Clock), whoever it acts as.
	firing bool
	// calling is set while the referee makes the umpire's call itself
	// (calls:auto): what it logs is the referee's (Referee).
	calling bool
	// bookkeeping is set in a change the referee makes to note what a
	// transport did (a turn message posted, a DM refused): no person's
	// command.
	bookkeeping bool
	// redraw is set in a change that shows the turn message as the battle
	// stands, whatever the referee last asked for it to show (Redraw).
	redraw bool
	// svc is the service running the change.
	svc *Service
	// rulings are the rulings the command showed (Tx.Shows), in order.
	rulings []rules.Ruling
	// told are the messages the change told each reader (Tell).
	told []Told
	// withheld are the options the order recorded leaves out, and why (Withhold).
	withheld    []string
	withheldWhy string
	// given is what the change took from outside the log (Given).
	given string
	// sealed is the commitment of the orders the change sealed (Seal),
	// revealed the orders it revealed (Reveal).
	sealed   string
	revealed []order.Revealed
	// about are the subjects the change named (About); heard is who read
	// what the change says under fog of war, as its delivery found
	// (Deliverer).
	about []string
	heard *gamelog.Hearing
}

// About says the change's public messages are about names (roster names:
// the units, officers and figures its order named). Under fog of war they
// are shown only to those whose view holds every one (Deliverer); the
// decoder calls it for each roster name it resolves, a rule set for what a
// change concerns that its order does not name.
func (tx *Tx) About(names ...string) {
	for _, n := range names {
		if n != "" && !slices.ContainsFunc(tx.about, func(a string) bool { return strings.EqualFold(a, n) }) {
			tx.about = append(tx.about, n)
		}
	}
}

// A Told is a message a change said to one reader alone (Tx.Tell).
type Told struct {
	Reader  rules.Reader
	Message interaction.Message
}

// Tell has the change tell r m alone, in r's own words
// (commands/battle/view.TellEach): under fog of war it is delivered to r
// in the channel r reads, and r reads the change's log entries, whatever
// it changed that his view does not hold. A side told an empty message is
// told nothing of its own (it has no channel: it reads the main channel's),
// but reads the entries too.
func (tx *Tx) Tell(r rules.Reader, m interaction.Message) {
	tx.told = append(tx.told, Told{Reader: r, Message: m})
}

// Subjects are the subjects the change has named so far (About).
func (tx *Tx) Subjects() []string { return slices.Clone(tx.about) }

// Told are the messages the change has told each reader so far (Tell).
func (tx *Tx) Told() []Told { return slices.Clone(tx.told) }

// Service is the service running the change.
func (tx *Tx) Service() *Service { return tx.svc }

// Dice is the source every roll of this command draws from. In a game it is the
// stream of the game's next roll number, and every face is recorded for the log.
func (tx *Tx) Dice() dice.Source { return &tx.rec }

// Log appends an entry to the game log carrying the dice drawn since the last
// entry, and returns its number (0 outside a game). summary is plain text, one
// short line (it is stored with the game, so keep it under ~80 characters and
// leave the full working to the ruling shown); it is made inert when shown.
func (tx *Tx) Log(summary string) int { return tx.log(summary, false) }

// LogSecret appends an entry whose summary is shown but whose dice stay hidden
// until the game ends (secret rolls, card deals).
func (tx *Tx) LogSecret(summary string) int { return tx.log(summary, true) }

// LogAbout is Log for an entry about names alone, of all the change is
// about (none: about nothing of the board): under fog of war it goes into
// the part of the log of each reader shown any of the change whose view
// holds names, though the change tells fewer readers more (a count called
// that sets a hidden character moving: the count is every reader's).
// names are some of what the change is about, so that whoever reads the
// whole change reads the entry.
func (tx *Tx) LogAbout(summary string, names ...string) int {
	return tx.aboutOnly(tx.log(summary, false), names)
}

// LogSecretAbout is LogAbout for an entry whose dice stay hidden until the
// game ends (LogSecret): a Green Jackets deal, every reader's (how many
// cards are dealt is public), whose shuffle is no one's.
func (tx *Tx) LogSecretAbout(summary string, names ...string) int {
	return tx.aboutOnly(tx.log(summary, true), names)
}

// aboutOnly notes the entry just logged as number n (0: none logged, outside a
// game) as about names alone (LogAbout), and returns n.
func (tx *Tx) aboutOnly(n int, names []string) int {
	if n > 0 {
		if tx.entryAbout == nil {
			tx.entryAbout = map[int][]string{}
		}
		tx.entryAbout[len(tx.logged)-1] = slices.Clone(names)
	}
	return n
}

// LogOf is Log for an entry telling of what player user did, who is not
// the invoker (the umpire reveals his sealed orders): under fog of war it
// goes into the part of the log of each reader shown the change whose
// view knows user as a commander (commands/battle/view.KnowsPlayer), as what the
// invoker logs goes to those whose view knows the invoker.
func (tx *Tx) LogOf(summary, user string) int {
	n := tx.log(summary, false)
	if n > 0 {
		if tx.entryOf == nil {
			tx.entryOf = map[int]string{}
		}
		tx.entryOf[len(tx.logged)-1] = user
	}
	return n
}

// LogVoid appends the entry of an undo: it voids the entries numbered voids
// for reason. The log is append-only, so the voided entries are not changed:
// readers fold the voiding in (gamelog.Fold) and show them struck through.
func (tx *Tx) LogVoid(summary string, voids []int, reason string) int {
	n := tx.log(summary, false)
	if n > 0 && len(voids) > 0 {
		e := &tx.logged[len(tx.logged)-1]
		e.Voids, e.Reason = voids, reason
	}
	return n
}

// EntryAbout are, when own, the subjects the change's i-th entry (from 0)
// is about of all the change is about (LogAbout); without, it is about all
// of them.
func (tx *Tx) EntryAbout(i int) (about []string, own bool) {
	about, own = tx.entryAbout[i]
	return about, own
}

// EntryPlayer is the player the change's i-th entry (from 0) tells of (""
// none): whom it was logged of (LogOf), no one for the referee's call
// (calls:auto), else the invoker.
func (tx *Tx) EntryPlayer(i int) string {
	if player, of := tx.entryOf[i]; of {
		return player
	}
	if tx.logged[i].User == Referee { // no player's act
		return ""
	}
	return tx.Req.User.ID
}

// Import puts g, with its whole log, in place of the channel's game (in
// Service.Replace). Entries logged after it are appended to that log.
func (tx *Tx) Import(g *Game, log []gamelog.Entry) {
	tx.Game, tx.imported, tx.logged, tx.entryAbout, tx.entryOf = g, log, nil, nil, nil
	g.LogLen = len(log)
}

func (tx *Tx) log(summary string, secret bool) int {
	if tx.Game == nil {
		tx.rec.draws = nil
		return 0
	}
	g := tx.Game
	e := gamelog.Entry{N: g.LogLen + 1, At: tx.Now.UTC().Truncate(time.Second), User: tx.Req.User.ID,
		Command: tx.Req.Path, Summary: summary, Secret: secret}
	if b, ok := tx.Req.Pressed(); ok {
		e.Button = b.Label
	}
	if len(tx.logged) == 0 {
		e.Order = order.Of(tx.Req, tx.Now, tx.withheld, tx.withheldWhy)
	}
	switch {
	case tx.calling:
		e.User = Referee
	case tx.firing:
		e.User = Clock
	}
	if u := tx.Req.User; !tx.firing && !tx.calling && u.ID != "" && u.Name != "" && g.Players[u.ID] != u.Name {
		if g.Players == nil {
			g.Players = map[string]string{}
		}
		g.Players[u.ID] = u.Name // so that the log can name who made each entry
	}
	if len(tx.rec.draws) > 0 {
		e.Roll, e.Draws = tx.rec.n, tx.rec.draws
		tx.rec.draws = nil
	}
	g.LogLen = e.N
	tx.logged = append(tx.logged, e)
	return e.N
}

// flush logs dice drawn but not logged, so that no roll ever goes unrecorded, and
// advances the game's roll number past a stream that was used.
func (tx *Tx) flush() error {
	if tx.Game == nil {
		return nil
	}
	if len(tx.rec.draws) > 0 {
		tx.Log("roll for " + tx.Req.Path)
	}
	if tx.rec.keyed {
		tx.Game.NextRoll = tx.rec.n + 1
	}
	return tx.keepWorking()
}

// RollNumber is the roll number this command's dice come from (0 outside a game
// or when nothing was rolled).
func (tx *Tx) RollNumber() uint64 {
	if tx.Game == nil || !tx.rec.keyed {
		return 0
	}
	return tx.rec.n
}

// SetBoard stores v as the rule set's board, written by encoding/json
// (segmentio's encoder gained less than a tenth of a command:
// BenchmarkCodecs/board/encode). v, a *B, is then the board BoardOf[B]
// reads, not decoded again: nothing may change it after.
func (tx *Tx) SetBoard(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode board: %w", err)
	}
	tx.Game.Board, tx.board = b, b
	tx.Game.holdDecoded(b, v)
	return nil
}

// Before is the board as the change read it.
func (tx *Tx) Before() json.RawMessage { return tx.read }

// Moved reports whether the change has so far changed the board or the
// table from the ones it read.
func (tx *Tx) Moved() bool {
	return !bytes.Equal(tx.read, tx.Game.Board) || tx.Game.Map != tx.readMap
}

// Logged is how many entries the change has logged so far.
func (tx *Tx) Logged() int { return len(tx.logged) }

// Bookkeep marks the change as one the referee makes to note what a
// transport did (a turn message posted): no person's command.
func (tx *Tx) Bookkeep() { tx.bookkeeping = true }

// Redraw marks the change as one that shows the turn message as the
// battle stands, whatever the referee last asked for it to show
// (commands/battle/turnmsg.Redraw); Redrawing reports it.
func (tx *Tx) Redraw() { tx.redraw = true }

// Redrawing: see Redraw.
func (tx *Tx) Redrawing() bool { return tx.redraw }

// Clock is who the log and the messages name for what a deadline did: not
// the umpire, nor the holder it acted for.
const Clock = "deadline"

// ByClock marks the change as the clock's, a firing of what is due
// (commands/battle/deadline.Fire): what it logs is Clock's, whoever it
// acts as, and it is no person's command (Attended).
func (tx *Tx) ByClock() { tx.firing = true }

// Attended reports whether the change is so far a person's command the
// log records: not the clock's (ByClock), nor the referee's bookkeeping
// (Bookkeep), nor an autocomplete. A look that changes nothing (/turn
// status) is not one: the battle is still left alone.
func (tx *Tx) Attended() bool {
	return !tx.firing && !tx.bookkeeping && tx.Req.User.ID != "" && tx.Req.Kind != interaction.KindAutocomplete && len(tx.logged) > 0
}

// Referee is who the log and the messages name for a call the referee made
// itself under calls:auto (commands/battle/calls): not the umpire, nor the
// player whose command led to it.
const Referee = "referee"

// AsReferee runs call, the umpire's call made by the referee itself under
// calls:auto, in the umpire's name (the invoker while it runs) as the
// referee's act: what it logs is the referee's (Referee).
func (tx *Tx) AsReferee(call func() error) error {
	g, asked := tx.Game, tx.Req.User
	tx.calling, tx.Req.User = true, interaction.User{ID: g.Umpire, Name: g.UmpireName}
	defer func() { tx.calling, tx.Req.User = false, asked }()
	return call()
}

// KeepUndo leaves the game's undo point as it was (for /game undo itself and
// other changes that are not to be undone).
func (tx *Tx) KeepUndo() { tx.keepUndo = true }

// IsUmpire reports whether the invoker is the game's umpire.
func (tx *Tx) IsUmpire() bool { return tx.Game != nil && tx.Req.User.ID == tx.Game.Umpire }

// RequireUmpire refuses anyone but the umpire.
func (tx *Tx) RequireUmpire(what string) error {
	if tx.IsUmpire() {
		return nil
	}
	if tx.Game == nil {
		return interaction.Refuse("There is no battle in this channel. The umpire starts one with `/game start`.")
	}
	return interaction.Refusef("Only the umpire (%s) can %s.", tx.Game.Player(tx.Game.Umpire), what)
}

// HouseRule is the game's value of a house rule, or "" (the default reading).
func (tx *Tx) HouseRule(name string) string {
	if tx.Game == nil {
		return ""
	}
	return tx.Game.HouseRule(name)
}

// recorder is the Tx's dice source: keyed lazily on first use from the game's
// seed and roll number, recording every draw.
type recorder struct {
	seed   []byte
	n      uint64
	keyed  bool
	stream dice.Stream
	draws  []gamelog.Draw
}

func (r *recorder) Roll(sides int) int {
	if !r.keyed {
		r.stream.Key(r.seed, r.n)
		r.keyed = true
	}
	f := r.stream.Roll(sides)
	r.draws = append(r.draws, gamelog.Draw{Sides: sides, Face: f})
	return f
}
