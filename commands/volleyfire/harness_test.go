package volleyfire_test

import (
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Cappetta"}
	bob    = interaction.User{ID: "p1", Name: "Bob"}
	carol  = interaction.User{ID: "p2", Name: "Carol"}
)

// harness is the shared command harness with the volley fire board at hand.
type harness struct{ *commandstest.Harness }

func newHarness(t testing.TB, seed byte) harness {
	return harness{commandstest.New(t, commandstest.Seed('v', 'f', seed))}
}

func (h harness) board() vf.Board {
	return commandstest.Board[vf.Board](h.T, h.Game("c1"))
}

func (h harness) unit(name string) vf.RosterUnit {
	h.T.Helper()
	for _, u := range h.board().Units {
		if u.Name == name {
			return u
		}
	}
	h.T.Fatalf("no unit %q", name)
	return vf.RosterUnit{}
}

// destroyedIn reads the bases a shooting ruling destroyed from its damage step.
func destroyedIn(r rules.Ruling, bases int) int {
	for _, s := range r.Steps {
		if s.Table == "damage" {
			return min(s.Roll.Total, bases)
		}
	}
	return 0
}

// setup starts a battle with two units a side and a command base each.
func setup(h harness) {
	h.OK(umpire, "game start", "ruleset", "volleyfire", "name", "Talavera")
	h.OK(umpire, "volleyfire-roster unit-add", "name", "1st Foot", "side", "Allies", "type", "infantry", "bases", int64(6),
		"nation", "British", "player", bob)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Rifles", "side", "Allies", "type", "infantry", "bases", int64(4),
		"weapon", "rifle", "formation", "skirmish", "nation", "British", "elite", true, "player", bob)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "4e Ligne", "side", "French", "type", "infantry", "bases", int64(6),
		"nation", "French", "player", carol)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "Hussards", "side", "French", "type", "cavalry", "bases", int64(4),
		"special", "hussars", "nation", "French", "player", carol)
	h.OK(umpire, "volleyfire-roster commander-add", "name", "Wellesley", "side", "Allies", "nation", "British", "royal", true,
		"player", bob, "join", "1st Foot")
	h.OK(umpire, "volleyfire-roster commander-add", "name", "Victor", "side", "French", "nation", "French", "player", carol)
}

func hasReadingID(r rules.Ruling, id string) bool {
	for _, rd := range r.Readings {
		if rd.ID == id {
			return true
		}
	}
	return false
}
