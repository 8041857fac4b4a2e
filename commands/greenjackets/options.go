package greenjackets

import (
	"math"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Option readers: an option not given is nil (or its default); one that
// cannot be read is an *interaction.InputError.

func str(tx *battle.Tx, name string) *string {
	if !tx.Req.Has(name) {
		return nil
	}
	v := tx.Req.String(name)
	return &v
}

func integer(tx *battle.Tx, name string) *int {
	if !tx.Req.Has(name) {
		return nil
	}
	v := tx.Req.IntOr(name, 0)
	return &v
}

func flag(tx *battle.Tx, name string) *bool {
	if !tx.Req.Has(name) {
		return nil
	}
	v := tx.Req.Bool(name)
	return &v
}

// parsed reads an option with a rules vocabulary (weapon, arm, quality …).
func parsed[T any](tx *battle.Tx, name string, parse func(string) (T, error)) (*T, error) {
	if !tx.Req.Has(name) {
		return nil, nil
	}
	v, err := parse(tx.Req.String(name))
	if err != nil {
		return nil, interaction.Input(err.Error())
	}
	return &v, nil
}

// word reads an option with a rules vocabulary, its default when not given.
func word[T any](tx *battle.Tx, name string, parse func(string) (T, error)) (T, error) {
	v, err := parse(tx.Req.String(name))
	if err != nil {
		return v, interaction.Input(err.Error())
	}
	return v, nil
}

// entries reads a list option: "Dubois (soft mounted):2, Leclerc".
func entries(tx *battle.Tx, name string) ([]gj.Entry, error) {
	its, err := gj.ParseEntries(tx.Req.String(name))
	if err != nil {
		return nil, interaction.Input(err.Error())
	}
	return its, nil
}

// number reads a distance in inches, never negative.
func number(tx *battle.Tx, name string) (float64, bool, error) {
	v, ok := tx.Req.Float(name)
	switch {
	case ok && (math.IsNaN(v) || math.IsInf(v, 0)):
		return 0, false, interaction.Inputf("%s: give a number of inches, like 8.", name)
	case ok && v < 0:
		return 0, false, interaction.Inputf("%s cannot be negative.", name)
	}
	return v, ok, nil
}

// required is number for an option that must be given, said as what.
func required(tx *battle.Tx, name, what string) (float64, error) {
	v, ok, err := number(tx, name)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, interaction.Inputf("Give the %s (`%s:`).", what, name)
	}
	return v, nil
}

// inchesList reads a list of ranges in inches: "12, 14, 9".
func inchesList(tx *battle.Tx, name string) ([]float64, error) {
	var out []float64
	for _, s := range gj.Names(tx.Req.String(name)) {
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "\""), 64)
		if err != nil || !(v >= 0 && v <= 1000) {
			return nil, interaction.Inputf("%q is not a range in inches: give ranges like `12, 14, 9`.", s)
		}
		out = append(out, v)
	}
	return out, nil
}

// command reads who orders which squads at what distance from their officer.
func command(tx *battle.Tx) (gj.Command, error) {
	dist, _, err := number(tx, optDistance)
	if err != nil {
		return gj.Command{}, err
	}
	a, err := actor(tx)
	return gj.Command{Actor: a, Squads: gj.Names(tx.Req.String(optSquad)), Distance: dist}, err
}
