package gamecmd

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/undo"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/campaigncmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// ButtonUmpireOffer answers the umpire's role offered by /game umpire
// user:, for that user only: v1/game/umpire/<battle key>/<offer>/<user
// id>/accept|decline, offer the log entry that made it (battle.Offer.N).
const ButtonUmpireOffer = "v1/game/umpire"

// maxName is the longest battle name.
const maxName = 100

// Started is the machine-readable result of /game start.
type Started struct {
	Ruleset    string `json:"ruleset"`
	Name       string `json:"name,omitempty"`
	Umpire     string `json:"umpire"`
	Commitment string `json:"commitment"`
}

// Start is /game start ruleset:<…> [name]: a new battle in the channel, the
// invoker its umpire, under a fresh secret seed whose commitment is published.
//
// With campaign:<name> [forces:…] the battle is mustered from the server's
// campaign (campaigncmd.Muster): its rule set, and the forces named (all
// when none is) in their state as the campaign holds them, copied into the
// battle's board, so that editing the campaign does not change it.
func (c *Commands) Start(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	var muster *campaigncmd.Muster
	var rs battle.Ruleset
	switch {
	case req.String("campaign") != "" && c.Campaigns != nil:
		m, err := c.Campaigns.Muster(ctx, req, req.String("campaign"), req.String("forces"))
		if err != nil {
			return interaction.Response{}, err
		}
		if id := req.String("ruleset"); id != "" && id != m.Ruleset.ID() {
			return interaction.Response{}, interaction.Refusef("The campaign %s is played under %s; leave `ruleset` out.", render.Inert(m.Campaign.Name), m.Ruleset.Name())
		}
		muster, rs = &m, m.Ruleset
	case req.String("campaign") != "":
		return interaction.Response{}, interaction.Refuse("This referee keeps no campaigns here.")
	case req.String("forces") != "":
		return interaction.Response{}, interaction.Refuse("`forces:` picks the forces of a campaign: give `campaign:` too.")
	default:
		var err error
		if rs, err = c.pickRuleset(req); err != nil {
			return interaction.Response{}, err
		}
	}
	name := req.String("name")
	if utf8.RuneCountInString(name) > maxName {
		return interaction.Response{}, interaction.Refusef("A battle's name can be at most %d characters.", maxName)
	}
	if req.Bool("thread") {
		return c.startInThread(ctx, req, rs, name)
	}
	// The seed is drawn once, outside the change, so that a re-run after a lost
	// race stores the seed whose commitment the reply publishes.
	seed, err := c.svc.NewSeed()
	if err != nil {
		return interaction.Response{}, err
	}
	musterID := ""
	if muster != nil {
		if g, err := c.svc.View(ctx, req.ChannelID); err == nil && g.Running() {
			return interaction.Response{}, interaction.Refusef("This channel already has a battle running (%s). The umpire ends it with `/game end` first.", render.Inert(g.Ruleset))
		}
		// The campaign issues the battle its id first: a battle whose start
		// failed leaves an id no battle holds, which carries nothing back.
		if musterID, err = c.Campaigns.Issue(ctx, req, *muster); err != nil {
			return interaction.Response{}, err
		}
	}
	return c.svc.Create(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		g := tx.Game
		g.Ruleset, g.Name = rs.ID(), name
		g.Umpire, g.UmpireName = req.User.ID, req.User.Name
		g.Started = tx.Now.UTC().Truncate(time.Second)
		g.Seed, g.Commitment = seed, dice.Commitment(seed)
		var board any = rs.NewBoard()
		if muster != nil {
			board, g.Campaign, g.Muster, g.Fog = muster.Board, muster.Campaign.Name, musterID, muster.Campaign.Fog
			g.Players = campaign.KeepNames(g.Players, muster.Campaign.Players)
		}
		if err := tx.SetBoard(board); err != nil {
			return interaction.Response{}, err
		}
		if muster != nil {
			tx.Given("the forces mustered from the campaign " + muster.Campaign.Name)
			tx.Log(render.Clip("battle started under "+rs.Name()+", mustered from the campaign "+muster.Campaign.Name, 200))
		} else {
			tx.Log("battle started under " + rs.Name())
		}
		tx.KeepUndo()

		e := interaction.Embed{
			Title: "New battle: " + title(g, rs),
			Color: colourGame,
			Description: fmt.Sprintf("**Umpire:** %s\n**Seed commitment:** `%s`\n\n"+
				"Every die of this battle comes from a secret seed whose fingerprint (SHA-256) is the commitment above, "+
				"published before any roll. `/game end` reveals the seed, and `/game verify` recomputes every roll and card from it: "+
				"no roll can be chosen or changed after the fact.",
				who(g, g.Umpire), g.Commitment),
		}
		if p := tx.Previous; p != nil {
			old := "the ended battle"
			if p.Name != "" {
				old += " “" + render.Inert(p.Name) + "”"
			}
			e.Description += fmt.Sprintf("\n\nThis replaces %s (%s, started %s); its record is no longer kept here.",
				old, render.Inert(p.Ruleset), p.Started.UTC().Format(timeLayout))
		}
		if muster != nil {
			e.Description += "\n\n" + muster.Note()
		}
		next := rs.FirstSteps()
		if muster != nil {
			next = "The roster is mustered (`/game status` shows it; the umpire may add to it as ever). `/turn new` begins."
		}
		e.Fields = []interaction.Field{
			{Name: "What to do next", Value: next},
			{Name: "At any time", Value: fmt.Sprintf("`/game status` · `/rules ruleset:%s` · umpire: `/game house-rule` to switch a reading, `/game umpire` to hand over.", rs.ID())},
		}
		resp := public(embed(e))
		resp.Result = Started{Ruleset: rs.ID(), Name: name, Umpire: g.Umpire, Commitment: g.Commitment}
		return resp, nil
	})
}

