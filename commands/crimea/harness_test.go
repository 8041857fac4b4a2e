package crimea_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/crimea"
	"github.com/referee-bot/referee/commands/interaction"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Umpire"}
	raglan = interaction.User{ID: "p1", Name: "RaglanPlayer"}
	lucan  = interaction.User{ID: "p2", Name: "LucanPlayer"}
	mensh  = interaction.User{ID: "p3", Name: "MenshikovPlayer"}
	lipr   = interaction.User{ID: "p4", Name: "LiprandiPlayer"}
)

// harness is the shared command harness with the Crimean board at hand.
type harness struct{ *commandstest.Harness }

func newHarness(t testing.TB, seed byte) harness {
	return harness{commandstest.New(t, commandstest.Seed(seed))}
}

func (h harness) game() *battle.Game { return h.Game("c1") }

func (h harness) board() crimea.Board { return commandstest.Board[crimea.Board](h.T, h.game()) }

func (h harness) unit(name string) crimea.Unit {
	for _, u := range h.board().Units {
		if u.Name == name {
			return u
		}
	}
	h.T.Fatalf("no unit %q", name)
	return crimea.Unit{}
}

func (h harness) officer(name string) crimea.Officer {
	for _, o := range h.board().Officers {
		if o.Name == name {
			return o
		}
	}
	h.T.Fatalf("no officer %q", name)
	return crimea.Officer{}
}

// setUp starts a battle with two officers a side and their units.
func setUp(h harness) {
	h.T.Helper()
	h.Public(umpire, "game start", "ruleset", "crimea", "name", "Balaclava")
	h.Public(umpire, "crimea officer-add", "name", "Lord Raglan", "side", "Allied", "rank", "commander-in-chief", "calibre", "normal", "player", raglan)
	h.Public(umpire, "crimea officer-add", "name", "Lord Lucan", "side", "Allied", "rank", "wing commander", "wing", "cavalry",
		"superior", "Lord Raglan", "calibre", "cautious", "morale", 60, "player", lucan)
	h.Public(umpire, "crimea officer-add", "name", "Menshikov", "side", "Russian", "rank", "commander-in-chief", "calibre", "normal", "player", mensh)
	h.Public(umpire, "crimea officer-add", "name", "Liprandi", "side", "Russian", "rank", "wing commander", "wing", "right wing",
		"superior", "Menshikov", "calibre", "cautious", "player", lipr)
	h.Public(umpire, "crimea unit-add", "name", "17th Lancers", "nationality", "British", "type", "light cavalry", "stands", 4, "officer", "Lord Lucan")
	h.Public(umpire, "crimea unit-add", "name", "Heavy Brigade", "nationality", "British", "type", "heavy cavalry", "stands", 6, "officer", "Lord Lucan")
	h.Public(umpire, "crimea unit-add", "name", "93rd Highlanders", "nationality", "British", "type", "heavy infantry", "stands", 4, "officer", "Lord Lucan")
	h.Public(umpire, "crimea unit-add", "name", "Odessa Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 6,
		"formation", "column", "officer", "Liprandi")
	h.Public(umpire, "crimea unit-add", "name", "Don Battery", "nationality", "Russian", "type", "foot artillery", "stands", 2, "officer", "Liprandi")
	h.Public(umpire, "crimea allowance", "row", "light cavalry", "inches", 12)
	h.Public(umpire, "crimea allowance", "row", "heavy infantry columns", "inches", 6)
}

// drawUntil draws cards until the one named is up (or the deck runs out).
func drawUntil(h harness, card string) {
	h.T.Helper()
	for range 8 {
		resp := h.Public(umpire, "turn next")
		if strings.Contains(commandstest.TurnShown(resp).Embeds[0].Title, ": "+card) {
			return
		}
	}
	h.T.Fatalf("card %q never came up", card)
}
