package gamecmd

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/orderscmd"
)

// ButtonEnd confirms /game end: v1/game/end/<its seed commitment's first
// 16 digits>/<its log's length>.
const ButtonEnd = "v1/game/end"

// End is /game end: the umpire is asked to confirm, with a button, before
// anything ends; of a battle mustered from a campaign he is shown what would
// carry back into it. Nothing is written: the button (EndConfirmed) ends it.
// The button is bound to the battle (its commitment) and to the moment it was
// asked at (its log's length), so that a press after anything changed, or
// in a later battle of the channel, is refused.
func (c *Commands) End(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, rs, err := c.view(ctx, req)
	if err != nil {
		return interaction.Response{}, err
	}
	switch {
	case !g.Running() && g.Campaign != "" && c.Campaigns != nil:
		return c.carryEnded(ctx, g, rs)
	case !g.Running():
		return interaction.Response{}, interaction.Refuse("This battle has ended. The umpire can start a new one with `/game start`.")
	case req.User.ID != g.Umpire:
		return interaction.Response{}, interaction.Refusef("Only the umpire (%s) can end the battle.", who(g, g.Umpire))
	}
	d := fmt.Sprintf("Ending reveals the dice seed and closes the battle to every change; it cannot be undone. So far: %s and %s.",
		count(g.NextRoll-1, "roll", "rolls"), count(g.LogLen, "log entry", "log entries"))
	label := "End the battle"
	if g.Campaign != "" && c.Campaigns != nil {
		p, err := c.Campaigns.Proposal(ctx, g)
		if err != nil {
			return interaction.Response{}, err
		}
		d += "\n\n" + p
		label = "End and carry back"
	}
	m := embed(fit(interaction.Embed{Title: "End " + title(g, rs) + "?", Color: colourGame, Description: d}))
	m.Buttons = []interaction.Button{{Label: label, ID: endButton(g), Style: interaction.Danger}}
	return ephemeral(m), nil
}

// carryEnded is /game end in an ended battle of a campaign, not yet carried
// back: its campaign's umpire is shown what would carry back, with the
// button that carries it (EndConfirmed), as at the end.
func (c *Commands) carryEnded(ctx context.Context, g *battle.Game, rs battle.Ruleset) (interaction.Response, error) {
	p, err := c.Campaigns.Proposal(ctx, g)
	if err != nil {
		return interaction.Response{}, err
	}
	m := embed(fit(interaction.Embed{Title: "Carry back " + title(g, rs) + "?", Color: colourGame,
		Description: "The battle has ended and is not in its campaign yet.\n\n" + p}))
	m.Buttons = []interaction.Button{{Label: "Carry back", ID: endButton(g), Style: interaction.Danger}}
	return ephemeral(m), nil
}

// endButton is the confirmation's id: v1/game/end/<battle>/<log length>,
// the battle named by the start of its seed commitment (public since its
// start, and another for every battle).
func endButton(g *battle.Game) string {
	return fmt.Sprintf("%s/%s/%d", ButtonEnd, battleKey(g), g.LogLen)
}

// battleKey names a battle in a button (Game.Key).
func battleKey(g *battle.Game) string { return g.Key() }

