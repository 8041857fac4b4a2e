package fogproof_test

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Volleyfire!: the Allies (side B) against the French (side A), whose
// hidden units and commander are, in one play, the Voltigeurs, the Hussards
// and Victor, and in the other the Chasseurs, the Dragons and Soult, of
// other sizes, formations and arms. Sides take turns activating a unit, so
// side A has as many units in both plays; its unit in sight activates first.
var volleyfire = &ruleset{
	id:           "volleyfire",
	sides:        [2]string{"French", "Allies"},
	hidden:       vfHiddenNames,
	show:         "volleyfire-roster show",
	visibleFirst: true,
	wood:         "forest",
	places:       []place{{"1st Foot", "20,8"}, {"Rifles", "32,8"}, {"4e Ligne", "22,26"}},
	placed:       [2][]string{{"Voltigeurs", "Hussards", "Victor"}, {"Chasseurs", "Dragons", "Soult"}},
	roster: func(p *play) {
		for _, u := range [][]any{
			{"name", "1st Foot", "side", "Allies", "type", "infantry", "bases", 6, "nation", "British", "player", b1},
			{"name", "Rifles", "side", "Allies", "type", "infantry", "bases", 4, "weapon", "rifle", "formation", "skirmish", "nation", "British", "player", b2},
			{"name", "4e Ligne", "side", "French", "type", "infantry", "bases", 6, "nation", "French", "player", a1},
		} {
			p.must(desk, umpire, "volleyfire-roster unit-add", u...)
		}
		p.secretly(func() {
			if !p.alt {
				p.must(desk, umpire, "volleyfire-roster unit-add", "name", "Voltigeurs", "side", "French", "type", "infantry", "bases", 4,
					"formation", "skirmish", "nation", "French", "player", p.hider(), "hidden", true)
				p.must(desk, umpire, "volleyfire-roster unit-add", "name", "Hussards", "side", "French", "type", "cavalry", "bases", 4,
					"special", "hussars", "nation", "French", "player", p.hider(), "hidden", true)
				p.must(desk, umpire, "volleyfire-roster commander-add", "name", "Victor", "side", "French", "nation", "French", "player", p.hider(), "hidden", true)
				return
			}
			p.must(desk, umpire, "volleyfire-roster unit-add", "name", "Chasseurs", "side", "French", "type", "infantry", "bases", 6,
				"elite", true, "nation", "French", "player", p.hider(), "hidden", true)
			p.must(desk, umpire, "volleyfire-roster unit-add", "name", "Dragons", "side", "French", "type", "cavalry", "bases", 3,
				"nation", "French", "player", p.hider(), "hidden", true)
			p.must(desk, umpire, "volleyfire-roster commander-add", "name", "Soult", "side", "French", "nation", "French", "player", p.hider(),
				"royal", true, "hidden", true)
		})
		p.must(desk, umpire, "volleyfire first", "side", pick(p.common, "French", "Allies"))
	},
	hiddenMove: func(p *play, lapse bool) {
		names := vfHidden(p)
		unit := vfActive(p, p.hider())
		if unit == "" { // one of the two not yet activated this turn
			first := p.secret.IntN(2)
			commander := []any{"commander", "none"}
			if p.secret.IntN(2) == 0 {
				commander = []any{"commander", names[2]} // 2" or 5" off, measured
			}
			for _, i := range []int{first, 1 - first} {
				p.in(channelA, p.hider(), "volleyfire activate", append([]any{"unit", names[i]}, commander...)...)
				if unit = vfActive(p, p.hider()); unit != "" {
					break
				}
			}
		}
		if !lapse && vfMayStep(p, unit) { // to a point on the table: now and then a march too far, then a step
			if p.secret.IntN(2) == 0 {
				p.routed("volleyfire move", unit, true, "unit", unit)
			}
			if p.secret.IntN(4) > 0 {
				p.routed("volleyfire move", unit, false, "unit", unit)
			}
		}
		// Two actions end an activation: one that is to lapse takes none.
		for range p.secret.IntN(4) {
			n := 5
			if lapse {
				n = 2
			}
			switch p.secret.IntN(n) {
			case 0:
				p.in(channelA, p.hider(), "turn status")
			case 1:
				p.in(channelA, p.hider(), "orders", "text", "Screen the ridge with "+unit+".")
			case 2:
				p.in(channelA, p.hider(), "volleyfire move", "unit", unit, "open", float64(1+p.secret.IntN(6)))
			case 3:
				p.in(channelA, p.hider(), "volleyfire reload", "unit", unit)
			case 4:
				p.in(channelA, p.hider(), "volleyfire formation", "unit", unit, "to", pick(p.secret, "line", "column", "skirmish"))
			}
		}
		if !lapse {
			p.in(channelA, p.hider(), "volleyfire done", "unit", unit)
		}
	},
	move: func(p *play, u interaction.User) {
		h := vfHolders[u.ID]
		if vfActive(p, u) == "" {
			p.in(h.channel, u, "volleyfire activate", "unit", h.unit, "commander", "none")
		}
		for range p.common.IntN(3) {
			switch p.common.IntN(3) {
			case 0:
				p.in(h.channel, u, "volleyfire move", "unit", h.unit, "open", 3.0)
			case 1:
				p.in(h.channel, u, "volleyfire shoot", "unit", h.unit, "target", h.target, "range", 8.0)
			case 2:
				p.in(h.channel, u, "volleyfire reload", "unit", h.unit)
			}
		}
		p.in(h.channel, u, "volleyfire done", "unit", h.unit)
	},
	typed: func(p *play, guess string) {
		p.in(channelB, b1, "volleyfire shoot", "unit", "1st Foot", "target", guess, "range", 8.0)
	},
	reveals: []func(p *play){
		func(p *play) { p.must(desk, umpire, "game reveal", "side", "Allies", "unit", vfHidden(p)[0]) },
		func(p *play) { p.must(desk, umpire, "game reveal", "unit", vfHidden(p)[1]) },
	},
}

// vfActive is the unit of u's that is active now ("" when none is).
func vfActive(p *play, u interaction.User) string {
	ws, _ := p.waiting()
	for _, w := range ws {
		if w.User == u.ID && strings.HasPrefix(w.What, "give ") {
			return strings.TrimSuffix(strings.TrimPrefix(w.What, "give "), " its actions (`/turn next` ends its activation)")
		}
	}
	return ""
}

// vfMayStep reports whether unit, active, may be ordered to a point: it is
// in command, with an action left, and in no melee (V3, V4).
func vfMayStep(p *play, unit string) bool {
	p.t.Helper()
	b, err := battle.BoardOf[vf.Board](p.game())
	if err != nil {
		p.t.Fatal(err)
	}
	t := b.Turn
	return t.Active == unit && t.InCommand && t.Left(unit) > 0 && len(b.Combats) == 0
}

// vfHiddenNames are side A's hidden units and commander in each play.
var vfHiddenNames = [2][]string{{"Voltigeurs", "Hussards", "Victor"}, {"Chasseurs", "Dragons", "Soult"}}

// vfHidden are the play's hidden names.
func vfHidden(p *play) []string { return p.hiddenOf(vfHiddenNames) }

// vfHolders are the units in sight of both plays: where their players give
// orders, and the enemy each shoots at.
var vfHolders = map[string]struct{ unit, channel, target string }{
	b1.ID: {"1st Foot", channelB, "4e Ligne"},
	b2.ID: {"Rifles", mainChannel, "4e Ligne"},
	a1.ID: {"4e Ligne", channelA, "1st Foot"},
}
