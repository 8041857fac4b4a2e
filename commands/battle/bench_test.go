package battle_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules/dice"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/state"
)

// BenchmarkChange is what the game document costs one command in a Green
// Jackets battle of 50 figures (a document of about 7 KB, with an undo point
// holding a board): the document read, the command's change, the document and
// its log entry written. The store keeps the document in memory, so only the
// document's handling is measured.
//   - fire: the board is decoded, a figure fires (a die, its load spent) and
//     the board is written back; the undo point keeps the board before.
//   - roll: a roll in the battle, logged; the board is not touched.
func BenchmarkChange(b *testing.B) {
	for _, bench := range []struct {
		name string
		fn   func(tx *battle.Tx, i int) error
	}{
		{"fire", func(tx *battle.Tx, i int) error {
			bd, err := roster.Load[greenjackets.Board](tx, gj.ID, "not %s")
			if err != nil {
				return err
			}
			s := bd.Squads[i%len(bd.Squads)]
			f := s.Figures[i%len(s.Figures)]
			f.Loaded = !f.Loaded
			return roster.Save(tx, bd, fmt.Sprintf("%s of %s fires: %d", f.Name, s.Name, tx.Dice().Roll(6)))
		}},
		{"roll", func(tx *battle.Tx, i int) error {
			tx.Log(fmt.Sprintf("2d6+1: %d", tx.Dice().Roll(6)+tx.Dice().Roll(6)+1))
			return nil
		}},
	} {
		b.Run(bench.name, func(b *testing.B) {
			svc, store := fiftyFigures(b)
			ctx := context.Background()
			for i := 0; b.Loop(); i++ {
				req := interaction.Request{ID: fmt.Sprint("bench-", i), ChannelID: "c1", User: interaction.User{ID: "u2", Name: "Bob"}, Path: "greenjackets fire"}
				if _, err := svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
					return interaction.Whisper("ok"), bench.fn(tx, i)
				}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(store.doc)), "doc-bytes")
		})
	}
}

// fiftyFigures is a service over a store holding one Green Jackets battle in
// channel c1: ten characters, each leading a squad of five, with an undo
// point holding a board.
func fiftyFigures(b *testing.B) (*battle.Service, *memStore) {
	var bd greenjackets.Board
	for i := range 10 {
		side, nation, weapon := "British", "british", gj.Rifle
		if i%2 == 1 {
			side, nation, weapon = "French", "french", gj.Musket
		}
		officer := fmt.Sprintf("Lt Officer %d", i+1)
		bd.Characters = append(bd.Characters, &greenjackets.Character{Name: officer, Rank: greenjackets.RankOfficer,
			Side: side, Nation: nation, Player: fmt.Sprint(100000000000000000 + i), PlayerName: fmt.Sprint("Player ", i%4), Quality: gj.Veteran})
		s := &greenjackets.Squad{Name: fmt.Sprintf("Squad %d", i+1), Officer: officer, Arm: gj.Infantry, Quality: gj.Trained, Morale: gj.Steady}
		for j := range 5 {
			s.Figures = append(s.Figures, &greenjackets.Figure{Name: fmt.Sprintf("Private %d-%d", i+1, j+1), Weapon: weapon,
				Melee: gj.Bayonet, Quality: gj.Trained, Sharpshooter: j == 0, Loaded: j%2 == 0, Light: j % 3})
		}
		bd.Squads = append(bd.Squads, s)
	}
	bd.Turn = greenjackets.Turn{Number: 3, Suits: 2, Pos: 4, Order: []string{"Lt Officer 1", "Lt Officer 2"}}

	store := &memStore{}
	svc := battle.NewService(store, time.Now, nil)
	ctx := context.Background()
	umpire := interaction.Request{ChannelID: "c1", User: interaction.User{ID: "u1", Name: "Ann"}}
	for i, fn := range []battle.ChangeFunc{
		func(tx *battle.Tx) (interaction.Response, error) {
			seed, err := svc.NewSeed()
			if err != nil {
				return interaction.Response{}, err
			}
			g := tx.Game
			g.Ruleset, g.Umpire, g.UmpireName, g.Started = gj.ID, "u1", "Ann", time.Now()
			g.Seed, g.Commitment = seed, dice.Commitment(seed)
			tx.KeepUndo()
			return interaction.Response{}, roster.Save(tx, &bd, "roster imported")
		},
		func(tx *battle.Tx) (interaction.Response, error) {
			bd.Turn.Pos++
			return interaction.Response{}, roster.Save(tx, &bd, "the count goes on")
		},
	} {
		umpire.ID = fmt.Sprint("setup-", i)
		run := svc.Change
		if i == 0 {
			run = svc.Create
		}
		if _, err := run(ctx, umpire, fn); err != nil {
			b.Fatal(err)
		}
	}
	return svc, store
}

// memStore holds one channel's document in memory (and drops its log).
type memStore struct {
	doc []byte
}

func (m *memStore) UpdateLog(_ context.Context, _, _ string, fn state.LogUpdateFunc) (state.Applied, error) {
	c, err := fn(m.doc)
	if err != nil {
		return state.Applied{}, err
	}
	if c.Doc != nil {
		m.doc = c.Doc
	}
	return state.Applied{Reply: c.Reply}, nil
}

func (m *memStore) Get(context.Context, string) ([]byte, int64, error) {
	if m.doc == nil {
		return nil, 0, state.ErrNotFound
	}
	return m.doc, 1, nil
}

func (m *memStore) Update(context.Context, string, string, state.UpdateFunc) (state.Applied, error) {
	panic("memStore: Update is not used by the battle service")
}

func (m *memStore) GetLog(context.Context, string, int, int) (state.Read, error) {
	panic("memStore: GetLog is not used by the benchmark")
}

func (m *memStore) Settle(context.Context, string, string) (state.Settled, error) {
	panic("memStore: Settle is not used by the benchmark")
}

func (m *memStore) Index(context.Context, string, string) error {
	panic("memStore: Index is not used by the benchmark")
}

func (m *memStore) Indexed(context.Context, string) ([]state.Indexed, error) {
	panic("memStore: Indexed is not used by the benchmark")
}
