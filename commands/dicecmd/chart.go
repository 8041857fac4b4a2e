package dicecmd

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strconv"

	"github.com/referee-bot/referee/rules/dice"
)

// The bar chart's size and margins, in pixels.
const (
	chartW, chartH             = 720, 360
	marginL, marginR           = 64, 24
	marginT, marginB           = 32, 44
	plotW                      = chartW - marginL - marginR
	plotH                      = chartH - marginT - marginB
	glyphW, glyphH, glyphScale = 3, 5, 2
)

var (
	colBack = color.RGBA{0xfa, 0xf8, 0xf2, 0xff}
	colAxis = color.RGBA{0x33, 0x33, 0x33, 0xff}
	colBar  = color.RGBA{0x2e, 0x5e, 0x3e, 0xff} // rifle green, as the ruling embeds
	colGrid = color.RGBA{0xdd, 0xd8, 0xcc, 0xff}
)

// chartTail is the chance at each end of a distribution the chart leaves out.
const chartTail = 1e-6

// glyphs is a 3×5 pixel font for the chart's numbers, row by row from the top.
var glyphs = map[rune][glyphH]string{
	'0': {"###", "#.#", "#.#", "#.#", "###"},
	'1': {".#.", "##.", ".#.", ".#.", "###"},
	'2': {"###", "..#", "###", "#..", "###"},
	'3': {"###", "..#", "###", "..#", "###"},
	'4': {"#.#", "#.#", "###", "..#", "..#"},
	'5': {"###", "#..", "###", "..#", "###"},
	'6': {"###", "#..", "###", "#.#", "###"},
	'7': {"###", "..#", "..#", "..#", "..#"},
	'8': {"###", "#.#", "###", "#.#", "###"},
	'9': {"###", "#.#", "###", "..#", "###"},
	'-': {"...", "...", "###", "...", "..."},
	'.': {"...", "...", "...", "...", ".#."},
	'%': {"#.#", "..#", ".#.", "#..", "#.#"},
}

// textWidth is the width of a label in pixels.
func textWidth(s string) int { return len(s) * (glyphW + 1) * glyphScale }

// drawText writes s with its top-left corner at (x, y).
func drawText(img *image.RGBA, x, y int, s string) {
	for _, r := range s {
		g := glyphs[r]
		for row := range glyphH {
			for col := range glyphW {
				if g[row] == "" || g[row][col] != '#' {
					continue
				}
				fill(img, x+col*glyphScale, y+row*glyphScale, glyphScale, glyphScale, colAxis)
			}
		}
		x += (glyphW + 1) * glyphScale
	}
}

// fill paints a rectangle.
func fill(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	draw.Draw(img, image.Rect(x, y, x+w, y+h), &image.Uniform{C: c}, image.Point{}, draw.Src)
}

// chart draws the distribution as a PNG bar chart: one bar per value (values
// binned together when there are more than pixels, each bar then the mean
// chance of its values), the value axis labelled below and the tallest bar's
// P(=x) at the top.
func chart(rows []dice.Row) ([]byte, error) {
	// Values in the far tails would not make a pixel: leave them out so that
	// the bars that show fill the width.
	for len(rows) > 1 && rows[0].AtMost < chartTail {
		rows = rows[1:]
	}
	for len(rows) > 1 && rows[len(rows)-1].AtLeast < chartTail {
		rows = rows[:len(rows)-1]
	}
	img := image.NewRGBA(image.Rect(0, 0, chartW, chartH))
	fill(img, 0, 0, chartW, chartH, colBack)
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
		fill(img, marginL, marginT+plotH-plotH*q/4, plotW, 1, colGrid)
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
		fill(img, x0+gap, marginT+plotH-h, max(x1-x0-2*gap, 1), h, colBar)
	}
	fill(img, marginL, marginT+plotH, plotW, 1, colAxis)
	fill(img, marginL-1, marginT, 1, plotH+1, colAxis)

	// The value axis: labels spaced so that they do not overlap.
	widest := max(textWidth(strconv.Itoa(lo)), textWidth(strconv.Itoa(hi)))
	perValue := float64(plotW) / float64(span)
	every := max(int(float64(widest+8)/perValue), 1)
	for float64(every)*perValue < float64(widest+8) {
		every++
	}
	for v := lo; v <= hi; v += every {
		i := bin(v)
		s := strconv.Itoa(v)
		x := marginL + int((float64(i)+0.5)*step) - textWidth(s)/2
		fill(img, marginL+int((float64(i)+0.5)*step), marginT+plotH, 1, 4, colAxis)
		drawText(img, x, marginT+plotH+8, s)
	}
	label := fmt.Sprintf("%.1f%%", 100*top)
	if top < 0.01 {
		label = fmt.Sprintf("%.2f%%", 100*top)
	}
	drawText(img, max(marginL-textWidth(label)-6, 2), marginT-glyphH*glyphScale/2, label)
	drawText(img, max(marginL-textWidth("0%")-6, 2), marginT+plotH-glyphH*glyphScale/2, "0%")

	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("encode odds chart: %w", err)
	}
	return b.Bytes(), nil
}
