package gamecmd

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/link"
	"github.com/referee-bot/referee/commands/campaigncmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/verify"
	"github.com/referee-bot/referee/rules"
)

// Commands are the handlers of this package over one battle service.
type Commands struct {
	svc *battle.Service
	// Threads opens battles' threads (/game start thread:true); nil where
	// the transport has none (the console).
	Threads Threads
	// Campaigns musters battles from campaigns and carries them back (nil:
	// /game start campaign:… is refused).
	Campaigns *campaigncmd.Commands
	// Replay replays an ended battle's log through the referee's commands
	// for /game verify (verify.Replayer; nil: the dice alone are checked).
	Replay func(ctx context.Context, g *battle.Game, log []gamelog.Entry, earlier ...[]byte) (verify.Replayed, error)
	// Sighting says what the battle's table measured of the umpire's
	// reveal of a unit to a side ("" to all), a line for his answer ("":
	// nothing measured; nil: no tables).
	Sighting func(g *battle.Game, side, unit string) (string, error)
}

// New returns the handlers over svc.
func New(svc *battle.Service) *Commands { return &Commands{svc: svc} }

// Colours of game embeds.
const (
	colourGame = 0x2e5e3e // rifle green, as rulings
	colourGood = 0x2e7d32
	colourBad  = 0xb71c1c
)

// rulesetOf finds the rule set a game is played under.
func (c *Commands) rulesetOf(g *battle.Game) (battle.Ruleset, error) {
	rs, ok := c.svc.Ruleset(g.Ruleset)
	if !ok {
		return nil, interaction.Refusef("This battle is played under %s, which this referee no longer plays. The umpire can `/game export` it and import it where it is played.", render.Inert(g.Ruleset))
	}
	return rs, nil
}

// pickRuleset reads the ruleset option.
func (c *Commands) pickRuleset(req interaction.Request) (battle.Ruleset, error) {
	id := req.String("ruleset")
	if rs, ok := c.svc.Ruleset(id); ok {
		return rs, nil
	}
	ids := make([]string, 0, len(c.svc.Rulesets()))
	for _, rs := range c.svc.Rulesets() {
		ids = append(ids, "`"+rs.ID()+"`")
	}
	if len(ids) == 0 {
		return nil, interaction.Refuse("This referee has no rule sets installed yet.")
	}
	return nil, interaction.Refusef("Pick a rule set from the list: %s.", strings.Join(ids, ", "))
}

// view reads the channel's game for a command that changes nothing.
func (c *Commands) view(ctx context.Context, req interaction.Request) (*battle.Game, battle.Ruleset, error) {
	g, err := c.svc.View(ctx, req.ChannelID)
	if err != nil {
		return nil, nil, err
	}
	if err := link.MayCommandIn(c.svc, g, req.User.ID, req.ChannelID); err != nil {
		return nil, nil, err
	}
	rs, err := c.rulesetOf(g)
	if err != nil {
		return nil, nil, err
	}
	return g, rs, nil
}

// logged is the channel's battle with the entries of its log a command asked for.
type logged struct {
	game  *battle.Game
	log   []gamelog.Entry
	rules battle.Ruleset
}

// viewLog is view with the last entries of the game's log (all when last ≤ 0).
func (c *Commands) viewLog(ctx context.Context, req interaction.Request, last int) (logged, error) {
	g, log, err := c.svc.ViewLog(ctx, req.ChannelID, last)
	if err != nil {
		return logged{}, err
	}
	if err := link.MayCommandIn(c.svc, g, req.User.ID, req.ChannelID); err != nil {
		return logged{}, err
	}
	rs, err := c.rulesetOf(g)
	if err != nil {
		return logged{}, err
	}
	return logged{game: g, log: log, rules: rs}, nil
}

// title names a battle: "Talavera — Green Jackets" or "Green Jackets battle".
func title(g *battle.Game, rs battle.Ruleset) string {
	if g.Name != "" {
		return render.Clip(render.Inert(g.Name)+" — "+rs.Name(), render.MaxTitle)
	}
	return rs.Name() + " battle"
}

// who names a user of the game, safely.
func who(g *battle.Game, userID string) string { return render.Inert(g.Player(userID)) }

// houseRule finds a rule set's house rule by name.
func houseRule(rs battle.Ruleset, name string) (rules.HouseRule, bool) {
	hrs := rs.HouseRules()
	i := slices.IndexFunc(hrs, func(h rules.HouseRule) bool { return strings.EqualFold(h.Name, name) })
	if i < 0 {
		return rules.HouseRule{}, false
	}
	return hrs[i], true
}

