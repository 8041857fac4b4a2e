package fogproof_test

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A ruleset is how a rule set's battle is generated: its roster, each
// holder's move, and the rules that reveal a hidden unit.
type ruleset struct {
	id string
	// sides are side A's and side B's names, as the roster has them.
	sides [2]string
	// hidden are side A's hidden names (units, officers, figures) in each
	// play; B guesses them all, in both.
	hidden [2][]string
	// roster places the units: side B's and side A's in sight as in both
	// plays, side A's hidden ones (p.secretly) as the play has them.
	roster func(p *play)
	// hiddenMove is the hider's move (a2's or a3's) when he is waited on:
	// what hidden units do that reveals nothing (moves, to points on the
	// table too (routed), reloads, card plays, passes), ended unless lapse
	// (then its deadline passes it).
	hiddenMove func(p *play, lapse bool)
	// move is u's move (a1's, b1's or b2's) when he is waited on.
	move func(p *play, u interaction.User)
	// typed is what B's players type that names what they guess is hidden.
	typed func(p *play, guess string)
	// show is the rule set's roster command.
	show string
	// visibleFirst: a1, whose unit is in sight, moves before the hider when both
	// are waited on (where a move of one is the side's, and which one moves
	// is seen).
	visibleFirst bool
	// drawn, if set, reports whether the umpire has no more to call this
	// turn, though a holder could still move.
	drawn func(m rules.Moment) bool
	// reveals are the rules that reveal a hidden unit to side B.
	reveals []func(p *play)
	// wood is the rule set's kind of ground that blocks sight.
	wood string
	// places are where the units in sight stand on the table in both plays,
	// side B's along the near edge facing north, side A's towards the far
	// edge facing south.
	places []place
	// placed are side A's hidden units that stand on the table in each play:
	// each play draws where for itself (placeHidden).
	placed [2][]string
}

// A place is where a unit in sight stands on the table: "x,y".
type place struct{ unit, at string }

// The move deadline, when a play has them.
const deadline = 2 * time.Hour

// battle plays the battle: set up and everything read (setUp), two turns
// with B's and the main channel's readers looking on, everything read; then
// the reveal (cut marks where the compared transcripts end), and what B
// reads of the battle.
func (p *play) battle() (cut map[audience]int) {
	rs := p.rs
	p.setUp()
	for range 2 {
		p.must(desk, umpire, "turn new")
		p.moveOnMap()
		p.turn()
	}
	p.read(true)
	cut = map[audience]int{}
	for _, a := range compared {
		cut[a] = p.heard[a].Len()
	}
	pick(p.common, rs.reveals...)(p)
	p.in(channelB, b1, "game status")
	p.in(channelB, b1, rs.show)
	p.in(channelB, b1, "map export")
	return cut
}

// setUp sets the battle up: the roster, the table laid out, the sides'
// channels and the deadlines; then B's and the main channel's readers read
// everything.
func (p *play) setUp() {
	rs := p.rs
	p.must(mainChannel, umpire, "game start", "ruleset", rs.id, "name", "The proof")
	p.must(mainChannel, umpire, "game settings", "fog", "on")
	p.must(mainChannel, umpire, "game desk", "channel", desk)
	rs.roster(p)
	p.lay()
	p.must(desk, umpire, "game side-channel", "side", rs.sides[0], "channel", channelA)
	p.must(desk, umpire, "game side-channel", "side", rs.sides[1], "channel", channelB)
	if p.deadlines {
		p.must(desk, umpire, "game deadline", "move", "2h", "expire", "pass")
	}
	p.read(true)
}

// The table: 72" by 48", with a belt of wood along side A's rear, behind
// which its hidden units stand, out of side B's sight: no rule of the table
// (an observation, G6) could reveal them before the reveal the test makes.
const (
	tableWidth, tableDepth = 72.0, 48.0
	woodShape              = "2,40 70,40 70,42 2,42"
)

