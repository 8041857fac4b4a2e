package battle

import (
	"context"
	"encoding/json"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// decodes counts the countedBoards decoded.
var decodes atomic.Int64

// A countedBoard is a fake board that counts its decodes; a clonedBoard is
// one with a Clone, as the rule sets' boards have.
type (
	countedBoard struct {
		Units []string `json:"units"`
	}
	clonedBoard struct{ countedBoard }
)

func (b *countedBoard) UnmarshalJSON(raw []byte) error {
	decodes.Add(1)
	type plain countedBoard
	return json.Unmarshal(raw, (*plain)(b))
}

func (b *clonedBoard) Clone() *clonedBoard {
	return &clonedBoard{countedBoard{Units: slices.Clone(b.Units)}}
}

// TestChangeDecodesBoardOnce: a change reads its board as every reader of a
// change does (the decoder resolving names, fog of war, the turn), takes it,
// changes it and stores it, and the readers after it read the board stored:
// one decode in all, for a board with a Clone and for one without.
func TestChangeDecodesBoardOnce(t *testing.T) {
	t.Run("with a Clone", func(t *testing.T) {
		testDecodesOnce[clonedBoard](t, func(b *clonedBoard) *[]string { return &b.Units })
	})
	t.Run("without", func(t *testing.T) {
		testDecodesOnce[countedBoard](t, func(b *countedBoard) *[]string { return &b.Units })
	})
}

func testDecodesOnce[B any](t *testing.T, units func(*B) *[]string) {
	svc, _ := newService(t)
	ctx := context.Background()
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		return interaction.Response{}, tx.SetBoard(fakeBoard{Units: []string{"Harris"}})
	}); err != nil {
		t.Fatal(err)
	}
	decodes.Store(0)
	_, err := svc.Change(ctx, request("add"), func(tx *Tx) (interaction.Response, error) {
		for range 3 { // the decoder, the fog, the turn: all read the board as stored
			b, err := BoardOf[B](tx.Game)
			if err != nil {
				return interaction.Response{}, err
			}
			if got := *units(b); !slices.Equal(got, []string{"Harris"}) {
				t.Errorf("BoardOf before the change: units %q, want [Harris]", got)
			}
		}
		b, err := TakeBoard[B](tx)
		if err != nil {
			return interaction.Response{}, err
		}
		*units(b) = append(*units(b), "Hagman")
		if err := tx.SetBoard(b); err != nil {
			return interaction.Response{}, err
		}
		after, err := BoardOf[B](tx.Game)
		if err != nil {
			return interaction.Response{}, err
		}
		if after != b {
			t.Errorf("BoardOf after SetBoard is not the board set")
		}
		return interaction.Response{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := decodes.Load(); n != 1 {
		t.Errorf("the change decoded its board %d times, want 1", n)
	}
	g, err := svc.View(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	var stored fakeBoard
	if err := json.Unmarshal(g.Board, &stored); err != nil || !slices.Equal(stored.Units, []string{"Harris", "Hagman"}) {
		t.Errorf("stored board %s (%v), want units Harris, Hagman", g.Board, err)
	}
}

// TestTakeBoardLeavesReadersTheStoredBoard: what a change does to the board it
// took is not seen by a reader until it is stored; a change refused after
// editing it leaves the battle as it was.
func TestTakeBoardLeavesReadersTheStoredBoard(t *testing.T) {
	g := &Game{Ruleset: "fake", Board: json.RawMessage(`{"units":["Harris"]}`)}
	tx := &Tx{Game: g}
	for _, name := range []string{"with a Clone", "without"} {
		var units []string
		if name == "with a Clone" {
			b, err := TakeBoard[clonedBoard](tx)
			if err != nil {
				t.Fatal(err)
			}
			b.Units[0] = "Hagman"
			r, _ := BoardOf[clonedBoard](g)
			units = r.Units
		} else {
			b, err := TakeBoard[countedBoard](tx)
			if err != nil {
				t.Fatal(err)
			}
			b.Units[0] = "Hagman"
			r, _ := BoardOf[countedBoard](g)
			units = r.Units
		}
		if !slices.Equal(units, []string{"Harris"}) {
			t.Errorf("%s: a reader after TakeBoard reads %q, want the stored [Harris]", name, units)
		}
	}
	if _, err := TakeBoard[countedBoard](&Tx{}); err == nil {
		t.Error("TakeBoard outside a battle: no refusal")
	}
}
