package fogproof_test

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Stormed at with Shot and Shell: the Allies (side B) against the Russians
// (side A), whose hidden brigade is, in one play, Kiryakov's Don Battery and
// Tarutino Regiment and in the other Gorchakov's Uglitz Regiment, of
// another calibre, morale, type and size: one unit to move, not two. A
// brigade moves on its wing's card, so the deck is the same in both plays.
var crimea = &ruleset{
	id:     "crimea",
	sides:  [2]string{"Russian", "Allied"},
	hidden: crimeaHiddenNames,
	show:   "crimea roster",
	drawn:  func(m rules.Moment) bool { return strings.HasSuffix(m.Text, "card 8 of 8") },
	wood:   "wood",
	places: []place{{"Raglan", "20,5"}, {"Light Division", "20,8"}, {"Cathcart", "32,5"}, {"Highland Brigade", "32,8"},
		{"Menshikov", "22,39"}, {"Vladimir Regiment", "22,36"}},
	placed: [2][]string{{"Don Battery", "Tarutino Regiment", "Kiryakov"}, {"Uglitz Regiment", "Gorchakov"}},
	roster: func(p *play) {
		for _, o := range [][]any{
			{"name", "Raglan", "side", "Allied", "rank", "wing commander", "wing", "left wing", "calibre", "normal", "player", b1},
			{"name", "Cathcart", "side", "Allied", "rank", "brigade officer", "superior", "Raglan", "calibre", "normal", "player", b2},
			{"name", "Menshikov", "side", "Russian", "rank", "wing commander", "wing", "right wing", "calibre", "cautious", "player", a1},
		} {
			p.must(desk, umpire, "crimea officer-add", o...)
		}
		for _, u := range [][]any{
			{"name", "Light Division", "nationality", "British", "type", "heavy infantry", "stands", 6, "officer", "Raglan"},
			{"name", "Highland Brigade", "nationality", "British", "type", "heavy infantry", "stands", 4, "officer", "Cathcart"},
			{"name", "Vladimir Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 8, "formation", "column", "officer", "Menshikov"},
		} {
			p.must(desk, umpire, "crimea unit-add", u...)
		}
		// every row side A's hidden units move by in either play, so that
		// they may move to a point on the table (C6)
		for _, row := range []string{"heavy infantry lines", "Russian artillery", "light infantry line or column"} {
			p.must(desk, umpire, "crimea allowance", "row", row, "inches", 6)
		}
		p.secretly(func() {
			if !p.alt {
				p.must(desk, umpire, "crimea officer-add", "name", "Kiryakov", "side", "Russian", "rank", "brigade officer",
					"superior", "Menshikov", "calibre", "normal", "player", p.hider(), "hidden", true)
				p.must(desk, umpire, "crimea unit-add", "name", "Don Battery", "nationality", "Russian", "type", "foot artillery",
					"stands", 2, "officer", "Kiryakov", "hidden", true)
				p.must(desk, umpire, "crimea unit-add", "name", "Tarutino Regiment", "nationality", "Russian", "type", "heavy infantry",
					"stands", 6, "officer", "Kiryakov", "hidden", true)
				return
			}
			p.must(desk, umpire, "crimea officer-add", "name", "Gorchakov", "side", "Russian", "rank", "brigade officer",
				"superior", "Menshikov", "calibre", "cautious", "morale", 70, "player", p.hider(), "hidden", true)
			p.must(desk, umpire, "crimea unit-add", "name", "Uglitz Regiment", "nationality", "Russian", "type", "light infantry",
				"stands", 4, "formation", "column", "morale", 60, "officer", "Gorchakov", "hidden", true)
		})
	},
	hiddenMove: func(p *play, lapse bool) {
		// A brigade's first move of the turn rolls its movement modifier,
		// from the battle's one sequence of rolls, which B's dice come from
		// too: the plays make that roll at the same moments (the first unit
		// moves, unless the move is to lapse, when none does).
		units := crimeaHidden(p)[1:]
		if lapse {
			for range p.secret.IntN(3) {
				p.in(channelA, p.hider(), pick(p.secret, "crimea roster", "turn status"))
			}
			return
		}
		// to a point on the table: now and then a march too far, refused
		// before any roll; a step, within the least move the roll can give
		first := units[0]
		if crimeaMayStep(p, first) && p.secret.IntN(2) == 0 {
			p.routed("crimea move", first, true, "unit", first)
		}
		if crimeaMayStep(p, first) && p.secret.IntN(3) > 0 {
			p.routed("crimea move", first, false, "unit", first)
		} else {
			p.in(channelA, p.hider(), "crimea move", "unit", first)
		}
		for _, u := range units[1:] {
			action := p.secret.IntN(6)
			if action >= 4 && !crimeaMayStep(p, u) {
				continue
			}
			switch action {
			case 0:
				p.in(channelA, p.hider(), "crimea move", "unit", u)
			case 1:
				p.in(channelA, p.hider(), "crimea move", "unit", u, "far", true)
			case 2:
				p.in(channelA, p.hider(), "crimea roster")
			case 3:
				p.in(channelA, p.hider(), "orders", "text", "Hold the ridge with "+u+".")
			case 4, 5:
				p.routed("crimea move", u, action == 5, "unit", u)
			}
		}
	},
	move: func(p *play, u interaction.User) {
		h := crimeaHolders[u.ID]
		if p.common.IntN(3) == 0 {
			p.in(h.channel, u, "turn status")
		}
		p.in(h.channel, u, "crimea move", "unit", h.unit)
	},
	typed: func(p *play, guess string) {
		p.in(channelB, b1, "crimea fire", "unit", "Light Division", "target", guess)
	},
	reveals: []func(p *play){
		func(p *play) { p.must(desk, umpire, "game reveal", "side", "Allied", "unit", crimeaHidden(p)[0]) },
		func(p *play) {
			// the first hidden unit: guns in one play, light infantry in the other
			p.revealInSight("20,8")
			fire := []any{"unit", crimeaHidden(p)[1], "target", "Light Division"}
			if !p.alt {
				fire = append(fire, "ammo", "ball")
			}
			p.must(desk, umpire, "crimea fire", fire...)
		},
	},
}

// crimeaMayStep reports whether the hidden unit called name may be ordered
// to a point: it has not moved this turn, and its officer has an order left
// and has not passed (C3). Its move is then at least 2" (its 6" allowance at the worst
// modifier, C6), longer than any step.
func crimeaMayStep(p *play, name string) bool {
	p.t.Helper()
	b, err := battle.BoardOf[rc.Board](p.game())
	if err != nil {
		p.t.Fatal(err)
	}
	u, err := b.Unit(name)
	if err != nil {
		p.t.Fatal(err)
	}
	o, err := b.Officer(u.Officer)
	if err != nil {
		p.t.Fatal(err)
	}
	return !u.Moved && o.Orders > 0 && !o.Passed
}

// crimeaHiddenNames are side A's hidden officer and units in each play.
var crimeaHiddenNames = [2][]string{{"Kiryakov", "Don Battery", "Tarutino Regiment"}, {"Gorchakov", "Uglitz Regiment"}}

// crimeaHidden are the play's hidden names.
func crimeaHidden(p *play) []string { return p.hiddenOf(crimeaHiddenNames) }

// crimeaHolders are the officers in sight of both plays: the unit each
// moves, and where his player gives orders.
var crimeaHolders = map[string]struct{ unit, channel string }{
	b1.ID: {"Light Division", channelB},
	b2.ID: {"Highland Brigade", mainChannel},
	a1.ID: {"Vladimir Regiment", channelA},
}
