package fogproof_test

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Green Jackets: the British (side B) against the French (side A), whose
// hidden character and squad are, in one play, Sgt Roche's Tirailleurs and
// in the other Lt Vidal's Chasseurs, of another rank, quality, weapon and
// number of figures. The deal draws a card for each character at once, so
// side A has as many characters in both plays.
var greenJackets = &ruleset{
	id:     "greenjackets",
	sides:  [2]string{"French", "British"},
	hidden: gjHiddenNames,
	show:   "greenjackets roster show",
	wood:   "wood",
	places: []place{{"Lt Sharpe", "20,5"}, {"Chosen Men", "20,8"}, {"Sgt Harper", "32,5"}, {"Harper's squad", "32,8"},
		{"Capt Dubois", "22,39"}, {"Voltigeurs", "22,36"}},
	placed: [2][]string{{"Tirailleurs", "Sgt Roche"}, {"Chasseurs", "Lt Vidal"}},
	roster: func(p *play) {
		for _, c := range [][]any{
			{"name", "Lt Sharpe", "rank", "officer", "side", "British", "nation", "british", "quality", "veteran", "player", b1},
			{"name", "Sgt Harper", "rank", "nco", "side", "British", "nation", "british", "quality", "veteran", "player", b2},
			{"name", "Capt Dubois", "rank", "officer", "side", "French", "nation", "french", "quality", "trained", "player", a1},
		} {
			p.must(desk, umpire, "greenjackets roster character", c...)
		}
		for _, s := range [][]any{
			{"name", "Chosen Men", "officer", "Lt Sharpe", "arm", "infantry", "quality", "veteran", "weapon", "rifle", "figures", "Harris, Hagman, Cooper"},
			{"name", "Harper's squad", "officer", "Sgt Harper", "arm", "infantry", "quality", "veteran", "weapon", "rifle", "figures", "Tongue, Dodd"},
			{"name", "Voltigeurs", "officer", "Capt Dubois", "arm", "infantry", "quality", "trained", "weapon", "musket", "figures", "Leclerc, Martin, Girard"},
		} {
			p.must(desk, umpire, "greenjackets roster squad", s...)
		}
		p.secretly(func() {
			if !p.alt {
				p.must(desk, umpire, "greenjackets roster character", "name", "Sgt Roche", "rank", "nco", "side", "French",
					"nation", "french", "quality", "trained", "player", p.hider(), "hidden", true)
				p.must(desk, umpire, "greenjackets roster squad", "name", "Tirailleurs", "officer", "Sgt Roche", "arm", "infantry",
					"quality", "trained", "weapon", "musket", "figures", "Blanc, Noir")
				return
			}
			p.must(desk, umpire, "greenjackets roster character", "name", "Lt Vidal", "rank", "officer", "side", "French",
				"nation", "french", "quality", "veteran", "player", p.hider(), "hidden", true)
			p.must(desk, umpire, "greenjackets roster squad", "name", "Chasseurs", "officer", "Lt Vidal", "arm", "infantry",
				"quality", "veteran", "weapon", "rifle", "figures", "Petit, Bonnet, Fabre")
		})
	},
	hiddenMove: func(p *play, lapse bool) {
		squad := gjHidden(p)[1]
		if p.secret.IntN(4) > 0 {
			p.in(channelA, p.hider(), "act")
		}
		if gjMayStep(p) { // to a point on the table: now and then a march too far, then a step
			speed := pick(p.secret, "crawl", "jog")
			if p.secret.IntN(2) == 0 {
				p.routed("greenjackets move", squad, true, "squad", squad, "speed", speed)
			}
			if p.secret.IntN(4) > 0 {
				p.routed("greenjackets move", squad, false, "squad", squad, "speed", speed)
			}
		}
		for range p.secret.IntN(4) {
			action := p.secret.IntN(6)
			if lapse && action < 3 && gjAPLeft(p) < 2 {
				// an action that could spend his last AP would end his move:
				// letting it lapse, he keeps one, waited on in both plays
				continue
			}
			switch action {
			case 0:
				p.in(channelA, p.hider(), "greenjackets move", "speed", pick(p.secret, "crawl", "jog", "run"), "squad", squad)
			case 1:
				p.in(channelA, p.hider(), "greenjackets reload", "squad", squad)
			case 2:
				p.in(channelA, p.hider(), "greenjackets aim", "squad", squad)
			case 3:
				p.in(channelA, p.hider(), "card")
			case 4:
				p.in(channelA, p.hider(), "turn status")
			case 5:
				p.in(channelA, p.hider(), "orders", "text", "Hold the wood with "+squad+".")
			}
		}
		if !lapse {
			p.in(channelA, p.hider(), "greenjackets pass")
		}
	},
	move: func(p *play, u interaction.User) {
		h := gjHolders[u.ID]
		p.in(h.channel, u, "act")
		for range p.common.IntN(3) {
			switch p.common.IntN(5) {
			case 0:
				p.in(h.channel, u, "greenjackets move", "speed", "jog", "squad", h.squad, "distance", 2.0)
			case 1:
				p.in(h.channel, u, "greenjackets observe", "officer", h.officer, "range", 10.0, "target", h.target)
			case 2:
				p.in(h.channel, u, "greenjackets reload", "squad", h.squad)
			case 3:
				p.in(h.channel, u, "greenjackets fire", "squad", h.squad, "range", 10.0, "target", h.target)
			case 4: // he looks about the table (G6): what he could see of side A's hidden section is out of his sight
				p.in(h.channel, u, "greenjackets observe", "officer", h.officer)
			}
		}
		p.in(h.channel, u, "greenjackets pass")
	},
	typed: func(p *play, guess string) {
		p.in(channelB, b1, "greenjackets fire", "squad", "Chosen Men", "range", 8.0, "target", guess)
		p.in(channelB, b1, "greenjackets hit", "target", guess)
	},
	reveals: []func(p *play){
		func(p *play) { p.must(desk, umpire, "game reveal", "side", "British", "unit", gjHidden(p)[0]) },
		func(p *play) {
			p.revealInSight("20,8")
			p.must(desk, umpire, "greenjackets fire", "squad", gjHidden(p)[1], "target", "Chosen Men")
		},
	},
}

