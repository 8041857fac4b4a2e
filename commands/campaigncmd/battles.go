package campaigncmd

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	battleview "github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// A Muster is a battle's board drawn from a campaign's forces.
type Muster struct {
	Campaign *campaign.Campaign
	Ruleset  battle.Ruleset
	Board    json.RawMessage
	// Out are those left out who miss this battle (K2).
	Out []string
}

// Muster draws a new battle's board from the server's campaign called name:
// the forces named in the comma-separated list forces (all when empty), in
// their state as the campaign holds it, leaving out who misses this battle
// (K2). Only the campaign's umpire starts its battles.
func (c *Commands) Muster(ctx context.Context, req interaction.Request, name, forces string) (Muster, error) {
	cp, _, err := c.campaigns.View(ctx, req.GuildID, name, 1)
	if err != nil {
		return Muster{}, err
	}
	rs, k, err := c.ruleset(cp.Ruleset)
	if err != nil {
		return Muster{}, err
	}
	if req.User.ID != cp.Umpire {
		return Muster{}, interaction.Refusef("Only the campaign's umpire (%s) can start its battles.", render.Inert(cp.Player(cp.Umpire)))
	}
	var chosen []string
	for _, n := range strings.Split(forces, ",") {
		if n = strings.TrimSpace(n); n != "" {
			chosen = append(chosen, n)
		}
	}
	var out []string
	board, err := k.Muster(cp.Forces, chosen, func(name string) bool {
		_, ok := cp.Absent(name)
		if ok {
			out = append(out, name)
		}
		return ok
	})
	if err != nil {
		return Muster{}, err
	}
	return Muster{Campaign: cp, Ruleset: rs, Board: board, Out: out}, nil
}

// Issue records, in the campaign, that it musters m's battle in the channel
// of req, and returns the id it issues the battle (campaign.MusterID): the id
// that carries the battle back, once (CarryBack). It is one change of the
// campaign, idempotent on the interaction; the campaign's umpire alone
// musters, and a battle is mustered by the /game start that starts it.
func (c *Commands) Issue(ctx context.Context, req interaction.Request, m Muster) (string, error) {
	id := campaign.MusterID(req.ChannelID, req.ID)
	issue := req
	issue.ID = req.ID + "/muster"
	_, err := c.campaigns.Change(ctx, issue, m.Campaign.Name, campaign.Existing, func(tx *campaign.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("start its battles"); err != nil {
			return interaction.Response{}, err
		}
		tx.Campaign.Issue(id, req.ChannelID, tx.Now.UTC().Truncate(time.Second))
		return interaction.Response{}, nil
	})
	return id, err
}

// Note is what the start of a battle from the campaign says: where its
// forces come from, and who misses it (K2).
func (m Muster) Note() string {
	fog := ""
	if m.Campaign.Fog {
		fog = "\nThe campaign is fogged: so is this battle (`/game settings fog:`)."
	}
	s := fmt.Sprintf("Mustered from the campaign **%s** (battle %d), in their state as the campaign holds it. "+
		"Editing the campaign now does not change this battle; at `/game end` the referee proposes what carries back.",
		render.Inert(m.Campaign.Name), len(m.Campaign.Battles)+1)
	if len(m.Out) > 0 && !m.Campaign.Fog { // under fog, /campaign status tells each who he may know is out
		s += fmt.Sprintf("\n**Out of this battle:** %s. %s", render.Inert(strings.Join(m.Out, ", ")), readingLine("K2"))
	}
	return s + fog
}

// carried is what a battle carries back into its campaign.
type carried struct {
	rules   battle.Ruleset
	forces  json.RawMessage // the campaign's forces after the battle
	changes []rules.Carry
}

// carry is what the battle g carries back into its campaign cp.
func (c *Commands) carry(cp *campaign.Campaign, g *battle.Game) (carried, error) {
	rs, k, err := c.ruleset(cp.Ruleset)
	if err != nil {
		return carried{}, err
	}
	if g.Ruleset != cp.Ruleset {
		return carried{}, interaction.Refusef("This battle is played under %s; the campaign %s under %s.", render.Inert(g.Ruleset), render.Inert(cp.Name), rs.Name())
	}
	next, changes, err := k.CarryBack(cp.Forces, g.Board, cp.Readings())
	return carried{rules: rs, forces: next, changes: changes}, err
}

// Proposal is what ending the battle g, mustered from a campaign, would
// carry back into it, for the umpire to confirm: each change with its
// reading, and how to change what carries back before confirming. A battle
// the campaign did not muster (imported, or started by an older referee)
// or has carried back already is refused, with why (carryable).
func (c *Commands) Proposal(ctx context.Context, g *battle.Game) (string, error) {
	cp, _, err := c.campaigns.View(ctx, g.Guild, g.Campaign, 1)
	if err != nil {
		return "", err
	}
	if err := carryable(cp, g); err != nil {
		return "", err
	}
	back, err := c.carry(cp, g)
	if err != nil {
		return "", err
	}
	rs, changes := back.rules, back.changes
	var b strings.Builder
	fmt.Fprintf(&b, "**Carried back to the campaign %s** as battle %d:\n", render.Inert(cp.Name), len(cp.Battles)+1)
	for _, ch := range changes {
		b.WriteString("• " + CarryLine(ch) + "\n")
	}
	if len(changes) == 0 {
		b.WriteString("• nobody hurt: the forces return as they went.\n")
	}
	fmt.Fprintf(&b, "Everyone else returns as the battle leaves him. To change this, change the battle's roster first with `/%s`'s roster "+
		"commands and `/game end` again; after the end, `/campaign edit` (readings: `/campaign house-rule`).", rs.ID())
	if g.Umpire != cp.Umpire {
		fmt.Fprintf(&b, "\nOnly the campaign's umpire, %s, carries it back: once the battle has ended, he confirms with `/game end` here.", render.Inert(cp.Player(cp.Umpire)))
	}
	return b.String(), nil
}

