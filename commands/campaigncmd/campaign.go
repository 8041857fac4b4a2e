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

// Commands are /campaign's handlers over one battle service and the
// campaigns of its store.
type Commands struct {
	svc       *battle.Service
	campaigns *campaign.Service
}

// New returns the handlers over svc.
func New(svc *battle.Service) *Commands {
	return &Commands{svc: svc, campaigns: campaign.NewService(svc.Store(), svc.Now)}
}

// Keep keeps the server's campaign called name while a battle mustered
// from it is played (campaign.Service.Keep): each /turn new of the battle
// calls it.
func (c *Commands) Keep(ctx context.Context, req interaction.Request, name string) error {
	return c.campaigns.Keep(ctx, req, name)
}

// colourCampaign is the colour of campaign embeds: a darker rifle green than battles'.
const colourCampaign = 0x1f3d2a

// ruleset finds the campaign's rule set, which must keep campaigns.
func (c *Commands) ruleset(id string) (battle.Ruleset, campaign.Forces, error) {
	rs, ok := c.svc.Ruleset(id)
	if !ok {
		return nil, nil, interaction.Refusef("This campaign is played under %s, which this referee no longer plays.", render.Inert(id))
	}
	k, ok := rs.(campaign.Campaigner)
	if !ok {
		return nil, nil, interaction.Refusef("%s keeps no campaigns here.", rs.Name())
	}
	return rs, k.Forces(), nil
}

// change runs fn on the campaign named by the name option, with its rule set.
func (c *Commands) change(ctx context.Context, req interaction.Request, what string, fn func(tx *campaign.Tx, rs battle.Ruleset, k campaign.Forces) (interaction.Response, error)) (interaction.Response, error) {
	return c.campaigns.Change(ctx, req, req.String("name"), campaign.Existing, func(tx *campaign.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire(what); err != nil {
			return interaction.Response{}, err
		}
		rs, k, err := c.ruleset(tx.Campaign.Ruleset)
		if err != nil {
			return interaction.Response{}, err
		}
		return fn(tx, rs, k)
	})
}

// about logs summary of a change to the campaign whose subjects are names
// of its forces, and answers resp. Under fog of war both are for the
// readers who know every subject (campaignReaders): the answer is
// posted when the main channel does, and shown to the umpire alone
// otherwise.
func (c *Commands) about(tx *campaign.Tx, readers []rules.Reader, fogged bool, summary string, resp interaction.Response) interaction.Response {
	if !fogged {
		tx.Log(summary)
		return resp
	}
	tx.LogFor(summary, readers)
	if !slices.Contains(readers, rules.Main) {
		resp.Ephemeral, resp.Public = append(resp.Public, resp.Ephemeral...), nil
	}
	return resp
}

// title names a campaign: "Peninsula — Green Jackets campaign".
func title(cp *campaign.Campaign, rs battle.Ruleset) string {
	return render.Clip(render.InertTitle(cp.Name)+" — "+rs.Name()+" campaign", render.MaxTitle)
}

func embed(e interaction.Embed) interaction.Message {
	e.Color = colourCampaign
	e.Description = render.Clip(e.Description, render.MaxDescription)
	return interaction.Message{Embeds: []interaction.Embed{e}}
}

func public(e interaction.Embed) interaction.Response {
	return interaction.Response{Public: []interaction.Message{embed(e)}}
}

func ephemeral(e interaction.Embed) interaction.Response {
	return interaction.Response{Ephemeral: []interaction.Message{embed(e)}}
}

