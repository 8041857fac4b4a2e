package mapcmd

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/state"
)

// Grounded is a rule set that can be played on a map: it names its kinds of
// ground and what each means in its rules.
type Grounded interface {
	Ground() []tabletop.Kind
}

// Reaching is a rule set that says how far its units move and shoot, for
// /map show's moves and ranges: g is the reader's view of the battle, unit a
// name on its roster.
type Reaching interface {
	Reach(g *battle.Game, unit string) (tabletop.Reach, error)
}

// The table /map table lays out when no size is given: a common 6 by 4 feet.
const defaultWidth, defaultDepth = 72, 48

// A unit placed with no footprint given stands on a 1" square.
const defaultFootprint = 1

// Commands serves /map over the battle service.
type Commands struct {
	svc *battle.Service
	// orders decodes /map's options, its roster names the battle's board's
	// whatever its rule set; show and export are the decoders of the two
	// subcommands that only read the battle.
	orders *decode.Decoder
	show   func(interaction.Request, *battle.Game) (showOrder, error)
	export func(interaction.Request, *battle.Game) (exportOrder, error)
	// pictures are the pictures of the table drawn lately.
	pictures *Pictures
}

// New returns the /map handlers, which keep the pictures they draw in
// pictures (nil: in a Pictures of their own).
func New(svc *battle.Service, pictures *Pictures) *Commands {
	if pictures == nil {
		pictures = new(Pictures)
	}
	c := &Commands{svc: svc, pictures: pictures}
	c.orders = decode.ForEvery(Definitions[0], c.roster,
		decode.Parse(parsePoint), decode.Parse(parseShape), decode.Parse(parseFacing))
	c.show = decode.Reader[showOrder](c.orders, "map show")
	c.export = decode.Reader[exportOrder](c.orders, "map export")
	return c
}

// Routes are the /map subcommands that change the battle: the umpire's.
func (c *Commands) Routes() []battle.Route {
	return []battle.Route{
		decode.Route(c.orders, "map table", c.Table),
		decode.Route(c.orders, "map terrain", c.Terrain),
		decode.Route(c.orders, "map place", c.Place),
		decode.Route(c.orders, "map remove", c.Remove),
		decode.Route(c.orders, "map import", c.Import),
	}
}

// placeable is the kind of every name /map takes from the roster: a unit,
// squad, officer or base, whatever the rule set calls it.
const placeable = "placeable"

