package gamecmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/calls"
	"github.com/referee-bot/referee/commands/battle/deadline"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// paceChange runs an umpire's change to the battle's deadlines (or, with
// another title, to its settings).
func (c *Commands) paceChange(ctx context.Context, req interaction.Request, title, what string, fn func(tx *battle.Tx, p *pace.Pace) (string, error)) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire(what); err != nil {
			return interaction.Response{}, err
		}
		if tx.Game.Pace == nil {
			tx.Game.Pace = &pace.Pace{}
		}
		note, err := fn(tx, tx.Game.Pace)
		if err != nil {
			return interaction.Response{}, err
		}
		if p := tx.Game.Pace; !p.On() && !p.Pings {
			tx.Game.Pace = nil
		}
		tx.KeepUndo()
		resp := public(embed(interaction.Embed{Title: title, Color: colourGame, Description: note + "\n\n" + paceText(tx.Game)}))
		resp.Result = tx.Game.Pace
		return resp, nil
	})
}

// Deadline is /game deadline move:<span|off> [reminders:12h,1h]
// [expire:umpire|pass]: the battle's move deadline. Moves pending keep the
// deadline they have; moves falling due from now get the new one.
func (c *Commands) Deadline(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	if !deadline.Timers(c.svc) {
		return interaction.Response{}, interaction.Refuse("This referee's store keeps no timers, so it cannot hold deadlines.")
	}
	move := req.String("move")
	return c.paceChange(ctx, req, "Deadlines", "set the deadlines", func(tx *battle.Tx, p *pace.Pace) (string, error) {
		if strings.EqualFold(move, "off") {
			p.Move, p.Reminders, p.Pending, p.Seen, p.Paused = 0, nil, nil, nil, nil
			tx.Log("deadlines off")
			return "Deadlines are off: the battle waits on each move for as long as it takes.", nil
		}
		np, err := pace.New(p, move, req.String("reminders"), req.String("expire"))
		if err != nil {
			return "", interaction.Refuse(render.Sentence(err.Error()))
		}
		*p = *np
		tx.Log(fmt.Sprintf("deadlines: %s a move", p.Move))
		return "Deadlines are set. A player whose move falls due is told by DM, and the turn message shows his deadline; with pings on he is also mentioned here.", nil
	})
}

// Extend is /game extend by:<span> [user:@…]: the pending deadlines (of one
// holder) move on.
func (c *Commands) Extend(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	by, err := pace.ParseSpan(req.String("by"))
	if err != nil {
		return interaction.Response{}, interaction.Refuse(render.Sentence(err.Error()))
	}
	if time.Duration(by) > pace.MaxMove {
		return interaction.Response{}, interaction.Refusef("A deadline can be extended by at most %s at a time.", pace.Span(pace.MaxMove))
	}
	u, _ := req.UserOption("user")
	return c.paceChange(ctx, req, "Deadlines", "extend a deadline", func(tx *battle.Tx, p *pace.Pace) (string, error) {
		if !p.On() {
			return "", interaction.Refuse("This battle has no deadlines: the umpire sets them with `/game deadline`.")
		}
		n := p.Extend(u.ID, time.Duration(by), tx.Now)
		if n == 0 {
			if u.ID != "" {
				return "", interaction.Refusef("No move of %s is pending.", render.Inert(u.Name))
			}
			return "", interaction.Refuse("No move is pending: there is no deadline to extend.")
		}
		tx.Log(fmt.Sprintf("deadlines extended by %s", by))
		return fmt.Sprintf("%s extended by %s.", count(n, "deadline", "deadlines"), by), nil
	})
}

// Pause is /game pause: every deadline's clock stops.
func (c *Commands) Pause(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.paceChange(ctx, req, "Deadlines", "pause the deadlines", func(tx *battle.Tx, p *pace.Pace) (string, error) {
		switch {
		case !p.On():
			return "", interaction.Refuse("This battle has no deadlines to pause.")
		case p.Paused != nil:
			return "", interaction.Refuse("The deadlines are paused already: `/game resume` starts them again.")
		}
		p.Pause(tx.Now.UTC().Truncate(time.Second))
		tx.Log("deadlines paused")
		return "The deadlines are paused: no reminder goes and no deadline passes until `/game resume`.", nil
	})
}

