package mapcmd

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/optdef"
	rc "github.com/referee-bot/referee/rules/crimea"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/rules/tabletop"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// A move order given on the map: the path measured from where the unit
// stands, through the points it goes by, to where it stops; the order the
// table gives its rule set; and the unit moved there once the rule set has
// allowed it.

// A Route, embedded in a move order, is where the unit goes on the map, as
// typed: to:"x,y", by way of via:"x,y x,y …", ending facing facing: (else
// the way its last leg went).
type Route struct {
	To     string `opt:"to"`
	Via    string `opt:"via"`
	Facing string `opt:"facing"`
}

// Routed reports whether the order gives a route (to:).
func (r Route) Routed() bool { return r.To != "" }

// A Walk is a move order's route on the battle's table: the unit as it
// stands, the points it goes by and the one it stops at, and the facing it
// ends in (nil: along its last leg).
type Walk struct {
	Table  tabletop.Table
	From   tabletop.Unit
	Via    []tabletop.Point
	To     tabletop.Point
	facing *float64
}

// Walk is the route of the unit called name on the battle's table. Off a
// map, for a unit not placed, or with points that are not on the table, it
// is refused.
func (r Route) Walk(tx *battle.Tx, name string) (Walk, error) {
	g := tx.Game
	if g == nil || g.Map == nil {
		return Walk{}, interaction.Input("This battle has no map: leave `to:`, `via:` and `facing:` out and give the move as round a table.")
	}
	u, ok := g.Map.Unit(name)
	if !ok {
		return Walk{}, interaction.Refusef("%s is not on the map: place it with `/map place` before moving it `to:` a point.", name)
	}
	w := Walk{Table: *g.Map, From: u}
	var err error
	if w.To, err = tabletop.ParsePoint(r.To); err != nil {
		return Walk{}, interaction.Inputf("`to:` %v.", err)
	}
	if r.Via != "" {
		if w.Via, err = tabletop.ParsePoints(r.Via); err != nil {
			return Walk{}, interaction.Inputf("`via:` %v.", err)
		}
	}
	for _, p := range append(w.Via, w.To) {
		if !w.Table.Contains(p) {
			return Walk{}, interaction.Refusef("%s is off the table (%g\" by %g\"): a move stays on it.", tabletop.Format(p), w.Table.Width, w.Table.Depth)
		}
	}
	if r.Facing != "" {
		f, err := tabletop.ParseFacing(r.Facing)
		if err != nil {
			return Walk{}, interaction.Inputf("`facing:` %v.", err)
		}
		w.facing = &f
	}
	return w, nil
}

// Path is the route of the unit's centre, from where it stands.
func (w Walk) Path() []tabletop.Point { return tabletop.Route(w.From.At, w.Via, w.To) }

// Place moves the unit on the battle's table to the end of its route, facing
// as the order said or along its last leg, and says where, for the ruling.
func (w Walk) Place(tx *battle.Tx) string {
	moved := w.From.Ended(w.Path())
	if w.facing != nil {
		moved.Facing = *w.facing
	}
	return place(tx, moved)
}

// place stands u where the battle's table has the unit of its name, and
// says where, for the ruling.
func place(tx *battle.Tx, u tabletop.Unit) string {
	g := tx.Game
	t := cloneTable(*g.Map)
	for i := range t.Units {
		if t.Units[i].Name == u.Name {
			t.Units[i] = u
		}
	}
	g.Map = &t
	return fmt.Sprintf("%s now stands at %s facing %s", u.Name, tabletop.Format(u.At), compassName(math.Round(u.Facing)))
}

// Typed refuses the invoker's typed value of an option when the table
// measured v otherwise, naming the measure; one not typed agrees.
func Typed(given decode.Given, typed any, v Value) error {
	got := reflect.ValueOf(typed)
	if !given.Has(v.Option) || agree(got, v.Is) {
		return nil
	}
	return interaction.Refusef("The map says otherwise than `%s:%s`: %s. Leave `%s:` out and the referee takes it from the map.",
		v.Option, shown(got), v.How, v.Option)
}

