package dicecmd

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/referee-bot/referee/rules/dice"
)

// The bar chart's size and margins, in pixels. Discord shows an embed's
// image at about half this width on a phone: the labels are sized to read
// there (labelPx at full size is 11 px at half).
const (
	chartW, chartH   = 720, 400
	marginL, marginR = 92, 28
	marginT, marginB = 64, 52
	plotW            = chartW - marginL - marginR
	plotH            = chartH - marginT - marginB
	titlePx, labelPx = 30, 22
)

// A theme is the chart's colours, for Discord's dark or light theme.
type theme struct {
	back, text, grid, bar color.RGBA
}

// Themes, by /odds theme: dark is Discord's default.
var themes = map[string]theme{
	"dark": {back: color.RGBA{0x2b, 0x2d, 0x31, 0xff}, text: color.RGBA{0xdb, 0xde, 0xe1, 0xff},
		grid: color.RGBA{0x41, 0x43, 0x4a, 0xff}, bar: color.RGBA{0x5f, 0xb0, 0x7a, 0xff}},
	"light": {back: color.RGBA{0xff, 0xff, 0xff, 0xff}, text: color.RGBA{0x31, 0x33, 0x38, 0xff},
		grid: color.RGBA{0xe3, 0xe5, 0xe8, 0xff}, bar: color.RGBA{0x2e, 0x5e, 0x3e, 0xff}},
}

// Themes in the order /odds offers them.
var themeNames = []string{"dark", "light"}

// chartTail is the chance at each end of a distribution the chart leaves out.
const chartTail = 1e-6

// fonts are the chart's fonts, parsed once: the Go fonts, bold for the
// title. A parsed font may be shared by goroutines; a face may not (it keeps
// a glyph buffer), so each chart makes its own (newFaces).
var fonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	var out [2]*opentype.Font
	for i, ttf := range [][]byte{gobold.TTF, goregular.TTF} {
		parsed, err := opentype.Parse(ttf)
		if err != nil {
			return out, fmt.Errorf("odds chart font: %w", err)
		}
		out[i] = parsed
	}
	return out, nil
})

// newFaces are one chart's type faces: the title's and the labels'.
func newFaces() ([2]font.Face, error) {
	var out [2]font.Face
	fs, err := fonts()
	if err != nil {
		return out, err
	}
	for i, px := range []float64{titlePx, labelPx} {
		if out[i], err = opentype.NewFace(fs[i], &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull}); err != nil {
			return out, fmt.Errorf("odds chart font: %w", err)
		}
	}
	return out, nil
}

// fill paints a rectangle.
func fill(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	draw.Draw(img, image.Rect(x, y, x+w, y+h), &image.Uniform{C: c}, image.Point{}, draw.Src)
}

// text writes s in face with its baseline's left end at (x, y).
func text(img *image.RGBA, face font.Face, x, y int, s string, c color.RGBA) {
	d := font.Drawer{Dst: img, Src: &image.Uniform{C: c}, Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// textWidth is the width of s in face, in pixels.
func textWidth(face font.Face, s string) int { return font.MeasureString(face, s).Ceil() }

// fitTitle is title, cut with "…" to the chart's width.
func fitTitle(face font.Face, title string) string {
	rs := []rune(title)
	for n := len(rs); n > 0; n-- {
		s := string(rs[:n])
		if n < len(rs) {
			s += "…"
		}
		if textWidth(face, s) <= chartW-2*16 {
			return s
		}
	}
	return ""
}

// chart draws the distribution as a PNG bar chart in theme th (themes),
// titled title: one bar per value (values binned together when there are more
// than pixels, each bar then the mean chance of its values), the value axis
// labelled below and the tallest bar's P(=x) at the top.
func chart(rows []dice.Row, title, th string) ([]byte, error) {
	fs, err := newFaces()
	if err != nil {
		return nil, err
	}
	titleFace, labelFace := fs[0], fs[1]
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
	img := image.NewRGBA(image.Rect(0, 0, chartW, chartH))
	fill(img, 0, 0, chartW, chartH, c.back)
	text(img, titleFace, 16, 16+titlePx, fitTitle(titleFace, title), c.text)

	lo, hi := rows[0].Value, rows[len(rows)-1].Value
	span := hi - lo + 1
	bins := min(span, plotW)
	// Each bar is the mean chance of the values in its bin, so that bins of
	// unequal width draw a smooth outline.
	mass := make([]float64, bins)
	width := make([]int, bins)
	bin := func(v int) int { return int(int64(v-lo) * int64(bins) / int64(span)) }
	for v := lo; v <= hi; v++ {
		width[bin(v)]++
	}
	for _, r := range rows {
		mass[bin(r.Value)] += r.Eq
	}
	for i := range mass {
		mass[i] /= float64(width[i])
	}
	top := 0.0
	for _, m := range mass {
		top = max(top, m)
	}
	// Grid at quarters of the tallest bar.
	for q := 1; q <= 4; q++ {
		fill(img, marginL, marginT+plotH-plotH*q/4, plotW, 1, c.grid)
	}
	step := float64(plotW) / float64(bins)
	gap := 0
	if step >= 4 {
		gap = 1
	}
	for i, m := range mass {
		if m == 0 {
			continue
		}
		h := max(int(m/top*float64(plotH)+0.5), 1)
		x0 := marginL + int(float64(i)*step)
		x1 := marginL + int(float64(i+1)*step)
		fill(img, x0+gap, marginT+plotH-h, max(x1-x0-2*gap, 1), h, c.bar)
	}
	fill(img, marginL, marginT+plotH, plotW, 2, c.text)
	fill(img, marginL-2, marginT, 2, plotH+2, c.text)

	// The value axis: labels spaced so that they do not overlap.
	widest := max(textWidth(labelFace, strconv.Itoa(lo)), textWidth(labelFace, strconv.Itoa(hi)))
	perValue := float64(plotW) / float64(span)
	every := max(int(float64(widest+12)/perValue), 1)
	for float64(every)*perValue < float64(widest+12) {
		every++
	}
	for v := lo; v <= hi; v += every {
		i := bin(v)
		s := strconv.Itoa(v)
		mid := marginL + int((float64(i)+0.5)*step)
		fill(img, mid, marginT+plotH, 2, 6, c.text)
		text(img, labelFace, mid-textWidth(labelFace, s)/2, marginT+plotH+8+labelPx, s, c.text)
	}
	label := fmt.Sprintf("%.1f%%", 100*top)
	if top < 0.01 {
		label = fmt.Sprintf("%.2f%%", 100*top)
	}
	text(img, labelFace, max(marginL-textWidth(labelFace, label)-8, 2), marginT+labelPx/2, label, c.text)
	text(img, labelFace, max(marginL-textWidth(labelFace, "0%")-8, 2), marginT+plotH+labelPx/2-2, "0%", c.text)

	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("encode odds chart: %w", err)
	}
	return b.Bytes(), nil
}
