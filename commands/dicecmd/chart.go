package dicecmd

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/referee-bot/referee/rules/dice"
)

// The chart's size and type, in pixels (drawn at 72 dpi, a point is a
// pixel). Discord shows an embed's image about half as wide on a phone, 360
// px: the labels are sized to read there (labelPx is 11 px at half).
const (
	chartW, chartH   = 720, 640
	titlePx, labelPx = 28, 22
	pad              = 16
)

// A theme is the chart's colours, for Discord's dark or light theme.
type theme struct {
	back, text, grid, bar, line color.RGBA
}

// Themes, by /odds theme: dark is Discord's default.
var themes = map[string]theme{
	"dark": {back: color.RGBA{0x2b, 0x2d, 0x31, 0xff}, text: color.RGBA{0xdb, 0xde, 0xe1, 0xff},
		grid: color.RGBA{0x4e, 0x50, 0x58, 0xff}, bar: color.RGBA{0x5f, 0xb0, 0x7a, 0xff}, line: color.RGBA{0xf0, 0xb2, 0x32, 0xff}},
	"light": {back: color.RGBA{0xff, 0xff, 0xff, 0xff}, text: color.RGBA{0x31, 0x33, 0x38, 0xff},
		grid: color.RGBA{0xd4, 0xd7, 0xdc, 0xff}, bar: color.RGBA{0x2e, 0x5e, 0x3e, 0xff}, line: color.RGBA{0xb3, 0x5c, 0x00, 0xff}},
}

// Themes in the order /odds offers them.
var themeNames = []string{"dark", "light"}

// chartTail is the chance at each end of a distribution the chart leaves out.
const chartTail = 1e-6

// gappedBars is the most values whose bars are drawn apart; more are drawn
// touching, as one outline filled (bars of a pixel or less apart would
// stripe the chart).
const gappedBars = 60

// sans is the chart's typeface at size px, bold or not.
func sans(px vg.Length, bold bool) font.Font {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: px}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return f
}

// chart is the picture of the distribution drawChart draws, as a PNG.
func chart(rows []dice.Row, title, what, th string) ([]byte, error) {
	img, err := drawChart(rows, title, what, th)
	if err != nil {
		return nil, err
	}
	// At zlib's fastest level: a quarter of the default's time, the file a
	// few per cent larger (BenchmarkChart).
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		return nil, fmt.Errorf("encode odds chart: %w", err)
	}
	return b.Bytes(), nil
}

// drawChart draws the distribution in theme th (themes), titled title,
// what (the total, or the successes) along the bottom: above, a bar of P(=x)
// for each value; below, the cumulative chance P(≥x) as a line on its own
// axis, 0 to 100%. Both panels share the value axis, and every gridline is
// labelled with a round value.
func drawChart(rows []dice.Row, title, what, th string) (image.Image, error) {
	c, ok := themes[th]
	if !ok {
		return nil, fmt.Errorf("odds chart: no theme %q", th)
	}
	// Values in the far tails would not make a pixel: leave them out so that
	// the bars that show fill the width.
	for len(rows) > 1 && rows[0].AtMost < chartTail {
		rows = rows[1:]
	}
	for len(rows) > 1 && rows[len(rows)-1].AtLeast < chartTail {
		rows = rows[:len(rows)-1]
	}
	eq, ge := panel(c, rows, "P(= x)"), panel(c, rows, "P(≥ x)")
	ge.X.Label.Text = what

	top := 0.0
	for _, r := range rows {
		top = max(top, r.Eq)
	}
	mass, err := bars(rows, c.bar)
	if err != nil {
		return nil, err
	}
	eq.Add(mass)
	percentAxis(&eq.Y, top*1.05, 4)

	cumulative := make(plotter.XYs, len(rows))
	for i, r := range rows {
		cumulative[i] = plotter.XY{X: float64(r.Value), Y: r.AtLeast}
	}
	line, err := plotter.NewLine(cumulative)
	if err != nil {
		return nil, fmt.Errorf("odds chart: %w", err)
	}
	line.LineStyle = draw.LineStyle{Color: c.line, Width: 4}
	ge.Add(line)
	percentAxis(&ge.Y, 1, 5)

	img := vgimg.NewWith(vgimg.UseWH(chartW, chartH), vgimg.UseDPI(72), vgimg.UseBackgroundColor(c.back))
	dc := draw.New(img)
	head := text.Style{Color: c.text, Font: sans(titlePx, true), XAlign: draw.XLeft, YAlign: draw.YTop, Handler: eq.TextHandler}
	dc.FillText(head, vg.Point{X: pad, Y: chartH - pad}, fitTitle(head, title))
	body := draw.Crop(dc, pad, -pad, pad, -(2*pad + head.Height("Ög")))
	tiles := plot.Align([][]*plot.Plot{{eq}, {ge}}, draw.Tiles{Rows: 2, Cols: 1, PadY: pad}, body)
	eq.Draw(tiles[0][0])
	ge.Draw(tiles[1][0])
	return img.Image(), nil
}

