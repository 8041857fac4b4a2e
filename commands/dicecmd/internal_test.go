package dicecmd

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/plot"

	"github.com/referee-bot/referee/commands/internal/pngdiff"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

var update = flag.Bool("update", false, "rewrite the golden chart")

// Each die is shown with its marks, then the total and where it falls.
func TestDescribe(t *testing.T) {
	tests := []struct {
		notation string
		faces    []int
		label    string
		shown    string
		result   string
	}{
		{"2d6+3", []int{3, 5}, "", "2d6 [3, 5] + 3 = 11", "11 · percentile 65"},
		{"4d6kh3", []int{1, 5, 3, 6}, "strength", "[1 dropped, 5, 3, 6] = 14", "14 · percentile 71"},
		{"2d6r1", []int{1, 4, 2}, "", "[1 → 4, 2] = 6", "6 · percentile 18"},
		{"10d6>=5", []int{5, 1, 6, 2, 3, 4, 6, 1, 1, 2}, "", "[5✓, 1, 6✓, 2, 3, 4, 6✓, 1, 1, 2] = 3", "3 successes · percentile 43"},
		{"d100", []int{3, 7}, "", "[red 3, white 7 → 37] = 37", "37 · percentile 37"},
		{"2#d20", []int{20, 1}, "", "d20 [20] = 20; d20 [1] = 1", "2 rolls: 20, 1 (sum 21) · percentiles 98, 2"},
	}
	for _, tt := range tests {
		e, err := dice.Parse(tt.notation)
		if err != nil {
			t.Fatal(err)
		}
		src := dicetest.Script(t, tt.faces...)
		res := e.Roll(src)
		src.Done()
		out := describe(e, &res, tt.label)
		if got := out.Ruling.Steps[0].Roll.Shown; got != tt.shown {
			t.Errorf("%s shown %q, want %q", tt.notation, got, tt.shown)
		}
		if out.Ruling.Result != tt.result {
			t.Errorf("%s result %q, want %q", tt.notation, out.Ruling.Result, tt.result)
		}
		if tt.label != "" && out.Ruling.Title != tt.label {
			t.Errorf("%s title %q", tt.notation, out.Ruling.Title)
		}
	}
	// A single roll's odds: exactly, or more, or less.
	e, _ := dice.Parse("2d6")
	res := e.Roll(dicetest.Script(t, 3, 4))
	out := describe(e, &res, "")
	want := []float64{6.0 / 36, 21.0 / 36, 21.0 / 36}
	for i, c := range out.Ruling.Odds {
		if math.Abs(c.P-want[i]) > 1e-12 {
			t.Errorf("odds %v, want %v", out.Ruling.Odds, want)
		}
	}
	if math.Abs(out.Percentiles[0]-50) > 1e-9 {
		t.Errorf("percentile of 7 on 2d6 = %v, want 50", out.Percentiles[0])
	}
}

// A legal but long roll is summarised, and the embed stays within Discord's limits.
func TestDescribeLongRoll(t *testing.T) {
	for _, notation := range []string{"10#200d6", "200d1000+200d1000", "100d6!", "100d10r1kh50", "20#d100"} {
		e, err := dice.Parse(notation)
		if err != nil {
			t.Fatal(err)
		}
		res := e.Roll(dice.NewStream([]byte("long"), 1))
		out := describe(e, &res, strings.Repeat("x", MaxLabel))
		shown := out.Ruling.Steps[0].Roll.Shown
		long := len(res.String()) > maxShown
		if len(shown) > maxShown || long != strings.Contains(shown, "too many dice to list") {
			t.Errorf("%s: shown %d bytes: %.200s", notation, len(shown), shown)
		}
		em := render.Ruling(out.Ruling, "roll #1", render.Full)
		total := len(em.Title) + len(em.Description) + len(em.Footer)
		for _, f := range em.Fields {
			total += len(f.Name) + len(f.Value)
		}
		if len(em.Description) > render.MaxDescription || total > render.MaxEmbedTotal {
			t.Errorf("%s: embed of %d characters (description %d)", notation, total, len(em.Description))
		}
		if strings.Contains(em.Description, "more rolls") {
			t.Errorf("%s: the roll was cut rather than summarised", notation)
		}
	}
}

