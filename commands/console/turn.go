package console

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/referee-bot/referee/commands/interaction"
)

// postTurn gives a turn message the console posts (a new one, or one whose
// message is not known) an id, and records it with the battle.
func postTurn(ctx context.Context, tm *interaction.TurnMessage) error {
	if tm == nil || !tm.Show || tm.Edit != "" || tm.Posted == nil {
		return nil
	}
	var b [6]byte
	rand.Read(b[:])
	if _, err := tm.Posted(ctx, "turn-"+hex.EncodeToString(b[:])); err != nil {
		return fmt.Errorf("console: record the turn message: %w", err)
	}
	return nil
}

// laterTurn is what two turn messages shown one after the other (in one
// !advance) come to: both one's retirements, and the later one shown.
func laterTurn(first, then *interaction.TurnMessage) *interaction.TurnMessage {
	if first == nil {
		return then
	}
	out := *then
	out.Retire = append(append([]string(nil), first.Retire...), then.Retire...)
	if !then.Show {
		out.Message, out.Show, out.Edit = first.Message, first.Show, first.Edit
	}
	return &out
}

// writeTurn prints what became of the turn message, as a transport does it:
// the turn message, new or edited in place, then the buttons of the one
// before disabled.
func writeTurn(w io.Writer, tm *interaction.TurnMessage) {
	if tm == nil {
		return
	}
	switch {
	case !tm.Show:
	case tm.Edit != "":
		writeMessage(w, "(turn message, edited) ", tm.Message)
	default:
		writeMessage(w, "(turn message) ", tm.Message)
	}
	if len(tm.Retire) > 0 {
		fmt.Fprintln(w, "(the turn message before: its buttons are disabled)")
	}
}