// Resume is /game resume: the clocks run again, each deadline moved on by the pause.
func (c *Commands) Resume(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.paceChange(ctx, req, "Deadlines", "resume the deadlines", func(tx *battle.Tx, p *pace.Pace) (string, error) {
		if p.Paused == nil {
			return "", interaction.Refuse("The deadlines are not paused.")
		}
		stalled := p.Stalled
		p.Resume(tx.Now.UTC().Truncate(time.Second))
		tx.Log("deadlines resumed")
		if stalled {
			return "The battle runs again, each deadline moved on by the time it was paused; the clock's advances are counted afresh.", nil
		}
		return "The deadlines run again, each moved on by the time they were paused.", nil
	})
}

// Settings is /game settings [pings:on|off] [fog:on|off]
// [orders:turn-end|umpire] [rulings:short|full] [calls:umpire|auto]:
// whether a holder is mentioned in the channel when a move falls to him,
// the fog of war, when sealed orders are revealed, whether rulings show
// their whole working or keep it behind their Details button, and who
// makes the umpire's calls that move the turn on.
func (c *Commands) Settings(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	pings, fog := strings.ToLower(req.String("pings")), strings.ToLower(req.String("fog"))
	orders, rulings := strings.ToLower(req.String("orders")), strings.ToLower(req.String("rulings"))
	who := strings.ToLower(req.String("calls"))
	switch {
	case pings == "" && fog == "" && orders == "" && rulings == "" && who == "":
		return interaction.Response{}, interaction.Refuse("Give a setting: `pings:on|off` (the holder of a move is mentioned here), `fog:on|off` (fog of war), " +
			"`orders:turn-end|umpire` (when sealed orders are revealed), `rulings:short|full` (a ruling's whole working shown, or one tap away), " +
			"`calls:umpire|auto` (who calls the next count, card, activation or phase).")
	case who != "" && who != "umpire" && who != calls.Auto:
		return interaction.Response{}, interaction.Refuse("Calls are the `umpire`'s (he moves the turn on with `/turn next`) or `auto` (the referee calls the next count, card, activation or phase itself once no one else is due).")
	case rulings != "" && rulings != "short" && rulings != details.Full:
		return interaction.Response{}, interaction.Refuse("Rulings are `short` (the dice and the result, the working one tap away on **Details**) or `full` (every modifier and reading shown).")
	case pings != "" && pings != "on" && pings != "off":
		return interaction.Response{}, interaction.Refuse("Pings are `on` (the holder of a move is mentioned here) or `off` (named, not mentioned).")
	case fog != "" && fog != "on" && fog != "off":
		return interaction.Response{}, interaction.Refuse("Fog of war is `on` (every view is cut to its reader) or `off`.")
	case orders != "" && orders != "turn-end" && orders != "umpire":
		return interaction.Response{}, interaction.Refuse("Sealed orders are revealed at `turn-end` (when the next turn begins) or at the `umpire`'s call (`/orders reveal:true`).")
	}
	title := "Deadlines"
	if fog != "" || orders != "" || rulings != "" || who != "" {
		title = "Settings"
	}
	return c.paceChange(ctx, req, title, "change the battle's settings", func(tx *battle.Tx, p *pace.Pace) (string, error) {
		var notes []string
		if fog != "" {
			note, err := c.fogSetting(tx, fog == "on")
			if err != nil {
				return "", err
			}
			notes = append(notes, note)
		}
		if rulings != "" {
			tx.Game.Rulings = ""
			tx.Log("rulings " + rulings)
			if rulings == details.Full {
				tx.Game.Rulings = details.Full
				notes = append(notes, "Rulings are shown in full: every modifier with its reason, and the readings' text.")
			} else {
				notes = append(notes, "Rulings are short: the dice, the result and the odds; **Details** under each shows its whole working.")
			}
		}
		if who != "" {
			notes = append(notes, callsSetting(tx, who == calls.Auto))
		}
		if pings != "" {
			p.Pings = pings == "on"
			tx.Log("pings " + pings)
			if p.Pings {
				notes = append(notes, "Pings are on.")
			} else {
				notes = append(notes, "Pings are off: the holder of a move is named here, and told by DM.")
			}
		}
		if orders != "" {
			if tx.Game.Orders == nil {
				tx.Game.Orders = &sealed.Orders{}
			}
			tx.Game.Orders.AtTurnEnd = orders == "turn-end"
			if tx.Game.Orders.AtTurnEnd {
				tx.Log("sealed orders revealed at the turn's end")
				notes = append(notes, "Sealed orders are revealed at the turn's end, when the next turn begins.")
			} else {
				tx.Log("sealed orders revealed at the umpire's call")
				notes = append(notes, "Sealed orders are revealed at the umpire's call (`/orders reveal:true`), or at the battle's end.")
			}
		}
		return strings.Join(notes, "\n"), nil
	})
}