// roster is every name of g's board, of whatever rule set (g is the battle
// as the invoker may see it, so that the names are his).
func (c *Commands) roster(g *battle.Game) ([]decode.Name, error) {
	names, err := c.names(g)
	if err != nil {
		return nil, err
	}
	out := make([]decode.Name, 0, len(names))
	for n := range names {
		out = append(out, decode.Name{Name: n, Kind: placeable})
	}
	slices.SortFunc(out, func(a, b decode.Name) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// A shape is a piece of ground's corners, or a line's points, as typed:
// "x,y x,y x,y" in inches.
type shape []tabletop.Point

// A facing is degrees clockwise from north, the table's far edge.
type facing float64

// The parsers of /map's own values, the table's words (tabletop): a point,
// a shape, a facing (nothing typed faces north).
func parsePoint(s string) (tabletop.Point, error) {
	p, err := tabletop.ParsePoint(s)
	return p, sentence(err)
}

func parseShape(s string) (shape, error) {
	ps, err := tabletop.ParsePoints(s)
	return ps, sentence(err)
}

func parseFacing(s string) (facing, error) {
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	deg, err := tabletop.ParseFacing(s)
	return facing(deg), sentence(err)
}

// sentence is err as the end of a refusal's sentence.
func sentence(err error) error {
	if err != nil {
		return errors.New(render.Sentence(err.Error()))
	}
	return nil
}

// The orders of /map's subcommands, decoded from their options.
type (
	tableOrder struct {
		Width *float64 `opt:"width"`
		Depth *float64 `opt:"depth"`
	}
	terrainOrder struct {
		Kind   string  `opt:"kind"`
		Name   string  `opt:"name"`
		Shape  shape   `opt:"shape"`
		Height float64 `opt:"height"`
	}
	placeOrder struct {
		Unit     string         `opt:"unit" roster:"placeable"`
		At       tabletop.Point `opt:"at"`
		Facing   facing         `opt:"facing"`
		Frontage *float64       `opt:"frontage"`
		Depth    *float64       `opt:"depth"`
	}
	removeOrder struct {
		// Name is a unit's or a piece of ground's: the table's, not the roster's.
		Name string `opt:"name"`
	}
	showOrder struct {
		Unit    string `opt:"unit" roster:"placeable"`
		Overlay string `opt:"overlay"`
	}
	exportOrder struct {
		Format string `opt:"format"`
	}
	importOrder struct {
		File interaction.File `opt:"file"`
	}
)

// ground is the kinds of ground of the game's rule set.
func (c *Commands) ground(g *battle.Game) ([]tabletop.Kind, error) {
	rs, _ := c.svc.Ruleset(g.Ruleset)
	gr, ok := rs.(Grounded)
	if !ok {
		return nil, interaction.Refusef("%s is not played on a map here: give distances as options, as round a table.", rs.Name())
	}
	return gr.Ground(), nil
}

// names is every name on the game's roster, each with its side (a view's
// names are what its reader may know).
func (c *Commands) names(g *battle.Game) (map[string]string, error) {
	rs, _ := c.svc.Ruleset(g.Ruleset)
	f, ok := rs.(view.Fog)
	if !ok {
		return map[string]string{}, nil
	}
	return f.Names(g)
}

// sides are the battle's sides in the rule set's order, for their colours.
func (c *Commands) sides(g *battle.Game) []string {
	rs, _ := c.svc.Ruleset(g.Ruleset)
	if f, ok := rs.(view.Fog); ok {
		if s, err := f.Sides(g); err == nil {
			return s
		}
	}
	return nil
}

// changeMap runs fn on the channel's battle's table, for the umpire.
func (c *Commands) changeMap(tx *battle.Tx, what string, fn func(t *tabletop.Table) (string, error)) (interaction.Response, error) {
	if err := tx.RequireUmpire(what); err != nil {
		return interaction.Response{}, err
	}
	if tx.Game.Map == nil {
		return interaction.Response{}, interaction.Refuse("This battle has no table yet: the umpire lays one out with `/map table`.")
	}
	t := cloneTable(*tx.Game.Map)
	news, err := fn(&t)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := t.Validate(); err != nil {
		return interaction.Response{}, interaction.Refuse(render.Sentence(err.Error()))
	}
	tx.Game.Map = &t
	tx.Log(news)
	return umpireOnly(tx, news), nil
}

// umpireOnly is the umpire's answer to a change of the table: the whole
// channel reads it when fog of war is off; under fog it is his alone, since
// it says where units stand (roster.Umpires).
func umpireOnly(tx *battle.Tx, news string) interaction.Response {
	return roster.Umpires(tx, interaction.Say(news))
}

func cloneTable(t tabletop.Table) tabletop.Table {
	t.Terrain = slices.Clone(t.Terrain)
	t.Units = slices.Clone(t.Units)
	return t
}

// Table is /map table: a new, empty table of the size given.
func (c *Commands) Table(tx *battle.Tx, o tableOrder) (interaction.Response, error) {
	w, d := float64(defaultWidth), float64(defaultDepth)
	if o.Width != nil {
		w = *o.Width
	}
	if o.Depth != nil {
		d = *o.Depth
	}
	if err := tx.RequireUmpire("lay out the table"); err != nil {
		return interaction.Response{}, err
	}
	if _, err := c.ground(tx.Game); err != nil {
		return interaction.Response{}, err
	}
	t := tabletop.Table{Width: w, Depth: d}
	if old := tx.Game.Map; old != nil {
		t.Terrain, t.Units = old.Terrain, old.Units
	}
	if err := t.Validate(); err != nil {
		return interaction.Response{}, interaction.Refusef("The table cannot be %g\" by %g\": %s", w, d, render.Sentence(err.Error()))
	}
	news := fmt.Sprintf("The table is %g\" wide and %g\" deep. Add ground with `/map terrain`, units with `/map place`; `/map show` draws it.", w, d)
	if tx.Game.Map != nil {
		news = fmt.Sprintf("The table is now %g\" wide and %g\" deep; its ground and units stay where they are.", w, d)
	}
	tx.Game.Map = &t
	tx.Log(fmt.Sprintf("lays out a %g\" by %g\" table", w, d))
	return umpireOnly(tx, news), nil
}

// Terrain is /map terrain: a piece of ground of the rule set's kinds.
func (c *Commands) Terrain(tx *battle.Tx, o terrainOrder) (interaction.Response, error) {
	kind, name, height := strings.ToLower(strings.TrimSpace(o.Kind)), strings.TrimSpace(o.Name), o.Height
	points := []tabletop.Point(o.Shape)
	return c.changeMap(tx, "change the ground", func(t *tabletop.Table) (string, error) {
		kinds, err := c.ground(tx.Game)
		if err != nil {
			return "", err
		}
		k, ok := tabletop.Find(kinds, kind)
		if !ok {
			return "", interaction.Refusef("%s has no ground called %q: it has %s.", ruleName(c, tx.Game), kind, kindNames(kinds))
		}
		if height > 0 && !k.Hill {
			return "", interaction.Refusef("A %s has no height: only a hill has.", k.Name)
		}
		f := tabletop.Feature{Kind: k.Name, Name: name, Height: height}
		if k.Line {
			f.Line = points
		} else {
			f.Area = append(points, points[0])
		}
		if slices.ContainsFunc(t.Terrain, func(o tabletop.Feature) bool { return strings.EqualFold(o.Name, name) }) {
			return "", interaction.Refusef("The table has ground called %s already: remove it first with `/map remove`, or give this another name.", name)
		}
		t.Terrain = append(t.Terrain, f)
		return fmt.Sprintf("%s, a %s (%s), is on the table.", name, k.Name, k.Means), nil
	})
}

// Place is /map place: a unit on the table, or moved to a new place there.
func (c *Commands) Place(tx *battle.Tx, o placeOrder) (interaction.Response, error) {
	at, facing := o.At, float64(o.Facing)
	return c.changeMap(tx, "place units on the table", func(t *tabletop.Table) (string, error) {
		name := o.Unit // the roster's spelling
		u := tabletop.Unit{Name: name, At: at, Facing: facing, Width: defaultFootprint, Depth: defaultFootprint}
		i := slices.IndexFunc(t.Units, func(o tabletop.Unit) bool { return o.Name == name })
		if i >= 0 {
			u.Width, u.Depth = t.Units[i].Width, t.Units[i].Depth
		}
		if o.Frontage != nil {
			u.Width = *o.Frontage
		}
		if o.Depth != nil {
			u.Depth = *o.Depth
		}
		if i >= 0 {
			t.Units[i] = u
		} else {
			t.Units = append(t.Units, u)
		}
		return fmt.Sprintf("%s stands at %s facing %s (%g\" by %g\").", name, tabletop.Format(at), compassName(facing), u.Width, u.Depth), nil
	})
}

// rosterName is the roster's spelling of a unit's name, or the refusal with
// the closest names.
func (c *Commands) rosterName(g *battle.Game, typed string) (string, error) {
	names, err := c.names(g)
	if err != nil {
		return "", err
	}
	typed = strings.TrimSpace(typed)
	all := make([]string, 0, len(names))
	for n := range names {
		if strings.EqualFold(n, typed) {
			return n, nil
		}
		all = append(all, n)
	}
	slices.Sort(all)
	return "", decode.NotOnRoster(typed, all)
}

// Remove is /map remove: a unit or a piece of ground off the table.
func (c *Commands) Remove(tx *battle.Tx, o removeOrder) (interaction.Response, error) {
	name := strings.TrimSpace(o.Name)
	return c.changeMap(tx, "change the table", func(t *tabletop.Table) (string, error) {
		if i := slices.IndexFunc(t.Units, func(u tabletop.Unit) bool { return strings.EqualFold(u.Name, name) }); i >= 0 {
			n := t.Units[i].Name
			t.Units = slices.Delete(t.Units, i, i+1)
			return fmt.Sprintf("%s is off the table.", n), nil
		}
		if i := slices.IndexFunc(t.Terrain, func(f tabletop.Feature) bool { return strings.EqualFold(f.Name, name) }); i >= 0 {
			n := t.Terrain[i].Name
			t.Terrain = slices.Delete(t.Terrain, i, i+1)
			return fmt.Sprintf("%s is off the table.", n), nil
		}
		return "", interaction.Refusef("Nothing on the table is called %s.", name)
	})
}

// viewed is the channel's battle and the table as the invoker may see it.
func (c *Commands) viewed(ctx context.Context, req interaction.Request) (*battle.Game, seen, error) {
	g, err := c.svc.View(ctx, req.ChannelID)
	if errors.Is(err, state.ErrNotFound) || err == nil && !g.Running() {
		return nil, seen{}, interaction.Refuse("There is no battle in this channel: the map is a battle's.")
	}
	if err != nil {
		return nil, seen{}, err
	}
	if g.Map == nil {
		return nil, seen{}, interaction.Refuse("This battle has no table yet: the umpire lays one out with `/map table`.")
	}
	reader, err := view.ReaderOf(c.svc, g, req.User.ID)
	if err != nil {
		return nil, seen{}, err
	}
	v, err := view.For(c.svc, g, reader)
	if err != nil {
		return nil, seen{}, err
	}
	s, err := c.see(g, v)
	s.public = !g.Fogged() || view.ChannelReader(g, req.ChannelID) == reader
	return g, s, err
}

// seen is a table as one reader may know it, with each unit's side.
type seen struct {
	table tabletop.Table
	sides map[string]string
	order []string
	kinds []tabletop.Kind
	// view is the battle as the reader may know it.
	view *battle.Game
	// public: the reader is the channel's own, so an answer may be posted there.
	public bool
}

// see is g's table as the reader of view may know it: the units view's
// roster names, and the ground.
func (c *Commands) see(g, view *battle.Game) (seen, error) {
	kinds, err := c.ground(g)
	if err != nil {
		return seen{}, err
	}
	names, err := c.names(view)
	if err != nil {
		return seen{}, err
	}
	t := cloneTable(*g.Map)
	t.Units = slices.DeleteFunc(t.Units, func(u tabletop.Unit) bool { _, ok := names[u.Name]; return !ok })
	return seen{table: t, sides: names, order: c.sides(view), kinds: kinds, view: view}, nil
}

// TurnPicture is the picture the battle's turn message carries: g's table
// as the reader of view sees it, no overlay; nil when the battle has no map
// or its rule set none. A table drawn lately is not drawn again (pictures).
func (c *Commands) TurnPicture(g, view *battle.Game) (*interaction.File, error) {
	if g.Map == nil {
		return nil, nil
	}
	if _, err := c.ground(g); err != nil {
		return nil, nil
	}
	s, err := c.see(g, view)
	if err != nil {
		return nil, err
	}
	png, err := c.pictures.picture(s, overlay{})
	if err != nil {
		return nil, err
	}
	return &interaction.File{Name: fileName(g, "png"), Content: png}, nil
}

// Show is /map show: the picture of the table as the invoker may see it
// (one drawn lately is not drawn again: pictures).
func (c *Commands) Show(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, s, err := c.viewed(ctx, req)
	if err != nil {
		return interaction.Response{}, err
	}
	order, err := c.show(req, s.view)
	if err != nil {
		return interaction.Response{}, err
	}
	var o overlay
	if order.Unit != "" {
		if o, err = c.overlayOf(g, s, order.Unit, order.Overlay); err != nil {
			return interaction.Response{}, err
		}
	}
	png, err := c.pictures.picture(s, o)
	if err != nil {
		return interaction.Response{}, err
	}
	m := interaction.Message{
		Content: caption(g, s, o),
		Files:   []interaction.File{{Name: fileName(g, "png"), Content: png}},
	}
	if s.public {
		return interaction.Response{Public: []interaction.Message{m}}, nil
	}
	return interaction.Response{Ephemeral: []interaction.Message{m}}, nil
}

func (s seen) unit(name string) (tabletop.Unit, bool) {
	for _, u := range s.table.Units {
		if strings.EqualFold(u.Name, name) {
			return u, true
		}
	}
	return tabletop.Unit{}, false
}

// overlayOf is what /map show draws for the unit called name, seen as s:
// the reader may ask only of a unit he sees.
func (c *Commands) overlayOf(g *battle.Game, s seen, name, kind string) (overlay, error) {
	u, ok := s.unit(name)
	if !ok {
		return overlay{}, notOnTable(name, s.table)
	}
	o := overlay{unit: u, kind: cmp.Or(kind, OverlaySight)}
	if o.kind == OverlaySight {
		return o, nil
	}
	rs, _ := c.svc.Ruleset(g.Ruleset)
	r, ok := rs.(Reaching)
	if !ok {
		return overlay{}, interaction.Refusef("%s does not say here how far its units move or shoot.", rs.Name())
	}
	reach, err := r.Reach(s.view, u.Name)
	if err != nil {
		return overlay{}, err
	}
	o.reach = reach
	return o, nil
}

// caption is what goes with a picture: the table, and for an overlay what
// it shows in words.
func caption(g *battle.Game, s seen, o overlay) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**: the table, %g\" by %g\", with %s and %s.", render.InertTitle(g.Name), s.table.Width, s.table.Depth,
		count(len(s.table.Terrain), "piece of ground", "pieces of ground"), count(len(s.table.Units), "unit", "units"))
	u := o.unit
	switch o.kind {
	case OverlaySight:
		for _, l := range sightlines(s, u) {
			if l.view.Clear {
				fmt.Fprintf(&b, "\n- %s sees %s (%s\").", u.Name, l.to.Name, inches(l.gap))
			} else {
				fmt.Fprintf(&b, "\n- %s cannot see %s: %s is in the way.", u.Name, l.to.Name, l.view.By)
			}
		}
	case OverlayMoves:
		if len(o.reach.Moves) == 0 {
			fmt.Fprintf(&b, "\n%s has no move of its own to draw.", u.Name)
			break
		}
		fmt.Fprintf(&b, "\n%s may move, in a straight line, the ground counted as the rules count it: %s.", u.Name, bandList(o.reach.Moves))
	case OverlayRanges:
		if len(o.reach.Bands) == 0 {
			fmt.Fprintf(&b, "\n%s has no ranges to draw.", u.Name)
			break
		}
		fmt.Fprintf(&b, "\n%s's ranges, from the edge of its footprint: %s.", u.Name, bandList(o.reach.Bands))
	}
	return b.String()
}

