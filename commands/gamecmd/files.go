package gamecmd

import (
	"context"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/record"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/verify"
	"github.com/referee-bot/referee/rules/dice"
)

// fileName is a battle's file name: "greenjackets-talavera-2026-11-29.json".
func fileName(g *battle.Game, ext string, at time.Time) string {
	slug := render.Slug(g.Name)
	parts := []string{g.Ruleset}
	if slug != "" {
		parts = append(parts, slug)
	}
	parts = append(parts, at.UTC().Format("2006-01-02"))
	return strings.Join(parts, "-") + "." + ext
}

// Export is /game export: the umpire gets the whole battle as a JSON file,
// ephemerally (the board may hold secret cards). A running battle's seed is
// not in the file.
func (c *Commands) Export(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	v, err := c.viewLog(ctx, req, 0)
	if err != nil {
		return interaction.Response{}, err
	}
	g, log, rs := v.game, v.log, v.rules
	if req.User.ID != g.Umpire {
		return interaction.Response{}, interaction.Refusef("Only the umpire (%s) can export the battle.", who(g, g.Umpire))
	}
	b, err := record.Export(g, log)
	if err != nil {
		return interaction.Response{}, err
	}
	note := fmt.Sprintf("**%s**: the whole battle, %s and %s, as a file for `/game import` here or on another server. "+
		"It holds the board with any secret cards: keep it to yourself.\n", title(g, rs), count(g.LogLen, "log entry", "log entries"), count(g.NextRoll-1, "roll", "rolls"))
	if g.Running() {
		note += "The battle is running, so its dice seed is still secret and **not in the file**. A battle imported from it " +
			"draws a new seed and publishes a new commitment. The rolls made so far stay checkable: `/game end` here reveals " +
			"this seed, and `/game verify earlier-seed:<seed>` where the battle was imported checks them."
	} else {
		note += "The battle has ended, so the file carries the revealed seed: anyone can import it and `/game verify` every roll."
	}
	return ephemeral(interaction.Message{Content: note, Files: []interaction.File{{Name: fileName(g, "json", g.Started), Content: b}}}), nil
}

// Import is /game import file:<…>: a battle from a file made by /game export
// replaces the channel's (only its umpire may replace a running battle). The
// file is checked in full first; a bad file changes nothing. A running battle
// gets a new secret seed, since the file cannot carry one, and its importer
// becomes the umpire. The file is read in the change, whose clock it is
// checked against: a refusal there writes nothing.
func (c *Commands) Import(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	f, ok := req.FileOption("file")
	if !ok {
		return interaction.Response{}, interaction.Refuse("Attach the file made by `/game export`: `/game import file:…`.")
	}
	seed, err := c.svc.NewSeed()
	if err != nil {
		return interaction.Response{}, err
	}
	replay, err := c.replayFile(ctx, f.Content)
	if err != nil {
		return interaction.Response{}, err
	}
	return c.svc.Replace(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		cur := tx.Game
		if cur != nil && cur.Running() && cur.Umpire != req.User.ID {
			return interaction.Response{}, interaction.Refusef("A battle is running in this channel; only its umpire (%s) can replace it with an import.", who(cur, cur.Umpire))
		}
		g, log, err := record.ReadExport(f.Content, c.svc.Ruleset, tx.Now)
		if err != nil {
			return interaction.Response{}, err
		}
		rs, err := c.rulesetOf(g)
		if err != nil {
			return interaction.Response{}, err
		}
		g.Channel, g.Guild = req.ChannelID, req.GuildID
		var notes []string
		if g.Campaign != "" {
			notes = append(notes, fmt.Sprintf("It was mustered from the campaign %s; an imported battle does not carry back into a campaign (only the battle the campaign mustered does, once).",
				render.Inert(g.Campaign)))
			g.Campaign, g.Muster = "", ""
		}
		if g.Umpire != req.User.ID {
			notes = append(notes, fmt.Sprintf("%s imported it and is now the umpire (it was %s).", render.Inert(req.User.Name), who(g, g.Umpire)))
			g.Umpire, g.UmpireName = req.User.ID, req.User.Name
		}
		tx.Import(g, log)
		tx.Withhold("an imported battle's file is recorded as its log", "file")
		if g.Running() {
			old, from := g.Commitment, g.NextRoll
			reseed(g, seed)
			tx.Given("the battle in the file imported")
			tx.Log(fmt.Sprintf("imported while running: new seed from roll %d, commitment %.16s…", from, g.Commitment))
			notes = append(notes, fmt.Sprintf("**New seed commitment:** `%s`\nThe file could not carry the secret seed, so the dice from roll %d on "+
				"come from a new seed, revealed at `/game end` as usual.", g.Commitment, from))
			if from > 1 {
				notes = append(notes, fmt.Sprintf("Rolls 1–%d were made under the earlier commitment `%s`. To check them after the end, "+
					"run `/game verify earlier-seed:<seed>` with the seed revealed when the battle is ended where it was exported.", from-1, old))
			}
		} else {
			notes = append(notes, "The battle has ended; its seed is revealed: `/game verify` checks every roll.")
			if replay != nil {
				notes = append(notes, strings.TrimSpace(replayVerdict(rs, *replay)))
			}
		}
		if cur != nil {
			notes = append(notes, "It replaces the battle that was in this channel.")
		}
		e := interaction.Embed{
			Title:       "Imported: " + title(g, rs),
			Color:       colourGame,
			Description: render.Clip(fmt.Sprintf("%s, %s, umpire %s.\n\n%s", count(g.LogLen, "log entry", "log entries"), count(g.NextRoll-1, "roll", "rolls"), who(g, g.Umpire), strings.Join(notes, "\n\n")), render.MaxDescription),
		}
		return public(embed(e)), nil
	})
}