// Start is /campaign start name:… ruleset:…: a new campaign on the server,
// the invoker its umpire, with no forces yet.
func (c *Commands) Start(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	rs, k, err := c.ruleset(req.String("ruleset"))
	if err != nil {
		return interaction.Response{}, err
	}
	name := strings.TrimSpace(req.String("name"))
	return c.campaigns.Change(ctx, req, name, campaign.Fresh, func(tx *campaign.Tx) (interaction.Response, error) {
		cp := tx.Campaign
		cp.Name, cp.Ruleset = name, rs.ID()
		cp.Umpire, cp.UmpireName = req.User.ID, req.User.Name
		cp.Started = tx.Now.UTC().Truncate(time.Second)
		forces, err := json.Marshal(rs.NewBoard())
		if err != nil {
			return interaction.Response{}, fmt.Errorf("encode forces: %w", err)
		}
		cp.Forces = forces
		tx.Log("campaign started under " + rs.Name())
		how := fmt.Sprintf("build a roster in a battle here with `/%s`'s roster commands, then `/campaign forces name:%s` enlists it", rs.ID(), rules.Arg(name))
		if _, ok := k.(campaign.ForcesImporter); ok {
			how = fmt.Sprintf("`/campaign forces name:%s text:…` (or `file:`) adds an order of battle in the formats of `/%s roster import`; or %s",
				rules.Arg(name), rs.ID(), how)
		}
		return public(interaction.Embed{
			Title: "New campaign: " + title(cp, rs),
			Description: fmt.Sprintf("**Umpire:** %s\n\n**Forces:** none yet: %s.\n**Battles:** `/game start campaign:%s` in any channel "+
				"musters them (all, or `forces:` those named); at `/game end` the referee proposes what carries back (K1–K4) and the "+
				"umpire confirms it.\n`/campaign status`, `report`, `log`, `house-rule`, `settings`, `export`.",
				render.Inert(cp.Player(cp.Umpire)), how, rules.Arg(name)),
		}), nil
	})
}

// Umpire is /campaign umpire name:… user:…: the umpire hands over.
func (c *Commands) Umpire(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.change(ctx, req, "hand over the campaign", func(tx *campaign.Tx, rs battle.Ruleset, _ campaign.Forces) (interaction.Response, error) {
		u, ok := req.UserOption("user")
		cp := tx.Campaign
		switch {
		case !ok || u.ID == "":
			return interaction.Response{}, interaction.Refuse("Name the new umpire: `/campaign umpire name:… user:@someone`.")
		case u.ID == cp.Umpire:
			return interaction.Response{}, interaction.Refusef("%s is the campaign's umpire already.", render.Inert(cp.Player(u.ID)))
		}
		before := cp.Player(cp.Umpire)
		cp.Umpire, cp.UmpireName = u.ID, u.Name
		tx.Log("umpire handed over from " + before + " to " + cp.Player(u.ID))
		return public(interaction.Embed{Title: title(cp, rs),
			Description: fmt.Sprintf("**%s** is now the campaign's umpire, handed over by %s.", render.Inert(cp.Player(u.ID)), render.Inert(before))}), nil
	})
}

