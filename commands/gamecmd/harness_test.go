package gamecmd_test

import (
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/calls"
	"github.com/referee-bot/referee/commands/battle/deadline"
	"github.com/referee-bot/referee/commands/battle/link"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/verify"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Wellington"}
	p1     = interaction.User{ID: "p1", Name: "Sharpe"}
	p2     = interaction.User{ID: "p2", Name: "Ducos"}
)

// harness is the shared command harness over the package's own routes and
// the test rule set, fakeWar.
type harness struct{ *commandstest.Harness }

func newHarness(t testing.TB, opts ...commandstest.Option) harness {
	return harness{commandstest.New(t, append([]commandstest.Option{commandstest.Seed(42),
		commandstest.Rulesets(fakeWar{}), commandstest.Routes(route)}, opts...)...)}
}

// route registers the package's routes as commands/routes.go does.
func route(svc *battle.Service) *interaction.Router {
	g := gamecmd.New(svc)
	g.Replay = verify.Replayer{Rulesets: []battle.Ruleset{fakeWar{}}, Routes: func(s *battle.Service) verify.Router { return route(s) }}.Replay
	r := interaction.NewRouter(nil)
	for path, h := range map[string]interaction.Handler{
		"game start": g.Start, "game status": g.Status, "game end": g.End, "game umpire": g.Umpire,
		"game log": g.Log, "game house-rule": g.HouseRule, "game export": g.Export, "game import": g.Import,
		"game report": g.Report, "game undo": g.Undo, "game verify": g.Verify,
		"turn new": g.NewTurn, "turn next": g.NextTurn, "turn status": g.TurnStatus, "card": g.Card, "act": g.Act,
		"rules": g.Rules,
	} {
		r.Command(path, h)
	}
	r.Component(turnmsg.ButtonNext, g.NextTurn)
	r.Component(gamecmd.ButtonEnd, g.EndConfirmed)
	r.Component(gamecmd.ButtonUmpireOffer, g.UmpireAnswered)
	r.Component(turnmsg.ButtonAct, g.Act)
	r.Autocomplete("game house-rule", g.HouseRuleChoices)
	r.Autocomplete("rules", g.TopicChoices)
	svc.MakeCalls(calls.New(svc).Make)
	svc.PlanDeadlines(deadline.Replan(svc), deadline.Keep(svc))
	svc.ShowTurns(turnmsg.New(svc, nil).Show)
	svc.DeliverBy(view.Deliver)
	svc.GateBy(link.Gate{Battles: svc})
	return r
}