// Status is /game status: the battle at a glance. Under fog of war it is
// rendered from the channel's view (view.For) and its part of the
// log, and the invoker is shown his own privately when it is another.
func (c *Commands) Status(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, rs, err := c.view(ctx, req)
	if err != nil {
		return interaction.Response{}, err
	}
	var log []gamelog.Entry
	if g.Fogged() { // each reader counts the entries of his own part
		v, err := c.viewLog(ctx, req, 0)
		if err != nil {
			return interaction.Response{}, err
		}
		g, log = v.game, v.log
	}
	here, actor, err := c.readers(g, req)
	if err != nil {
		return interaction.Response{}, err
	}
	m, result, err := c.statusFor(g, log, rs, here)
	if err != nil {
		return interaction.Response{}, err
	}
	resp := public(m)
	resp.Result = result
	if g.Fogged() && actor != here {
		if m, _, err = c.statusFor(g, log, rs, actor); err != nil {
			return interaction.Response{}, err
		}
		resp.Ephemeral = []interaction.Message{m}
	}
	return resp, nil
}

// statusFor is the status of g as r reads it: from r's view of the board
// and r's part of log, the whole log when fog is on (nil when it is off).
func (c *Commands) statusFor(g *battle.Game, log []gamelog.Entry, rs battle.Ruleset, r rules.Reader) (interaction.Message, any, error) {
	v, err := view.For(c.svc, g, r)
	if err != nil {
		return interaction.Message{}, nil, err
	}
	return status(v, rs, partOf(g, log, r, 0))
}

// readers are whom a command's answer is for: the channel it was given in,
// and the invoker.
func (c *Commands) readers(g *battle.Game, req interaction.Request) (here, actor rules.Reader, err error) {
	actor, err = view.ReaderOf(c.svc, g, req.User.ID)
	return view.ChannelReader(g, req.ChannelID), actor, err
}

