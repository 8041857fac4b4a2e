package battle

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/undo"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/state"
)

// Store is what the battle service needs of a game store (state/redisstore and
// state/boltstore both provide it): the document, the log kept beside it, and
// indexes of documents (a server's campaigns, commands/battle/campaign).
type Store interface {
	Update(ctx context.Context, channel, interactionID string, fn state.UpdateFunc) (state.Applied, error)
	UpdateLog(ctx context.Context, channel, interactionID string, fn state.LogUpdateFunc) (state.Applied, error)
	Get(ctx context.Context, channel string) ([]byte, int64, error)
	GetLog(ctx context.Context, channel string, from, count int) (state.Read, error)
	Settle(ctx context.Context, channel, interactionID string) (state.Settled, error)
	Index(ctx context.Context, index, key string) error
	Indexed(ctx context.Context, index string) ([]state.Indexed, error)
}

// A Service runs commands against channels' games.
type Service struct {
	store    Store
	rulesets map[string]Ruleset
	order    []Ruleset
	now      func() time.Time
	entropy  io.Reader
	settle   Unconfirmed
	calls    TurnStep
	turnEnd  TurnEnd
	planner  Planner
	keeper   Keeper
	showTurn TurnStep
	deliver  Deliverer
	gate     Gate
}

// NewService returns a service over store for the listed rule sets. now is the
// clock; entropy the source of seeds (crypto/rand.Reader in production).
func NewService(store Store, now func() time.Time, entropy io.Reader, rulesets ...Ruleset) *Service {
	if entropy == nil {
		entropy = rand.Reader
	}
	s := &Service{store: store, rulesets: map[string]Ruleset{}, now: now, entropy: entropy, gate: shut{}}
	for _, r := range rulesets {
		if _, dup := s.rulesets[r.ID()]; dup {
			panic("battle: rule set " + r.ID() + " listed twice")
		}
		s.rulesets[r.ID()] = r
		s.order = append(s.order, r)
	}
	return s
}

// An Unconfirmed settles a change the store did not confirm
// (state.ErrIndeterminate), whose invoker was answered that it may have
// been recorded: commands/battle/settle, in the background, through ctx's
// Later. req is the change's as made: in the battle's own channel, when it
// was given in a side's.
type Unconfirmed func(ctx context.Context, req interaction.Request)

// SettleBy sets what settles the changes the store did not confirm. The
// routes set it once, before any change is served; a service without it
// settles nothing (its answer has said the change may have been recorded).
func (s *Service) SettleBy(f Unconfirmed) { s.settle = f }

// Store is the game store the service runs on; a server's campaigns
// (commands/battle/campaign) are documents of it too.
func (s *Service) Store() Store { return s.store }

// Now is the service's clock.
func (s *Service) Now() time.Time { return s.now() }

// Rulesets lists the rule sets in the order given.
func (s *Service) Rulesets() []Ruleset { return s.order }

// Ruleset finds a rule set by id.
func (s *Service) Ruleset(id string) (Ruleset, bool) {
	r, ok := s.rulesets[id]
	return r, ok
}

// NewSeed draws a fresh secret seed.
func (s *Service) NewSeed() ([]byte, error) {
	seed := make([]byte, dice.SeedSize)
	if _, err := io.ReadFull(s.entropy, seed); err != nil {
		return nil, fmt.Errorf("draw seed: %w", err)
	}
	return seed, nil
}

