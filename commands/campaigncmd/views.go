package campaigncmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// opened is a campaign as a command that changes nothing reads it: with the
// last entries of its log, its rule set and the rule set's campaign forces.
type opened struct {
	campaign *campaign.Campaign
	log      []gamelog.Entry
	rules    battle.Ruleset
	forces   campaign.Forces
}

// view reads the campaign named by the name option, with its last entries.
func (c *Commands) view(ctx context.Context, req interaction.Request, last int) (opened, error) {
	cp, log, err := c.campaigns.View(ctx, req.GuildID, req.String("name"), last)
	if err != nil {
		return opened{}, err
	}
	rs, k, err := c.ruleset(cp.Ruleset)
	if err != nil {
		return opened{}, err
	}
	return opened{campaign: cp, log: log, rules: rs, forces: k}, nil
}

// absent says who of the campaign misses its next battle, and why.
func absent(cp *campaign.Campaign) func(string) string {
	return func(name string) string {
		until, ok := cp.Absent(name)
		if !ok {
			return ""
		}
		return fmt.Sprintf("out: misses battle %d, K2", until)
	}
}

// Status is /campaign status name:…: the forces per side, the battles fought
// and the losses to date, as the asker may know them (view).
func (c *Commands) Status(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	v, err := c.view(ctx, req, 1)
	if err != nil {
		return interaction.Response{}, err
	}
	r, err := c.campaignReader(v.campaign, req.User.ID)
	if err != nil {
		return interaction.Response{}, err
	}
	cp, err := c.campaignView(v.campaign, r)
	if err != nil {
		return interaction.Response{}, err
	}
	rs, k := v.rules, v.forces
	fields, err := k.ForcesStatus(cp.Forces, cp.People(), absent(cp))
	if err != nil {
		return interaction.Response{}, err
	}
	if len(fields) == 0 {
		fields = []interaction.Field{{Name: "Forces", Value: "None yet: `/campaign forces` adds them."}}
	}
	var battles []string
	for _, b := range cp.Battles {
		battles = append(battles, battleLine(b))
	}
	if len(battles) == 0 {
		battles = []string{"None yet: `/game start campaign:" + rules.Arg(cp.Name) + "` musters the forces."}
	}
	fields = append(fields, interaction.Field{Name: "Battles", Value: render.Clip(strings.Join(battles, "\n"), render.MaxFieldValue)},
		interaction.Field{Name: "Losses to date", Value: render.Clip(lossesToDate(cp), render.MaxFieldValue)},
		interaction.Field{Name: "House rules", Value: houseRules(cp)})
	if cp.Fog {
		fields = append(fields, interaction.Field{Name: "Fog of war", Value: "On: a player sees his own side's forces and of the enemy those his side has met in the campaign's battles."})
	}
	e := interaction.Embed{Title: title(cp, rs), Description: fmt.Sprintf("**Umpire:** %s · started %s", render.Inert(cp.Player(cp.Umpire)),
		cp.Started.UTC().Format("2006-01-02")), Fields: fields}
	resp := ephemeral(fit(e))
	resp.Result = struct {
		Name    string             `json:"name"`
		Ruleset string             `json:"ruleset"`
		Umpire  string             `json:"umpire"`
		Battles int                `json:"battles"`
		Fog     bool               `json:"fog,omitempty"`
		Out     []campaign.Absence `json:"out,omitempty"`
	}{cp.Name, cp.Ruleset, cp.Umpire, len(cp.Battles), cp.Fog, cp.Out}
	return resp, nil
}

// fit keeps an embed within Discord's total, leaving out the fields that do not fit.
func fit(e interaction.Embed) interaction.Embed {
	budget := render.MaxEmbedTotal - len(e.Title) - len(e.Description) - 64
	var kept []interaction.Field
	for i, f := range e.Fields {
		if budget -= len(f.Name) + len(f.Value); budget < 0 {
			kept = append(kept, interaction.Field{Name: "…", Value: fmt.Sprintf("%d more in `/campaign report`", len(e.Fields)-i)})
			break
		}
		kept = append(kept, f)
	}
	e.Fields = kept
	return e
}

// battleLine is one battle of the campaign: "**1.** The bridge, 2026-11-02 (#bridge): 2 gone, 1 out".
func battleLine(b campaign.Battle) string {
	name := b.Name
	if name == "" {
		name = "unnamed"
	}
	gone, out := 0, 0
	for _, ch := range b.Changes {
		if ch.Gone {
			gone++
		}
		if ch.Out {
			out++
		}
	}
	return fmt.Sprintf("**%d.** %s, %s: %d gone, %d out", b.N, render.Inert(name), b.Ended.UTC().Format("2006-01-02"), gone, out)
}

