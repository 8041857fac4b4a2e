package fogproof_test

import (
	"fmt"
	"math"
	"strings"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Measured moves of side A's hidden units: the hider orders one to:"x,y"
// on the table, and the referee measures the path and moves it there, or
// refuses a move beyond its allowance.

const (
	// step is a short step's length, stepped aside by half an inch when it
	// goes by way of a point: within every rule set's least move (Crimea's
	// 6" allowance at its worst modifier, 2"), the path measured 1.8" at most.
	step, aside = 1.5, 0.5
	// march is a move no order of any rule set goes in one.
	march = 32.0
	// The hidden units' ground, behind the wood (woodShape): a step stays
	// on it, out of side B's sight.
	rearFrom, rearTo = 43.0, 47.5
)

// routed is the hider's order at path (opts name the unit and its manner)
// to a point on the table, for his unit called name, from where it stands:
// a short step, one of four ways drawn from the play's hiding spot, now and
// then by way of a point beside it or ending facing another way, which must
// be carried out and leave the unit standing there; or, when long, a march
// of 32" along side A's rear, which must be refused as too far, leaving it
// where it stood.
func (p *play) routed(path, name string, long bool, opts ...any) {
	p.t.Helper()
	from := p.standing(name)
	x, y := from.At[0], from.At[1]
	var route []any
	var to tabletop.Point
	facing := ""
	if long {
		dx := march
		if x > tableWidth/2 {
			dx = -march
		}
		to = tabletop.Point{x + dx, y}
		route = []any{"to", tabletop.Format(to)}
	} else {
		ways := [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
		d := ways[p.hideAt.IntN(len(ways))]
		if !onRear(tabletop.Point{x + step*d[0], y + step*d[1]}) {
			d = [2]float64{-d[0], -d[1]}
		}
		to = tabletop.Point{x + step*d[0], y + step*d[1]}
		route = []any{"to", tabletop.Format(to)}
		if p.hideAt.IntN(3) == 0 {
			mid := tabletop.Point{(x + to[0]) / 2, (y + to[1]) / 2}
			via := tabletop.Point{mid[0] - aside*d[1], mid[1] + aside*d[0]}
			if !onRear(via) {
				via = tabletop.Point{mid[0] + aside*d[1], mid[1] - aside*d[0]}
			}
			route = append(route, "via", tabletop.Format(via))
		}
		if p.hideAt.IntN(3) == 0 {
			facing = pick(p.hideAt, "S", "SW", "SE", "E", "W")
			route = append(route, "facing", facing)
		}
	}
	r := p.in(channelA, p.hider(), path, append(opts, route...)...)
	o, said, now := p.h.Outcome(), commandstest.Text(r), p.standing(name)
	switch {
	case long && (o != interaction.OutcomeRefused || !strings.Contains(said, fmt.Sprintf(`%g"`, march))):
		p.t.Fatalf("%s: /%s %v of %g\" by %s was not refused as too far: %s: %s", p.rs.id, path, route, march, name, o, said)
	case long && now.At != from.At:
		p.t.Fatalf("%s: a refused march moved %s from %s to %s", p.rs.id, name, tabletop.Format(from.At), tabletop.Format(now.At))
	case long:
	case o != interaction.OutcomeOK:
		p.t.Fatalf("%s: /%s %v, a step of %s, was not carried out: %s: %s", p.rs.id, path, route, name, o, said)
	case math.Hypot(now.At[0]-to[0], now.At[1]-to[1]) > 1e-9:
		p.t.Fatalf("%s: /%s %v left %s at %s, not at %s", p.rs.id, path, route, name, tabletop.Format(now.At), tabletop.Format(to))
	case facing != "" && now.Facing != mustFacing(p, facing):
		p.t.Fatalf("%s: /%s %v left %s facing %g°, not %s", p.rs.id, path, route, name, now.Facing, facing)
	}
}

// onRear reports whether at is on the hidden units' ground behind the wood.
func onRear(at tabletop.Point) bool {
	return at[0] >= 2 && at[0] <= tableWidth-2 && at[1] >= rearFrom && at[1] <= rearTo
}

// standing is the unit called name as the umpire's table has it.
func (p *play) standing(name string) tabletop.Unit {
	p.t.Helper()
	m := p.game().Map
	if m == nil {
		p.t.Fatalf("%s: the battle has no map", p.rs.id)
	}
	u, ok := m.Unit(name)
	if !ok {
		p.t.Fatalf("%s: %s is not on the map", p.rs.id, name)
	}
	return u
}

func mustFacing(p *play, s string) float64 {
	p.t.Helper()
	f, err := tabletop.ParseFacing(s)
	if err != nil {
		p.t.Fatal(err)
	}
	return f
}
