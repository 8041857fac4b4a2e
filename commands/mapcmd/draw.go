package mapcmd

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/referee-bot/referee/rules/tabletop"
)

// The picture's size: the table is drawn to fit widthPx across (Discord shows
// it about half as wide on a phone, so labels are sized to read at 360 px), with
// a margin for the scale bar and the edges' names.
const (
	widthPx  = 720
	marginPx = 40
	labelPt  = 20
	gridStep = 6 // inches between grid lines
)

// overlay is what a picture draws over the table for one unit: kind is one
// of the Overlay choices ("" none); reach is the unit's moves and ranges.
type overlay struct {
	unit  tabletop.Unit
	kind  string
	reach tabletop.Reach
}

// Colours of the table, its ground and the sides (the first side blue, the
// second red, then others).
var (
	tableColour = color.RGBA{0xe9, 0xe4, 0xc9, 0xff}
	gridColour  = color.RGBA{0xc9, 0xc2, 0xa0, 0xff}
	inkColour   = color.RGBA{0x2b, 0x2d, 0x31, 0xff}
	clearColour = color.RGBA{0x2e, 0x8b, 0x57, 0xff}
	seenColour  = color.NRGBA{0xff, 0xf5, 0x9d, 0x70}
	blockColour = color.RGBA{0xc0, 0x39, 0x2b, 0xff}
	sideColours = []color.RGBA{{0x1f, 0x5f, 0xbf, 0xff}, {0xc0, 0x39, 0x2b, 0xff}, {0x7d, 0x3c, 0x98, 0xff}, {0xd3, 0x84, 0x00, 0xff}}
	unsided     = color.RGBA{0x55, 0x55, 0x55, 0xff}
)

// groundColour is how a kind of ground is filled: woods green, hills brown,
// water blue, built-up grey, the rest a pale field.
func groundColour(k tabletop.Kind) color.RGBA {
	switch {
	case k.Hill:
		return color.RGBA{0xc8, 0xa8, 0x78, 0xff}
	case k.BlocksSight && k.Cover == "building" || k.Name == "town" || k.Name == "building":
		return color.RGBA{0x9e, 0x9e, 0x9e, 0xff}
	case k.BlocksSight:
		return color.RGBA{0x5b, 0x8c, 0x4a, 0xff}
	case k.Name == "river" || k.Name == "stream" || k.Name == "marsh" || k.Name == "swamp":
		return color.RGBA{0x6a, 0x9f, 0xd4, 0xff}
	case k.Name == "road":
		return color.RGBA{0x8d, 0x6e, 0x4c, 0xff}
	case k.Line:
		return color.RGBA{0x4e, 0x3b, 0x2a, 0xff}
	}
	return color.RGBA{0xd8, 0xd0, 0x8e, 0xff}
}

// fonts is the picture's typeface, loaded once.
var fonts = sync.OnceValue(func() *font.Cache { return font.NewCache(liberation.Collection()) })

func face(size vg.Length) font.Face {
	return fonts().Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, size)
}

// scale is the number of pixels to the inch of a table drawn widthPx across.
func scale(t tabletop.Table) float64 { return float64(widthPx-2*marginPx) / t.Width }

func size(t tabletop.Table) (w, h vg.Length) {
	k := scale(t)
	return vg.Length(widthPx), vg.Length(t.Depth*k + 2*marginPx)
}

// drawPNG draws the table as a PNG.
func drawPNG(s seen, o overlay) ([]byte, error) {
	var b bytes.Buffer
	if err := encodePNG(&b, drawImage(s, o)); err != nil {
		return nil, fmt.Errorf("mapcmd: png: %w", err)
	}
	return b.Bytes(), nil
}

// drawImage draws the table as a picture.
func drawImage(s seen, o overlay) image.Image {
	w, h := size(s.table)
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(72), vgimg.UseBackgroundColor(color.White))
	draw(c, s, o)
	return c.Image()
}

// drawSVG draws the table as an SVG, to print.
func drawSVG(s seen, o overlay) ([]byte, error) {
	w, h := size(s.table)
	c := vgsvg.NewWith(vgsvg.UseWH(w, h))
	draw(c, s, o)
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("mapcmd: svg: %w", err)
	}
	return b.Bytes(), nil
}