// GreenJacketsMove measures /greenjackets move to: on the battle's table
// (gj.MeasureMove, G7) for the squad or character called name: o with the
// inches of its path, the road it keeps to and the hard going it enters,
// and how each was measured, for the ruling. A typed `inches:`, `road:` or
// `woods:` the table contradicts is refused.
func GreenJacketsMove(w Walk, given decode.Given, o gj.MoveOrder) (gj.MoveOrder, []string, error) {
	name := w.From.Name
	m := gj.MeasureMove(w.Table, w.From, w.Via, w.To)
	measured, err := m.Order(name, o)
	if err != nil {
		return o, nil, err
	}
	how := fmt.Sprintf("%s moves %s\" %s, measured along the path of its centre (G7)", name, inches(m.Length), w.way())
	for _, ob := range m.Obstacles {
		how += fmt.Sprintf(", over %s (an obstacle costs nothing)", ob)
	}
	lines := []string{how}
	if m.Road != "" {
		lines = append(lines, fmt.Sprintf("%s keeps to %s all the way: +%d\" (G7)", name, m.Road, gj.RoadBonus))
	}
	if m.Hard != "" {
		lines = append(lines, fmt.Sprintf("%s goes into %s: hard going, at a crawl and no run (G7)", name, m.Hard))
	}
	road := fmt.Sprintf("%s keeps to no road all the way", name)
	if m.Road != "" {
		road = fmt.Sprintf("%s keeps to %s all the way", name, m.Road)
	}
	woods := fmt.Sprintf("%s goes into no woods or marsh", name)
	if m.NoGuns != "" {
		woods = fmt.Sprintf("%s goes into %s", name, m.NoGuns)
	}
	typed := []struct {
		is any
		v  Value
	}{
		{o.Road, Value{Option: "road", Is: measured.Road, How: road}},
		{o.Woods, Value{Option: "woods", Is: measured.Woods, How: woods}},
	}
	if o.Inches != nil {
		typed = append(typed, struct {
			is any
			v  Value
		}{*o.Inches, Value{Option: "inches", Is: *measured.Inches, How: how}})
	}
	for _, t := range typed {
		if err := Typed(given, t.is, t.v); err != nil {
			return o, nil, err
		}
	}
	return measured, lines, nil
}

// VolleyfireMove measures /volleyfire move to: on the battle's table
// (vf.PathOver, V4): the inches of the path of the unit's centre through
// open, light and heavy ground, and how they were measured, for the ruling.
// Typed inches of any of them the table contradicts are refused.
func VolleyfireMove(w Walk, given decode.Given, typed vf.Path) (vf.Path, []string, error) {
	p := vf.PathOver(w.Table, w.Path())
	var through []string
	for _, g := range []struct {
		in    float64
		where string
	}{{p.Open, "open ground"}, {p.Light, "light terrain ×2"}, {p.Heavy, "heavy terrain ×3"}} {
		if tabletop.Tenth(g.in) > 0 {
			through = append(through, fmt.Sprintf("%s\" of %s", inches(g.in), g.where))
		}
	}
	if len(through) == 0 {
		through = []string{"nowhere"}
	}
	how := fmt.Sprintf("%s moves %s, %s, measured along the path of its centre (V4)", w.From.Name, w.way(), strings.Join(through, ", "))
	for _, t := range []struct {
		option         string
		typed, measure float64
	}{{"open", typed.Open, p.Open}, {"light", typed.Light, p.Light}, {"heavy", typed.Heavy, p.Heavy}} {
		if err := Typed(given, t.typed, Value{Option: t.option, Is: t.measure, How: how}); err != nil {
			return typed, nil, err
		}
	}
	return vf.Path{Open: tabletop.Tenth(p.Open), Light: tabletop.Tenth(p.Light), Heavy: tabletop.Tenth(p.Heavy)}, []string{how}, nil
}

// CrimeaWalk measures /crimea move to: on the battle's table (rc.MeasureMove,
// C6): the path of the unit's centre, and its length in words, for the
// ruling. The ground costs nothing: the rule set holds the path to the
// unit's move.
func CrimeaWalk(w Walk) (rc.MoveLine, string) {
	m := rc.MeasureMove(w.From, w.Via, w.To)
	return m, fmt.Sprintf("%s moves %s\" %s, measured along the path of its centre (C6)", w.From.Name, inches(m.Length), w.way())
}

// CrimeaWalked moves the unit on the battle's table its move of goes inches
// along m, its route (rc.MoveLine.End): to its end, facing as the order said
// or the way its last leg went, or stopped short of it (ReadingMoveShort),
// facing the way it went; and says how far it went and where it stands, for
// the ruling.
func CrimeaWalked(tx *battle.Tx, w Walk, m rc.MoveLine, goes int) []string {
	moved := m.End(w.From, goes)
	went := fmt.Sprintf("%s's move this turn is %d\": it goes the whole path", w.From.Name, goes)
	if m.Beyond(goes) {
		went = fmt.Sprintf("%s's move this turn is %d\": it stops %s\" short of %s", w.From.Name, goes, inches(m.Length-float64(goes)), tabletop.Format(w.To))
	} else if w.facing != nil {
		moved.Facing = *w.facing
	}
	return []string{went, place(tx, moved)}
}

// way is the route in words: from where the unit stands, by way of its
// points, to where it stops.
func (w Walk) way() string {
	way := fmt.Sprintf("from %s to %s", tabletop.Format(w.From.At), tabletop.Format(w.To))
	if len(w.Via) > 0 {
		var by []string
		for _, p := range w.Via {
			by = append(by, tabletop.Format(p))
		}
		way += " by way of " + strings.Join(by, ", ")
	}
	return way
}

// RouteOptions are the options of a move order's Route, for its definition.
func RouteOptions() []*optdef.Option {
	return []*optdef.Option{
		optdef.String("to", `On the map: where it goes, "x,y" in inches`, false, false, 40),
		optdef.String("via", `On the map: the points it goes by, "x,y x,y …"`, false, false, 400),
		optdef.String("facing", "On the map: its facing there (N, NE … or degrees; else the way it went)", false, false, 20),
	}
}