// The odds table: every value, and the chance of at least x at the values
// where it passes 90%, 75%, 50%, 25% and 10%.
func TestOddsTable(t *testing.T) {
	e, _ := dice.Parse("3d6")
	d, _ := e.Dist()
	table := oddsTable(d.Table(), "total")
	if strings.Count(table, "\n") != 17 || !strings.Contains(table, "       10   12.50%   62.50%   50.00%") {
		t.Errorf("3d6 table:\n%s", table)
	}
	if got, want := atLeast(d.Table()), "Chance of at least: **≥ 7** 91% · **≥ 8** 84% · **≥ 11** 50% · **≥ 13** 26% · **≥ 14** 16%"; got != want {
		t.Errorf("3d6 atLeast = %q, want %q", got, want)
	}
	e, _ = dice.Parse("d100")
	d, _ = e.Dist()
	if got, want := atLeast(d.Table()), "Chance of at least: **≥ 11** 90% · **≥ 26** 75% · **≥ 51** 50% · **≥ 76** 25% · **≥ 91** 10.0%"; got != want {
		t.Errorf("d100 atLeast = %q, want %q", got, want)
	}
}

// The chart is drawn chartW×chartH in each theme, on the theme's
// background, with bars of P(=x) and the cumulative line in the theme's
// colours, whatever the distribution: a few values or thousands, negative,
// a pool's successes, a single value. In each theme its PNG is that
// picture, pixel for pixel.
func TestChart(t *testing.T) {
	is := func(img image.Image, x, y int, c color.RGBA) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		return uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(b>>8) == c.B
	}
	rgbaOf := func(img image.Image) *image.RGBA {
		if rgba, ok := img.(*image.RGBA); ok {
			return rgba
		}
		rgba := image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
		return rgba
	}
	// pixels counts the chart's opaque pixels of colour c. The chart is
	// opaque, and no channel of a theme's bars or line is 0xff, so its
	// bytes R, G, B, 0xff are found only where a pixel starts.
	pixels := func(img image.Image, c color.RGBA) int {
		if c.R == 0xff || c.G == 0xff || c.B == 0xff {
			t.Fatalf("pixels of %v: a channel of 0xff could be read across two pixels", c)
		}
		return bytes.Count(rgbaOf(img).Pix, []byte{c.R, c.G, c.B, 0xff})
	}
	for _, th := range themeNames {
		c := themes[th]
		for i, notation := range []string{"2d6", "d20", "10d6>=5", "100d100", "-d6", "d2", "20d1000", "d6-d6"} {
			e, _ := dice.Parse(notation)
			d, err := e.Dist()
			if err != nil {
				t.Fatal(err)
			}
			title := "Odds of " + notation + ": Ëlite volley"
			img, err := drawChart(d.Table(), title, "total", th)
			if err != nil {
				t.Fatal(err)
			}
			if s := img.Bounds().Size(); s.X != chartW || s.Y != chartH {
				t.Errorf("%s %s: size %v", th, notation, s)
			}
			if !is(img, 2, 2, c.back) || !is(img, chartW-2, chartH-2, c.back) {
				t.Errorf("%s %s: the corners are not the theme's background", th, notation)
			}
			if n := pixels(img, c.bar); n < 2000 {
				t.Errorf("%s %s: %d pixels of bars", th, notation, n)
			}
			if n := pixels(img, c.line); n < 500 {
				t.Errorf("%s %s: %d pixels of the cumulative line", th, notation, n)
			}
			if i > 0 {
				continue
			}
			b, err := chart(d.Table(), title, "total", th)
			if err != nil {
				t.Fatal(err)
			}
			decoded, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s %s: %v", th, notation, err)
			}
			if decoded.Bounds() != img.Bounds() || !bytes.Equal(rgbaOf(decoded).Pix, rgbaOf(img).Pix) {
				t.Errorf("%s %s: the PNG is not the picture drawn", th, notation)
			}
		}
	}
	if _, err := chart([]dice.Row{{Value: 1, Eq: 1, AtLeast: 1, AtMost: 1}}, "x", "total", "sepia"); err == nil {
		t.Error("chart in an unknown theme: no error")
	}
}

