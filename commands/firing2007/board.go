package firing2007

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// The board and its parts are rules/firing2007's, stored as they are.
type (
	Board   = fr.Board
	Unit    = fr.Unit
	General = fr.General
	Pending = fr.Pending
)

// Each handler below decodes its order, loads the channel's board, makes the
// one move, and saves, logs and renders what it did.

// load decodes the channel's board, refusing when the channel's battle is
// played with another rule set, and under fog of war a player's order naming
// a unit or general his side has not seen as one naming nothing on the
// roster (tx.InSight).
func load(tx *battle.Tx) (*fr.Board, error) {
	var b fr.Board
	if err := roster.Load(tx, fr.ID, &b, "This channel's battle is played with %s, not Rules – Firing (2007): its roster is not this command's."); err != nil {
		return &b, err
	}
	return &b, tx.InSight(optFirer, optTarget, optGeneral, optUnits, optWith, optChain)
}

// umpireBoard is the channel's board for a change only the umpire makes.
func umpireBoard(tx *battle.Tx, what string) (*fr.Board, error) {
	if err := tx.RequireUmpire(what); err != nil {
		return nil, err
	}
	return load(tx)
}

// save stores the board and logs summary.
func save(tx *battle.Tx, b *fr.Board, summary string) error {
	return roster.Save(tx, b, render.Clip(summary, logLine))
}

// fire is /firing2007 fire: against the roster when firer and target are named,
// otherwise a quick ruling on a board sketched from the options, logged in a
// battle without touching its roster.
func fire(tx *battle.Tx) (interaction.Response, error) {
	o, quick, err := fireOrder(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	b := quick
	if b == nil {
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	if quick == nil {
		if o.Side, err = tx.Seer(); err != nil {
			return interaction.Response{}, err
		}
	}
	out, err := b.Fire(tx.Dice(), o, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	if quick != nil {
		tx.Log(fmt.Sprintf("quick ruling: %s fired, %s\": %s", out.Firer.Type.Label(), inches(o.Distance), out.Summary()))
		return ruled(ruling(tx, out.Ruling, 0), out.Ruling), nil
	}
	var notes []string
	if out.FiredAgain {
		notes = append(notes, fmt.Sprintf("Note: %s had already fired this turn; the text sets no limit, so that is the umpire's call.", bold(out.Firer.Name)))
	}
	msg := message(tx, out.Ruling, b.Turn, notes, out.Deaths)
	if err := save(tx, b, fmt.Sprintf("%s fired at %s, %s\": %s", out.Firer.Name, out.Target.Name, inches(o.Distance), out.Summary())); err != nil {
		return interaction.Response{}, err
	}
	return ruled(msg, out.Ruling), nil
}

// risk is /firing2007 risk: the umpire rolls for a general on the roster, or
// anyone asks a quick ruling for a general of the options.
func risk(tx *battle.Tx) (interaction.Response, error) {
	o, quick, err := riskOrder(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	b := quick
	if b == nil {
		if b, err = umpireBoard(tx, "call a risk roll for a general (it is rolled by itself when his unit loses strength to fire)"); err != nil {
			return interaction.Response{}, err
		}
	}
	out, err := b.Risk(tx.Dice(), o)
	if err != nil {
		return interaction.Response{}, err
	}
	if quick != nil {
		tx.Log("quick ruling: risk to a general: " + out.Fate.Short())
		return ruled(ruling(tx, out.Ruling, 0), out.Ruling), nil
	}
	msg := message(tx, out.Ruling, 0, nil, out.Deaths)
	if err := save(tx, b, fmt.Sprintf("risk to general %s: %s", out.Name, out.Fate.Short())); err != nil {
		return interaction.Response{}, err
	}
	return ruled(msg, out.Ruling), nil
}

// ruled is the response of a ruling: its message, and the ruling as its result.
func ruled(msg interaction.Message, r rules.Ruling) interaction.Response {
	return interaction.Response{Public: []interaction.Message{msg}, Result: r}
}

// chain is /firing2007 chain and its buttons: the umpire says which units of a
// killed general's chain of command were within 18", and they are shaken.
func chain(tx *battle.Tx) (interaction.Response, error) {
	o, err := chainOrder(tx.Req)
	if err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	whose := "a dead general's"
	if g := cmp.Or(b.GeneralByID(o.ID), b.General(o.General)); g != nil {
		whose = "General " + render.Inert(g.Name) + "'s"
	}
	if err := tx.RequireUmpire("settle " + whose + " chain of command"); err != nil {
		return interaction.Response{}, err
	}
	out, err := b.SettleChain(o)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := save(tx, b, fmt.Sprintf("general %s's death shakes: %s", out.General, list(out.Shaken))); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{chainEmbed(out)}}}, Result: out}, nil
}

// showRoster is /firing2007 roster: every unit and general, by side, as its
// reader may see them under fog of war.
func showRoster(tx *battle.Tx) (interaction.Response, error) {
	if _, err := load(tx); err != nil {
		return interaction.Response{}, err
	}
	g, err := tx.Viewed()
	if err != nil {
		return interaction.Response{}, err
	}
	b, err := board(g)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Roster", Color: render.ColourRuling, Fields: rosterFields(g, b)}
	if b.Turn > 0 {
		e.Title = fmt.Sprintf("Roster, turn %d", b.Turn)
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: b}, nil
}

// rosterChange makes a roster change the umpire orders: edit changes the
// board and says what to log and what to answer, or with nothing to log that
// nothing changed (its words are not read when it fails). The player named to
// command is recorded with the battle first, so that the answer names him.
func rosterChange(tx *battle.Tx, edit func(b *fr.Board) (log, say string, err error)) (interaction.Response, error) {
	b, err := umpireBoard(tx, "change the roster")
	if err != nil {
		return interaction.Response{}, err
	}
	if u, ok := tx.Req.UserOption(optPlayer); ok {
		roster.AddPlayer(tx.Game, u)
	}
	log, say, err := edit(b)
	switch {
	case err != nil:
		return interaction.Response{}, err
	case log == "":
		return interaction.Whisper(say), nil
	}
	if err := save(tx, b, log); err != nil {
		return interaction.Response{}, err
	}
	if tx.Game.Fogged() { // the roster is the umpire's: under fog of war its changes are told to him alone
		return interaction.Whisper(render.Clip(say, render.MaxContent)), nil
	}
	return interaction.Say(render.Clip(say, render.MaxContent)), nil
}

// unitAdd is /firing2007 unit-add.
func unitAdd(tx *battle.Tx) (interaction.Response, error) {
	c, err := unitChange(tx.Req)
	if err != nil {
		return interaction.Response{}, err
	}
	return rosterChange(tx, func(b *fr.Board) (string, string, error) {
		u, err := b.AddUnit(c)
		line := u.Line(tx.Game.Player)
		if u.Player == "" {
			line += " · commanded by the umpire"
		}
		return "unit added: " + u.Name, fmt.Sprintf("Added to the %s side: %s", render.Inert(u.Side), line), err
	})
}

// unitSet is /firing2007 unit-set.
func unitSet(tx *battle.Tx) (interaction.Response, error) {
	c, err := unitChange(tx.Req)
	if err != nil {
		return interaction.Response{}, err
	}
	return rosterChange(tx, func(b *fr.Board) (string, string, error) {
		was, now, err := b.SetUnit(c)
		changes := unitChanges(tx.Game, was, now)
		if changes == "" {
			return "", "Nothing changed: " + now.Line(tx.Game.Player), err
		}
		return fmt.Sprintf("unit %s changed: %s", was.Name, changes), fmt.Sprintf("%s: %s.\n%s", bold(was.Name), changes, now.Line(tx.Game.Player)), err
	})
}

// unitRemove is /firing2007 unit-remove.
func unitRemove(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *fr.Board) (string, string, error) {
		u, touched, err := b.RemoveUnit(tx.Req.String(optName))
		say := fmt.Sprintf("Removed %s from the roster.", bold(u.Name))
		if len(touched) > 0 {
			say += " It is also gone from the command of General " + render.Inert(strings.Join(touched, ", General ")) + "."
		}
		return "unit removed: " + u.Name, say, err
	})
}

