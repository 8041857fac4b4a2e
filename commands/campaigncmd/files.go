package campaigncmd

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/record"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// fileName is a campaign's file name: "campaign-greenjackets-peninsula.json".
func fileName(cp *campaign.Campaign, ext string) string {
	return "campaign-" + cp.Ruleset + "-" + render.Slug(cp.Name) + "." + ext
}

// Export is /campaign export name:…: the umpire gets the whole campaign as
// a JSON file, for /campaign import here or on another server.
func (c *Commands) Export(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	v, err := c.view(ctx, req, 0)
	if err != nil {
		return interaction.Response{}, err
	}
	cp, log, rs := v.campaign, v.log, v.rules
	if req.User.ID != cp.Umpire {
		return interaction.Response{}, interaction.Refusef("Only the campaign's umpire (%s) can export it.", render.Inert(cp.Player(cp.Umpire)))
	}
	b, err := record.ExportCampaign(cp, log)
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Ephemeral: []interaction.Message{{
		Content: fmt.Sprintf("**%s**: its forces, %s and %s, as a file for `/campaign import`.", title(cp, rs),
			rules.Plural(len(cp.Battles), "battle", "battles"), rules.Plural(cp.LogLen, "log entry", "log entries")),
		Files: []interaction.File{{Name: fileName(cp, "json"), Content: b}},
	}}}, nil
}

// Import is /campaign import file:…: a campaign from a file made by
// /campaign export, checked in full first (record.ReadCampaign); it takes
// the place of the server's campaign of that name (only its umpire may
// replace one), and the importer is its umpire. A bad file changes nothing.
func (c *Commands) Import(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	f, ok := req.FileOption("file")
	if !ok {
		return interaction.Response{}, interaction.Refuse("Attach the file made by `/campaign export`: `/campaign import file:…`.")
	}
	// The file is read in full first, to find the campaign by its name, and
	// again in the change, against its clock.
	probe, _, err := record.ReadCampaign(f.Content, req.GuildID, c.svc.Ruleset, c.svc.Now())
	if err != nil {
		return interaction.Response{}, err
	}
	return c.campaigns.Change(ctx, req, probe.Name, campaign.Any, func(tx *campaign.Tx) (interaction.Response, error) {
		if cur := tx.Campaign; cur.Schema != 0 && cur.Umpire != req.User.ID {
			return interaction.Response{}, interaction.Refusef("This server's campaign %s is %s's: only its umpire can replace it.",
				render.Inert(cur.Name), render.Inert(cur.Player(cur.Umpire)))
		}
		cp, log, err := record.ReadCampaign(f.Content, req.GuildID, c.svc.Ruleset, tx.Now)
		if err != nil {
			return interaction.Response{}, err
		}
		cp.Umpire, cp.UmpireName = req.User.ID, req.User.Name
		if cur := tx.Campaign; cur.Schema != 0 { // its battles still to carry back carry back into the import
			for _, m := range cur.Mustered {
				if cp.Carried(m.ID) == nil {
					cp.Mustered = append(cp.Mustered, m)
				}
			}
		}
		rs, _, err := c.ruleset(cp.Ruleset)
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Import(cp, log)
		return public(interaction.Embed{Title: "Imported: " + title(cp, rs),
			Description: fmt.Sprintf("%s and %s; **%s** is its umpire. `/campaign status name:%s` shows its forces.",
				rules.Plural(len(cp.Battles), "battle", "battles"), rules.Plural(cp.LogLen, "log entry", "log entries"), render.Inert(cp.Player(cp.Umpire)), rules.Arg(cp.Name))}), nil
	})
}

// Report is /campaign report name:…: the campaign's history in Markdown,
// posted as the main channel may know it (Campaign.View: under fog of war,
// what every side knows), and shown to the asker privately as he may know
// it when that is more.
func (c *Commands) Report(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	v, err := c.view(ctx, req, 0)
	if err != nil {
		return interaction.Response{}, err
	}
	cp, rs := v.campaign, v.rules
	r, err := c.campaignReader(cp, req.User.ID)
	if err != nil {
		return interaction.Response{}, err
	}
	history := func(r rules.Reader) (interaction.Message, error) {
		seen, err := c.campaignView(cp, r)
		if err != nil {
			return interaction.Message{}, err
		}
		return interaction.Message{
			Content: fmt.Sprintf("Campaign history: **%s**, %s.", title(cp, rs), rules.Plural(len(cp.Battles), "battle", "battles")),
			Files:   []interaction.File{{Name: fileName(cp, "md"), Content: []byte(report(seen, rs))}},
		}, nil
	}
	posted, err := history(rules.Main)
	if err != nil {
		return interaction.Response{}, err
	}
	resp := interaction.Response{Public: []interaction.Message{posted}}
	if r != rules.Main {
		mine, err := history(r)
		if err != nil {
			return interaction.Response{}, err
		}
		if !bytes.Equal(mine.Files[0].Content, posted.Files[0].Content) {
			resp.Ephemeral = []interaction.Message{mine}
		}
	}
	return resp, nil
}