// houseRulesInForce lists the house rules a game has switched from their defaults.
func houseRulesInForce(g *battle.Game, rs battle.Ruleset) string {
	var b strings.Builder
	for _, h := range rs.HouseRules() {
		if v := g.HouseRule(h.Name); v != "" && v != h.Default() {
			fmt.Fprintf(&b, "• `%s` = **%s** (reading: %s)\n", h.Name, render.Inert(v), render.Inert(h.Default()))
		}
	}
	if b.Len() == 0 {
		return "None: the referee's readings apply (`/rules ruleset:" + rs.ID() + "`)."
	}
	return b.String()
}

// spans writes numbers compactly: "3, 7–9, 12".
func spans[N int | uint64](ns []N) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, fmt.Sprint(ns[i]))
		case j == i+1:
			parts = append(parts, fmt.Sprint(ns[i]), fmt.Sprint(ns[j]))
		default:
			parts = append(parts, fmt.Sprintf("%d–%d", ns[i], ns[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// draws renders an entry's dice: "d20 14 · d6 3, 5".
func draws(ds []gamelog.Draw) string {
	var parts []string
	for i := 0; i < len(ds); {
		j := i
		faces := []string{fmt.Sprint(ds[i].Face)}
		for j+1 < len(ds) && ds[j+1].Sides == ds[i].Sides {
			j++
			faces = append(faces, fmt.Sprint(ds[j].Face))
		}
		parts = append(parts, fmt.Sprintf("d%d %s", ds[i].Sides, strings.Join(faces, ", ")))
		i = j + 1
	}
	return strings.Join(parts, " · ")
}

// entryLine renders one log entry for /game log and the report, as the
// part of the log it is in numbers it. Secret entries show their summary
// only while the game runs, unless secrets are shown (the umpire's own log,
// who may see every card); the roll its dice came from is named only when
// rolls are (the whole log's reader: a roll number counts every roll);
// voided entries are struck through with the reason.
func entryLine(g *battle.Game, e gamelog.Entry, secrets, rolls bool) string {
	var b strings.Builder
	how := "`/" + render.Inert(e.Command) + "`"
	if e.Button != "" {
		how = "**" + render.Inert(e.Button) + "**"
	}
	if e.User == battle.Clock || e.User == battle.Referee { // the clock's or the referee's act: no person, no command
		fmt.Fprintf(&b, "%s (%s)", render.Inert(e.Summary), e.User)
	} else {
		fmt.Fprintf(&b, "%s (%s, %s)", render.Inert(e.Summary), who(g, e.User), how)
	}
	roll := " · rolled"
	if rolls {
		roll = fmt.Sprintf(" · roll %d", e.Roll)
	}
	switch {
	case len(e.Draws) == 0:
	case e.Secret && g.Running() && !secrets:
		b.WriteString(roll + ": secret until the end")
	default:
		b.WriteString(roll + ": " + draws(e.Draws))
	}
	if e.Voided != "" {
		return fmt.Sprintf("**#%d** ~~%s~~ — **voided**: %s", e.N, b.String(), render.Inert(e.Voided))
	}
	return fmt.Sprintf("**#%d** %s", e.N, b.String())
}

func ephemeral(m interaction.Message) interaction.Response {
	return interaction.Response{Ephemeral: []interaction.Message{m}}
}

func public(m interaction.Message) interaction.Response {
	return interaction.Response{Public: []interaction.Message{m}}
}

func embed(e interaction.Embed) interaction.Message {
	return interaction.Message{Embeds: []interaction.Embed{e}}
}

const timeLayout = "2006-01-02 15:04 UTC"

// count writes "1 roll", "3 rolls".
func count[N int | uint64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprint(n) + " " + many
}

// fit keeps an embed within Discord's total of 6,000 characters: fields are
// clipped, then left out (saying so), once the title, description and footer
// are counted.
func fit(e interaction.Embed) interaction.Embed {
	budget := render.MaxEmbedTotal - len(e.Title) - len(e.Description) - len(e.Footer)
	fields := e.Fields
	e.Fields = nil
	for i, f := range fields {
		const more = "… more in `/game report`"
		room := budget - len(f.Name) - len(more) - 16
		if room < 64 {
			e.Fields = append(e.Fields, interaction.Field{Name: "…", Value: fmt.Sprintf("%d more in `/game report`", len(fields)-i)})
			break
		}
		f.Value = render.Clip(f.Value, min(room, render.MaxFieldValue))
		budget -= len(f.Name) + len(f.Value)
		e.Fields = append(e.Fields, f)
	}
	return e
}