// status is the battle at a glance, with its machine-readable form, as the
// reader of the view g and of the part p of its log reads it.
func status(g *battle.Game, rs battle.Ruleset, p part) (interaction.Message, any, error) {
	fields, err := rs.Status(g)
	if err != nil {
		return interaction.Message{}, nil, err
	}
	rolls := g.NextRoll - 1
	var d strings.Builder
	fmt.Fprintf(&d, "**Umpire:** %s\n**Started:** %s\n", who(g, g.Umpire), g.Started.UTC().Format(timeLayout))
	switch {
	case g.Running() && p.whole:
		fmt.Fprintf(&d, "**Rolls so far:** %d · **log entries:** %d (`/game log`)\n", rolls, p.size)
	case g.Running():
		rolls = 0 // they count hidden acts too
		fmt.Fprintf(&d, "**Log entries:** %d (`/game log`: those fog of war shows)\n", p.size)
	default:
		fmt.Fprintf(&d, "**Ended:** %s, after %s and %s. The seed is revealed: `/game verify` checks every roll.\n",
			g.Ended.UTC().Format(timeLayout), count(rolls, "roll", "rolls"), count(p.size, "log entry", "log entries"))
	}
	e := interaction.Embed{
		Title:       title(g, rs),
		Color:       colourGame,
		Description: d.String(),
		Footer:      "Seed commitment (SHA-256): " + g.Commitment,
	}
	for _, f := range fields {
		if len(e.Fields) == render.MaxFields-1 {
			break
		}
		f.Name, f.Value = render.Clip(f.Name, render.MaxFieldName), render.Clip(f.Value, render.MaxFieldValue)
		e.Fields = append(e.Fields, f)
	}
	e.Fields = append(e.Fields, interaction.Field{Name: "House rules in force", Value: render.Clip(houseRulesInForce(g, rs), render.MaxFieldValue)})
	if g.Pace != nil {
		e.Fields = append(e.Fields, deadlinesField(g))
	}
	result := struct {
		Ruleset    string              `json:"ruleset"`
		Name       string              `json:"name,omitempty"`
		Umpire     string              `json:"umpire"`
		Running    bool                `json:"running"`
		Rolls      uint64              `json:"rolls"`
		Entries    int                 `json:"entries"`
		Status     []interaction.Field `json:"status"`
		HouseRules map[string]string   `json:"house_rules,omitempty"`
	}{g.Ruleset, g.Name, g.Umpire, g.Running(), rolls, p.size, fields, g.HouseRules}
	return embed(fit(e)), result, nil
}

// Umpire is /game umpire user:<…>: the umpire offers his role to another,
// who takes it only by pressing the offer's Accept button (UmpireAnswered):
// no one is handed a battle, nor its umpire's digest, without his consent.
// The offer is shown in the battle's channel, mentioning him; a later offer
// replaces an earlier one, and one to the umpire himself withdraws it.
func (c *Commands) Umpire(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("hand over the umpire's role"); err != nil {
			return interaction.Response{}, err
		}
		u, ok := req.UserOption("user")
		if !ok || u.ID == "" {
			return interaction.Response{}, interaction.Refuse("Name the new umpire: `/game umpire user:@someone`.")
		}
		g := tx.Game
		if u.ID == g.Umpire {
			return withdraw(tx)
		}
		g.Offer = &battle.Offer{User: u.ID, Name: u.Name, By: g.Umpire}
		name := offeree(g)
		g.Offer.N = tx.Log("umpire's role offered to " + name)
		tx.KeepUndo()
		m := interaction.Message{
			Content: fmt.Sprintf("<@%s>: %s offers you the umpire's role in this battle. It is yours when you press **Accept**; until then nothing changes.", u.ID, render.Inert(g.Player(g.Umpire))),
			Buttons: []interaction.Button{
				{Label: "Accept", ID: offerButton(g, "accept"), Style: interaction.Primary},
				{Label: "Decline", ID: offerButton(g, "decline"), Style: interaction.Secondary},
			},
			Ping: u.ID,
		}
		return inBattleChannel(tx, m, fmt.Sprintf("The umpire's role is offered to **%s** in <#%s>: it passes when he accepts.", render.Inert(name), g.Channel)), nil
	})
}

// withdraw is /game umpire naming the umpire himself: the offer standing is
// withdrawn, its buttons answer no one.
func withdraw(tx *battle.Tx) (interaction.Response, error) {
	g := tx.Game
	if g.Offer == nil {
		return interaction.Response{}, interaction.Refusef("%s is already the umpire, and no offer of the role stands.", who(g, g.Umpire))
	}
	to := offeree(g)
	g.Offer = nil
	tx.Log("offer of the umpire's role to " + to + " withdrawn")
	tx.KeepUndo()
	m := interaction.Message{Content: fmt.Sprintf("%s has withdrawn the offer of the umpire's role to **%s**.", render.Inert(g.Player(g.Umpire)), render.Inert(to))}
	return inBattleChannel(tx, m, "The offer is withdrawn."), nil
}