// bandList is moves or ranges in words: "crawl 3\", jog 6\" (3\" into hard
// going), run 9\"".
func bandList(bands []tabletop.Band) string {
	parts := make([]string, len(bands))
	for i, band := range bands {
		parts[i] = bandName(band)
		if band.Hard > 0 && band.Hard < band.Inches {
			parts[i] += fmt.Sprintf(" (%s\" into hard going)", inches(band.Hard))
		}
	}
	return strings.Join(parts, ", ")
}

// bandName is a band as the map names it: its name and far edge ("jog 6\""),
// or the edge alone for a band the rules name by its inches.
func bandName(band tabletop.Band) string {
	return strings.TrimSpace(band.Name + " " + inches(band.Inches) + `"`)
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func inches(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", v), "0"), ".")
}

// Export is /map export: the table as the invoker may see it, as a file.
func (c *Commands) Export(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, s, err := c.viewed(ctx, req)
	if err != nil {
		return interaction.Response{}, err
	}
	o, err := c.export(req, s.view)
	if err != nil {
		return interaction.Response{}, err
	}
	var f interaction.File
	switch o.Format {
	case FormatSVG:
		b, err := drawSVG(s, overlay{})
		if err != nil {
			return interaction.Response{}, err
		}
		f = interaction.File{Name: fileName(g, "svg"), Content: b}
	default:
		b, err := json.MarshalIndent(s.table, "", "  ")
		if err != nil {
			return interaction.Response{}, err
		}
		f = interaction.File{Name: fileName(g, "json"), Content: append(b, '\n')}
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Content: "The table as you may see it.", Files: []interaction.File{f}}}}, nil
}