// gjAPLeft is how many AP the play's hidden character has left.
func gjAPLeft(p *play) int { return gjHiddenCharacter(p).AP }

// gjHiddenCharacter is the play's hidden character, as the umpire's board
// has him.
func gjHiddenCharacter(p *play) *gj.Character {
	p.t.Helper()
	for _, c := range gjBoard(p).Characters {
		if c.Name == gjHidden(p)[0] {
			return c
		}
	}
	p.t.Fatalf("no character %s on the board", gjHidden(p)[0])
	return nil
}

// gjBoard is the umpire's board.
func gjBoard(p *play) *gj.Board {
	p.t.Helper()
	b, err := battle.BoardOf[gj.Board](p.game())
	if err != nil {
		p.t.Fatal(err)
	}
	return b
}

// gjMayStep reports whether the hidden squad may be ordered to a point: its
// character is on his move, first of those who have it, with AP to spare
// (a step costs at most 2, his squad within 12" of him, and leaves him one:
// his move lasts, to lapse or not), and the squad has a step of its turn's
// most left (G7).
func gjMayStep(p *play) bool {
	b, c := gjBoard(p), gjHiddenCharacter(p)
	if c.State != gj.OnMove || c.AP < 3 || len(b.Turn.Order) > 0 && !gj.Same(b.Turn.Order[0], c.Name) {
		return false
	}
	s := b.Squad(gjHidden(p)[1])
	moved := 0.0
	if s.MovedTurn == b.Turn.Number {
		moved = s.Moved
	}
	return float64(gj.MovementChart[gj.Infantry].Max)-moved >= step+2*aside
}

// gjHiddenNames are side A's hidden character, squad and figures in each
// play.
var gjHiddenNames = [2][]string{{"Sgt Roche", "Tirailleurs", "Blanc", "Noir"}, {"Lt Vidal", "Chasseurs", "Petit", "Bonnet", "Fabre"}}

// gjHidden are the play's hidden names.
func gjHidden(p *play) []string { return p.hiddenOf(gjHiddenNames) }

// A gjHolder is a character in sight of both plays: his squad, where his
// player gives orders, and the enemy he fires at.
type gjHolder struct{ officer, squad, channel, target string }

var gjHolders = map[string]gjHolder{
	b1.ID: {"Lt Sharpe", "Chosen Men", channelB, "Voltigeurs"},
	b2.ID: {"Sgt Harper", "Harper's squad", mainChannel, "Voltigeurs"},
	a1.ID: {"Capt Dubois", "Voltigeurs", channelA, "Chosen Men"},
}