// lossesToDate counts, per side, those gone from the campaign and those out.
func lossesToDate(cp *campaign.Campaign) string {
	type tally struct{ gone []string }
	var sides []string
	per := map[string]*tally{}
	for _, b := range cp.Battles {
		for _, ch := range b.Changes {
			if !ch.Gone {
				continue
			}
			side := ch.Side
			if side == "" {
				side = "no side"
			}
			if per[side] == nil {
				per[side] = &tally{}
				sides = append(sides, side)
			}
			per[side].gone = append(per[side].gone, ch.Name)
		}
	}
	var lines []string
	for _, s := range sides {
		lines = append(lines, fmt.Sprintf("**%s**: %d gone (%s)", render.Inert(s), len(per[s].gone), render.Inert(strings.Join(per[s].gone, ", "))))
	}
	for _, a := range cp.Out {
		if until, ok := cp.Absent(a.Name); ok {
			lines = append(lines, fmt.Sprintf("%s misses battle %d (K2)", render.Inert(a.Name), until))
		}
	}
	if len(lines) == 0 {
		return "None."
	}
	return strings.Join(lines, "\n")
}

// houseRules lists the campaign's switched readings.
func houseRules(cp *campaign.Campaign) string {
	var b strings.Builder
	for _, h := range campaign.HouseRules {
		if v := cp.HouseRules[h.Name]; v != "" && v != h.Default() {
			fmt.Fprintf(&b, "• `%s` = **%s** (%s reads %s)\n", h.Name, v, h.Reading.ID, h.Default())
		}
	}
	if b.Len() == 0 {
		return "None: K1–K4 apply as read (`/campaign house-rule` switches them)."
	}
	return b.String()
}

// CarryLine is one change carried back: "Harris (Chosen Men): seriously wounded: misses the next battle, then returns (K2)".
func CarryLine(ch rules.Carry) string {
	who := render.Inert(ch.Name)
	if ch.Of != "" {
		who += " (" + render.Inert(ch.Of) + ")"
	}
	return fmt.Sprintf("%s: %s (%s)", who, render.Inert(ch.What), ch.Reading)
}

// Log is /campaign log name:… [count]: the latest entries of the asker's
// part of the log. Under fog of war an entry about forces is in the parts of
// those who knew every one it named (campaign.Tx.LogFor), numbered in each
// part by its place there; the umpire's part is the whole log.
func (c *Commands) Log(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	n := req.IntOr("count", 10)
	if n < 1 || n > 50 {
		return interaction.Response{}, interaction.Refuse("Ask for between 1 and 50 entries.")
	}
	v, err := c.view(ctx, req, n)
	if err != nil {
		return interaction.Response{}, err
	}
	r, err := c.campaignReader(v.campaign, req.User.ID)
	if err != nil {
		return interaction.Response{}, err
	}
	if !r.All && len(v.log) < v.campaign.LogLen {
		if v, err = c.view(ctx, req, 0); err != nil {
			return interaction.Response{}, err
		}
		if r, err = c.campaignReader(v.campaign, req.User.ID); err != nil {
			return interaction.Response{}, err
		}
	}
	cp, rs := v.campaign, v.rules
	var part []gamelog.Entry
	for _, e := range v.log {
		if _, ok := e.For(r); ok {
			if !r.All {
				e.N = len(part) + 1
			}
			part = append(part, e)
		}
	}
	size := cp.LogLen
	if !r.All {
		size = len(part)
	}
	part = part[max(0, len(part)-n):]
	if len(part) == 0 {
		return interaction.Whisper("The log holds nothing you may read."), nil
	}
	var lines []string
	for _, e := range part {
		lines = append(lines, logLine(cp, e))
	}
	e := interaction.Embed{Title: "Log: " + title(cp, rs), Description: strings.Join(lines, "\n"),
		Footer: fmt.Sprintf("Entries #%d–#%d of %d.", part[0].N, part[len(part)-1].N, size)}
	return ephemeral(e), nil
}

func logLine(cp *campaign.Campaign, e gamelog.Entry) string {
	return render.Clip(fmt.Sprintf("**#%d** %s — %s (%s, `/%s`)", e.N, e.At.UTC().Format("2006-01-02 15:04"), render.Inert(e.Summary),
		render.Inert(cp.Player(e.User)), render.Inert(e.Command)), 600)
}