// lay lays out the table: the wood, the units in sight where both plays
// place them, and side A's hidden units (secretly) where the play draws.
func (p *play) lay() {
	p.must(desk, umpire, "map table", "width", tableWidth, "depth", tableDepth)
	p.must(desk, umpire, "map terrain", "kind", p.rs.wood, "name", "Copse", "shape", woodShape)
	for _, pl := range p.rs.places {
		p.must(desk, umpire, "map place", "unit", pl.unit, "at", pl.at, "facing", facingAt(pl.at))
	}
	p.secretly(p.placeHidden)
}

// facingAt is how a unit standing at "x,y" faces: side B's, on the near
// half, north; side A's south.
func facingAt(at string) string {
	var x, y float64
	fmt.Sscanf(at, "%g,%g", &x, &y)
	if y < tableDepth/2 {
		return "N"
	}
	return "S"
}

// placeHidden puts side A's hidden units where the play's secret draws
// say, behind the wood, 3" apart from one another (an officer within reach
// of his men), facing south: in no arc of fire or line between the units in
// sight.
func (p *play) placeHidden() {
	x, y := 4+p.hideAt.IntN(56), 44+p.hideAt.IntN(3)
	for i, n := range p.hiddenOf(p.rs.placed) {
		p.must(desk, umpire, "map place", "unit", n, "at", fmt.Sprintf("%d,%d", x+3*i, y), "facing", "S")
	}
}

// moveOnMap is the umpire's moves on the table at a turn's start: side A's
// hidden units to where the play's secret draws say, and a unit in sight,
// the same in both plays, a little along its line.
func (p *play) moveOnMap() {
	p.secretly(p.placeHidden)
	pl := pick(p.where, p.rs.places...)
	var x, y float64
	fmt.Sscanf(pl.at, "%g,%g", &x, &y)
	at := fmt.Sprintf("%g,%g", x+float64(p.where.IntN(3)-1), y)
	p.must(desk, umpire, "map place", "unit", pl.unit, "at", at, "facing", facingAt(pl.at))
}

// revealInSight moves the play's hidden units in front of side B's unit
// standing at "x,y", 3" apart, where the play draws, with nothing between:
// for a rule that reveals them by firing.
func (p *play) revealInSight(at string) {
	var x, y float64
	fmt.Sscanf(at, "%g,%g", &x, &y)
	p.secretly(func() {
		x, y := x+float64(p.hideAt.IntN(3)-1), y+4+float64(p.hideAt.IntN(3))
		for i, n := range p.hiddenOf(p.rs.placed) {
			p.must(desk, umpire, "map place", "unit", n, "at", fmt.Sprintf("%g,%g", x+float64(3*i), y), "facing", "S")
		}
	})
}

// turn plays a turn to its end: each holder waited on moves (the hider
// first, his hidden units' move drawn from the play's own secret choices;
// with deadlines he lets it lapse, and the clock moves on past his
// deadline; without, he may hold back); before each call of the umpire the
// readers may look. The plays keep the hider waited on at the same
// moments: the clock moving on for him is seen by all.
func (p *play) turn() {
	// moved is the moment each holder last moved at: he moves once at each.
	moved, waited, turn := map[string]string{}, "", -1
	for range 400 {
		ws, m := p.waiting()
		at := m.Key
		if turn < 0 {
			turn = m.Turn
		}
		if m.Turn != turn { // begun by the last side's end
			return
		}
		due := func(u interaction.User) bool { return waitsOn(ws, u) && moved[u.ID] != at }
		order := []interaction.User{p.hider(), b1, b2, a1}
		if p.rs.visibleFirst {
			order = []interaction.User{a1, p.hider(), b1, b2}
		}
		if i := slices.IndexFunc(order, due); i >= 0 {
			u := order[i]
			moved[u.ID] = at
			if u == p.hider() {
				p.secretly(func() { p.rs.hiddenMove(p, p.deadlines) })
			} else {
				p.rs.move(p, u)
			}
			continue
		}
		if waitsOn(ws, p.hider()) && p.deadlines {
			if waited == at {
				p.t.Fatalf("%s still waits on the hider past his deadline: %+v\n%s", p.rs.id, ws, tail(p.heard[sideA].String(), 15)+"\n"+tail(p.heard[umpires].String(), 15))
			}
			waited = at
			p.wait(deadline + time.Minute)
			if g := p.game(); g.Pace != nil && g.Pace.Paused != nil { // moved on by the clock alone too long
				p.must(desk, umpire, "game resume") // the deadlines move on by the pause: wait for them again
				waited = ""
			}
			continue
		}
		if turnOver(ws) || p.rs.drawn != nil && p.rs.drawn(m) {
			return
		}
		if p.common.IntN(3) == 0 {
			p.read(false)
		}
		p.must(desk, umpire, "turn next")
	}
	ws, _ := p.waiting()
	p.t.Fatalf("%s: the turn did not end: %+v\n%s", p.rs.id, ws, tail(p.heard[umpires].String(), 30))
}

