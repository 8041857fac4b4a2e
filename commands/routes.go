package commands

import (
	"context"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/crimea"
	"github.com/referee-bot/referee/commands/dicecmd"
	"github.com/referee-bot/referee/commands/firing2007"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/volleyfire"
)

// Deps is what the command surface needs from the process.
type Deps struct {
	Battles *battle.Service
	Logger  *slog.Logger
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
	defs := []*discordgo.ApplicationCommand{helpDefinition}

	r.Command("help", helpHandler(svc))

	// section: dice
	defs = append(defs, dicecmd.Definitions...)
	r.Command("roll", rule(svc, dicecmd.Roll))
	r.Command("odds", dicecmd.Odds)
	// end: dice

	// section: game
	games := gamecmd.New(svc)
	r.Command("game start", games.Start)
	r.Command("game status", games.Status)
	r.Command("game end", games.End)
	r.Command("game umpire", games.Umpire)
	r.Command("game log", games.Log)
	r.Command("game house-rule", games.HouseRule)
	r.Autocomplete("game house-rule", games.HouseRuleChoices)
	r.Command("game export", games.Export)
	r.Command("game import", games.Import)
	r.Command("game report", games.Report)
	r.Command("game undo", games.Undo)
	r.Command("game verify", games.Verify)
	r.Command("turn new", games.NewTurn, interaction.Slow())
	r.Command("turn next", games.NextTurn, interaction.Slow())
	r.Command("turn status", games.TurnStatus)
	r.Command("card", games.Card)
	r.Command("act", games.Act, interaction.Slow())
	r.Component(gamecmd.ButtonNext, games.NextTurn, interaction.Slow())
	r.Component(gamecmd.ButtonAct, games.Act, interaction.Slow())
	r.Command("rules", games.Rules)
	r.Autocomplete("rules", games.TopicChoices)
	defs = append(defs, gamecmd.Definitions(svc.Rulesets())...)
	// end: game

	// section: greenjackets
	gj := greenjackets.New()
	defs = append(defs, greenjackets.Definition)
	r.Command("greenjackets roster character", change(svc, gj.RosterCharacter))
	r.Command("greenjackets roster squad", change(svc, gj.RosterSquad))
	r.Command("greenjackets roster figure", change(svc, gj.RosterFigure))
	r.Command("greenjackets roster remove", change(svc, gj.RosterRemove))
	r.Command("greenjackets roster import", change(svc, gj.RosterImport))
	r.Command("greenjackets roster show", change(svc, gj.RosterShow))
	r.Command("greenjackets observe", rule(svc, gj.Observe))
	r.Command("greenjackets move", rule(svc, gj.Move))
	r.Command("greenjackets cover", change(svc, gj.Cover))
	r.Command("greenjackets getup", change(svc, gj.GetUp))
	r.Command("greenjackets limber", change(svc, gj.Limber))
	r.Command("greenjackets unlimber", change(svc, gj.Unlimber))
	r.Command("greenjackets aim", change(svc, gj.Aim))
	r.Command("greenjackets fire", rule(svc, gj.Fire))
	r.Command("greenjackets reload", rule(svc, gj.Reload))
	r.Command("greenjackets rally", rule(svc, gj.Rally))
	r.Command("greenjackets artillery", rule(svc, gj.Artillery))
	r.Command("greenjackets melee", rule(svc, gj.Melee))
	r.Command("greenjackets morale", rule(svc, gj.Morale))
	r.Command("greenjackets hit", rule(svc, gj.Hit))
	r.Command("greenjackets pass", change(svc, gj.Pass))
	for _, path := range []string{"roster character", "roster squad", "roster figure", "roster remove", "observe", "move", "cover",
		"getup", "limber", "unlimber", "aim", "fire", "reload", "rally", "artillery", "morale", "hit"} {
		r.Autocomplete("greenjackets "+path, greenjackets.Autocomplete(svc))
	}
	// end: greenjackets

	// section: crimea
	defs = append(defs, crimea.Definition)
	for _, rt := range crimea.Routes() {
		if rt.Quick {
			r.Command(rt.Path, rule(svc, rt.Fn))
		} else {
			r.Command(rt.Path, change(svc, rt.Fn))
		}
		r.Autocomplete(rt.Path, crimea.Autocomplete(svc))
	}
	// end: crimea

	// section: volleyfire
	defs = append(defs, volleyfire.Definition)
	r.Command("volleyfire roster", change(svc, volleyfire.Roster))
	r.Command("volleyfire unit-add", change(svc, volleyfire.UnitAdd))
	r.Command("volleyfire unit-set", change(svc, volleyfire.UnitSet))
	r.Command("volleyfire unit-remove", change(svc, volleyfire.UnitRemove))
	r.Command("volleyfire commander-add", change(svc, volleyfire.CommanderAdd))
	r.Command("volleyfire commander-set", change(svc, volleyfire.CommanderSet))
	r.Command("volleyfire first", change(svc, volleyfire.First))
	r.Command("volleyfire activate", rule(svc, volleyfire.Activate))
	r.Command("volleyfire done", change(svc, volleyfire.Done))
	r.Command("volleyfire move", rule(svc, volleyfire.Move))
	r.Command("volleyfire shoot", rule(svc, volleyfire.Shoot))
	r.Command("volleyfire reload", rule(svc, volleyfire.Reload))
	r.Command("volleyfire formation", rule(svc, volleyfire.Formation))
	r.Command("volleyfire charge", change(svc, volleyfire.Charge))
	r.Command("volleyfire fight", rule(svc, volleyfire.Fight))
	r.Command("volleyfire breakaway", change(svc, volleyfire.Breakaway))
	for _, path := range []string{"unit-set", "unit-remove", "commander-add", "commander-set", "activate", "done", "move", "shoot", "reload", "formation", "charge", "fight", "breakaway"} {
		r.Autocomplete("volleyfire "+path, volleyfire.Autocomplete(svc))
	}
	// end: volleyfire

	// section: firing2007
	defs = append(defs, firing2007.Definition)
	r.Command("firing2007 fire", rule(svc, firing2007.Fire))
	r.Command("firing2007 risk", rule(svc, firing2007.Risk))
	r.Command("firing2007 chain", change(svc, firing2007.Chain))
	r.Component(firing2007.ButtonChain, change(svc, firing2007.ChainButton))
	r.Command("firing2007 roster", change(svc, firing2007.Roster))
	r.Command("firing2007 unit-add", change(svc, firing2007.UnitAdd))
	r.Command("firing2007 unit-set", change(svc, firing2007.UnitSet))
	r.Command("firing2007 unit-remove", change(svc, firing2007.UnitRemove))
	r.Command("firing2007 general-add", change(svc, firing2007.GeneralAdd))
	r.Command("firing2007 general-set", change(svc, firing2007.GeneralSet))
	r.Command("firing2007 general-remove", change(svc, firing2007.GeneralRemove))
	for _, path := range []string{"fire", "risk", "chain", "unit-set", "unit-remove", "general-add", "general-set", "general-remove"} {
		r.Autocomplete("firing2007 "+path, firing2007.Autocomplete(svc))
	}
	// end: firing2007

	return r, defs
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