// bars are the bars of P(=x), in colour c: a bar a value, apart; or for
// more than gappedBars values, touching, as one filled outline.
func bars(rows []dice.Row, c color.Color) (plot.Plotter, error) {
	if len(rows) <= gappedBars {
		h := &plotter.Histogram{FillColor: c}
		for _, r := range rows {
			v := float64(r.Value)
			h.Bins = append(h.Bins, plotter.HistogramBin{Min: v - 0.35, Max: v + 0.35, Weight: r.Eq})
		}
		return h, nil
	}
	lo, hi := rows[0], rows[len(rows)-1]
	outline := plotter.XYs{{X: float64(lo.Value) - 0.5, Y: lo.Eq}}
	for _, r := range rows {
		outline = append(outline, plotter.XY{X: float64(r.Value), Y: r.Eq})
	}
	outline = append(outline, plotter.XY{X: float64(hi.Value) + 0.5, Y: hi.Eq})
	l, err := plotter.NewLine(outline)
	if err != nil {
		return nil, fmt.Errorf("odds chart: %w", err)
	}
	l.StepStyle, l.FillColor, l.LineStyle.Width = plotter.MidStep, c, 0
	return l, nil
}

// panel is one of the chart's two plots over the values of rows: the theme's
// colours and type, gridlines at every labelled tick, value ticks at round
// steps, and the chance axis labelled ylabel.
func panel(c theme, rows []dice.Row, ylabel string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = nil // the canvas is the theme's background already
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Color, a.Tick.Color = c.text, c.text
		a.Width, a.Tick.Width = 2, 2
		a.Label.TextStyle.Color, a.Label.TextStyle.Font = c.text, sans(labelPx, false)
		a.Tick.Label.Color, a.Tick.Label.Font = c.text, sans(labelPx, false)
		a.Padding = 0
	}
	p.Y.Label.Text = ylabel
	lo, hi := rows[0].Value, rows[len(rows)-1].Value
	p.X.Min, p.X.Max = float64(lo)-0.5, float64(hi)+0.5
	widest := max(p.X.Tick.Label.Width(strconv.Itoa(lo)), p.X.Tick.Label.Width(strconv.Itoa(hi)))
	p.X.Tick.Marker = valueTicks(int((chartW - 160) / (widest + 2*pad)))
	grid := plotter.NewGrid()
	grid.Vertical = draw.LineStyle{Color: c.grid, Width: 1}
	grid.Horizontal = draw.LineStyle{Color: c.grid, Width: 1}
	p.Add(grid)
	return p
}

// roundStep is the least step of 1, 2 or 5 times a power of ten, and at
// least least, that cuts span into at most n steps (least when span is not
// positive).
func roundStep(span float64, n int, least float64) float64 {
	if span <= 0 {
		return least
	}
	for e := math.Floor(math.Log10(span / float64(max(n, 1)))); ; e++ {
		for _, m := range []float64{1, 2, 5} {
			if s := m * math.Pow(10, e); s >= least && span/s <= float64(n)+1e-9 {
				return s
			}
		}
	}
}

// valueTicks labels the value axis at the multiples of a round whole step,
// at most n of them.
func valueTicks(n int) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		first, last := math.Ceil(lo), math.Floor(hi)
		step := roundStep(last-first, max(n-1, 1), 1)
		var ts []plot.Tick
		for v := math.Ceil(first/step) * step; v <= last; v += step {
			ts = append(ts, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
		}
		return ts
	})
}

// percentAxis makes a a chance axis from 0 up to the first round step at or
// past top, labelled at each of its at most n steps: "0%", "5%", "10%";
// "0.5%".
func percentAxis(a *plot.Axis, top float64, n int) {
	step := roundStep(top, n, 1e-6)
	digits := max(0, -int(math.Floor(math.Log10(step*100)+1e-9)))
	ts := make(plot.ConstantTicks, int(math.Ceil(top/step-1e-9))+1)
	for i := range ts {
		v := float64(i) * step
		ts[i] = plot.Tick{Value: v, Label: strconv.FormatFloat(100*v, 'f', digits, 64) + "%"}
	}
	ts[0].Label = "0%"
	a.Min, a.Max, a.Tick.Marker = 0, ts[len(ts)-1].Value, ts
}

// fitTitle is title, cut with "…" to the chart's width in style st.
func fitTitle(st text.Style, title string) string {
	rs := []rune(title)
	for n := len(rs); n > 0; n-- {
		s := string(rs[:n])
		if n < len(rs) {
			s += "…"
		}
		if st.Width(s) <= chartW-2*pad {
			return s
		}
	}
	return ""
}
