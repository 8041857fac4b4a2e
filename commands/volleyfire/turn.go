package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// nextButton moves the turn on (routed by the game commands to NextTurn).
var nextButton = interaction.Button{Label: "Next", ID: battle.ButtonTurnNext, Style: interaction.Secondary}

// NewTurn is /turn new: the umpire starts a turn; the side that activates first
// is the umpire's choice (/volleyfire first) or rolled for (V3 reading).
func (Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	rep, err := b.StartTurn(tx.Dice(), actor(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	t := &b.Turn
	summary := fmt.Sprintf("turn %d begins; %s activates first", t.Number, t.Order[0])
	note := fmt.Sprintf("**Turn %d begins.** %s", t.Number, whoseLine(b, tx.Game))
	if rep.Chosen != "" {
		summary += " (umpire's choice)"
		note = fmt.Sprintf("**Turn %d begins.** The umpire chose %s to activate first. %s", t.Number, render.Inert(rep.Chosen), whoseLine(b, tx.Game))
	}
	resp, err := answer(tx, b, summary, note, rep.Roll)
	if err != nil {
		return resp, err
	}
	resp.Public[0].Buttons = []interaction.Button{nextButton}
	return resp, nil
}

// NextTurn is /turn next: during the activations it ends the active unit's
// activation (its player or the umpire) or, with none active, lets the side
// pass (the umpire); in the combat phase it fights every combat not yet fought
// and ends the turn.
func (Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	rep, err := b.Next(tx.Dice(), actor(tx), house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	if !rep.Over {
		note, summary := fmt.Sprintf("%s ends its activation.", render.Inert(rep.Ended)), rep.Ended+" ends its activation"
		switch {
		case rep.Held:
			note, summary = fmt.Sprintf("%s passes: no other side has a unit to activate, so its units hold this turn.", render.Inert(rep.Passed)), rep.Passed+" passes"
		case rep.Passed != "":
			note, summary = fmt.Sprintf("%s passes.", render.Inert(rep.Passed)), rep.Passed+" passes"
		}
		resp, err := answer(tx, b, summary, note+" "+whoseLine(b, tx.Game))
		if err != nil {
			return resp, err
		}
		resp.Public[0].Buttons = []interaction.Button{nextButton}
		return resp, nil
	}
	end := fmt.Sprintf("**Turn %d is over.**", b.Turn.Number)
	if len(b.Combats) > 0 {
		end += " Units still in combat stay in it; they may break away with an action next turn."
	}
	end += " The umpire starts the next turn with `/turn new`."
	if len(rep.Fights) == 0 {
		return answer(tx, b, fmt.Sprintf("turn %d ends", b.Turn.Number), "No combats to fight. "+end)
	}
	var resp interaction.Response
	var rs []rules.Ruling
	for _, f := range rep.Fights {
		tx.Log(f.Ruling.Title + ": " + f.Ruling.Result)
		rs = append(rs, f.Ruling)
		resp.Public = append(resp.Public, interaction.Message{Content: render.Clip(fmt.Sprintf("Combat: %s.", render.Inert(f.Combat.Names())), render.MaxContent),
			Embeds: []interaction.Embed{render.Ruling(f.Ruling, footer(tx))}})
	}
	resp.Public, resp.Result = append(resp.Public, interaction.Message{Content: end}), rs
	return resp, save(tx, b, fmt.Sprintf("turn %d ends", b.Turn.Number))
}

// TurnStatus is /turn status: the turn, whose activation, and what is left.
func (Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Volleyfire! — the turn", Description: turnLine(b, tx.Game), Color: render.ColourRuling}
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
	resp := interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}}
	if b.Turn.Phase == vf.Activations || b.Turn.Phase == vf.Combats {
		resp.Public[0].Buttons = []interaction.Button{nextButton}
	}
	return resp, nil
}