// Import is /map import: the whole table from a file, checked whole first.
func (c *Commands) Import(tx *battle.Tx, o importOrder) (interaction.Response, error) {
	file := o.File
	var t tabletop.Table
	dec := json.NewDecoder(bytes.NewReader(file.Content))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return interaction.Response{}, interaction.Refusef("That file is not a map: %s.", render.Sentence(strings.TrimPrefix(err.Error(), "json: ")))
	}
	if err := t.Validate(); err != nil {
		return interaction.Response{}, interaction.Refusef("That map does not check out: %s", render.Sentence(err.Error()))
	}
	if err := tx.RequireUmpire("lay out the table"); err != nil {
		return interaction.Response{}, err
	}
	kinds, err := c.ground(tx.Game)
	if err != nil {
		return interaction.Response{}, err
	}
	for _, f := range t.Terrain {
		k, ok := tabletop.Find(kinds, f.Kind)
		if !ok || k.Line != f.IsLine() {
			return interaction.Response{}, interaction.Refusef("That map does not check out: %s is a %s, which %s has not as %s.", f.Name, f.Kind, ruleName(c, tx.Game), shapeWord(f.IsLine()))
		}
	}
	for i, u := range t.Units {
		name, err := c.rosterName(tx.Game, u.Name)
		if err != nil {
			return interaction.Response{}, interaction.Refusef("That map does not check out: %s", render.Sentence(err.Error()))
		}
		t.Units[i].Name = name
	}
	tx.Game.Map = &t
	tx.Log(fmt.Sprintf("lays out the table from %s", file.Name))
	return umpireOnly(tx, fmt.Sprintf("The table is laid out from %s: %g\" by %g\", %s, %s.", file.Name, t.Width, t.Depth,
		count(len(t.Terrain), "piece of ground", "pieces of ground"), count(len(t.Units), "unit", "units"))), nil
}