// inBattleChannel shows m in the battle's own channel, where whom it
// concerns reads it: in the answer when the command was given there,
// otherwise (at the desk, in a side's channel) posted there, the invoker
// told so by done.
func inBattleChannel(tx *battle.Tx, m interaction.Message, done string) interaction.Response {
	g := tx.Game
	if tx.From == "" || tx.From == g.Channel {
		return interaction.Response{Public: []interaction.Message{m}}
	}
	return interaction.Response{
		Posts:     []interaction.Post{{ChannelID: g.Channel, Message: m}},
		Ephemeral: []interaction.Message{{Content: done}},
	}
}

// offeree is the name of the user the standing offer is to.
func offeree(g *battle.Game) string {
	if g.Offer.Name != "" {
		return g.Offer.Name
	}
	return g.Player(g.Offer.User)
}

// offerButton is the id of the standing offer's button that answers it:
// v1/game/umpire/<battle>/<offer>/<user>/<answer>.
func offerButton(g *battle.Game, answer string) string {
	return fmt.Sprintf("%s/%s/%d/%s/%s", ButtonUmpireOffer, battleKey(g), g.Offer.N, g.Offer.User, answer)
}

// UmpireAnswered is the press of an offer's Accept or Decline button, by
// the user it was offered to: accepted, he takes the umpire's role;
// declined, the offer is gone. Anyone else's press, a press for an offer
// withdrawn or made again, or for another battle, changes nothing.
func (c *Commands) UmpireAnswered(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	if len(req.Args) != 4 || req.Args[3] != "accept" && req.Args[3] != "decline" {
		return interaction.Response{}, interaction.Supersededf("This offer no longer stands; nothing changed.")
	}
	key, offer, to, accept := req.Args[0], req.Args[1], req.Args[2], req.Args[3] == "accept"
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		g := tx.Game
		switch {
		case battleKey(g) != key:
			return interaction.Response{}, interaction.Supersededf("This offer was for an earlier battle of this channel; nothing changed.")
		case req.User.ID != to:
			return interaction.Response{}, interaction.Refuse("This offer of the umpire's role is not to you: nothing changed.")
		case g.Offer == nil || g.Offer.User != to || strconv.Itoa(g.Offer.N) != offer || g.Offer.By != g.Umpire:
			return interaction.Response{}, interaction.Supersededf("This offer no longer stands; nothing changed.")
		}
		before := g.Player(g.Umpire)
		if !accept {
			name := offeree(g)
			g.Offer = nil
			tx.Log("umpire's role declined by " + name)
			tx.KeepUndo()
			resp := interaction.Say(fmt.Sprintf("**%s** declines the umpire's role: %s remains the umpire.", render.Inert(name), render.Inert(before)))
			resp.DisableSource = true
			return resp, nil
		}
		name := g.Offer.Name
		if name == "" {
			name = req.User.Name
		}
		g.Umpire, g.UmpireName, g.Offer = to, name, nil
		if name != "" {
			if g.Players == nil {
				g.Players = map[string]string{}
			}
			g.Players[to] = name
		}
		tx.Log("umpire handed over from " + before + " to " + g.Player(to))
		say := fmt.Sprintf("**%s** is now the umpire, handed over by %s.", who(g, to), render.Inert(before))
		if g.Desk != "" {
			// The desk was the old umpire's channel: the new one may not
			// read it, and the old one, now perhaps a player, must not.
			say += fmt.Sprintf(" <#%s> is no longer the umpire's desk: what is for the umpire's eyes alone comes to **%s** by DM until he sets his own with `/game desk`.", g.Desk, who(g, to))
			g.Desk = ""
			tx.Log("umpire's desk: by DM")
		}
		tx.KeepUndo()
		resp := interaction.Say(say)
		resp.DisableSource = true
		return resp, nil
	})
}

