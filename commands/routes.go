package commands

import (
	"context"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/calls"
	"github.com/referee-bot/referee/commands/battle/deadline"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/link"
	"github.com/referee-bot/referee/commands/battle/settle"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/campaigncmd"
	"github.com/referee-bot/referee/commands/crimea"
	"github.com/referee-bot/referee/commands/dicecmd"
	"github.com/referee-bot/referee/commands/firing2007"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/helpcmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/optdef"
	"github.com/referee-bot/referee/commands/orderscmd"
	"github.com/referee-bot/referee/commands/verify"
	"github.com/referee-bot/referee/commands/volleyfire"
)

// Deps is what the command surface needs from the process.
type Deps struct {
	Battles *battle.Service
	Logger  *slog.Logger
	// Threads opens battles' threads (nil: /game start thread:true is refused).
	Threads gamecmd.Threads
	// Settle settles the changes the store did not confirm (nil: none is;
	// the process closes it at shutdown).
	Settle *settle.Settling
	// Pictures keeps the pictures of the table drawn lately, one for the
	// process (nil: the router keeps its own).
	Pictures *mapcmd.Pictures
}

// Rulesets lists the rule sets the referee plays, in the order /help shows them.
// cmd/bot passes them to battle.NewService.
func Rulesets() []battle.Ruleset {
	return []battle.Ruleset{
		// section: ruleset list
		greenjackets.New(),
		crimea.New(),
		firing2007.New(),
		volleyfire.New(),
		// end: ruleset list
	}
}

// New registers every route and returns the router with the slash-command
// definitions to sync with Discord (one bulk overwrite at start).
func New(d Deps) (*interaction.Router, []*discordgo.ApplicationCommand) {
	r := interaction.NewRouter(d.Logger)
	svc := d.Battles
	svc.DeliverBy(view.Deliver)         // under fog of war, each message to those who may read it
	svc.GateBy(link.Gate{Battles: svc}) // a side's channel its players', the desk the umpire's
	if d.Settle != nil {
		svc.SettleBy(d.Settle.Later)
	}
	defs := []*discordgo.ApplicationCommand{helpcmd.Definition}
	help := &helpcmd.Help{Rulesets: svc.Rulesets()}
	r.Command("help", help.Help)
	r.Autocomplete("help", help.Choices)

	// section: dice
	defs = append(defs, dicecmd.Definitions...)
	r.Command("roll", rule(svc, dicecmd.Roll))
	r.Component(dicecmd.ButtonRollAgain, rule(svc, dicecmd.RollAgain))
	r.Command("odds", dicecmd.Odds)
	// end: dice

	// section: game
	campaigns := campaigncmd.New(svc)
	games := gamecmd.New(svc)
	games.Threads, games.Campaigns = d.Threads, campaigns
	games.Replay = verify.Replayer{Rulesets: svc.Rulesets(), Routes: func(replay *battle.Service) verify.Router {
		r, _ := New(Deps{Battles: replay, Logger: d.Logger, Pictures: d.Pictures})
		return r
	}}.Replay
	r.Command("game start", games.Start)
	r.Autocomplete("game start", campaigns.Choices)
	r.Command("game status", games.Status)
	r.Command("game end", games.End)
	r.Component(gamecmd.ButtonEnd, games.EndConfirmed, interaction.Slow())
	r.Command("game umpire", games.Umpire)
	r.Component(gamecmd.ButtonUmpireOffer, games.UmpireAnswered)
	r.Command("game log", games.Log)
	r.Command("game house-rule", games.HouseRule)
	r.Autocomplete("game house-rule", games.HouseRuleChoices)
	r.Command("game export", games.Export)
	r.Command("game import", games.Import)
	r.Command("game report", games.Report)
	r.Command("game undo", games.Undo)
	r.Command("game verify", games.Verify)
	r.Command("game deadline", games.Deadline)
	svc.PlanDeadlines(deadline.Replan(svc), deadline.Keep(svc))
	r.Command("game extend", games.Extend)
	r.Command("game pause", games.Pause)
	r.Command("game resume", games.Resume)
	r.Command("game settings", games.Settings)
	svc.MakeCalls(calls.New(svc).Make)
	r.Command("game desk", games.Desk)
	r.Command("game side", games.Side)
	r.Command("game side-channel", games.SideChannel)
	r.Command("game reveal", games.Reveal)
	for _, path := range []string{"game side", "game side-channel", "game reveal"} {
		r.Autocomplete(path, games.FogChoices)
	}
	r.Command("turn new", games.NewTurn, interaction.Slow())
	r.Command("turn next", games.NextTurn, interaction.Slow())
	r.Command("turn status", games.TurnStatus)
	r.Command("card", games.Card)
	r.Command("act", games.Act, interaction.Slow())
	r.Component(turnmsg.ButtonNext, games.NextTurn, interaction.Slow())
	r.Component(turnmsg.ButtonAct, games.Act, interaction.Slow())
	r.Component(turnmsg.ButtonCard, games.Card)
	r.Component(battle.ButtonDetails, details.New(svc).Show)
	r.Command("rules", games.Rules)
	r.Autocomplete("rules", games.TopicChoices)
	defs = append(defs, gamecmd.Definitions(svc.Rulesets())...)
	// end: game

	// section: orders
	orders := orderscmd.New(svc)
	r.Command("orders", orders.Orders)
	svc.AtTurnEnd(orders.RevealEnded)
	defs = append(defs, orderscmd.Definitions...)
	// end: orders

	// section: map
	maps := mapcmd.New(svc, d.Pictures)
	svc.ShowTurns(turnmsg.New(svc, maps.TurnPicture).Show)
	games.Sighting = maps.Sighting
	for _, rt := range maps.Routes() {
		r.Command(rt.Path, change(svc, rt.Run))
	}
	r.Command("map show", maps.Show, interaction.Slow())
	r.Command("map export", maps.Export, interaction.Slow())
	for _, path := range []string{"map terrain", "map place", "map remove", "map show"} {
		r.Autocomplete(path, maps.Choices)
	}
	defs = append(defs, mapcmd.Definitions...)
	// end: map

	// section: campaigns
	r.Command("campaign start", campaigns.Start)
	r.Command("campaign umpire", campaigns.Umpire)
	r.Command("campaign forces", campaigns.Forces)
	r.Command("campaign edit", campaigns.Edit)
	r.Command("campaign remove", campaigns.Remove)
	r.Command("campaign house-rule", campaigns.HouseRule)
	r.Command("campaign settings", campaigns.Settings)
	r.Command("campaign status", campaigns.Status)
	r.Command("campaign report", campaigns.Report)
	r.Command("campaign log", campaigns.Log)
	r.Command("campaign export", campaigns.Export)
	r.Command("campaign import", campaigns.Import)
	r.Command("campaign list", campaigns.List)
	campaignDef := campaigncmd.Definition(svc.Rulesets())
	for _, path := range optdef.AutocompletePaths(campaignDef) {
		r.Autocomplete(path, campaigns.Choices)
	}
	defs = append(defs, campaignDef)
	// end: campaigns

	// section: rule sets
	for _, rs := range svc.Rulesets() {
		route(r, svc, rs)
		defs = append(defs, rs.Definitions()...)
	}
	// end: rule sets

	help.Defs = defs
	return r, defs
}