// draw draws the table on c: the cloth, a 6" grid, the ground, the units in
// their sides' colours with their names and fronts, the scale bar, and the
// overlay.
func draw(c vg.Canvas, s seen, o overlay) {
	t := s.table
	k := scale(t)
	at := func(p tabletop.Point) vg.Point {
		return vg.Point{X: vg.Length(marginPx + p[0]*k), Y: vg.Length(marginPx + p[1]*k)}
	}
	path := func(ps []tabletop.Point, closed bool) vg.Path {
		var p vg.Path
		for i, q := range ps {
			if i == 0 {
				p.Move(at(q))
			} else {
				p.Line(at(q))
			}
		}
		if closed {
			p.Close()
		}
		return p
	}
	corners := []tabletop.Point{{0, 0}, {t.Width, 0}, {t.Width, t.Depth}, {0, t.Depth}}

	c.SetColor(tableColour)
	c.Fill(path(corners, true))
	c.SetColor(gridColour)
	c.SetLineWidth(1)
	for x := float64(gridStep); x < t.Width; x += gridStep {
		c.Stroke(path([]tabletop.Point{{x, 0}, {x, t.Depth}}, false))
	}
	for y := float64(gridStep); y < t.Depth; y += gridStep {
		c.Stroke(path([]tabletop.Point{{0, y}, {t.Width, y}}, false))
	}

	label := face(labelPt)
	small := face(labelPt * 0.8)
	for _, f := range t.Terrain {
		kind, _ := tabletop.Find(s.kinds, f.Kind)
		c.SetColor(groundColour(kind))
		if f.IsLine() {
			c.SetLineWidth(vg.Length(max(3, k*0.5)))
			c.Stroke(path(f.Line, false))
			continue
		}
		c.Fill(path(f.Area, true))
	}
	c.SetColor(inkColour)
	for _, f := range t.Terrain {
		var p tabletop.Point
		if f.IsLine() {
			p = f.Line[len(f.Line)/2]
		} else {
			p = centre(f.Area[:len(f.Area)-1])
		}
		name := f.Name
		if f.Height > 0 {
			name = fmt.Sprintf("%s (%g\")", f.Name, f.Height)
		}
		centred(c, small, at(p), name)
	}

	switch o.kind {
	case OverlaySight:
		from := o.unit
		lines := s.table.Sightlines(sightRule(s.kinds))
		c.SetColor(seenColour)
		c.Fill(path(lines.Seen(from.At, t.Width+t.Depth, from.Name), true))
		c.SetLineWidth(2)
		for _, l := range sightlines(s, from) {
			c.SetColor(clearColour)
			if !l.view.Clear {
				c.SetColor(blockColour)
				c.SetLineDash([]vg.Length{6, 4}, 0)
			}
			c.Stroke(path([]tabletop.Point{from.At, l.to.At}, false))
			c.SetLineDash(nil, 0)
		}
	case OverlayMoves:
		tint := s.colour(o.unit.Name)
		for i := len(o.reach.Moves) - 1; i >= 0; i-- {
			band := o.reach.Moves[i]
			outline := t.Reachable(s.kinds, o.unit.At, o.reach, band)
			c.SetColor(color.NRGBA{tint.R, tint.G, tint.B, 0x30})
			c.Fill(path(outline, true))
			c.SetColor(tint)
			c.SetLineWidth(2)
			c.Stroke(path(outline, true))
		}
		for _, band := range o.reach.Moves {
			bandLabel(c, small, at, s, t.Reachable(s.kinds, o.unit.At, o.reach, band), band)
		}
	case OverlayRanges:
		c.SetColor(inkColour)
		c.SetLineWidth(2)
		c.SetLineDash([]vg.Length{8, 4}, 0)
		for _, band := range o.reach.Bands {
			for _, run := range onTable(t, tabletop.Beyond(o.unit.Footprint(), band.Inches)) {
				c.Stroke(path(run, false))
			}
		}
		c.SetLineDash(nil, 0)
		for _, band := range o.reach.Bands {
			bandLabel(c, small, at, s, tabletop.Beyond(o.unit.Footprint(), band.Inches), band)
		}
	}

	for _, u := range t.Units {
		c.SetColor(s.colour(u.Name))
		c.Fill(path(u.Footprint()[:4], true))
		// The front edge, in ink, shows the facing.
		fp := u.Footprint()
		c.SetColor(inkColour)
		c.SetLineWidth(3)
		c.Stroke(path([]tabletop.Point{fp[0], fp[1]}, false))
		p := at(u.At)
		p.Y += vg.Length(u.Depth*k/2) + 6
		centred(c, label, p, u.Name)
	}

	// The scale bar: 12" along the near edge's margin.
	c.SetColor(inkColour)
	c.SetLineWidth(3)
	bar := min(12, t.Width)
	y := vg.Length(marginPx / 2)
	var p vg.Path
	p.Move(vg.Point{X: marginPx, Y: y})
	p.Line(vg.Point{X: vg.Length(marginPx + bar*k), Y: y})
	c.Stroke(p)
	c.FillString(small, vg.Point{X: vg.Length(marginPx+bar*k) + 8, Y: y - 6}, fmt.Sprintf("%g\"  (grid %d\")", bar, gridStep))
}