// EndConfirmed is the press of /game end's button: the umpire ends the
// battle and the seed is revealed; a battle of a campaign is then carried
// back into it (campaigncmd.CarryBack), in one atomic change of the campaign
// idempotent on the press. Both steps are idempotent, and the second is
// also made when the battle has ended already, so that pressing again
// after a failure carries back what the first press could not, never twice.
func (c *Commands) EndConfirmed(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	if len(req.Args) != 2 {
		return interaction.Response{}, interaction.Supersededf("This button is not one the referee made.")
	}
	key := req.Args[0]
	logLen, err := strconv.Atoi(req.Args[1])
	if err != nil {
		return interaction.Response{}, interaction.Supersededf("This button is not one the referee made.")
	}
	g, _, err := c.view(ctx, req)
	if err != nil {
		return interaction.Response{}, err
	}
	if battleKey(g) != key {
		return interaction.Response{}, interaction.Supersededf("This button was for an earlier battle of this channel; nothing changed.")
	}
	resp, err := c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		return c.end(tx, key, logLen)
	})
	switch {
	case err == nil:
	case !g.Running() && g.Campaign != "": // ended by an earlier press: carry back what it did not
		resp = interaction.Response{}
	default:
		return interaction.Response{}, err
	}
	if g.Campaign != "" && c.Campaigns != nil {
		ended, err := c.svc.View(ctx, req.ChannelID)
		if err != nil {
			return interaction.Response{}, err
		}
		if ended.Running() || battleKey(ended) != key {
			return resp, nil // refused by the change: nothing to carry
		}
		carry := req
		carry.Path = "game end" // the press confirms /game end: the campaign's log says so
		carried, err := c.Campaigns.CarryBack(ctx, carry, ended)
		var refusal *interaction.Refusal
		switch {
		case errors.As(err, &refusal) && len(resp.Public) > 0: // ended now, but not carried back: say why
			carried = interaction.Whisper(refusal.Reason)
		case err != nil:
			return interaction.Response{}, err
		}
		resp.Public = append(resp.Public, carried.Public...)
		resp.Ephemeral = append(resp.Ephemeral, carried.Ephemeral...)
		resp.Result = struct {
			End   any `json:"end,omitempty"`
			Carry any `json:"carry,omitempty"`
		}{resp.Result, carried.Result}
	}
	resp.DisableSource = true
	return resp, nil
}

// end ends the battle named key, as /game end showed it (logLen entries).
func (c *Commands) end(tx *battle.Tx, key string, logLen int) (interaction.Response, error) {
	if err := tx.RequireUmpire("end the battle"); err != nil {
		return interaction.Response{}, err
	}
	g := tx.Game
	switch {
	case battleKey(g) != key:
		return interaction.Response{}, interaction.Supersededf("This button was for an earlier battle of this channel; nothing changed.")
	case g.LogLen != logLen:
		return interaction.Response{}, interaction.Supersededf("The battle has moved on since `/game end` was asked; nothing changed. Ask `/game end` again to see what ending it does now.")
	}
	rs, err := c.rulesetOf(g)
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Req.Path = "game end" // the press confirms /game end: the log says so
	orders, err := orderscmd.RevealAll(c.svc, tx, "at the battle's end")
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Log("battle ended; seed revealed")
	tx.KeepUndo()
	now := tx.Now.UTC().Truncate(time.Second)
	g.Ended, g.Undo = &now, nil

	var d strings.Builder
	fmt.Fprintf(&d, "Ended by the umpire after %s and %s.\n\n**Seed:** `%x`\n**Commitment published at the start:** `%s`\n\n",
		count(g.NextRoll-1, "roll", "rolls"), count(g.LogLen, "log entry", "log entries"), g.Seed, g.Commitment)
	d.WriteString("**To check:** the SHA-256 of the seed's bytes must equal the commitment " +
		"(for example `echo -n <seed> | xxd -r -p | sha256sum`). Then `/game verify` recomputes every roll from the seed " +
		"and its roll number and compares it with the log; `/game report` gives the after-action report and " +
		"`/game export` the whole battle as a file anyone can check. Keep them before anyone starts a new battle here: " +
		"`/game start` replaces this one.")
	if len(g.Earlier) > 0 {
		fmt.Fprintf(&d, "\n\nRolls below %d were made before this battle was imported here, under an earlier seed; "+
			"they are checked with that seed, revealed where the battle was first played.", g.Earlier[len(g.Earlier)-1].Below)
	}
	resp := public(embed(interaction.Embed{Title: "Battle over: " + title(g, rs), Color: colourGame, Description: d.String()}))
	resp.Public = append(orders.Public, resp.Public...)
	resp.Result = struct {
		Seed       string `json:"seed"`
		Commitment string `json:"commitment"`
	}{fmt.Sprintf("%x", g.Seed), g.Commitment}
	return resp, nil
}