// turnOver reports whether the battle waits on the umpire's next turn.
func turnOver(ws []battle.Wait) bool {
	for _, w := range ws {
		if strings.Contains(w.What, "`/turn new`") || strings.Contains(w.What, "begin turn") {
			return true
		}
	}
	return len(ws) == 0
}

// read is what side B's players and the watcher look at (all of it when
// full, some otherwise): the battle's status, log, report, turn, roster and
// card; autocomplete of options that have it, with nothing typed and with
// a guess; the Details of rulings shown them; and text naming a guess
// at what is hidden, typed.
func (p *play) read(full bool) {
	rs := p.rs
	if p.peek {
		p.in(channelB, b1, "peek")
	}
	some := func() bool { return full || p.common.IntN(4) == 0 }
	asked := 1 // options autocompleted, each reader
	if full {
		asked = 4
	}
	guesses := append(append([]string(nil), rs.hidden[0]...), rs.hidden[1]...)
	for _, at := range []struct {
		u       interaction.User
		channel string
	}{{b1, channelB}, {b2, mainChannel}, {watcher, mainChannel}} {
		for _, cmd := range [][]any{{"game status"}, {"game log", "count", 50}, {"game report"}, {"turn status"}, {"card"}, {rs.show}} {
			if some() {
				p.in(at.channel, at.u, cmd[0].(string), cmd[1:]...)
			}
		}
		p.readMap(at.channel, at.u, full, guesses)
		opts := autocompleted(p.h.Commands, rs.id)
		for range asked {
			o := pick(p.common, opts...)
			p.choices(at.channel, at.u, o[0], o[1], "")
			p.choices(at.channel, at.u, o[0], o[1], pick(p.common, guesses...)[:2])
		}
		a := userAudience(at.u.ID)
		seen := map[string]bool{}
		for i := len(p.buttons[a]) - 1; i >= 0; i-- {
			id := p.buttons[a][i]
			if strings.HasPrefix(id, battle.ButtonDetails+"/") && !seen[id] && len(seen) < 3 && some() {
				seen[id] = true
				p.press(at.channel, at.u, id)
			}
		}
	}
	if some() {
		guess := pick(p.common, guesses...)
		p.in(channelB, b1, "roll", "dice", "2d6", "label", guess+" in the wood?")
		p.in(channelB, b1, "orders", "text", "Watch for "+strings.Join(guesses, " and ")+".")
		rs.typed(p, guess)
	}
}

// readMap is what a reader of side B or the main channel looks at on the
// table (all of it when full, now and then otherwise: each picture drawn
// costs): its picture with a unit in sight's lines of sight, moves or
// ranges, or with a guess at what is hidden; its export, as JSON and SVG.
// The turn message carries the plain picture.
func (p *play) readMap(channel string, u interaction.User, full bool, guesses []string) {
	pl := pick(p.where, p.rs.places...)
	for _, cmd := range [][]any{{"map show", "unit", pl.unit, "overlay", pick(p.where, "sight", "moves", "ranges")},
		{"map show", "unit", pick(p.where, guesses...)}, {"map export"}, {"map export", "format", "svg"}} {
		if full || p.where.IntN(8) == 0 {
			p.in(channel, u, cmd[0].(string), cmd[1:]...)
		}
	}
}

// tail is the last n lines of s, for a failure's message.
func tail(s string, n int) string {
	ls := strings.Split(s, "\n")
	return strings.Join(ls[max(0, len(ls)-n):], "\n")
}
