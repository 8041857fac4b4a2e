package campaign

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/boltstore"
)

func newService(t *testing.T) *Service {
	t.Helper()
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return NewService(store, func() time.Time { return t0 })
}

func request(id string) interaction.Request {
	return interaction.Request{ID: id, GuildID: "g1", Path: "campaign start", User: interaction.User{ID: "u1", Name: "Wellington"}}
}

// start makes the campaign Peninsula, its umpire u1.
func start(t *testing.T, s *Service) {
	t.Helper()
	_, err := s.Change(t.Context(), request("i1"), "Peninsula", Fresh, func(tx *Tx) (interaction.Response, error) {
		tx.Campaign.Name, tx.Campaign.Umpire, tx.Campaign.Started = "Peninsula", tx.Req.User.ID, tx.Now
		tx.Log("started")
		return interaction.Whisper("started"), nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestChange: a change is written with its log entry and listed on its
// server; a redelivered interaction gets the first answer and changes
// nothing; a refused change writes nothing.
func TestChange(t *testing.T) {
	s := newService(t)
	start(t, s)
	runs := 0
	muster := func(tx *Tx) (interaction.Response, error) {
		runs++
		tx.Campaign.Issue("m1", "c1", tx.Now)
		tx.Log("mustered")
		return interaction.Whisper("mustered"), nil
	}
	first, err := s.Change(t.Context(), request("i2"), "peninsula", Existing, muster)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Change(t.Context(), request("i2"), "peninsula", Existing, muster)
	if diff := cmp.Diff(first, again); err != nil || runs != 1 || diff != "" {
		t.Errorf("the redelivery: %d runs, %v, answer (-first +again):\n%s", runs, err, diff)
	}
	refused := interaction.Refuse("no")
	if _, err := s.Change(t.Context(), request("i3"), "Peninsula", Existing, func(tx *Tx) (interaction.Response, error) {
		tx.Log("refused")
		return interaction.Response{}, refused
	}); err != refused {
		t.Errorf("a refused change = %v, want its refusal", err)
	}
	c, log, err := s.View(t.Context(), "g1", "PENINSULA", 0)
	if err != nil {
		t.Fatal(err)
	}
	if c.LogLen != 2 || len(log) != 2 || log[1].Summary != "mustered" || log[1].N != 2 || len(c.Mustered) != 1 || c.Players["u1"] != "Wellington" {
		t.Errorf("the campaign after its changes: %+v, log %+v", c, log)
	}
	all, err := s.List(t.Context(), "g1")
	if err != nil || len(all) != 1 || all[0].Name != "Peninsula" {
		t.Errorf("List(g1) = %v, %v, want Peninsula", all, err)
	}
}

// TestModes: a new campaign needs a free name, a change an existing one.
func TestModes(t *testing.T) {
	s := newService(t)
	var refusal *interaction.Refusal
	nothing := func(*Tx) (interaction.Response, error) { return interaction.Response{}, nil }
	if _, err := s.Change(t.Context(), request("i0"), "Peninsula", Existing, nothing); !errors.As(err, &refusal) {
		t.Errorf("changing a campaign the server has none of = %v, want a refusal", err)
	}
	if _, _, err := s.View(t.Context(), "g1", "Peninsula", 0); !errors.As(err, &refusal) {
		t.Errorf("View of a campaign the server has none of = %v, want a refusal", err)
	}
	start(t, s)
	if _, err := s.Change(t.Context(), request("i9"), "peninsula!", Fresh, nothing); !errors.As(err, &refusal) {
		t.Errorf("starting a campaign of a name taken = %v, want a refusal", err)
	}
	if _, err := s.Change(t.Context(), request("i8"), "Peninsula", Any, nothing); err != nil {
		t.Errorf("an import over a campaign = %v", err)
	}
}

// TestKeep: a battle keeps its campaign; a campaign gone meanwhile is no error.
func TestKeep(t *testing.T) {
	s := newService(t)
	if err := s.Keep(t.Context(), request("t1"), "Peninsula"); err != nil {
		t.Errorf("Keep of no campaign = %v", err)
	}
	start(t, s)
	if err := s.Keep(t.Context(), request("t2"), "Peninsula"); err != nil {
		t.Errorf("Keep = %v", err)
	}
	if c, log, _ := s.View(t.Context(), "g1", "Peninsula", 0); c.LogLen != 1 || len(log) != 1 {
		t.Errorf("Keep logged: %d entries", len(log))
	}
}