// Log is /game log [count]: the latest numbered entries of the invoker's
// part of the log (part), shown to him alone.
func (c *Commands) Log(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	count := req.IntOr("count", 10)
	v, p, err := c.readPart(ctx, req, min(max(count, 1), 50))
	if err != nil {
		return interaction.Response{}, err
	}
	g, rs := v.game, v.rules
	if count < 1 || count > 50 {
		return interaction.Response{}, interaction.Refuse("Ask for between 1 and 50 entries.")
	}
	if len(p.entries) == 0 {
		return interaction.Whisper("The log is empty."), nil
	}
	from := 0 // the first entry shown
	var lines []string
	size := 0
	for i := len(p.entries) - 1; i >= 0; i-- {
		line := render.Clip(entryLine(g, p.entries[i], p.secrets, p.whole), 600)
		if size+len(line)+1 > render.MaxDescription-200 {
			from = i + 1
			break
		}
		lines = append(lines, line)
		size += len(line) + 1
	}
	slices.Reverse(lines)
	first, last := p.entries[from].N, p.entries[len(p.entries)-1].N
	footer := fmt.Sprintf("Entries #%d–#%d of %d.", first, last, p.size)
	if first == last {
		footer = fmt.Sprintf("Entry #%d of %d.", first, p.size)
	}
	switch {
	case g.Running() && p.secrets:
		footer += " As umpire you see the secret rolls; players see them after the end."
	case g.Running() && !p.whole:
		footer += " Under fog of war your log holds the entries shown to you, numbered as yours; secret rolls show their dice after the end."
	case g.Running():
		footer += " Secret rolls show their dice after the end; every roll is checked by /game verify then."
	}
	e := interaction.Embed{Title: "Log: " + title(g, rs), Color: colourGame, Description: strings.Join(lines, "\n"), Footer: footer}
	return ephemeral(embed(e)), nil
}

// HouseRule is /game house-rule name:<…> value:<…>: the umpire switches a reading.
func (c *Commands) HouseRule(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("set house rules"); err != nil {
			return interaction.Response{}, err
		}
		g := tx.Game
		rs, err := c.rulesetOf(g)
		if err != nil {
			return interaction.Response{}, err
		}
		h, ok := houseRule(rs, req.String("name"))
		if !ok {
			var names []string
			for _, h := range rs.HouseRules() {
				names = append(names, "`"+h.Name+"`")
			}
			if len(names) == 0 {
				return interaction.Response{}, interaction.Refusef("%s has no house rules to switch.", rs.Name())
			}
			return interaction.Response{}, interaction.Refusef("%s has no house rule %q. Its house rules: %s.",
				rs.Name(), render.Inert(req.String("name")), strings.Join(names, ", "))
		}
		value := req.String("value")
		if !containsFold(h.Values, &value) {
			return interaction.Response{}, interaction.Refusef("House rule `%s` takes %s.", h.Name, orList(h.Values))
		}
		was := g.HouseRule(h.Name)
		if was == "" {
			was = h.Default()
		}
		if value == was {
			return interaction.Whisper(fmt.Sprintf("House rule `%s` is already **%s**; nothing changed.", h.Name, render.Inert(value))), nil
		}
		if value == h.Default() {
			delete(g.HouseRules, h.Name)
		} else {
			if g.HouseRules == nil {
				g.HouseRules = map[string]string{}
			}
			g.HouseRules[h.Name] = value
		}
		tx.Log(fmt.Sprintf("house rule %s = %s (was %s)", h.Name, value, was))
		tx.KeepUndo()
		wasDefault := ""
		if was == h.Default() {
			wasDefault = ", the referee's reading"
		}
		d := fmt.Sprintf("Was **%s**%s. %s: %s\nEvery ruling it touches says so.",
			render.Inert(was), wasDefault, render.Inert(h.Reading.ID), render.Inert(h.Reading.Text))
		if value == h.Default() {
			d = fmt.Sprintf("Back to the referee's reading. %s: %s", render.Inert(h.Reading.ID), render.Inert(h.Reading.Text))
		}
		return public(embed(interaction.Embed{
			Title:       render.Clip(fmt.Sprintf("House rule: %s = %s", h.Name, value), render.MaxTitle),
			Color:       colourGame,
			Description: render.Clip(d, render.MaxDescription),
		})), nil
	})
}