// route registers a rule set's commands: their routes, and autocomplete on
// every path whose definition has an autocomplete option.
func route(r *interaction.Router, svc *battle.Service, rs battle.Ruleset) {
	for _, rt := range rs.Routes() {
		h := change(svc, rt.Run)
		if rt.Ruling {
			h = rule(svc, rt.Run)
		}
		var opts []interaction.RouteOption
		if rt.Slow {
			opts = append(opts, interaction.Slow())
		}
		if rt.Button {
			r.Component(rt.Path, h, opts...)
		} else {
			r.Command(rt.Path, h, opts...)
		}
	}
	for _, def := range rs.Definitions() {
		for _, path := range optdef.AutocompletePaths(def) {
			r.Autocomplete(path, choices(svc, rs))
		}
	}
}

// choices answers autocomplete from the invoker's view of the channel's
// game when it is played with rs (rs.Choices gets no game otherwise): under
// fog of war it offers the names his view holds, and nothing else. It never
// fails: autocomplete has no way to show an error.
func choices(svc *battle.Service, rs battle.Ruleset) interaction.Handler {
	return func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		g, err := svc.View(ctx, req.ChannelID)
		if err != nil || g.Ruleset != rs.ID() {
			g = nil
		} else if link.MayCommandIn(svc, g, req.User.ID, req.ChannelID) != nil {
			return interaction.Response{Choices: []interaction.Choice{}}, nil
		}
		seen := g // what the invoker may see of it, under fog of war
		if g != nil {
			r, err := view.ReaderOf(svc, g, req.User.ID)
			if err == nil {
				seen, err = view.For(svc, g, r)
			}
			if err != nil {
				return interaction.Response{Choices: []interaction.Choice{}}, nil
			}
		}
		c := rs.Choices(seen, req)
		if c == nil {
			c = []interaction.Choice{}
		}
		return interaction.Response{Choices: c}, nil
	}
}

// change runs fn as an atomic change to the channel's running game.
func change(svc *battle.Service, fn battle.ChangeFunc) interaction.Handler {
	return func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return svc.Change(ctx, req, fn)
	}
}

// rule runs fn as a ruling: against the channel's game when there is one (logged
// and verifiable), otherwise as a stateless quick ruling.
func rule(svc *battle.Service, fn battle.ChangeFunc) interaction.Handler {
	return func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return svc.Rule(ctx, req, fn)
	}
}
