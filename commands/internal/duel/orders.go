package duel

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
)

// fireOrder is /duel fire.
type fireOrder struct {
	decode.Mode
	Range   float64 `opt:"range"`
	Shooter string  `opt:"shooter" roster:"duellist"`
	Target  string  `opt:"target" roster:"duellist"`
}

// Fire is /duel fire: a shot, on the roster in a battle of Duel, as a quick
// ruling otherwise.
func (*Ruleset) Fire(tx *battle.Tx, o fireOrder) (interaction.Response, error) {
	b := &Board{} // a quick ruling's board: no one on it
	if o.Battle() {
		var err error
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	shot, err := b.Fire(tx.Dice(), ShotOrder{Shooter: o.Shooter, Target: o.Target, Range: o.Range})
	if err != nil {
		return interaction.Response{}, err
	}
	line := shotLine(o.Shooter, o.Target, shot)
	if !o.Battle() {
		tx.Log(line)
		return interaction.Say(render.Inert(line)), nil
	}
	return interaction.Say(render.Inert(line)), roster.Save(tx, b, line)
}

// load reads the board of the Duel in tx.
func load(tx *battle.Tx) (*Board, error) {
	return roster.Load[Board](tx, ID, "This channel's battle is played under %s, not Duel.")
}