// containsFold reports whether v is among values ignoring case, and sets v to
// the value as listed.
func containsFold(values []string, v *string) bool {
	for _, x := range values {
		if strings.EqualFold(x, *v) {
			*v = x
			return true
		}
	}
	return false
}

// orList writes "a, b or c" in backticks.
func orList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = "`" + v + "`"
	}
	return rules.Or(q)
}

// Undo is /game undo reason:<…> [steps:<n>]: the umpire voids the last
// change, or the last n (up to undo.Max), each listed. The board is
// put back as it was before the earliest of them; their entries stay in
// the log, and the entry of the undo names them with the reason (the log
// is append-only: nothing in it is ever rewritten, an undo included), so
// they are shown struck through. The changes before them can be undone
// next.
func (c *Commands) Undo(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("undo"); err != nil {
			return interaction.Response{}, err
		}
		reason := req.String("reason")
		if reason == "" {
			return interaction.Response{}, interaction.Refuse("Give a reason for the log: `/game undo reason:wrong range`.")
		}
		reason = render.Clip(reason, 200)
		g := tx.Game
		kept := g.Undo.Steps()
		if len(kept) == 0 {
			return interaction.Response{}, interaction.Refusef("There is nothing to undo. Only the last %d rulings or changes can be undone; "+
				"starting the battle, house rules and hand-overs are not undone.", undo.Max)
		}
		n := req.IntOr("steps", 1)
		switch {
		case n < 1 || n > undo.Max:
			return interaction.Response{}, interaction.Refusef("Steps: from 1 to %d changes can be undone at once.", undo.Max)
		case n > len(kept):
			return interaction.Response{}, interaction.Refusef("Only %s can be undone now; `steps:%d` undoes them all.", count(len(kept), "change", "changes"), len(kept))
		}
		undone := kept[:n]
		var before json.RawMessage // the board before the earliest undone that changed it
		var voids []int
		var lines []string
		for i := len(undone) - 1; i >= 0; i-- {
			u := undone[i]
			b, err := u.Board()
			if err != nil {
				return interaction.Response{}, err
			}
			if before == nil && len(b) > 0 {
				before = b
			}
			voids = append(voids, u.Entries...)
			lines = append(lines, undoneLine(len(undone)-i, u))
		}
		if len(before) > 0 {
			g.Board = before
		}
		g.Undo = undone[len(undone)-1].Before
		what := "the last change to the board"
		if len(voids) > 0 {
			what = "#" + spans(voids)
		}
		tx.LogVoid(render.Clip("undid "+what+": "+reason, 400), voids, reason)
		tx.KeepUndo()

		var d strings.Builder
		fmt.Fprintf(&d, "Undone, earliest first:\n%s\n", strings.Join(lines, "\n"))
		if len(before) > 0 {
			d.WriteString("The board is as it was before.\n")
		}
		fmt.Fprintf(&d, "**Reason:** %s\nVoided entries stay in `/game log`, struck through; their rolls still count for `/game verify`. ", render.Inert(reason))
		if left := len(g.Undo.Steps()); left > 0 {
			fmt.Fprintf(&d, "%s before can still be undone.", count(left, "change", "changes"))
		} else {
			d.WriteString("No change before can be undone.")
		}
		return public(embed(interaction.Embed{Title: "Undone by the umpire", Color: colourGame,
			Description: render.Clip(d.String(), render.MaxDescription)})), nil
	})
}

// undoneLine lists the entries of an undone change, its step numbered.
func undoneLine(step int, u *undo.Point) string {
	if len(u.Entries) == 0 {
		return fmt.Sprintf("%d. a change to the board", step)
	}
	var voided []string
	for i, n := range u.Entries {
		summary := ""
		if i < len(u.Summaries) {
			summary = u.Summaries[i]
		}
		voided = append(voided, fmt.Sprintf("**#%d** %s", n, render.Inert(summary)))
	}
	return fmt.Sprintf("%d. %s", step, strings.Join(voided, "; "))
}
