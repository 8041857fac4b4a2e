package fogproof_test

import (
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// TestAFreeMoveChosenUnseenTellsNothing: on the Russian free move (C2) the
// hidden Don Battery moves first in one play and not at all in the other;
// the Russians have a second command, the left wing, in sight, which may
// move on the card only until a unit of another command has. Side B and
// the main channel read the turn alike in both plays: the choice the hidden
// unit's move made is not told by whom the card waits on.
func TestAFreeMoveChosenUnseenTellsNothing(t *testing.T) {
	t.Parallel()
	var plays [2]*play
	for i := range plays {
		p := newPlay(t, crimea, 0, i == 1)
		p.must(mainChannel, umpire, "game start", "ruleset", crimea.id, "name", "The free move")
		p.must(mainChannel, umpire, "game settings", "fog", "on")
		p.must(mainChannel, umpire, "game desk", "channel", desk)
		for _, o := range [][]any{
			{"name", "Raglan", "side", "Allied", "rank", "wing commander", "wing", "left wing", "calibre", "normal", "player", b1},
			{"name", "Menshikov", "side", "Russian", "rank", "wing commander", "wing", "right wing", "calibre", "normal", "player", a1},
			{"name", "Liprandi", "side", "Russian", "rank", "wing commander", "wing", "left wing", "calibre", "normal", "player", a4},
			{"name", "Kiryakov", "side", "Russian", "rank", "brigade officer", "superior", "Menshikov", "calibre", "normal", "player", a2, "hidden", true},
		} {
			p.must(desk, umpire, "crimea officer-add", o...)
		}
		for _, u := range [][]any{
			{"name", "Light Division", "nationality", "British", "type", "heavy infantry", "stands", 6, "officer", "Raglan"},
			{"name", "Vladimir Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 8, "officer", "Menshikov"},
			{"name", "Odessa Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 6, "officer", "Liprandi"},
			{"name", "Don Battery", "nationality", "Russian", "type", "foot artillery", "stands", 2, "officer", "Kiryakov", "hidden", true},
		} {
			p.must(desk, umpire, "crimea unit-add", u...)
		}
		p.must(desk, umpire, "game side-channel", "side", "Russian", "channel", channelA)
		p.must(desk, umpire, "game side-channel", "side", "Allied", "channel", channelB)
		p.must(desk, umpire, "turn new")
		for range 8 {
			if freeMoveUp(p) {
				break
			}
			p.must(desk, umpire, "turn next")
		}
		if !freeMoveUp(p) {
			t.Fatal("no Russian free move in the deck")
		}
		p.secretly(func() {
			if !p.alt {
				p.must(channelA, a2, "crimea move", "unit", "Don Battery")
			}
		})
		p.in(channelB, b1, "turn status")
		p.in(mainChannel, watcher, "turn status")
		p.in(mainChannel, watcher, "game status")
		plays[i] = p
	}
	for _, a := range compared {
		if d := divergence(plays[0].heard[a].String(), plays[1].heard[a].String()); d != "" {
			t.Errorf("%s is told whether a hidden unit chose the free move:\n%s", a, d)
		}
	}
	if plays[0].heard[sideA].String() == plays[1].heard[sideA].String() {
		t.Error("the Russians read the turn alike whether the Don Battery moved or not: the test tells nothing apart")
	}
}

// freeMoveUp reports whether the card turned up is the Russian free move.
func freeMoveUp(p *play) bool {
	p.t.Helper()
	b, err := battle.BoardOf[rc.Board](p.game())
	if err != nil {
		p.t.Fatal(err)
	}
	card, ok := b.Current()
	return ok && card == rc.Card{Side: rc.Russian, Command: rc.FreeMove}
}