// colour is a unit's side's colour.
func (s seen) colour(name string) color.RGBA {
	side := s.sides[name]
	for i, n := range s.order {
		if n == side {
			return sideColours[i%len(sideColours)]
		}
	}
	return unsided
}

// centre is the average of an outline's corners: where its name is written.
func centre(ps []tabletop.Point) tabletop.Point {
	var x, y float64
	for _, p := range ps {
		x += p[0]
		y += p[1]
	}
	n := float64(len(ps))
	return tabletop.Point{x / n, y / n}
}

// centred writes text centred on p.
func centred(c vg.Canvas, f font.Face, p vg.Point, text string) {
	w := f.Width(text)
	c.FillString(f, vg.Point{X: p.X - w/2, Y: p.Y}, text)
}

// bandLabel names a move or range band ("jog 6\"") at the point of its
// outline on the table farthest from every unit, so that it hides none.
func bandLabel(c vg.Canvas, f font.Face, at func(tabletop.Point) vg.Point, s seen, outline []tabletop.Point, band tabletop.Band) {
	const edge = 2 // inches: room for the label inside the table
	best, room := tabletop.Point{}, -1.0
	for _, p := range outline {
		if p[0] < edge || p[1] < edge || p[0] > s.table.Width-edge || p[1] > s.table.Depth-edge {
			continue
		}
		near := math.Inf(1)
		for _, u := range s.table.Units {
			near = min(near, tabletop.Distance(p, u.At))
		}
		if near > room {
			best, room = p, near
		}
	}
	if room < 0 {
		return
	}
	c.SetColor(inkColour)
	centred(c, f, at(best), bandName(band))
}

// onTable is the stretches of a closed outline that lie on the table, each
// a path to stroke.
func onTable(t tabletop.Table, outline []tabletop.Point) [][]tabletop.Point {
	var runs [][]tabletop.Point
	var run []tabletop.Point
	for i := 1; i < len(outline); i++ {
		a, b, ok := clip(t, outline[i-1], outline[i])
		if !ok {
			continue
		}
		if len(run) == 0 || run[len(run)-1] != a {
			if len(run) > 1 {
				runs = append(runs, run)
			}
			run = []tabletop.Point{a}
		}
		run = append(run, b)
	}
	if len(run) > 1 {
		runs = append(runs, run)
	}
	return runs
}

// clip is the part of segment ab on the table (Liang–Barsky), and whether
// any of it is.
func clip(t tabletop.Table, a, b tabletop.Point) (tabletop.Point, tabletop.Point, bool) {
	lo, hi := 0.0, 1.0
	d := tabletop.Point{b[0] - a[0], b[1] - a[1]}
	for _, e := range [4][2]float64{{-d[0], a[0]}, {d[0], t.Width - a[0]}, {-d[1], a[1]}, {d[1], t.Depth - a[1]}} {
		p, q := e[0], e[1]
		switch {
		case p == 0:
			if q < 0 {
				return a, b, false
			}
		case p < 0:
			lo = max(lo, q/p)
		default:
			hi = min(hi, q/p)
		}
	}
	if lo > hi {
		return a, b, false
	}
	return tabletop.Point{a[0] + d[0]*lo, a[1] + d[1]*lo}, tabletop.Point{a[0] + d[0]*hi, a[1] + d[1]*hi}, true
}