// The axes are labelled at round values: the chance at 1, 2 or 5 times a
// power of ten (as percentages that read as such), the values at whole round
// steps.
func TestChartTicks(t *testing.T) {
	labels := func(ts []plot.Tick) string {
		var s []string
		for _, tk := range ts {
			s = append(s, tk.Label)
		}
		return strings.Join(s, " ")
	}
	for _, tt := range []struct {
		top  float64
		n    int
		want string
	}{
		{0.125 * 1.05, 4, "0% 5% 10% 15%"},
		{0.0105, 4, "0% 0.5% 1.0% 1.5%"},
		{1, 5, "0% 20% 40% 60% 80% 100%"},
		{0.0003, 4, "0% 0.01% 0.02% 0.03%"},
	} {
		var a plot.Axis
		percentAxis(&a, tt.top, tt.n)
		if got := labels(a.Tick.Marker.Ticks(a.Min, a.Max)); got != tt.want || a.Max < tt.top {
			t.Errorf("percentAxis(%v, %d) = %q up to %v, want %q", tt.top, tt.n, got, a.Max, tt.want)
		}
	}
	for _, tt := range []struct {
		lo, hi float64
		n      int
		want   string
	}{
		{2.5, 18.5, 9, "4 6 8 10 12 14 16 18"},
		{0.5, 100.5, 7, "20 40 60 80 100"},
		{-6.5, -0.5, 9, "-6 -5 -4 -3 -2 -1"},
		{-0.5, 10.5, 9, "0 2 4 6 8 10"},
		{0.5, 1.5, 9, "1"},
	} {
		if got := labels(valueTicks(tt.n).Ticks(tt.lo, tt.hi)); got != tt.want {
			t.Errorf("valueTicks(%d) over %v..%v = %q, want %q", tt.n, tt.lo, tt.hi, got, tt.want)
		}
	}
}

// TestChartGolden draws 3d6 in the dark theme and compares it with the
// golden picture, allowing a small share of pixels to differ (font
// rasterizing may move a pixel's shade). go test -update rewrites it.
func TestChartGolden(t *testing.T) {
	e, _ := dice.Parse("3d6")
	d, err := e.Dist()
	if err != nil {
		t.Fatal(err)
	}
	got, err := chart(d.Table(), "Odds of 3d6: volley at 8 inches", "total", "dark")
	if err != nil {
		t.Fatal(err)
	}
	pngdiff.Golden(t, filepath.Join("testdata", "odds-3d6.png"), got, *update)
}

// TestChartsDrawnAtOnce draws charts from several goroutines at once, as
// concurrent /odds commands do: under the race detector a type face shared
// between them fails it. (Each encodes its picture with an encoder of its
// own: the drawing is what they could share.)
func TestChartsDrawnAtOnce(t *testing.T) {
	e, _ := dice.Parse("3d6")
	d, err := e.Dist()
	if err != nil {
		t.Fatal(err)
	}
	pix := func(img image.Image) []byte {
		rgba := image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
		return rgba.Pix
	}
	want, err := drawChart(d.Table(), "Odds of 3d6", "total", "dark")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			got, err := drawChart(d.Table(), "Odds of 3d6", "total", "dark")
			if err != nil || !bytes.Equal(pix(got), pix(want)) {
				t.Errorf("a chart drawn beside others differs from the one drawn alone (err %v)", err)
			}
		})
	}
	wg.Wait()
}
