package campaign

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// Store is what campaigns need of the game store (battle.Store has it all):
// the document with its log kept beside it, and the server's index of its
// campaigns.
type Store interface {
	UpdateLog(ctx context.Context, key, interactionID string, fn state.LogUpdateFunc) (state.Applied, error)
	GetLog(ctx context.Context, key string, from, count int) (state.Read, error)
	Index(ctx context.Context, index, key string) error
	Indexed(ctx context.Context, index string) ([]state.Indexed, error)
}

// A Service reads and changes the campaigns of a game store.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the campaigns of store; now is the clock.
func NewService(store Store, now func() time.Time) *Service {
	return &Service{store: store, now: now}
}

// A Tx is one command's view of a campaign while it changes it.
type Tx struct {
	// Campaign is the campaign; in Service.Change of Fresh, a new
	// one (Schema 0) for fn to fill in.
	Campaign *Campaign
	Req      interaction.Request
	Now      time.Time
	logged   []gamelog.Entry
}

// Log appends an entry to the campaign's log (plain text, one short line).
func (tx *Tx) Log(summary string) {
	c := tx.Campaign
	e := gamelog.Entry{N: c.LogLen + 1, At: tx.Now.UTC().Truncate(time.Second), User: tx.Req.User.ID, Command: tx.Req.Path, Summary: summary}
	if u := tx.Req.User; u.ID != "" && u.Name != "" && c.Players[u.ID] != u.Name {
		if c.Players == nil {
			c.Players = map[string]string{}
		}
		c.Players[u.ID] = u.Name
	}
	c.LogLen = e.N
	tx.logged = append(tx.logged, e)
}

// LogFor appends an entry to the campaign's log for readers alone under
// fog of war (gamelog.Entry.Fog, gamelog.Entry.Shown): it is in their parts of
// the log, and in the umpire's.
func (tx *Tx) LogFor(summary string, readers []rules.Reader) {
	tx.Log(summary)
	e := &tx.logged[len(tx.logged)-1]
	e.Fog = true
	for _, r := range readers {
		e.Shown = append(e.Shown, gamelog.Seen{Reader: r})
	}
}

// RequireUmpire refuses anyone but the campaign's umpire.
func (tx *Tx) RequireUmpire(what string) error {
	if tx.Req.User.ID == tx.Campaign.Umpire {
		return nil
	}
	return interaction.Refusef("Only the campaign's umpire (%s) can %s.", render.Inert(tx.Campaign.Player(tx.Campaign.Umpire)), what)
}

// A Func is a command's change to a campaign. It may be run more
// than once (after a lost race) and must depend only on the Tx.
type Func func(tx *Tx) (interaction.Response, error)

// errNoCampaign refuses a campaign name the server has none of.
func errNoCampaign(name string) error {
	return interaction.Refusef("This server has no campaign called %s. `/campaign start name:… ruleset:…` starts one.", render.Inert(name))
}

// View reads the server's campaign called name, with the last
// entries of its log (all when last ≤ 0; none when last is 0 and log is false).
func (s *Service) View(ctx context.Context, guild, name string, last int) (*Campaign, []gamelog.Entry, error) {
	key, err := Key(guild, name)
	if err != nil {
		return nil, nil, err
	}
	from := 0
	if last > 0 {
		from = -last
	}
	r, err := s.store.GetLog(ctx, key, from, 0)
	if errors.Is(err, state.ErrNotFound) {
		return nil, nil, errNoCampaign(name)
	}
	if err != nil {
		return nil, nil, err
	}
	c, err := Decode(r.Doc)
	if err != nil {
		return nil, nil, err
	}
	log := make([]gamelog.Entry, len(r.Log))
	for i, b := range r.Log {
		if err := json.Unmarshal(b, &log[i]); err != nil {
			return nil, nil, fmt.Errorf("decode campaign log entry: %w", err)
		}
	}
	return c, log, nil
}

// campaignIndex names the store's index of a server's campaigns.
func campaignIndex(guild string) string { return "campaigns:" + guild }

