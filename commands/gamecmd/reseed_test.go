package gamecmd

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/rules/dice"
)

func TestReseed(t *testing.T) {
	old := dice.Commitment(bytes.Repeat([]byte{7}, 32))
	g := &battle.Game{NextRoll: 5, Commitment: old}
	seed := bytes.Repeat([]byte{3}, 32)
	reseed(g, seed)
	want := []battle.Epoch{{Below: 5, Commitment: old}}
	if !cmp.Equal(g.Earlier, want) || g.Commitment != dice.Commitment(seed) || !bytes.Equal(g.Seed, seed) {
		t.Errorf("after reseed: earlier %v, commitment %s; want %v, %s", g.Earlier, g.Commitment, want, dice.Commitment(seed))
	}
	fresh := &battle.Game{NextRoll: 1, Commitment: old}
	reseed(fresh, seed)
	if len(fresh.Earlier) != 0 {
		t.Errorf("reseed before any roll kept an earlier epoch: %v", fresh.Earlier)
	}
}
