package view

import (
	"context"
	"errors"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
)

// DMRefusals notes the direct messages Discord refused to the players of
// the battles of a service (the transports' DMRefused).
type DMRefusals struct{ Battles *battle.Service }

// Note records that Discord refused a direct message to user, sent
// in answer to req, and reports whether the one answered should be told so:
// once a turn for each player (the deal and every count would otherwise say
// it again). The player is told himself, privately, with the answer to his
// next command in the battle (Deliver). Outside a running battle it
// always reports true.
func (d DMRefusals) Note(ctx context.Context, req interaction.Request, user string) (bool, error) {
	svc := d.Battles
	note := req
	note.ID = req.ID + "/dm-refused/" + user // once per interaction and player, whoever delivers it
	resp, err := svc.Change(ctx, note, func(tx *battle.Tx) (interaction.Response, error) {
		tx.KeepUndo()
		tx.Bookkeep()
		g := tx.Game
		turn := 0
		if te, ok := ruleset(svc, g).(battle.TurnEngine); ok {
			m, err := te.Moment(g)
			if err != nil {
				return interaction.Response{}, err
			}
			turn = m.Turn
		}
		r, seen := g.DMRefused[user]
		tell := !seen || r.Turn != turn
		if tell {
			if g.DMRefused == nil {
				g.DMRefused = map[string]battle.DMRefusal{}
			}
			g.DMRefused[user] = battle.DMRefusal{Turn: turn}
		}
		return interaction.Response{Result: tell}, nil
	})
	switch {
	case errors.Is(err, state.ErrNotFound), errors.Is(err, battle.ErrEnded):
		return true, nil
	case err != nil:
		return true, err
	}
	tell, _ := resp.Result.(bool)
	return tell, nil
}

// tellRefused adds to the answer of a player whose direct messages were
// refused, the first time he commands after, how to see what they held.
func tellRefused(tx *battle.Tx, resp *interaction.Response) {
	g, user := tx.Game, tx.Req.User.ID
	r, ok := g.DMRefused[user]
	if !ok || r.Told || tx.Req.Kind == interaction.KindAutocomplete {
		return
	}
	r.Told = true
	g.DMRefused[user] = r
	msg := "The referee could not send you a direct message: your Discord privacy settings refuse them from this server's members."
	if _, cards := ruleset(tx.Service(), g).(battle.SecretCards); cards {
		msg += " `/card` shows your card whenever you need it."
	} else {
		msg += " Allow them (Server menu → Privacy Settings → Direct Messages) to be told privately when your move comes."
	}
	resp.Ephemeral = append(resp.Ephemeral, interaction.Message{Content: msg})
}

// ruleset is the rule set g is played with (nil when the service has none).
func ruleset(svc *battle.Service, g *battle.Game) battle.Ruleset {
	rs, _ := svc.Ruleset(g.Ruleset)
	return rs
}
