package mapcmd

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/commands/internal/pngdiff"
	"github.com/referee-bot/referee/rules/firing2007"
	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

var update = flag.Bool("update", false, "rewrite the golden pictures")

// minden is a Firing 2007 table: a wood between the two lines, a hill, a river.
func minden() seen {
	t := tabletop.Table{Width: 72, Depth: 48,
		Terrain: []tabletop.Feature{
			{Kind: "wood", Name: "Minden Heath", Area: tabletoptest.Square(30, 20, 40, 30)},
			{Kind: "hill", Name: "Todtenhausen", Area: tabletoptest.Square(50, 0, 72, 12), Height: 2},
			{Kind: "river", Name: "Weser", Line: orb.LineString{{0, 40}, {72, 44}}},
		},
		Units: []tabletop.Unit{
			{Name: "Kingsley's Foot", At: tabletop.Point{20, 25}, Facing: 90, Width: 4, Depth: 1},
			{Name: "Royal Artillery", At: tabletop.Point{20, 10}, Facing: 45, Width: 2, Depth: 2},
			{Name: "Grenadiers de France", At: tabletop.Point{50, 25}, Facing: 270, Width: 4, Depth: 1},
		}}
	return seen{table: t, kinds: firing2007.Ground, order: []string{"British", "French"},
		sides: map[string]string{"Kingsley's Foot": "British", "Royal Artillery": "British", "Grenadiers de France": "French"}}
}

// TestPictureGolden draws the table with a unit's lines of sight and compares it
// with the golden picture, allowing a small share of pixels to differ (font
// rasterizing may move a pixel's shade).
func TestPictureGolden(t *testing.T) {
	got, err := drawPNG(minden(), overlay{unit: "Kingsley's Foot", sight: true})
	if err != nil {
		t.Fatal(err)
	}
	pngdiff.Golden(t, filepath.Join("testdata", "firing2007-sight.png"), got, *update)
}

func TestSVGIsPrintable(t *testing.T) {
	b, err := drawSVG(minden(), overlay{})
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.Contains(s, "<svg") || !strings.Contains(s, "Minden Heath") {
		t.Errorf("the SVG has no drawing or no names: %.200s", s)
	}
}

// TestSightlinesOfTheTable: Kingsley's Foot cannot see the Grenadiers through
// the heath; the guns, south of it, can; nearest first.
func TestSightlinesOfTheTable(t *testing.T) {
	s := minden()
	foot, _ := s.unit("Kingsley's Foot")
	lines := sightlines(s, foot)
	if len(lines) != 2 || lines[0].to.Name != "Royal Artillery" || !lines[0].view.Clear ||
		lines[1].to.Name != "Grenadiers de France" || lines[1].view.By != "Minden Heath" {
		t.Errorf("sightlines(Kingsley's Foot) = %+v", lines)
	}
	guns, _ := s.unit("Royal Artillery")
	for _, l := range sightlines(s, guns) {
		if !l.view.Clear {
			t.Errorf("the guns' line to %s is blocked by %s, want clear", l.to.Name, l.view.By)
		}
	}
}
