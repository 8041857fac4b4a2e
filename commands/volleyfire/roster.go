package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Roster is /volleyfire-roster show: every side's units and command bases,
// as its reader may see them under fog of war.
func Roster(tx *battle.Tx) (interaction.Response, error) {
	if _, err := load(tx); err != nil {
		return interaction.Response{}, err
	}
	g, err := tx.Viewed()
	if err != nil {
		return interaction.Response{}, err
	}
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Volleyfire! roster", Color: render.ColourRuling, Description: turnLine(b, g)}
	sides := b.AllSides()
	for _, side := range sides[:min(len(sides), render.MaxFields)] {
		e.Fields = append(e.Fields, field(side, sideRoster(b, side, g)))
	}
	if len(sides) == 0 {
		e.Description += "\nThe roster is empty: the umpire adds units with `/volleyfire-roster unit-add` and command bases with `/volleyfire-roster commander-add`."
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: b}, nil
}

// rosterChange is a change of the roster by the umpire: under fog of war the
// roster is his, and its changes are told to him alone.
func rosterChange(tx *battle.Tx, change func(*vf.Board, rules.Actor) (outcome, error)) (interaction.Response, error) {
	resp, err := play(tx, nil, change)
	if err != nil {
		return resp, err
	}
	return roster.Umpires(tx, resp), nil
}

// UnitAdd is /volleyfire-roster unit-add (umpire).
func UnitAdd(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		s, err := unitSpec(tx, tx.Req.String(optName))
		if err != nil {
			return outcome{}, err
		}
		u, err := b.AddUnit(a, s)
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: fmt.Sprintf("Added %s — side %s.", unitLine(b, u, tx.Game), render.Inert(u.Side)), summary: fmt.Sprintf("added %s (%s)", u.Name, u.Side)}, nil
	})
}

// UnitSet is /volleyfire-roster unit-set (umpire).
func UnitSet(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		s, err := unitSpec(tx, tx.Req.String(optRename))
		if err != nil {
			return outcome{}, err
		}
		u, err := b.SetUnit(a, tx.Req.String(optUnit), s)
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: "Now: " + unitLine(b, u, tx.Game) + ".", summary: "changed " + u.Name}, nil
	})
}

// UnitRemove is /volleyfire-roster unit-remove (umpire).
func UnitRemove(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		name, err := b.RemoveUnit(a, tx.Req.String(optUnit))
		return outcome{note: fmt.Sprintf("Removed %s from the roster.", render.Inert(name)), summary: "removed " + name}, err
	})
}

// CommanderAdd is /volleyfire-roster commander-add (umpire).
func CommanderAdd(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		s, err := commanderSpec(tx, tx.Req.String(optName))
		if err != nil {
			return outcome{}, err
		}
		c, err := b.AddCommander(a, s)
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: fmt.Sprintf("Added %s — side %s.", commanderLine(b, c), render.Inert(c.Side)),
			summary: fmt.Sprintf("added command base %s (%s)", c.Name, c.Side)}, nil
	})
}

// CommanderSet is /volleyfire-roster commander-set (umpire).
func CommanderSet(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		s, err := commanderSpec(tx, "")
		if err != nil {
			return outcome{}, err
		}
		c, err := b.SetCommander(a, tx.Req.String(optCommander), s)
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: "Now: " + commanderLine(b, c) + ".", summary: "changed command base " + c.Name}, nil
	})
}

// First is /volleyfire first side:<…> (umpire): the side that activates first,
// this turn if no unit has acted yet, otherwise next turn.
func First(tx *battle.Tx) (interaction.Response, error) {
	return play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.ChooseFirst(a, tx.Req.String(optSide))
		note := fmt.Sprintf("The umpire chooses: %s will activate first when the next turn starts (no roll).", render.Inert(rep.Side))
		if rep.Now {
			note = fmt.Sprintf("The umpire chooses: %s activates first this turn. %s", render.Inert(rep.Side), whoseLine(b, tx.Game))
		}
		return outcome{note: note, summary: "umpire chooses " + rep.Side + " to activate first"}, err
	})
}
