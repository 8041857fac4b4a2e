package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Roster is /volleyfire roster: every side's units and command bases.
func Roster(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Volleyfire! roster", Color: render.ColourRuling, Description: turnLine(b, tx.Game)}
	sides := b.AllSides()
	for _, side := range sides[:min(len(sides), render.MaxFields)] {
		e.Fields = append(e.Fields, field(side, sideRoster(b, side, tx.Game)))
	}
	if len(sides) == 0 {
		e.Description += "\nThe roster is empty: the umpire adds units with `/volleyfire unit-add` and command bases with `/volleyfire commander-add`."
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: b}, nil
}

// UnitAdd is /volleyfire unit-add (umpire).
func UnitAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	s, err := unitSpec(tx, tx.Req.String(optName))
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := b.AddUnit(actor(tx), s)
	if err != nil {
		return interaction.Response{}, err
	}
	line := fmt.Sprintf("Added %s — side %s.", unitLine(b, u, tx.Game), render.Inert(u.Side))
	return interaction.Say(line), save(tx, b, fmt.Sprintf("added %s (%s)", u.Name, u.Side))
}

// UnitSet is /volleyfire unit-set (umpire).
func UnitSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	s, err := unitSpec(tx, tx.Req.String(optRename))
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := b.SetUnit(actor(tx), tx.Req.String(optUnit), s)
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Now: " + unitLine(b, u, tx.Game) + "."), save(tx, b, "changed "+u.Name)
}

// UnitRemove is /volleyfire unit-remove (umpire).
func UnitRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	name, err := b.RemoveUnit(actor(tx), tx.Req.String(optUnit))
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("Removed %s from the roster.", render.Inert(name))), save(tx, b, "removed "+name)
}

// CommanderAdd is /volleyfire commander-add (umpire).
func CommanderAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	s, err := commanderSpec(tx, tx.Req.String(optName))
	if err != nil {
		return interaction.Response{}, err
	}
	c, err := b.AddCommander(actor(tx), s)
	if err != nil {
		return interaction.Response{}, err
	}
	line := fmt.Sprintf("Added %s — side %s.", commanderLine(b, c), render.Inert(c.Side))
	return interaction.Say(line), save(tx, b, fmt.Sprintf("added command base %s (%s)", c.Name, c.Side))
}

// CommanderSet is /volleyfire commander-set (umpire).
func CommanderSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	s, err := commanderSpec(tx, "")
	if err != nil {
		return interaction.Response{}, err
	}
	c, err := b.SetCommander(actor(tx), tx.Req.String(optCommander), s)
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say("Now: " + commanderLine(b, c) + "."), save(tx, b, "changed command base "+c.Name)
}

// First is /volleyfire first side:<…> (umpire): the side that activates first,
// this turn if no unit has acted yet, otherwise next turn.
func First(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	rep, err := b.ChooseFirst(actor(tx), tx.Req.String(optSide))
	if err != nil {
		return interaction.Response{}, err
	}
	note := fmt.Sprintf("The umpire chooses: %s will activate first when the next turn starts (no roll).", render.Inert(rep.Side))
	if rep.Now {
		note = fmt.Sprintf("The umpire chooses: %s activates first this turn. %s", render.Inert(rep.Side), whoseLine(b, tx.Game))
	}
	return interaction.Say(note), save(tx, b, "umpire chooses "+rep.Side+" to activate first")
}