// generalAdd is /firing2007 general-add.
func generalAdd(tx *battle.Tx) (interaction.Response, error) {
	c, err := generalChange(tx.Req)
	if err != nil {
		return interaction.Response{}, err
	}
	return rosterChange(tx, func(b *fr.Board) (string, string, error) {
		g, err := b.AddGeneral(c)
		return "general added: " + g.Name, fmt.Sprintf("Added to the %s side: %s", render.Inert(g.Side), b.GeneralLine(g, tx.Game.Player)), err
	})
}

// generalSet is /firing2007 general-set.
func generalSet(tx *battle.Tx) (interaction.Response, error) {
	c, err := generalChange(tx.Req)
	if err != nil {
		return interaction.Response{}, err
	}
	return rosterChange(tx, func(b *fr.Board) (string, string, error) {
		was, now, err := b.SetGeneral(c)
		wasLine, nowLine := b.GeneralLine(was, tx.Game.Player), b.GeneralLine(now, tx.Game.Player)
		if wasLine == nowLine && was.Player == now.Player {
			return "", "Nothing changed: " + nowLine, err
		}
		say := "Was: " + wasLine + "\nNow: " + nowLine
		if now.Dead && !was.Dead && len(now.Chain) > 0 {
			say += fmt.Sprintf("\nIf he was killed by fire, shake the units of his chain within 18\" with `/firing2007 chain general:%s units:…`.", rules.Arg(now.Name))
		}
		return "general changed: " + was.Name, say, err
	})
}

// generalRemove is /firing2007 general-remove.
func generalRemove(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *fr.Board) (string, string, error) {
		g, err := b.RemoveGeneral(tx.Req.String(optName))
		return "general removed: " + g.Name, fmt.Sprintf("Removed General %s from the roster.", bold(g.Name)), err
	})
}