// Forces is /campaign forces name:… [text:…|file:…]: an order of battle, or
// the roster of this channel's battle, joins the forces.
func (c *Commands) Forces(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	content := req.String("text")
	if f, ok := req.FileOption("file"); ok {
		content = string(f.Content)
	}
	var board *battle.Game
	if strings.TrimSpace(content) == "" {
		g, err := c.svc.View(ctx, req.ChannelID)
		if err != nil {
			return interaction.Response{}, interaction.Refuse("Give the order of battle (`text:` or `file:`), or build a roster in a battle in this channel first: " +
				"`/campaign forces` without them enlists that battle's roster.")
		}
		board = g
	}
	return c.change(ctx, req, "change the campaign's forces", func(tx *campaign.Tx, rs battle.Ruleset, k campaign.Forces) (interaction.Response, error) {
		cp := tx.Campaign
		var next []byte
		var msg string
		var err error
		switch {
		case board == nil:
			imp, ok := k.(campaign.ForcesImporter)
			if !ok {
				return interaction.Response{}, interaction.Refusef("%s reads no order of battle here: build the roster in a battle in this channel with `/%s`, "+
					"then `/campaign forces name:%s` without `text:` enlists it.", rs.Name(), rs.ID(), rules.Arg(cp.Name))
			}
			next, msg, err = imp.ImportForces(cp.Forces, content)
		case board.Ruleset != cp.Ruleset:
			return interaction.Response{}, interaction.Refusef("This channel's battle is played under %s; the campaign under %s.", render.Inert(board.Ruleset), rs.Name())
		case board.Campaign != "":
			return interaction.Response{}, interaction.Refusef("This channel's battle was mustered from the campaign %s: its forces come back at `/game end`.", render.Inert(board.Campaign))
		default:
			next, msg, err = k.Enlist(cp.Forces, board.Board)
		}
		if err != nil {
			return interaction.Response{}, err
		}
		before, err := c.campaignNames(cp)
		if err != nil {
			return interaction.Response{}, err
		}
		cp.Forces = next
		if board != nil {
			cp.Players = campaign.KeepNames(cp.Players, board.Players)
		}
		after, err := c.campaignNames(cp)
		if err != nil {
			return interaction.Response{}, err
		}
		readers, fogged, err := c.campaignReaders(cp, slices.DeleteFunc(after, func(n string) bool { return slices.Contains(before, n) }))
		if err != nil {
			return interaction.Response{}, err
		}
		return c.about(tx, readers, fogged, render.Clip("forces: "+msg, 300),
			public(interaction.Embed{Title: "Forces: " + title(cp, rs), Description: render.Inert(msg) + "\n`/campaign status name:" + rules.Arg(cp.Name) + "` shows them."})), nil
	})
}

// Edit is /campaign edit name:… entry:… [quality:…] [reinforce:…]: the
// umpire's change between battles, experience and reinforcements (K4).
func (c *Commands) Edit(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.change(ctx, req, "edit the campaign's forces", func(tx *campaign.Tx, rs battle.Ruleset, k campaign.Forces) (interaction.Response, error) {
		if req.String("quality") == "" && req.String("reinforce") == "" {
			return interaction.Response{}, interaction.Refuse("Say what changes: `quality:` (experience) or `reinforce:`.")
		}
		cp := tx.Campaign
		next, msg, err := k.EditForces(cp.Forces, req.String("entry"), req.String("quality"), req.String("reinforce"))
		if err != nil {
			return interaction.Response{}, err
		}
		cp.Forces = next
		readers, fogged, err := c.campaignReaders(cp, []string{req.String("entry")})
		if err != nil {
			return interaction.Response{}, err
		}
		return c.about(tx, readers, fogged, render.Clip("edit: "+msg, 300), public(interaction.Embed{Title: "Forces: " + title(cp, rs),
			Description: render.Inert(msg) + "\n" + readingLine("K4")})), nil
	})
}

// Remove is /campaign remove name:… entry:…: someone leaves the forces.
func (c *Commands) Remove(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.change(ctx, req, "edit the campaign's forces", func(tx *campaign.Tx, rs battle.Ruleset, k campaign.Forces) (interaction.Response, error) {
		cp := tx.Campaign
		readers, fogged, err := c.campaignReaders(cp, []string{req.String("entry")}) // who knew him
		if err != nil {
			return interaction.Response{}, err
		}
		next, msg, err := k.RemoveForces(cp.Forces, req.String("entry"))
		if err != nil {
			return interaction.Response{}, err
		}
		cp.Forces = next
		cp.Out = slices.DeleteFunc(cp.Out, func(a campaign.Absence) bool { return strings.EqualFold(a.Name, req.String("entry")) })
		return c.about(tx, readers, fogged, render.Clip("removed: "+msg, 300), public(interaction.Embed{Title: "Forces: " + title(cp, rs), Description: render.Inert(msg)})), nil
	})
}

