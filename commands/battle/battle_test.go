package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// fakeRuleset is just enough of a rule set for the battle package's tests: its
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
func (fakeRuleset) Status(*Game) ([]interaction.Field, error) { return nil, nil }
func (fakeRuleset) Losses(*Game) (string, error)              { return "", nil }
func (fakeRuleset) HouseRules() []rules.HouseRule {
	return []rules.HouseRule{{Name: "dead", Values: []string{"literal", "lenient"}}}
}
func (fakeRuleset) Definitions() []*discordgo.ApplicationCommand {
	return []*discordgo.ApplicationCommand{{Name: "fake", Description: "Fake Rules"}}
}
func (fakeRuleset) Routes() []Route                                         { return nil }
func (fakeRuleset) Choices(*Game, interaction.Request) []interaction.Choice { return nil }

// command runs fn as one command against g, as Service.change would, and
// appends the entries it logged to log.
func command(g *Game, log *[]gamelog.Entry, fn func(tx *Tx)) {
	tx := &Tx{Game: g, Req: interaction.Request{User: interaction.User{ID: "u1", Name: "Ann"}, Path: "test"}, Now: t0}
	tx.rec = recorder{seed: g.Seed, n: g.NextRoll}
	fn(tx)
	tx.flush()
	*log = append(*log, tx.logged...)
}

// played is an ended game of five commands: dice in one entry, one roll
// spread over three entries, a command without dice, a secret roll, and dice
// drawn but never logged by the command (flush logs them). It returns the
// game and its log.
func played() (*Game, []gamelog.Entry) {
	var log []gamelog.Entry
	seed := bytes.Repeat([]byte{7}, 32)
	g := &Game{Schema: SchemaVersion, Channel: "c1", Ruleset: "fake", Umpire: "u1", UmpireName: "Ann",
		Started: t0, Seed: seed, Commitment: dice.Commitment(seed), NextRoll: 1, Board: json.RawMessage(`{"units":["Harris"]}`)}
	command(g, &log, func(tx *Tx) { tx.Dice().Roll(20); tx.Dice().Roll(6); tx.Log("Harris fires: hit") })
	command(g, &log, func(tx *Tx) {
		tx.Dice().Roll(6)
		tx.Log("first part")
		tx.Log("no dice in between")
		tx.Dice().Roll(6)
		tx.Dice().Roll(100)
		tx.Log("second part")
	})
	command(g, &log, func(tx *Tx) { tx.Log("house rule dead = lenient (was literal)") })
	command(g, &log, func(tx *Tx) { tx.Dice().Roll(6); tx.LogSecret("cards dealt") })
	command(g, &log, func(tx *Tx) { tx.Dice().Roll(12) })
	end := t0.Add(time.Hour)
	g.Ended = &end
	return g, log
}