// callsSetting is /game settings calls:auto|umpire: the referee makes the
// umpire's calls itself once no one else is due, or the umpire does. A
// call due now is made at once (the change's afterCommand).
func callsSetting(tx *battle.Tx, auto bool) string {
	if auto {
		tx.Game.Calls = calls.Auto
		tx.Log("calls auto")
		return "Calls are the referee's: once no one else is due, it calls the next count, card, activation or phase itself, and starts the next turn; you still may with `/turn next`."
	}
	tx.Game.Calls = ""
	tx.Log("calls umpire")
	return "Calls are the umpire's: the turn moves on when you call it with `/turn next` (with deadlines, your call has one too)."
}

// paceText describes the battle's deadlines and the moves pending, for the
// umpire's commands, /game status and /turn status.
func paceText(g *battle.Game) string {
	p := g.Pace
	var b strings.Builder
	if !p.On() {
		b.WriteString("No deadlines: the battle waits on each move for as long as it takes (`/game deadline`).")
	} else {
		fmt.Fprintf(&b, "**%s** a move", p.Move)
		if len(p.Reminders) > 0 {
			fmt.Fprintf(&b, ", a reminder %s before", p.Reminders[0]) // the one sent
		}
		if p.Expire == pace.ExpirePass {
			b.WriteString("; at the deadline the move is passed.")
		} else {
			b.WriteString("; at the deadline the umpire is told who is late.")
		}
		switch {
		case p.Stalled:
			fmt.Fprintf(&b, "\n**Paused itself** since %s: the clock alone moved it on %d times in a row (`/game resume`).", render.Stamp(*p.Paused), pace.MaxUnattended)
		case p.Paused != nil:
			fmt.Fprintf(&b, "\n**Paused** since %s (`/game resume`).", render.Stamp(*p.Paused))
		}
	}
	if p != nil && p.Pings {
		b.WriteString("\nPings on: the holder of a move is mentioned.")
	}
	if p.On() {
		b.WriteString(pendingText(g))
	}
	return b.String()
}

// pendingText lists the moves pending with their deadlines.
func pendingText(g *battle.Game) string {
	var b strings.Builder
	for _, q := range g.Pace.Pending {
		fmt.Fprintf(&b, "\n• %s: %s — due %s", who(g, q.User), q.What, render.Stamp(q.Due))
		if q.Late {
			b.WriteString(" (**late**)")
		}
	}
	return b.String()
}

// deadlinesField is the battle's deadlines as a field of a status embed.
func deadlinesField(g *battle.Game) interaction.Field {
	return interaction.Field{Name: "Deadlines", Value: render.Clip(paceText(g), render.MaxFieldValue)}
}

// withField adds f to a turn status: a field of its first embed, or a
// message of its own.
func withField(resp *interaction.Response, f interaction.Field) {
	for _, msgs := range [][]interaction.Message{resp.Public, resp.Ephemeral} {
		if len(msgs) > 0 && len(msgs[0].Embeds) > 0 {
			e := &msgs[0].Embeds[0]
			if len(e.Fields) < render.MaxFields {
				e.Fields = append(e.Fields, f)
				return
			}
		}
	}
	resp.Public = append(resp.Public, interaction.Message{Content: render.Clip("**"+f.Name+"**\n"+f.Value, render.MaxContent)})
}
