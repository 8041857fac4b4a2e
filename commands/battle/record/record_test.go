package record

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/state/boltstore"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// importTime is when the tests' files are imported: a day after the battle of
// played began.
var importTime = t0.Add(24 * time.Hour)

// fakeRuleset is just enough of a rule set for the package's tests: its
// board is {"units": [names]} and every unit must have a name.
type fakeRuleset struct{}

type fakeBoard struct {
	Units []string `json:"units"`
}

func (fakeRuleset) ID() string            { return "fake" }
func (fakeRuleset) Name() string          { return "Fake Rules" }
func (fakeRuleset) FirstSteps() string    { return "1. Muster the units." }
func (fakeRuleset) NewBoard() any         { return fakeBoard{Units: []string{}} }
func (fakeRuleset) Topics() []rules.Topic { return nil }
func (fakeRuleset) ValidateBoard(b json.RawMessage) error {
	var fb fakeBoard
	if err := json.Unmarshal(b, &fb); err != nil {
		return errors.New("the board is not a fake board")
	}
	for i, u := range fb.Units {
		if u == "" {
			return fmt.Errorf("unit %d has no name", i+1)
		}
	}
	return nil
}
func (fakeRuleset) Status(*battle.Game) ([]interaction.Field, error) { return nil, nil }
func (fakeRuleset) Losses(*battle.Game) (string, error)              { return "", nil }
func (fakeRuleset) HouseRules() []rules.HouseRule {
	return []rules.HouseRule{{Name: "dead", Values: []string{"literal", "lenient"}}}
}
func (fakeRuleset) Definitions() []*discordgo.ApplicationCommand {
	return []*discordgo.ApplicationCommand{{Name: "fake", Description: "Fake Rules"}}
}
func (fakeRuleset) Routes() []battle.Route                                         { return nil }
func (fakeRuleset) Choices(*battle.Game, interaction.Request) []interaction.Choice { return nil }

func findFake(id string) (battle.Ruleset, bool) { return fakeRuleset{}, id == "fake" }

// played is an ended game of five commands, played through the battle
// service: dice in one entry, one roll spread over three entries, a command
// without dice, a secret roll, and dice drawn but never logged by the
// command (the service logs them). It returns the game and its whole log.
func played(tb testing.TB) (*battle.Game, []gamelog.Entry) {
	tb.Helper()
	store, err := boltstore.Open(tb.TempDir(), boltstore.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	svc := battle.NewService(store, func() time.Time { return t0 }, nil, fakeRuleset{})
	ctx := context.Background()
	n := 0
	run := func(change func(context.Context, interaction.Request, battle.ChangeFunc) (interaction.Response, error), path string, fn func(tx *battle.Tx) error) {
		n++
		req := interaction.Request{ID: fmt.Sprint("i", n), ChannelID: "c1", User: interaction.User{ID: "u1", Name: "Ann"}, Path: path}
		if _, err := change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) { return interaction.Response{}, fn(tx) }); err != nil {
			tb.Fatal(err)
		}
	}
	seed := bytes.Repeat([]byte{7}, 32)
	run(svc.Create, "game start", func(tx *battle.Tx) error {
		g := tx.Game
		g.Ruleset, g.Umpire, g.UmpireName, g.Started, g.Seed, g.Commitment = "fake", "u1", "Ann", t0, seed, dice.Commitment(seed)
		return tx.SetBoard(fakeBoard{Units: []string{"Harris"}})
	})
	run(svc.Change, "test", func(tx *battle.Tx) error {
		tx.Dice().Roll(20)
		tx.Dice().Roll(6)
		tx.Log("Harris fires: hit")
		return nil
	})
	run(svc.Change, "test", func(tx *battle.Tx) error {
		tx.Dice().Roll(6)
		tx.Log("first part")
		tx.Log("no dice in between")
		tx.Dice().Roll(6)
		tx.Dice().Roll(100)
		tx.Log("second part")
		return nil
	})
	run(svc.Change, "test", func(tx *battle.Tx) error { tx.Log("house rule dead = lenient (was literal)"); return nil })
	run(svc.Change, "test", func(tx *battle.Tx) error { tx.Dice().Roll(6); tx.LogSecret("cards dealt"); return nil })
	run(svc.Change, "test", func(tx *battle.Tx) error { tx.Dice().Roll(12); return nil })
	run(svc.Change, "game end", func(tx *battle.Tx) error {
		end := t0.Add(time.Hour)
		tx.Game.Ended = &end
		return nil
	})
	g, log, err := svc.ViewLog(ctx, "c1", 0)
	if err != nil {
		tb.Fatal(err)
	}
	return g, log
}

func clone(t *testing.T, g *battle.Game) *battle.Game {
	t.Helper()
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	c, err := battle.DecodeGame(b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