// HouseRule is /campaign house-rule name:… rule:… value:…: the umpire
// switches one of K1–K4 for the campaign's battles still to be carried back.
func (c *Commands) HouseRule(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.change(ctx, req, "set the campaign's house rules", func(tx *campaign.Tx, rs battle.Ruleset, _ campaign.Forces) (interaction.Response, error) {
		i := slices.IndexFunc(campaign.HouseRules, func(h rules.HouseRule) bool { return strings.EqualFold(h.Name, req.String("rule")) })
		if i < 0 {
			var names []string
			for _, h := range campaign.HouseRules {
				names = append(names, "`"+h.Name+"`")
			}
			return interaction.Response{}, interaction.Refusef("A campaign's house rules are %s.", strings.Join(names, ", "))
		}
		h := campaign.HouseRules[i]
		value := strings.ToLower(req.String("value"))
		if !slices.Contains(h.Values, value) {
			return interaction.Response{}, interaction.Refusef("House rule `%s` takes `%s`.", h.Name, strings.Join(h.Values, "` or `"))
		}
		cp := tx.Campaign
		was := cp.HouseRules[h.Name]
		if was == "" {
			was = h.Default()
		}
		if was == value {
			return ephemeral(interaction.Embed{Title: title(cp, rs), Description: fmt.Sprintf("House rule `%s` is **%s** already; nothing changed.", h.Name, value)}), nil
		}
		if value == h.Default() {
			delete(cp.HouseRules, h.Name)
		} else {
			if cp.HouseRules == nil {
				cp.HouseRules = map[string]string{}
			}
			cp.HouseRules[h.Name] = value
		}
		tx.Log(fmt.Sprintf("house rule %s = %s (was %s)", h.Name, value, was))
		return public(interaction.Embed{Title: fmt.Sprintf("Campaign house rule: %s = %s", h.Name, value),
			Description: fmt.Sprintf("Was **%s**. %s: %s\nIt applies to every battle of %s carried back from now on.", was,
				h.Reading.ID, render.Inert(h.Reading.Text), title(cp, rs))}), nil
	})
}

// readingLine cites a reading of K1–K4 with its text.
func readingLine(id string) string {
	return fmt.Sprintf("*%s: %s*", id, campaign.Readings[id].Text)
}

// Settings is /campaign settings name:… fog:on|off: the campaign's fog of
// war, as /game settings fog: is a battle's. With it on, a player's views of
// the campaign show his own side's forces and of the enemy only what the
// campaign's battles revealed to his side, its public views what every side
// knows, and its battles start with fog on.
func (c *Commands) Settings(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	fog := strings.ToLower(req.String("fog"))
	if fog != "on" && fog != "off" {
		return interaction.Response{}, interaction.Refuse("Give a setting: `fog:on|off` (fog of war: a player sees his own side's forces and of the enemy only what the campaign's battles revealed).")
	}
	return c.change(ctx, req, "change the campaign's settings", func(tx *campaign.Tx, rs battle.Ruleset, _ campaign.Forces) (interaction.Response, error) {
		if _, ok := rs.(battleview.Fog); !ok {
			return interaction.Response{}, interaction.Refusef("%s has no fog of war here.", rs.Name())
		}
		cp, on := tx.Campaign, fog == "on"
		if cp.Fog == on {
			return ephemeral(interaction.Embed{Title: title(cp, rs), Description: fmt.Sprintf("Fog of war is already %s; nothing changed.", fog)}), nil
		}
		cp.Fog = on
		tx.Log("fog of war " + fog)
		note := "Fog of war is off: the campaign's forces are in plain sight, to everyone."
		if on {
			note = "Fog of war is on: a player sees his own side's forces and of the enemy only those his side has met in a battle of the campaign; " +
				"the umpire sees everything, and what is shown here only what every side knows. The campaign's battles start with fog on (`/game settings fog:`)."
		}
		return public(interaction.Embed{Title: "Settings: " + title(cp, rs), Description: note}), nil
	})
}