// report is the campaign's history: every battle with its losses and what
// it carried back, then each man's record, then who is out.
func report(cp *campaign.Campaign, rs battle.Ruleset) string {
	var b strings.Builder
	esc := render.Inert
	fmt.Fprintf(&b, "# %s\n\n", esc(cp.Name))
	fmt.Fprintf(&b, "- **Rule set:** %s\n- **Umpire:** %s\n- **Started:** %s\n- **Battles:** %d\n\n", rs.Name(), esc(cp.Player(cp.Umpire)),
		cp.Started.UTC().Format("2006-01-02"), len(cp.Battles))
	b.WriteString("## Readings\n\n")
	for _, h := range campaign.HouseRules {
		v := cp.HouseRules[h.Name]
		if v == "" {
			v = h.Default()
		}
		fmt.Fprintf(&b, "- **%s** `%s` = %s\n", h.Reading.ID, h.Name, v)
	}
	b.WriteString("\n## Battles\n\n")
	if len(cp.Battles) == 0 {
		b.WriteString("None yet.\n\n")
	}
	record := map[string][]string{}
	var names []string
	for _, bt := range cp.Battles {
		name := bt.Name
		if name == "" {
			name = "Unnamed battle"
		}
		fmt.Fprintf(&b, "### %d. %s\n\n", bt.N, esc(name))
		fmt.Fprintf(&b, "- **Fought:** %s to %s\n", bt.Started.UTC().Format("2006-01-02 15:04"), bt.Ended.UTC().Format("2006-01-02 15:04 UTC"))
		if len(bt.Sides) > 0 {
			fmt.Fprintf(&b, "- **Sides:** %s\n", esc(strings.Join(bt.Sides, ", ")))
		}
		fmt.Fprintf(&b, "- **Dice:** %s, seed commitment `%s`\n\n", rules.Plural(int(bt.Rolls), "roll", "rolls"), bt.Commitment)
		if bt.Losses != "" {
			b.WriteString("#### Losses\n\n" + nest(strings.TrimSpace(bt.Losses), 5) + "\n\n")
		}
		b.WriteString("#### Carried back\n\n")
		if len(bt.Changes) == 0 {
			b.WriteString("Nothing: nobody was hurt.\n\n")
		}
		for _, ch := range bt.Changes {
			fmt.Fprintf(&b, "- %s\n", CarryLine(ch))
			if record[ch.Name] == nil {
				names = append(names, ch.Name)
			}
			record[ch.Name] = append(record[ch.Name], fmt.Sprintf("battle %d: %s", bt.N, esc(ch.What)))
		}
		b.WriteString("\n")
	}
	b.WriteString("## Records\n\n")
	if len(names) == 0 {
		b.WriteString("Nobody has been hurt yet.\n")
	}
	for _, n := range names {
		fmt.Fprintf(&b, "- **%s**: %s\n", esc(n), strings.Join(record[n], "; "))
	}
	var out []string
	for _, a := range cp.Out {
		if until, ok := cp.Absent(a.Name); ok {
			out = append(out, fmt.Sprintf("- %s misses battle %d (K2)", esc(a.Name), until))
		}
	}
	if len(out) > 0 {
		b.WriteString("\n## Out of the next battle\n\n" + strings.Join(out, "\n") + "\n")
	}
	return b.String()
}

// nest moves the headings of md down so that its highest is at level (a
// rule set's "### British" under the report's "#### Losses" becomes "#####
// British"), keeping how they nest among themselves; Markdown has six levels.
func nest(md string, level int) string {
	lines := strings.Split(md, "\n")
	depth := func(l string) int {
		n := len(l) - len(strings.TrimLeft(l, "#"))
		if n == 0 || n > 6 || !strings.HasPrefix(l[n:], " ") {
			return 0
		}
		return n
	}
	top := 7
	for _, l := range lines {
		if d := depth(l); d > 0 {
			top = min(top, d)
		}
	}
	if top == 7 {
		return md
	}
	for i, l := range lines {
		if d := depth(l); d > 0 {
			lines[i] = strings.Repeat("#", min(6, d-top+level)) + l[d:]
		}
	}
	return strings.Join(lines, "\n")
}
