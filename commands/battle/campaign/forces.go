package campaign

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A Campaigner is a rule set that keeps campaigns (an optional capability
// of a Ruleset): Forces are its campaign functions.
type Campaigner interface {
	Forces() Forces
}

// Forces are what a campaign does with a rule set's forces: a board of its
// own holding only a roster (ValidateBoard holds for them), moved between
// the campaign and its battles by pure functions of the rule set's package.
// ForcesOf makes them of those functions.
type Forces interface {
	// Enlist adds the roster of a battle's board to the forces.
	Enlist(forces, board json.RawMessage) (json.RawMessage, string, error)
	// Muster is a new battle's board from the forces: those named (all
	// when none is), leaving out the absent.
	Muster(forces json.RawMessage, chosen []string, absent func(name string) bool) (json.RawMessage, error)
	// CarryBack is the forces after a battle, by K1–K4 as k switches them,
	// with every change it makes.
	CarryBack(forces, board json.RawMessage, k rules.Campaign) (json.RawMessage, []rules.Carry, error)
	// EditForces is the umpire's change between battles: a quality
	// (experience), reinforcements ("" when not given), as /campaign edit
	// reads them.
	EditForces(forces json.RawMessage, name, quality, reinforce string) (json.RawMessage, string, error)
	// Qualities are the values EditForces reads as a quality, offered as
	// /campaign edit quality:'s suggestions (none when it is a number).
	Qualities() []string
	// RemoveForces takes someone off the forces.
	RemoveForces(forces json.RawMessage, name string) (json.RawMessage, string, error)
	// ForcesStatus shows the forces by side, their players named as people
	// names them (Campaign.People); absent marks who misses the next battle.
	ForcesStatus(forces json.RawMessage, people *battle.Game, absent func(name string) string) ([]interaction.Field, error)
}

// A ForcesImporter is Forces that also read an order of battle, in the
// formats of the rule set's roster import.
type ForcesImporter interface {
	ImportForces(forces json.RawMessage, content string) (json.RawMessage, string, error)
}

// ForcesOf are Forces over the rule set's board type B: each function works
// on decoded boards (the forces, or a battle's), changing the forces in
// place; ForcesOf decodes and encodes them. A refused change leaves the
// stored forces as they were (the decoded copy is dropped).
type ForcesOf[B any] struct {
	EnlistFn    func(forces, battle *B) (string, error)
	MusterFn    func(forces *B, chosen []string, absent func(string) bool) (*B, error)
	CarryBackFn func(forces, battle *B, k rules.Campaign) (*B, []rules.Carry)
	EditFn      func(forces *B, name, quality, reinforce string) (string, error)
	// QualityValues are the qualities EditFn reads (Forces.Qualities).
	QualityValues []string
	RemoveFn      func(forces *B, name string) (string, error)
	StatusFn      func(forces *B, people *battle.Game, absent func(string) string) []interaction.Field
}

// ImportingForcesOf are ForcesOf that also read an order of battle.
type ImportingForcesOf[B any] struct {
	ForcesOf[B]
	ImportFn func(forces *B, content string) (string, error)
}

func decodeForces[B any](raw json.RawMessage) (*B, error) {
	b := new(B)
	if err := json.Unmarshal(raw, b); err != nil {
		return nil, fmt.Errorf("decode forces: %w", err)
	}
	return b, nil
}

func encodeForces[B any](b *B) (json.RawMessage, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("encode forces: %w", err)
	}
	return raw, nil
}

// change runs fn on the decoded forces and encodes them after it.
func change[B any](raw json.RawMessage, fn func(*B) (string, error)) (json.RawMessage, string, error) {
	f, err := decodeForces[B](raw)
	if err != nil {
		return nil, "", err
	}
	msg, err := fn(f)
	if err != nil {
		return nil, "", err
	}
	out, err := encodeForces(f)
	return out, msg, err
}

// Enlist implements Forces.
func (f ForcesOf[B]) Enlist(forces, board json.RawMessage) (json.RawMessage, string, error) {
	b, err := decodeForces[B](board)
	if err != nil {
		return nil, "", err
	}
	return change(forces, func(fs *B) (string, error) { return f.EnlistFn(fs, b) })
}

// Muster implements Forces.
func (f ForcesOf[B]) Muster(forces json.RawMessage, chosen []string, absent func(string) bool) (json.RawMessage, error) {
	fs, err := decodeForces[B](forces)
	if err != nil {
		return nil, err
	}
	b, err := f.MusterFn(fs, chosen, absent)
	if err != nil {
		return nil, err
	}
	return encodeForces(b)
}

// CarryBack implements Forces.
func (f ForcesOf[B]) CarryBack(forces, board json.RawMessage, k rules.Campaign) (json.RawMessage, []rules.Carry, error) {
	fs, err := decodeForces[B](forces)
	if err != nil {
		return nil, nil, err
	}
	b, err := decodeForces[B](board)
	if err != nil {
		return nil, nil, err
	}
	next, changes := f.CarryBackFn(fs, b, k)
	out, err := encodeForces(next)
	return out, changes, err
}

// EditForces implements Forces.
func (f ForcesOf[B]) EditForces(forces json.RawMessage, name, quality, reinforce string) (json.RawMessage, string, error) {
	return change(forces, func(fs *B) (string, error) { return f.EditFn(fs, name, quality, reinforce) })
}

// Words are values of a string type as strings (QualityValues).
func Words[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// Qualities implements Forces.
func (f ForcesOf[B]) Qualities() []string { return f.QualityValues }

// RemoveForces implements Forces.
func (f ForcesOf[B]) RemoveForces(forces json.RawMessage, name string) (json.RawMessage, string, error) {
	return change(forces, func(fs *B) (string, error) { return f.RemoveFn(fs, name) })
}

// ForcesStatus implements Forces.
func (f ForcesOf[B]) ForcesStatus(forces json.RawMessage, people *battle.Game, absent func(string) string) ([]interaction.Field, error) {
	fs, err := decodeForces[B](forces)
	if err != nil {
		return nil, err
	}
	return f.StatusFn(fs, people, absent), nil
}

// ImportForces implements ForcesImporter.
func (f ImportingForcesOf[B]) ImportForces(forces json.RawMessage, content string) (json.RawMessage, string, error) {
	return change(forces, func(fs *B) (string, error) { return f.ImportFn(fs, content) })
}

// Count reads a number of /campaign edit, given as text (reinforce:2), what
// naming it in the refusal ("stands for a unit"); "" is 0.
func Count(s, what string) (int, error) {
	if s = strings.TrimSpace(s); s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, interaction.Refusef("Give %s as a number: `reinforce:2`.", what)
	}
	return n, nil
}
