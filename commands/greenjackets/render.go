package greenjackets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

func turnLine(b *gj.Board) string {
	t := b.Turn
	switch {
	case t.Number == 0:
		return "No turn yet: the umpire deals with `/turn new`."
	case t.Ended:
		return fmt.Sprintf("Turn %d is over: the umpire deals the next with `/turn new`.", t.Number)
	case t.Pos < 0:
		return fmt.Sprintf("Turn %d: cards dealt; the umpire calls the count with `/turn next`.", t.Number)
	}
	s := fmt.Sprintf("Turn %d: count %s.", t.Number, b.CountName())
	if t.Pos >= len(gj.Calls(t.Suits)) {
		s = fmt.Sprintf("Turn %d: the count has passed Ace.", t.Number)
	}
	if on := onTheMove(b); on != "" {
		s += " " + on
	}
	return s
}

// onTheMove names who is on the move, with his AP ("" when no one is).
func onTheMove(b *gj.Board) string {
	var on []string
	for _, c := range b.OnTheMove() {
		on = append(on, fmt.Sprintf("%s (%d AP)", render.Inert(c.Name), c.AP))
	}
	if len(on) == 0 {
		return ""
	}
	return "On the move: " + strings.Join(on, ", then ") + "."
}

func characterLine(g *battle.Game, c *gj.Character) string {
	return fmt.Sprintf("**%s** (%s, %s) — %s%s", render.Inert(c.Name), c.Rank, c.Quality, render.Inert(playerOf(g, c)), c.Wounds())
}

func playerOf(g *battle.Game, c *gj.Character) string {
	if c.Player == "" {
		return "umpire"
	}
	return g.Player(c.Player)
}

func squadLine(b *gj.Board, s *gj.Squad) string {
	line := fmt.Sprintf("%s — %s, %s, %d/%d standing", render.Inert(s.Name), s.Arm, s.Morale, len(s.Living()), len(s.Figures))
	if s.Owed > 0 || s.Called {
		line += ", morale test owed"
	}
	if s.Gun() != nil {
		if s.Limbered {
			line += ", limbered"
		} else {
			line += ", unlimbered"
		}
	}
	var notes []string
	for _, f := range s.Figures {
		if st := b.FigureState(s, f); st != "" {
			notes = append(notes, render.Inert(f.Name)+" "+st)
		}
	}
	if len(notes) > 0 {
		line += " (" + strings.Join(notes, "; ") + ")"
	}
	return line
}

// reply logs a ruling and renders it with the roster notes of what it changed.
func reply(tx *battle.Tx, r rules.Ruling, notes ...string) interaction.Response {
	footer := "quick ruling, not logged"
	if tx.Game != nil {
		n := tx.Log(render.Clip(r.Title+": "+r.Result, 300))
		if roll := tx.RollNumber(); roll > 0 {
			footer = "roll #" + strconv.FormatUint(roll, 10) + " · log #" + strconv.Itoa(n)
		} else {
			footer = "log #" + strconv.Itoa(n)
		}
	}
	m := details.Ruling(tx, r, footer)
	var kept []string
	for _, n := range notes {
		if n != "" {
			kept = append(kept, render.Inert(n))
		}
	}
	if len(kept) > 0 {
		m.Embeds[0].Fields = append(m.Embeds[0].Fields, interaction.Field{Name: "Roster", Value: render.Clip(strings.Join(kept, "\n"), render.MaxFieldValue)})
	}
	return interaction.Response{Public: []interaction.Message{m}, Result: r}
}

// ruled stores the changed board and replies with the outcome.
func ruled(tx *battle.Tx, b *gj.Board, out gj.Outcome) (interaction.Response, error) {
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, out.Ruling, out.Notes...), nil
}
