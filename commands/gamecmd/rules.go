package gamecmd

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// ReadingsTopic is the topic of every rule set that lists all the readings
// it takes (docs/readings.md states them), with the campaigns'.
const ReadingsTopic = "readings"

// storeGlance bounds how long /rules waits for the battle's house rules.
const storeGlance = 500 * time.Millisecond

// Rules is /rules ruleset:<…> [topic]: a topic's text with its readings and
// the house rules that switch them; without a topic, the list of topics and
// every house rule with its default. In a channel whose battle is played under
// the rule set, the battle's house-rule values are shown too.
func (c *Commands) Rules(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	rs, err := c.pickRuleset(req)
	if err != nil {
		return interaction.Response{}, err
	}
	// The battle's house-rule values, when it is played under this rule set.
	// A lookup works without a battle, or with the store down: it waits for
	// the store only briefly.
	var g *battle.Game
	if req.ChannelID != "" {
		vctx, cancel := context.WithTimeout(ctx, storeGlance)
		if got, err := c.svc.View(vctx, req.ChannelID); err == nil && got.Ruleset == rs.ID() {
			g = got
		}
		cancel()
	}
	name := req.String("topic")
	if name == "" {
		return c.topics(rs, g), nil
	}
	topics := rs.Topics()
	i := slices.IndexFunc(topics, func(t rules.Topic) bool {
		return strings.EqualFold(t.Name, name) || strings.EqualFold(t.Title, name)
	})
	if i < 0 {
		return interaction.Response{}, interaction.Refusef("%s has no topic %q. Leave `topic` out to list them.", rs.Name(), render.Inert(name))
	}
	t := topics[i]
	var rb strings.Builder
	for _, rd := range t.Readings {
		fmt.Fprintf(&rb, "• **%s** %s\n", render.Inert(rd.ID), render.Inert(rd.Text))
	}
	body := t.Body
	if t.Name == ReadingsTopic {
		// Every reading, and the campaigns' (all rule sets'), as lines of
		// text a phone reads, cut into as many embeds as they need.
		body += "\n\n" + rb.String() + "\n**Campaigns** (every rule set; `/campaign house-rule`):\n"
		for _, id := range slices.Sorted(maps.Keys(campaign.Readings)) {
			rd := campaign.Readings[id]
			body += fmt.Sprintf("• **%s** %s\n", render.Inert(rd.ID), render.Inert(rd.Text))
		}
		rb.Reset()
	}
	// One message of embeds, in the body's order (the router fits it to
	// Discord's limits, in more messages if need be).
	var es []interaction.Embed
	for _, part := range phoneParts(body) {
		for _, text := range splitMarkdown(part.text, render.MaxDescription-100) {
			es = append(es, interaction.Embed{Color: colourGame, Description: text})
		}
		for fs := range slices.Chunk(part.fields, render.MaxFields) {
			es = append(es, interaction.Embed{Color: colourGame, Fields: fs})
		}
	}
	if len(es) == 0 {
		es = append(es, interaction.Embed{Color: colourGame})
	}
	es[0].Title = render.Clip(rs.Name()+" — "+t.Title, render.MaxTitle)
	var fields []interaction.Field
	if rb.Len() > 0 {
		fields = append(fields, interaction.Field{Name: "Readings the referee takes", Value: render.Clip(rb.String(), render.MaxFieldValue)})
	}
	var hb strings.Builder
	for _, h := range rs.HouseRules() {
		if slices.ContainsFunc(t.Readings, func(rd rules.Reading) bool { return rd.ID == h.Reading.ID }) {
			hb.WriteString(houseRuleLine(h, g))
		}
	}
	if hb.Len() > 0 {
		fields = append(fields, interaction.Field{Name: "House rules (umpire: `/game house-rule`)", Value: render.Clip(hb.String(), render.MaxFieldValue)})
	}
	// The readings go under the text's last part (after a table's fields),
	// or after it when together they would pass Discord's limit on one embed.
	last := &es[len(es)-1]
	size := len(last.Title) + len(last.Description)
	for _, f := range slices.Concat(last.Fields, fields) {
		size += len(f.Name) + len(f.Value)
	}
	if size > render.MaxEmbedTotal || len(last.Fields)+len(fields) > render.MaxFields {
		es = append(es, interaction.Embed{Color: colourGame})
		last = &es[len(es)-1]
	}
	last.Fields = append(last.Fields, fields...)
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: es}}}, nil
}

// topics lists a rule set's topics and house rules.
func (c *Commands) topics(rs battle.Ruleset, g *battle.Game) interaction.Response {
	var b strings.Builder
	for _, t := range rs.Topics() {
		fmt.Fprintf(&b, "• `%s` — %s\n", t.Name, t.Title)
	}
	if b.Len() == 0 {
		b.WriteString("No topics yet.")
	}
	e := interaction.Embed{
		Title:       rs.Name() + ": rules and tables",
		Color:       colourGame,
		Description: render.Clip(b.String(), render.MaxDescription),
		Footer:      fmt.Sprintf("/rules ruleset:%s topic:<name> shows one.", rs.ID()),
	}
	var hb strings.Builder
	for _, h := range rs.HouseRules() {
		hb.WriteString(houseRuleLine(h, g))
	}
	if hb.Len() > 0 {
		e.Fields = append(e.Fields, interaction.Field{Name: "House rules (umpire: `/game house-rule`)", Value: render.Clip(hb.String(), render.MaxFieldValue)})
	}
	return ephemeral(embed(e))
}

// houseRuleLine is "• `name`: default **x** (also y, z) — this battle: **y**".
func houseRuleLine(h rules.HouseRule, g *battle.Game) string {
	var others []string
	for _, v := range h.Values {
		if v != h.Default() {
			others = append(others, v)
		}
	}
	line := fmt.Sprintf("• `%s`: **%s** by default", h.Name, render.Inert(h.Default()))
	if len(others) > 0 {
		line += " (or " + render.Inert(strings.Join(others, ", ")) + ")"
	}
	if g != nil {
		if v := g.HouseRule(h.Name); v != "" && v != h.Default() {
			line += fmt.Sprintf("; this battle: **%s**", render.Inert(v))
		}
	}
	return line + "\n"
}

// splitMarkdown cuts text into parts of at most n bytes at line ends, closing
// and reopening a code block cut in two so that each part renders alone.
func splitMarkdown(text string, n int) []string {
	var parts []string
	var cur strings.Builder
	fence := "" // the opening fence line of a code block open at the cut
	for _, line := range strings.SplitAfter(strings.TrimSpace(text), "\n") {
		line = render.Clip(line, n/2)
		if cur.Len()+len(line)+len("\n```") > n && cur.Len() > 0 {
			if fence != "" {
				cur.WriteString("\n```")
			}
			parts = append(parts, cur.String())
			cur.Reset()
			if fence != "" {
				cur.WriteString(fence)
			}
		}
		cur.WriteString(line)
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "```") {
			if fence == "" {
				fence = t + "\n"
			} else {
				fence = ""
			}
		}
	}
	if strings.TrimSpace(cur.String()) != "" {
		parts = append(parts, cur.String())
	}
	return parts
}
