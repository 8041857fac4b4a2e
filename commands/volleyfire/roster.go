package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// showOrder is /volleyfire-roster show, which takes no options.
type showOrder struct{}

// RosterShow is /volleyfire-roster show: every side's units and command bases,
// as its reader may see them under fog of war.
func (*Ruleset) RosterShow(tx *battle.Tx, _ showOrder) (interaction.Response, error) {
	g, b, err := roster.Viewed[*vf.Board, fogReader](tx, load)
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

// side is the side a unit or command base is on: one of the battle's, or,
// after its first two, a new one only when confirmed (new-side:true).
type side struct {
	Side    string `opt:"side" roster:"side" new:"new-side"`
	NewSide bool   `opt:"new-side"`
}

// unitEdit is what /volleyfire-roster unit-add and unit-set both give of a
// unit (nil: not given).
type unitEdit struct {
	Bases     *int              `opt:"bases"`
	Formation *vf.Stance        `opt:"formation"`
	Weapon    *vf.Weapon        `opt:"weapon"`
	Nation    *vf.Nation        `opt:"nation"`
	Special   *vf.Special       `opt:"special"`
	Elite     *bool             `opt:"elite"`
	Arms      *vf.Arms          `opt:"arms"`
	Player    *interaction.User `opt:"player"`
	Loaded    *bool             `opt:"loaded"`
	Hidden    *bool             `opt:"hidden"`
}

// spec is the rules' unit spec of e, for the unit called name on side.
func (e unitEdit) spec(tx *battle.Tx, name, side string) vf.UnitSpec {
	return vf.UnitSpec{Name: name, Side: side, Bases: e.Bases, Stance: e.Formation, Weapon: e.Weapon, Nation: e.Nation,
		Special: e.Special, Elite: e.Elite, Arms: e.Arms, Loaded: e.Loaded, Hidden: e.Hidden, Player: player(tx, e.Player)}
}

// player is the player given, added to the game's players (nil: none given).
func player(tx *battle.Tx, u *interaction.User) *vf.Player {
	if u == nil {
		return nil
	}
	roster.AddPlayer(tx.Game, *u)
	return &vf.Player{ID: u.ID, Name: u.Name}
}

// unitAddOrder is /volleyfire-roster unit-add.
type unitAddOrder struct {
	Name string `opt:"name"`
	side
	Kind vf.Kind `opt:"type"`
	unitEdit
}

// RosterUnitAdd is /volleyfire-roster unit-add (umpire).
func (*Ruleset) RosterUnitAdd(tx *battle.Tx, o unitAddOrder) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		s := o.spec(tx, o.Name, o.Side)
		s.Kind = o.Kind
		u, err := b.AddUnit(a, s)
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: fmt.Sprintf("Added %s — side %s.", unitLine(b, u, tx.Game), render.Inert(u.Side)), summary: fmt.Sprintf("added %s (%s)", u.Name, u.Side)}, nil
	})
}

// unitSetOrder is /volleyfire-roster unit-set.
type unitSetOrder struct {
	Unit   string `opt:"unit" roster:"unit"`
	Rename string `opt:"rename"`
	side
	unitEdit
}

// RosterUnitSet is /volleyfire-roster unit-set (umpire).
func (*Ruleset) RosterUnitSet(tx *battle.Tx, o unitSetOrder) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		u, err := b.SetUnit(a, o.Unit, o.spec(tx, o.Rename, o.Side))
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: "Now: " + unitLine(b, u, tx.Game) + ".", summary: "changed " + u.Name}, nil
	})
}

// unitRemoveOrder is /volleyfire-roster unit-remove.
type unitRemoveOrder struct {
	Unit string `opt:"unit" roster:"unit"`
}

// RosterUnitRemove is /volleyfire-roster unit-remove (umpire).
func (*Ruleset) RosterUnitRemove(tx *battle.Tx, o unitRemoveOrder) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		name, err := b.RemoveUnit(a, o.Unit)
		return outcome{note: fmt.Sprintf("Removed %s from the roster.", render.Inert(name)), summary: "removed " + name}, err
	})
}

// commanderEdit is what /volleyfire-roster commander-add and commander-set
// both give of a command base (nil: not given).
type commanderEdit struct {
	Nation *vf.Nation        `opt:"nation"`
	Royal  *bool             `opt:"royal"`
	Player *interaction.User `opt:"player"`
	Join   *string           `opt:"join" roster:"unit" also:"none"`
	Hidden *bool             `opt:"hidden"`
}

// spec is the rules' command base spec of e, for the one called name on
// side; lost says whether it is lost (nil: not given).
func (e commanderEdit) spec(tx *battle.Tx, name, side string, lost *bool) vf.CommanderSpec {
	return vf.CommanderSpec{Name: name, Side: side, Nation: e.Nation, Royal: e.Royal, Lost: lost, Join: e.Join, Hidden: e.Hidden,
		Player: player(tx, e.Player)}
}

// commanderAddOrder is /volleyfire-roster commander-add.
type commanderAddOrder struct {
	Name string `opt:"name"`
	side
	commanderEdit
}

// RosterCommanderAdd is /volleyfire-roster commander-add (umpire).
func (*Ruleset) RosterCommanderAdd(tx *battle.Tx, o commanderAddOrder) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		c, err := b.AddCommander(a, o.spec(tx, o.Name, o.Side, nil))
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: fmt.Sprintf("Added %s — side %s.", commanderLine(b, c), render.Inert(c.Side)),
			summary: fmt.Sprintf("added command base %s (%s)", c.Name, c.Side)}, nil
	})
}

// commanderSetOrder is /volleyfire-roster commander-set.
type commanderSetOrder struct {
	Commander string `opt:"commander" roster:"commander"`
	Lost      *bool  `opt:"lost"`
	commanderEdit
}

// RosterCommanderSet is /volleyfire-roster commander-set (umpire).
func (*Ruleset) RosterCommanderSet(tx *battle.Tx, o commanderSetOrder) (interaction.Response, error) {
	return rosterChange(tx, func(b *vf.Board, a rules.Actor) (outcome, error) {
		c, err := b.SetCommander(a, o.Commander, o.spec(tx, "", "", o.Lost))
		if err != nil {
			return outcome{}, err
		}
		return outcome{note: "Now: " + commanderLine(b, c) + ".", summary: "changed command base " + c.Name}, nil
	})
}

// rosterNames are every name on the game's board, with its kind ("unit",
// "commander", "side"): the roster the decoder resolves names against.
func rosterNames(g *battle.Game) ([]decode.Name, error) {
	b, err := battle.BoardOf[vf.Board](g)
	if err != nil {
		return nil, err
	}
	out := roster.Named(nil, "side", b.AllSides(), func(s string) string { return s })
	out = roster.Named(out, "unit", b.Units, func(u vf.RosterUnit) string { return u.Name })
	return roster.Named(out, "commander", b.Commanders, func(c vf.Commander) string { return c.Name }), nil
}