// carryable refuses to carry g back into cp unless cp mustered it and has
// not carried it back yet.
func carryable(cp *campaign.Campaign, g *battle.Game) error {
	if b := cp.Carried(g.Muster); b != nil {
		return interaction.Refusef("This battle is in the campaign %s already, as battle %d; nothing changed.", render.Inert(cp.Name), b.N)
	}
	if !cp.Pending(g.Muster) {
		return interaction.Refusef("The campaign %s did not muster this battle: only a battle started with `/game start campaign:` carries back into it, and an imported copy does not.", render.Inert(cp.Name))
	}
	return nil
}

// CarryBack carries the ended battle g back into its campaign, as one atomic
// change of the campaign, idempotent on the interaction: a redelivered
// confirmation gets the same answer and changes nothing. Only the
// campaign's umpire carries back, and only a battle the campaign mustered
// (by the id it issued, g.Muster), once: one it holds already is not
// carried back again, whatever copies of it exist.
func (c *Commands) CarryBack(ctx context.Context, req interaction.Request, g *battle.Game) (interaction.Response, error) {
	return c.campaigns.Change(ctx, req, g.Campaign, campaign.Existing, func(tx *campaign.Tx) (interaction.Response, error) {
		cp := tx.Campaign
		if b := cp.Carried(g.Muster); b != nil {
			return interaction.Whisper(fmt.Sprintf("This battle is in the campaign %s already, as battle %d; nothing changed.", render.Inert(cp.Name), b.N)), nil
		}
		if err := tx.RequireUmpire("carry a battle back into it"); err != nil {
			return interaction.Response{}, err
		}
		if err := carryable(cp, g); err != nil {
			return interaction.Response{}, err
		}
		back, err := c.carry(cp, g)
		if err != nil {
			return interaction.Response{}, err
		}
		rs, next, changes := back.rules, back.forces, back.changes
		losses, err := rs.Losses(g)
		if err != nil {
			return interaction.Response{}, err
		}
		var sides []string
		if f, ok := rs.(battleview.Fog); ok {
			if sides, err = f.Sides(g); err != nil {
				return interaction.Response{}, err
			}
		}
		met, err := campaign.Fought(rs, g)
		if err != nil {
			return interaction.Response{}, err
		}
		bt := campaign.Battle{Muster: g.Muster, Name: g.Name, Channel: g.Channel, Started: g.Started, Ended: *g.Ended, Sides: sides,
			Changes: changes, Losses: render.Clip(losses, 8000), Rolls: g.NextRoll - 1, Commitment: g.Commitment, Fought: met}
		returned := cp.Record(bt, next)
		cp.Players = campaign.KeepNames(cp.Players, g.Players)
		bt = cp.Battles[len(cp.Battles)-1]
		gone, out := 0, 0
		var lines []string
		for _, ch := range changes {
			lines = append(lines, "• "+CarryLine(ch))
			if ch.Gone {
				gone++
			}
			if ch.Out {
				out++
			}
		}
		if len(lines) == 0 {
			lines = append(lines, "Nobody hurt: the forces return as they went.")
		}
		if len(returned) > 0 {
			lines = append(lines, fmt.Sprintf("**Back for the next battle:** %s, who missed this one (K2).", render.Inert(strings.Join(returned, ", "))))
		}
		name := g.Name
		if name == "" {
			name = "unnamed"
		}
		subjects := slices.Clone(returned)
		for _, ch := range changes {
			subjects = append(subjects, ch.Name)
		}
		readers, fogged, err := c.campaignReaders(cp, subjects)
		if err != nil {
			return interaction.Response{}, err
		}
		resp := public(interaction.Embed{
			Title: render.Clip(fmt.Sprintf("Carried back: battle %d of %s", bt.N, render.InertTitle(cp.Name)), render.MaxTitle),
			Description: strings.Join(lines, "\n") + fmt.Sprintf("\n\n`/campaign status name:%s` shows the forces; `/game start campaign:%s` the next battle.",
				rules.Arg(cp.Name), rules.Arg(cp.Name)),
		})
		resp.Result = struct {
			Campaign string        `json:"campaign"`
			Battle   int           `json:"battle"`
			Changes  []rules.Carry `json:"changes"`
			Returned []string      `json:"returned,omitempty"`
		}{cp.Name, bt.N, changes, returned}
		return c.about(tx, readers, fogged, render.Clip(fmt.Sprintf("battle %d (%s) carried back: %d gone, %d out, %d changes", bt.N, name, gone, out, len(changes)), 300), resp), nil
	})
}
