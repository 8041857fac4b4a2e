package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// nextButton moves the turn on (routed by the game commands to NextTurn).
var nextButton = interaction.Button{Label: "Next", ID: turnmsg.ButtonNext, Style: interaction.Secondary}

// NewTurn is /turn new: the umpire starts a turn; the side that activates first
// is the umpire's choice (/volleyfire first) or rolled for (V3 reading).
func (*Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	resp, err := play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.StartTurn(tx.Dice(), a)
		if err != nil {
			return outcome{}, err
		}
		t := &b.Turn
		o := outcome{fmt.Sprintf("**Turn %d begins.** %s", t.Number, whoseLine(b, tx.Game)),
			fmt.Sprintf("turn %d begins; %s activates first", t.Number, t.Order[0]), []*rules.Ruling{rep.Roll}}
		if rep.Chosen != "" {
			o.summary += " (umpire's choice)"
			o.note = fmt.Sprintf("**Turn %d begins.** The umpire chose %s to activate first. %s", t.Number, render.Inert(rep.Chosen), whoseLine(b, tx.Game))
		}
		return o, nil
	})
	if err == nil {
		resp.Turn = interaction.TurnNews("") // the ruling says who activates first; the turn message, where the turn stands
	}
	return resp, err
}

// NextTurn is /turn next: during the activations it ends the active unit's
// activation (its player or the umpire) or, with none active, has the first
// unit due of the side whose activation it is hold (the umpire); in the
// combat phase it fights every combat not yet fought
// and ends the turn.
func (*Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	var fought []interaction.Message
	var rs []rules.Ruling
	var about []string // the unit that ended its activation or held
	over := false
	resp, err := play(tx, nil, func(b *vf.Board, a rules.Actor) (outcome, error) {
		rep, err := b.Next(tx.Dice(), a, house(tx))
		for ; err == nil && rep.Fight != nil; rep, err = b.Next(tx.Dice(), a, house(tx)) {
			f := rep.Fight.Ruling
			tx.Log(f.Title + ": " + f.Result)
			rs = append(rs, f)
			m := details.Ruling(tx, f, footer(tx))
			m.Content = render.Clip(fmt.Sprintf("Combat: %s.", render.Inert(rep.Fight.Combat.Names())), render.MaxContent)
			fought = append(fought, m)
		}
		about = []string{rep.Held, rep.Ended}
		switch over = rep.Over; {
		case err != nil:
			return outcome{}, err
		case rep.Over:
			return outcome{note: turnOver(b, len(fought) == 0), summary: fmt.Sprintf("turn %d ends", b.Turn.Number)}, nil
		case rep.Held != "":
			return held(b, tx.Game, rep.Held), nil
		}
		return outcome{note: fmt.Sprintf("%s ends its activation. %s", render.Inert(rep.Ended), whoseLine(b, tx.Game)), summary: rep.Ended + " ends its activation"}, nil
	})
	if err != nil {
		return resp, err
	}
	resp.Turn = interaction.TurnNews(resp.Public[0].Content, about...)
	resp.Public = fought
	if over && len(fought) > 0 {
		resp.Result = rs
	}
	return resp, nil
}

// held is the outcome of a unit's holding: its activation spent.
func held(b *vf.Board, g *battle.Game, unit string) outcome {
	return outcome{note: fmt.Sprintf("%s holds: its activation is spent this turn without an action. %s", render.Inert(unit), whoseLine(b, g)),
		summary: unit + " holds"}
}

// turnOver says that the turn is over and what comes next.
func turnOver(b *vf.Board, noFights bool) string {
	end := fmt.Sprintf("**Turn %d is over.**", b.Turn.Number)
	if noFights {
		end = "No combats to fight. " + end
	}
	if len(b.Combats) > 0 {
		end += " Units still in combat stay in it; they may break away with an action next turn."
	}
	return end + " The umpire starts the next turn with `/turn new`."
}

// TurnStatus is /turn status: the turn, whose activation, and what is left.
func (*Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{statusEmbed(b, tx.Game)}}}}, nil
}

// TurnView is the turn message: where the turn stands, with the Next
// button while it runs.
func (*Ruleset) TurnView(g *battle.Game) (interaction.Message, error) {
	b, err := battle.BoardOf[vf.Board](g)
	if err != nil {
		return interaction.Message{}, err
	}
	m := interaction.Message{Embeds: []interaction.Embed{statusEmbed(b, g)}}
	if b.Turn.Phase == vf.Activations || b.Turn.Phase == vf.Combats {
		m.Buttons = []interaction.Button{nextButton}
	}
	return m, nil
}

// statusEmbed is the turn, whose activation, and what is left.
func statusEmbed(b *vf.Board, g *battle.Game) interaction.Embed {
	e := interaction.Embed{Title: "Volleyfire! — the turn", Description: turnLine(b, g), Color: render.ColourRuling}
	for _, side := range b.Sides() {
		var ready, spent []string
		for _, u := range b.Units {
			switch {
			case u.Side != side || u.Gone != "":
			case b.Turn.Spent[u.Name]:
				spent = append(spent, render.Inert(u.Name))
			default:
				ready = append(ready, render.Inert(u.Name))
			}
		}
		e.Fields = append(e.Fields, field(side, "to act: "+inline(ready)+"\nspent: "+inline(spent)))
	}
	if len(b.Combats) > 0 {
		e.Fields = append(e.Fields, field("Combats", combatsLine(b)))
	}
	return e
}