// List are the server's campaigns, by their keys (their names folded).
func (s *Service) List(ctx context.Context, guild string) ([]*Campaign, error) {
	if guild == "" {
		return nil, interaction.Refuse("Campaigns belong to a server: use `/campaign` in a server's channel.")
	}
	docs, err := s.store.Indexed(ctx, campaignIndex(guild))
	if err != nil {
		return nil, err
	}
	out := make([]*Campaign, 0, len(docs))
	for _, d := range docs {
		c, err := Decode(d.Doc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Key, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// Change runs fn against the server's campaign called name as one
// atomic read-modify-write, idempotent on the interaction id as a battle's
// changes are: a redelivered interaction gets the same response and changes
// nothing. create: the campaign must not exist yet, and fn gets a new one.
// replace: fn may find the campaign or none (an import). The campaign is
// listed in the server's index (List) before it is written, so that no
// campaign written is missing from it; one written before the index was
// kept is listed from its next change.
func (s *Service) Change(ctx context.Context, req interaction.Request, name string, mode Mode, fn Func) (interaction.Response, error) {
	key, err := Key(req.GuildID, name)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := s.store.Index(ctx, campaignIndex(req.GuildID), key); err != nil {
		return interaction.Response{}, err
	}
	var fresh interaction.Response
	applied, err := s.store.UpdateLog(ctx, key, req.ID, func(current []byte) (state.Change, error) {
		var c *Campaign
		switch {
		case current == nil && mode == Existing:
			return state.Change{}, errNoCampaign(name)
		case current != nil && mode == Fresh:
			return state.Change{}, interaction.Refusef("This server has a campaign called %s already.", render.Inert(name))
		case current == nil:
			c = &Campaign{Guild: req.GuildID}
		default:
			var err error
			if c, err = Decode(current); err != nil {
				return state.Change{}, err
			}
		}
		tx := &Tx{Campaign: c, Req: req, Now: s.now()}
		resp, err := fn(tx)
		if err != nil {
			return state.Change{}, err
		}
		var ch state.Change
		if ch.Doc, err = tx.Campaign.Encode(); err != nil {
			return state.Change{}, err
		}
		if ch.Reply, err = json.Marshal(resp); err != nil {
			return state.Change{}, fmt.Errorf("encode campaign reply: %w", err)
		}
		fresh = resp
		if tx.Campaign != c { // a whole campaign put in its place (an import): its log comes with it
			ch.ReplaceLog = true
		}
		for _, e := range tx.logged {
			b, err := json.Marshal(e)
			if err != nil {
				return state.Change{}, fmt.Errorf("encode campaign log entry: %w", err)
			}
			ch.Append = append(ch.Append, b)
		}
		return ch, nil
	})
	if err != nil {
		return interaction.Response{}, err
	}
	if !applied.Replayed {
		return fresh, nil
	}
	var r interaction.Response
	if err := json.Unmarshal(applied.Reply, &r); err != nil {
		return interaction.Response{}, fmt.Errorf("decode campaign reply: %w", err)
	}
	return r, nil
}

// Keep writes the server's campaign called name again as it is, so
// that it is kept (a campaign, like a game, is forgotten after GAME_TTL
// without a write) while a battle mustered from it is played: each /turn new
// of such a battle does it. A campaign deleted or expired meanwhile is no
// error: the battle plays on.
func (s *Service) Keep(ctx context.Context, req interaction.Request, name string) error {
	keep := req
	keep.ID = req.ID + "/keep-campaign"
	_, err := s.Change(ctx, keep, name, Existing, func(*Tx) (interaction.Response, error) {
		return interaction.Response{}, nil
	})
	var refusal *interaction.Refusal
	if errors.As(err, &refusal) {
		return nil
	}
	return err
}

// A Mode says what Change expects to find.
type Mode int

// Campaign modes.
const (
	Existing Mode = iota // the campaign must exist
	Fresh                // it must not: fn fills in a new one
	Any                  // either (an import)
)

// Import puts c, with its whole log, in place of the campaign in
// tx (in a Change of Any).
func (tx *Tx) Import(c *Campaign, log []gamelog.Entry) {
	tx.Campaign, tx.logged = c, log
	c.LogLen = len(log)
}