// NewSalt draws a secret salt of 16 hex digits for a commitment (sealed
// orders) from the service's entropy, not from a battle's dice: the seed
// revealed at the battle's end does not give it away, so orders replaced
// before their reveal stay secret for good.
func (s *Service) NewSalt() (string, error) {
	b := make([]byte, 8)
	if _, err := io.ReadFull(s.entropy, b); err != nil {
		return "", fmt.Errorf("draw salt: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// View reads the channel's game without changing it (state.ErrNotFound when none).
//
// A side channel of a battle reads the battle it is linked to (state.Link):
// a second read, for side channels alone.
func (s *Service) View(ctx context.Context, channel string) (*Game, error) {
	b, _, err := s.store.Get(ctx, channel)
	if err != nil {
		return nil, err
	}
	if home, ok := state.LinkedTo(b); ok {
		if b, _, err = s.store.Get(ctx, home); err != nil {
			return nil, err
		}
		return linkedGame(DecodeGame(b))(channel)
	}
	return DecodeGame(b)
}

// linkedGame checks that the game a side channel's link led to still has
// that channel as a side's: a link left behind (the umpire linked another
// channel since) leads nowhere.
func linkedGame(g *Game, err error) func(channel string) (*Game, error) {
	return func(channel string) (*Game, error) {
		if err != nil {
			return nil, err
		}
		if !g.Linked(channel) {
			return nil, fmt.Errorf("battle: %s links to a battle that no longer has it: %w", channel, state.ErrNotFound)
		}
		return g, nil
	}
}

// ViewLog reads the channel's game with the last entries of its log (the
// whole log when last ≤ 0), oldest first, voided entries marked
// (gamelog.Fold), in one read (state.ErrNotFound when there is no game).
func (s *Service) ViewLog(ctx context.Context, channel string, last int) (*Game, []gamelog.Entry, error) {
	from := 0
	if last > 0 {
		from = -last
	}
	return s.ReadLog(ctx, channel, from, 0)
}

// ReadLog reads the channel's game with count entries of its log from the
// index from (state.LogRange), in one read, voided entries marked
// (gamelog.Fold).
func (s *Service) ReadLog(ctx context.Context, channel string, from, count int) (*Game, []gamelog.Entry, error) {
	r, err := s.store.GetLog(ctx, channel, from, count)
	if err != nil {
		return nil, nil, err
	}
	if home, ok := state.LinkedTo(r.Doc); ok {
		if r, err = s.store.GetLog(ctx, home, from, count); err != nil {
			return nil, nil, err
		}
	}
	g, inline, err := decodeGame(r.Doc)
	if err == nil && g.Channel != channel {
		g, err = linkedGame(g, nil)(channel)
	}
	if err != nil {
		return nil, nil, err
	}
	if inline != nil { // schema 1, not written since: its log is still in the document
		lo, hi := state.LogRange(len(inline), from, count)
		return g, gamelog.Fold(inline[lo:hi]), nil
	}
	log := make([]gamelog.Entry, len(r.Log))
	for i, b := range r.Log {
		if err := json.Unmarshal(b, &log[i]); err != nil {
			return nil, nil, fmt.Errorf("decode log entry: %w", err)
		}
	}
	return g, gamelog.Fold(log), nil
}

// A ChangeFunc is a command's change to a game. It may be run more than once
// (after a lost race) and must depend only on the Tx.
type ChangeFunc func(tx *Tx) (interaction.Response, error)

// Change runs fn against the channel's running game as one atomic read-modify-
// write, idempotent on the interaction id: a redelivered interaction gets the
// same response and changes nothing. A change that leaves the game as it was
// writes nothing.
func (s *Service) Change(ctx context.Context, req interaction.Request, fn ChangeFunc) (interaction.Response, error) {
	return s.change(ctx, req, func(g *Game) (*Game, error) {
		if g == nil {
			return nil, state.ErrNotFound
		}
		if !g.Running() {
			return nil, ErrEnded
		}
		return g, nil
	}, fn, follow)
}

// Create runs fn with a new game (tx.Game is a fresh document for the channel,
// which fn fills in); it refuses when a running game holds the channel.
// An ended game in the channel is replaced; fn sees it as tx.Previous.
func (s *Service) Create(ctx context.Context, req interaction.Request, fn ChangeFunc) (interaction.Response, error) {
	var previous *Game
	return s.change(ctx, req, func(g *Game) (*Game, error) {
		previous = g
		if g != nil && g.Running() {
			name := g.Ruleset
			if rs, ok := s.rulesets[g.Ruleset]; ok {
				name = rs.Name()
			}
			return nil, interaction.Refusef("This channel already has a battle running (%s). The umpire ends it with `/game end` first.", name)
		}
		return &Game{Schema: SchemaVersion, Channel: req.ChannelID, Guild: req.GuildID, NextRoll: 1}, nil
	}, func(tx *Tx) (interaction.Response, error) {
		tx.Previous = previous
		return fn(tx)
	}, occupy)
}

// Replace runs fn with the channel's game as it is (nil when there is none;
// running or ended): fn may put a whole new game in its place with Tx.Import
// (an import, with its log; setting tx.Game to a new document does the same
// with an empty log), which is then stored in its place, log and all. fn
// does its own authority checks.
func (s *Service) Replace(ctx context.Context, req interaction.Request, fn ChangeFunc) (interaction.Response, error) {
	return s.change(ctx, req, func(g *Game) (*Game, error) { return g, nil }, fn, occupy)
}

// ChangeAny is Change that also accepts an ended game (for /game verify, export, report).
func (s *Service) ChangeAny(ctx context.Context, req interaction.Request, fn ChangeFunc) (interaction.Response, error) {
	return s.change(ctx, req, func(g *Game) (*Game, error) {
		if g == nil {
			return nil, state.ErrNotFound
		}
		return g, nil
	}, fn, follow)
}

// Rule runs a ruling that may be made with or without a battle: in a channel with
// a running game it is a Change (numbered, logged, verifiable); elsewhere fn gets a
// Tx with no game and dice from a fresh secure seed, and only the answer is
// stored, under the interaction id, so that a replay of it is answered, not
// rolled again.
func (s *Service) Rule(ctx context.Context, req interaction.Request, fn ChangeFunc) (interaction.Response, error) {
	return s.change(ctx, req, func(g *Game) (*Game, error) {
		if g == nil || !g.Running() {
			return nil, errOutside
		}
		return g, nil
	}, fn, follow)
}

// errOutside, from a change's load, makes it a ruling outside any game.
var errOutside = errors.New("a ruling outside any game")

// ErrEnded refuses changes to an ended game; Rule falls back to a ruling outside it.
var ErrEnded = interaction.Refuse("This battle has ended. The umpire can start a new one with `/game start`.")

// errUnkept refuses, on a service with no Keeper, a change that would
// bring a battle's next due time earlier than the stored one: no index
// would say so, and the deadline would pass unseen.
var errUnkept = errors.New("battle: a deadline set with no keeper of the due index (Service.PlanDeadlines)")

// unkept is the Watch of a change on a service with no Keeper (errUnkept).
func unkept(tx *Tx) func() error {
	var before time.Time
	if tx.Game != nil {
		before = tx.Game.Pace.Next()
	}
	return func() error {
		if tx.Game == nil {
			return nil
		}
		if after := tx.Game.Pace.Next(); !after.IsZero() && (before.IsZero() || after.Before(before)) {
			return errUnkept
		}
		return nil
	}
}

// changeOnce runs fn as one update of the channel's game, then what every
// change does after its command (afterCommand), then the check watch
// returned for it (nil: none); load picks the game fn works on from the
// stored one, or refuses (errOutside: a ruling outside any game instead,
// for Rule). change wraps it.
func (s *Service) changeOnce(ctx context.Context, req interaction.Request, w where, load func(*Game) (*Game, error), fn ChangeFunc, watch Watch) (interaction.Response, error) {
	var fresh interaction.Response // the response of the run whose change was applied
	applied, err := s.store.UpdateLog(ctx, req.ChannelID, req.ID, func(current []byte) (state.Change, error) {
		if home, ok := state.LinkedTo(current); ok {
			if !w.ignoreLink {
				return state.Change{}, &linked{home: home}
			}
			current = nil // a link left behind: the channel is free
		}
		var stored *Game
		var inline []gamelog.Entry // non-nil for a schema 1 document
		if current != nil {
			var err error
			if stored, inline, err = decodeGame(current); err != nil {
				return state.Change{}, err
			}
		}
		g, err := load(stored)
		if errors.Is(err, errOutside) {
			c, resp, err := s.ruleOutside(req, fn)
			fresh = resp
			return c, err
		}
		if err != nil {
			return state.Change{}, err
		}
		if g != nil && w.from != req.ChannelID {
			if err := s.gate.MayCommandIn(g, req.User.ID, w.from); err != nil {
				return state.Change{}, err
			}
		}
		tx := &Tx{Game: g, Req: req, Now: s.now(), From: w.from, svc: s}
		var before json.RawMessage // the board as read (boards are replaced, never changed in place)
		if g != nil {
			tx.rec = recorder{seed: g.Seed, n: g.NextRoll}
			before, tx.read, tx.readMap = g.Board, g.Board, g.Map
		}
		var check func() error
		if watch != nil {
			check = watch(tx)
		}
		resp, err := fn(tx)
		if err != nil {
			return state.Change{}, err
		}
		if err := s.afterCommand(tx, &resp); err != nil {
			return state.Change{}, err
		}
		if check != nil {
			if err := check(); err != nil {
				return state.Change{}, err
			}
		}
		if tx.Game == nil {
			return state.Change{}, errors.New("change left no game")
		}
		var c state.Change
		log := tx.logged
		if tx.Game != g { // a whole new document (Replace)
			g = tx.Game
			c.ReplaceLog, log = true, append(tx.imported, log...)
		} else {
			if err := tx.flush(); err != nil {
				return state.Change{}, err
			}
			log = tx.logged
			switch {
			case g != stored: // a new game (Create): the log starts afresh
				c.ReplaceLog = true
			case inline != nil: // schema 1: its log moves beside it
				c.ReplaceLog, log = true, append(inline, log...)
			}
			if !tx.keepUndo && (len(tx.logged) > 0 || !bytes.Equal(before, g.Board)) {
				u := &undo.Point{Before: g.Undo}
				for _, e := range tx.logged {
					u.Entries = append(u.Entries, e.N)
					u.Summaries = append(u.Summaries, e.Summary)
				}
				if !bytes.Equal(before, g.Board) {
					if err := u.SetBoard(before); err != nil {
						return state.Change{}, err
					}
				}
				u.Trim()
				g.Undo = u
			}
		}
		if err := tx.completeOrder(); err != nil {
			return state.Change{}, err
		}
		checked := g == stored && same(g.Board, before) || same(g.Board, tx.board)
		if c.Doc, err = g.encode(checked); err != nil {
			return state.Change{}, err
		}
		if c.Reply, err = encodeReply(resp, tx); err != nil {
			return state.Change{}, err
		}
		fresh = resp
		if current != nil && !c.ReplaceLog && len(log) == 0 && bytes.Equal(c.Doc, current) {
			c.Doc = nil // nothing changed: write nothing
			return c, nil
		}
		for _, e := range log {
			b, err := json.Marshal(e)
			if err != nil {
				return state.Change{}, fmt.Errorf("encode log entry: %w", err)
			}
			c.Append = append(c.Append, b)
		}
		return c, nil
	})
	if errors.Is(err, state.ErrIndeterminate) && s.settle != nil {
		s.settle(ctx, req)
	}
	if err != nil {
		return interaction.Response{}, err
	}
	if !applied.Replayed {
		return fresh, nil
	}
	// A redelivered interaction is answered as it was the first time.
	r, err := DecodeReply(applied.Reply)
	return r.Response, err
}

// ruleOutside makes a ruling outside any game: fn gets a Tx with no game and
// dice from a fresh secure seed; the change records only its answer.
func (s *Service) ruleOutside(req interaction.Request, fn ChangeFunc) (state.Change, interaction.Response, error) {
	seed, err := s.NewSeed()
	if err != nil {
		return state.Change{}, interaction.Response{}, err
	}
	tx := &Tx{Req: req, Now: s.now(), From: req.ChannelID, svc: s, rec: recorder{seed: seed}}
	resp, err := fn(tx)
	if err != nil {
		return state.Change{}, interaction.Response{}, err
	}
	reply, err := encodeReply(resp, tx)
	if err != nil {
		return state.Change{}, interaction.Response{}, err
	}
	return state.Change{Reply: reply, Record: true}, resp, nil
}

// same reports whether a and b are the same bytes in memory (not merely equal).
func same(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// afterCommand is what every change does once its command has run, in one
// place: in a battle played in turns it has the referee make the umpire's
// calls under calls:auto (MakeCalls), does what is done at a turn's end
// (AtTurnEnd: the sealed orders of turns ended revealed), it replans the
// battle's deadlines (PlanDeadlines), marks the response's
// DMs with the battle's desk (where one not delivered is posted), shows the
// battle's turn message as the change leaves it, its turn buttons bound to
// the moment the change leaves (ShowTurns), and delivers the response
// (DeliverBy: under fog of war each message to the audiences that may read
// it). A fogged battle's change is refused when there is no delivery: its
// response, unfiltered, would show every reader what his view hides.
func (s *Service) afterCommand(tx *Tx, resp *interaction.Response) error {
	g := tx.Game
	if g == nil {
		return nil
	}
	te, turns := s.rulesets[g.Ruleset].(TurnEngine)
	if turns && s.calls != nil {
		if err := s.calls(tx, te, resp); err != nil {
			return err
		}
	}
	if s.turnEnd != nil {
		if err := s.turnEnd(tx, resp); err != nil {
			return err
		}
	}
	if s.planner != nil {
		if err := s.planner(tx, resp); err != nil {
			return err
		}
	}
	deskFallback(g, resp)
	if turns && s.showTurn != nil {
		if err := s.showTurn(tx, te, resp); err != nil {
			return err
		}
	}
	if s.deliver == nil {
		if g.Fogged() {
			return errUndelivered
		}
		return nil
	}
	h, err := s.deliver(tx, resp)
	tx.heard = h
	return err
}

// errUndelivered refuses a change to a fogged battle served without a
// delivery (DeliverBy): fog of war fails closed.
var errUndelivered = errors.New("battle: a change to a battle under fog of war, and no delivery to filter what it says (Service.DeliverBy)")
