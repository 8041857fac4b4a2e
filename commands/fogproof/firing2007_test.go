package fogproof_test

import (
	"github.com/referee-bot/referee/commands/interaction"
)

// Rules – Firing (2007): the British (side B) against the French (side A),
// whose hidden units and general are, in one play, the Battery, the
// Compagnies Franches and Lévis, and in the other the Béarn, the Guyenne
// and Bourlamaque, of other types, strengths and morale. Each side fires
// as it will and ends its own turn: side A's is ended by a1, whose unit is
// in sight, once the hider's hidden ones have done (or let their deadline pass).
var firing2007 = &ruleset{
	id:     "firing2007",
	sides:  [2]string{"French", "British"},
	hidden: f7HiddenNames,
	show:   "firing2007 roster",
	wood:   "wood",
	places: []place{{"42nd", "20,8"}, {"Rangers", "32,8"}, {"La Sarre", "22,36"}},
	placed: [2][]string{{"Battery", "Compagnies Franches", "Levis"}, {"Bearn", "Guyenne", "Bourlamaque"}},
	roster: func(p *play) {
		for _, u := range [][]any{
			{"name", "42nd", "type", "british", "side", "British", "strength", 6, "morale", 7, "player", b1},
			{"name", "Rangers", "type", "rifles", "side", "British", "strength", 4, "morale", 6, "formation", "skirmish", "player", b2},
			{"name", "La Sarre", "type", "line", "side", "French", "strength", 6, "morale", 6, "cover", "hard", "player", a1},
		} {
			p.must(desk, umpire, "firing2007 unit-add", u...)
		}
		p.secretly(func() {
			if !p.alt {
				p.must(desk, umpire, "firing2007 unit-add", "name", "Battery", "type", "howitzer", "side", "French", "strength", 5, "morale", 7,
					"player", p.hider(), "hidden", true)
				p.must(desk, umpire, "firing2007 unit-add", "name", "Compagnies Franches", "type", "militia", "side", "French", "strength", 4,
					"morale", 5, "player", p.hider(), "hidden", true)
				p.must(desk, umpire, "firing2007 general-add", "name", "Levis", "side", "French", "with", "Battery",
					"chain", "Battery, Compagnies Franches", "player", p.hider(), "hidden", true)
				return
			}
			p.must(desk, umpire, "firing2007 unit-add", "name", "Bearn", "type", "line", "side", "French", "strength", 6, "morale", 6,
				"player", p.hider(), "hidden", true)
			p.must(desk, umpire, "firing2007 unit-add", "name", "Guyenne", "type", "line", "side", "French", "strength", 5, "morale", 8,
				"formation", "column", "player", p.hider(), "hidden", true)
			p.must(desk, umpire, "firing2007 general-add", "name", "Bourlamaque", "side", "French", "with", "Guyenne",
				"chain", "Guyenne, Bearn", "player", p.hider(), "hidden", true)
		})
	},
	hiddenMove: func(p *play, _ bool) {
		names := f7Hidden(p)
		for range p.secret.IntN(4) {
			switch p.secret.IntN(4) {
			case 0:
				p.in(channelA, p.hider(), "firing2007 risk", "general", names[2])
			case 1:
				p.in(channelA, p.hider(), "firing2007 roster")
			case 2:
				p.in(channelA, p.hider(), "turn status")
			case 3:
				p.in(channelA, p.hider(), "orders", "text", "Hold the abatis with "+names[p.secret.IntN(2)]+".")
			}
		}
	},
	move: func(p *play, u interaction.User) {
		h := f7Holders[u.ID]
		if p.common.IntN(2) == 0 {
			p.in(h.channel, u, "firing2007 fire", "firer", h.unit, "target", h.target, "distance", float64(4+p.common.IntN(12)))
		}
		p.in(h.channel, u, "turn next")
	},
	typed: func(p *play, guess string) {
		p.in(channelB, b1, "firing2007 fire", "firer", "42nd", "target", guess, "distance", 10.0)
	},
	reveals: []func(p *play){
		func(p *play) { p.must(desk, umpire, "game reveal", "side", "British", "unit", f7Hidden(p)[2]) },
		func(p *play) {
			p.revealInSight("20,8")
			p.must(desk, umpire, "firing2007 fire", "firer", f7Hidden(p)[0], "target", "42nd")
		},
	},
}

// f7HiddenNames are side A's hidden units and general in each play.
var f7HiddenNames = [2][]string{{"Battery", "Compagnies Franches", "Levis"}, {"Bearn", "Guyenne", "Bourlamaque"}}

// f7Hidden are the play's hidden names.
func f7Hidden(p *play) []string { return p.hiddenOf(f7HiddenNames) }

// f7Holders are the units in sight of both plays: where their players give
// orders, and the enemy each fires at.
var f7Holders = map[string]struct{ unit, channel, target string }{
	b1.ID: {"42nd", channelB, "La Sarre"},
	b2.ID: {"Rangers", mainChannel, "La Sarre"},
	a1.ID: {"La Sarre", channelA, "42nd"},
}