func shapeWord(line bool) string {
	if line {
		return "a line"
	}
	return "an area"
}

func ruleName(c *Commands, g *battle.Game) string {
	rs, _ := c.svc.Ruleset(g.Ruleset)
	return rs.Name()
}

func kindNames(kinds []tabletop.Kind) string {
	var areas, lines []string
	for _, k := range kinds {
		if k.Line {
			lines = append(lines, k.Name)
		} else {
			areas = append(areas, k.Name)
		}
	}
	return strings.Join(areas, ", ") + " and, as lines, " + strings.Join(lines, ", ")
}

var compassNames = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// compassName is a facing as a point of the compass when it is one, in degrees
// otherwise.
func compassName(deg float64) string {
	if i := int(deg / 45); float64(i)*45 == deg && i < len(compassNames) {
		return compassNames[i]
	}
	return fmt.Sprintf("%g°", deg)
}

func notOnTable(name string, t tabletop.Table) error {
	names := make([]string, len(t.Units))
	for i, u := range t.Units {
		names[i] = u.Name
	}
	msg := "No " + render.Inert(name) + " on the table as you see it."
	if close := decode.Closest(name, names); len(close) > 0 {
		msg += " Did you mean " + strings.Join(close, " or ") + "?"
	}
	return interaction.Input(msg)
}

// fileName is the name of a file of the battle's table: "map-minden.png".
func fileName(g *battle.Game, ext string) string {
	if slug := render.Slug(g.Name); slug != "" {
		return "map-" + slug + "." + ext
	}
	return "map." + ext
}