// reseed gives a battle imported while running a new secret seed. The old
// commitment is kept as an earlier epoch covering the rolls already made (if
// any), so that a verify can say which rolls it cannot check without the old
// seed.
func reseed(g *battle.Game, seed []byte) {
	if g.NextRoll > 1 && g.Commitment != "" {
		g.Earlier = append(g.Earlier, battle.Epoch{Below: g.NextRoll, Commitment: g.Commitment})
	}
	g.Seed = seed
	g.Commitment = dice.Commitment(seed)
}

// replayFile replays the log of an ended battle's file from its seed
// (Replay), for its import to say what the replay found; nil for a file
// that is refused (the import says why) or of a running battle.
func (c *Commands) replayFile(ctx context.Context, file []byte) (*verify.Replayed, error) {
	if c.Replay == nil {
		return nil, nil
	}
	g, log, err := record.ReadExport(file, c.svc.Ruleset, c.svc.Now())
	if err != nil || g.Running() {
		return nil, nil
	}
	r, err := c.Replay(ctx, g, log)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Report is /game report: the after-action report as a Markdown file. It is
// posted for all once the battle has ended, and shown to the asker alone
// while it runs, rendered from his view of the board and his part of the
// log (part).
func (c *Commands) Report(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	v, p, err := c.readPart(ctx, req, 0)
	if err != nil {
		return interaction.Response{}, err
	}
	g, rs := v.game, v.rules
	_, actor, err := c.readers(g, req)
	if err != nil {
		return interaction.Response{}, err
	}
	seen, err := view.For(c.svc, g, actor) // while it runs, the report is the asker's
	if err != nil {
		return interaction.Response{}, err
	}
	md, err := report(seen, p, rs)
	if err != nil {
		return interaction.Response{}, err
	}
	m := interaction.Message{
		Content: fmt.Sprintf("After-action report: **%s**, %s.", title(g, rs), count(p.size, "log entry", "log entries")),
		Files:   []interaction.File{{Name: fileName(g, "md", g.Started), Content: []byte(md)}},
	}
	if g.Running() {
		m.Content += " The battle is still running: secret rolls show only their summary."
		return ephemeral(m), nil
	}
	return public(m), nil
}

// report writes the after-action report in Markdown, from the view g and
// the part p of its log.
func report(g *battle.Game, p part, rs battle.Ruleset) (string, error) {
	fields, err := rs.Status(g)
	if err != nil {
		return "", err
	}
	losses, err := rs.Losses(g)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# After-action report: %s\n\n", title(g, rs))
	fmt.Fprintf(&b, "- Rule set: %s (`%s`)\n- Umpire: %s\n- Started: %s\n", rs.Name(), rs.ID(), who(g, g.Umpire), g.Started.UTC().Format(timeLayout))
	if g.Running() {
		b.WriteString("- Still running\n")
	} else {
		fmt.Fprintf(&b, "- Ended: %s\n- Seed (revealed): `%x`\n", g.Ended.UTC().Format(timeLayout), g.Seed)
	}
	fmt.Fprintf(&b, "- Seed commitment (SHA-256): `%s`\n", g.Commitment)
	if p.whole {
		fmt.Fprintf(&b, "- Rolls: %d; log entries: %d\n\n", g.NextRoll-1, p.size)
	} else {
		fmt.Fprintf(&b, "- Log entries (those fog of war shows you): %d\n\n", p.size)
	}

	b.WriteString("## Sides and turns\n\n")
	for _, f := range fields {
		fmt.Fprintf(&b, "### %s\n\n%s\n\n", f.Name, listed(f.Value))
	}
	b.WriteString("## Losses\n\n")
	if strings.TrimSpace(losses) == "" {
		losses = "None recorded."
	}
	b.WriteString(separated(losses) + "\n\n")
	b.WriteString("## House rules\n\n" + listed(houseRulesInForce(g, rs)) + "\n\n")

	b.WriteString("## Every ruling, in order\n\n")
	for _, e := range p.entries {
		fmt.Fprintf(&b, "- %s %s\n", e.At.UTC().Format("15:04"), entryLine(g, e, false, p.whole))
	}
	return b.String(), nil
}

// listed is text written for a Discord embed (a line an item, sub-items
// indented two spaces, perhaps with a • bullet) as Markdown that shows it the
// same way: one line stays a paragraph (unless it has a bullet); several are
// a list, nested as they are indented. Without it a Markdown reader runs the
// lines into one paragraph.
func listed(v string) string {
	lines := strings.Split(strings.TrimSpace(v), "\n")
	if len(lines) == 1 && !strings.HasPrefix(lines[0], "• ") {
		return lines[0]
	}
	var b strings.Builder
	for _, l := range lines {
		item := strings.TrimLeft(l, " ")
		if item == "" {
			continue
		}
		depth := (len(l) - len(item)) / 2
		for _, bullet := range []string{"• ", "- ", "* "} {
			item = strings.TrimPrefix(item, bullet)
		}
		if n := strings.IndexFunc(item, func(r rune) bool { return r < '0' || r > '9' }); n > 0 && strings.HasPrefix(item[n:], ". ") {
			item = item[:n] + `\` + item[n:] // "1. Allied free move" is an item, not a numbered list in it
		}
		fmt.Fprintf(&b, "%s- %s\n", strings.Repeat("  ", depth), item)
	}
	return strings.TrimRight(b.String(), "\n")
}

// separated is a rule set's Markdown with a blank line between blocks, so that
// a line after a list item is not read as part of that item, nor two lines of
// text as one paragraph: lines stay together only in a list.
func separated(md string) string {
	var b strings.Builder
	inList := false
	for _, l := range strings.Split(strings.TrimSpace(md), "\n") {
		t := strings.TrimLeft(l, " ")
		item := strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ")
		switch {
		case t == "":
			inList = false
			continue
		case b.Len() > 0 && !(inList && (item || t != l)):
			b.WriteString("\n")
		}
		b.WriteString(l + "\n")
		inList = item || (inList && t != l)
	}
	return strings.TrimRight(b.String(), "\n")
}

// Verify is /game verify [earlier-seed]: after the end, every die of every log
// entry is recomputed from the seed and its roll number and compared.
func (c *Commands) Verify(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	v, err := c.viewLog(ctx, req, 0)
	if err != nil {
		return interaction.Response{}, err
	}
	g, log, rs := v.game, v.log, v.rules
	if g.Running() {
		return interaction.Response{}, interaction.Refusef("The seed is secret until the battle ends: `/game verify` works after the umpire's `/game end`. "+
			"The commitment it will be checked against is `%s`.", g.Commitment)
	}
	var earlier [][]byte
	if s := req.String("earlier-seed"); s != "" {
		seed, err := hex.DecodeString(s)
		if err != nil || len(seed) != dice.SeedSize {
			return interaction.Response{}, interaction.Refusef("An earlier seed is %d hexadecimal characters, as revealed by `/game end`.", 2*dice.SeedSize)
		}
		earlier = append(earlier, seed)
	}
	r := record.Verify(g, log, earlier...)
	var replay *verify.Replayed
	if c.Replay != nil {
		p, err := c.Replay(ctx, g, log, earlier...)
		if err != nil {
			return interaction.Response{}, err
		}
		replay = &p
	}
	resp := public(embed(verifyEmbed(g, rs, r, replay)))
	resp.Result = Verified{Report: r, Replay: replay}
	return resp, nil
}

// Verified is the Result of /game verify: the dice checked against the
// seed, and the replay of the log (nil when none was made).
type Verified struct {
	record.Report
	Replay *verify.Replayed `json:"replay,omitempty"`
}

// OK reports whether the dice and the replay found nothing wrong (a replay
// that could not run to the end is not wrong: it says why).
func (v Verified) OK() bool {
	return v.Report.OK() && (v.Replay == nil || len(v.Replay.Differences) == 0)
}

func verifyEmbed(g *battle.Game, rs battle.Ruleset, r record.Report, replay *verify.Replayed) interaction.Embed {
	e := interaction.Embed{Color: colourGood, Title: "Verified: every roll matches — " + title(g, rs)}
	switch {
	case !(Verified{Report: r, Replay: replay}).OK():
		e.Color, e.Title = colourBad, "Verification found problems — "+title(g, rs)
	case replay != nil && replay.OK() && len(replay.Given) == 0:
		e.Title = "Verified: the log recomputes the battle — " + title(g, rs)
	}
	var d strings.Builder
	if replay != nil {
		d.WriteString(replayVerdict(rs, *replay))
	}
	if r.SeedMatches {
		fmt.Fprintf(&d, "✅ The revealed seed hashes to the commitment published at the start (`%.16s…`).\n", g.Commitment)
	} else {
		d.WriteString("❌ The seed does **not** hash to the commitment published at the start: these dice cannot be trusted.\n")
	}
	switch {
	case r.Rolls == 0 && len(r.Unverified) == 0 && len(r.Missing) == 0:
		d.WriteString("No dice were rolled in this battle.\n")
	case r.Rolls > 0:
		fmt.Fprintf(&d, "Recomputed %s (%s) from the seed and each roll number.\n", count(r.Rolls, "roll", "rolls"), count(r.Dice, "die", "dice"))
		if len(r.Mismatches) == 0 {
			d.WriteString("✅ Every die matches the log.\n")
		}
	}
	if n := len(r.Mismatches); n > 0 {
		fmt.Fprintf(&d, "\n❌ **%s the log:**\n", count(n, "die does not match", "dice do not match"))
		for i, m := range r.Mismatches {
			if i == 10 {
				fmt.Fprintf(&d, "… and %d more.\n", n-10)
				break
			}
			fmt.Fprintf(&d, "• #%d, roll %d, die %d (d%d): the log says %d, the seed gives %d\n", m.Entry, m.Roll, m.Die, m.Sides, m.Logged, m.Recomputed)
		}
	}
	if len(r.Missing) > 0 {
		fmt.Fprintf(&d, "\n❌ **Roll numbers missing from the log:** %s. These rolls were made and are not in the log: discarded, or their entries removed.\n",
			render.Clip(spans(r.Missing), 500))
	}
	for _, u := range r.Unverified {
		fmt.Fprintf(&d, "\n⚠️ Rolls %d–%d (%s) were drawn under an earlier seed, commitment `%.16s…`, before the battle was imported here. "+
			"Give that seed, revealed where the battle was first played, as `/game verify earlier-seed:` to check them.\n", u.From, u.To, count(u.Rolls, "roll", "rolls"), u.Commitment)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(&d, "\n❌ %s\n", p)
	}
	e.Description = render.Clip(d.String(), render.MaxDescription)
	e.Footer = "Roll n's dice come from ChaCha8 keyed with HMAC-SHA256(seed, n as 8 bytes big-endian), faces drawn without bias; voided entries are checked too."
	return e
}

// replayVerdict is what the replay of a battle's log found, in lines: for
// /game verify, and for /game import of an ended battle.
func replayVerdict(rs battle.Ruleset, replay verify.Replayed) string {
	var d strings.Builder
	switch {
	case replay.OK():
		fmt.Fprintf(&d, "✅ Replayed the whole log from the seed through %s: %s logged %s, every one as the log has it, and left the battle as the record has it.\n",
			rs.Name(), count(replay.Changes, "command", "commands"), count(replay.Entries, "entry", "entries"))
		for _, s := range replay.Given {
			d.WriteString("⚠️ " + s + "\n")
		}
	case len(replay.Differences) > 0:
		fmt.Fprintf(&d, "❌ **Replayed from the seed through %s, the log does not recompute** (after %s that did):\n", rs.Name(), count(replay.Changes, "command", "commands"))
		for i, s := range replay.Differences {
			if i == 10 {
				fmt.Fprintf(&d, "… and %d more.\n", len(replay.Differences)-10)
				break
			}
			d.WriteString("• " + s + "\n")
		}
	default:
		fmt.Fprintf(&d, "⚠️ Replayed %s from the seed, as logged; then: %s\n", count(replay.Changes, "command", "commands"), replay.Stopped)
	}
	return d.String()
}
