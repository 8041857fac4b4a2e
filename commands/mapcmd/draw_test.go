package mapcmd

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/commands/internal/pngdiff"
	rc "github.com/referee-bot/referee/rules/crimea"
	fr "github.com/referee-bot/referee/rules/firing2007"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
	vf "github.com/referee-bot/referee/rules/volleyfire"
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
	return seen{table: t, kinds: fr.Ground, order: []string{"British", "French"},
		sides: map[string]string{"Kingsley's Foot": "British", "Royal Artillery": "British", "Grenadiers de France": "French"}}
}

// talavera is a Volleyfire! table: a forest and a stream before a hill.
func talavera() seen {
	t := tabletop.Table{Width: 48, Depth: 36,
		Terrain: []tabletop.Feature{
			{Kind: "forest", Name: "Olive Grove", Area: orb.Ring{{14, 14}, {24, 12}, {26, 20}, {16, 22}, {14, 14}}},
			{Kind: "hill", Name: "Cerro de Medellín", Area: tabletoptest.Square(30, 24, 46, 34), Height: 1},
			{Kind: "stream", Name: "Portiña", Area: tabletoptest.Square(0, 8, 48, 10)},
		},
		Units: []tabletop.Unit{
			{Name: "Guards", At: tabletop.Point{20, 5}, Width: 4, Depth: 1},
			{Name: "Voltigeurs", At: tabletop.Point{36, 28}, Facing: 180, Width: 3, Depth: 1},
		}}
	return seen{table: t, kinds: vf.Ground, order: []string{"British", "French"},
		sides: map[string]string{"Guards": "British", "Voltigeurs": "French"}}
}

// sabugal is a Green Jackets table: a wood and a marsh across the riflemen's
// way, a wall before the French.
func sabugal() seen {
	t := tabletop.Table{Width: 48, Depth: 48,
		Terrain: []tabletop.Feature{
			{Kind: "wood", Name: "Cork Wood", Area: tabletoptest.Square(20, 18, 30, 28)},
			{Kind: "marsh", Name: "Coa Bank", Area: tabletoptest.Square(4, 14, 14, 20)},
			{Kind: "wall", Name: "Chapel Wall", Line: orb.LineString{{30, 36}, {42, 36}}},
		},
		Units: []tabletop.Unit{
			{Name: "Rifles", At: tabletop.Point{16, 12}, Width: 3, Depth: 1},
			{Name: "Voltigeurs", At: tabletop.Point{36, 38}, Facing: 180, Width: 3, Depth: 1},
		}}
	return seen{table: t, kinds: gj.Ground, order: []string{"British", "French"},
		sides: map[string]string{"Rifles": "British", "Voltigeurs": "French"}}
}

// alma is a Crimea table: a town and a wood between the lines, a hill behind.
func alma() seen {
	t := tabletop.Table{Width: 72, Depth: 48,
		Terrain: []tabletop.Feature{
			{Kind: "town", Name: "Bourliouk", Area: tabletoptest.Square(30, 18, 38, 24)},
			{Kind: "wood", Name: "Vineyards", Area: tabletoptest.Square(44, 14, 52, 22)},
			{Kind: "hill", Name: "Kourgané", Area: tabletoptest.Square(20, 34, 60, 46), Height: 2},
		},
		Units: []tabletop.Unit{
			{Name: "Light Division", At: tabletop.Point{34, 8}, Width: 6, Depth: 1},
			{Name: "Guards", At: tabletop.Point{50, 6}, Width: 6, Depth: 1},
			{Name: "Vladimir Regiment", At: tabletop.Point{34, 30}, Facing: 180, Width: 6, Depth: 1},
			{Name: "Kazan Regiment", At: tabletop.Point{48, 40}, Facing: 180, Width: 6, Depth: 1},
		}}
	return seen{table: t, kinds: rc.Ground, order: []string{"British", "Russian"},
		sides: map[string]string{"Light Division": "British", "Guards": "British", "Vladimir Regiment": "Russian", "Kazan Regiment": "Russian"}}
}

// overlaid is the overlay of kind for the unit called name on s, its reach
// read from the rule set's board by reach.
func overlaid(t *testing.T, s seen, name, kind string, reach func() (tabletop.Reach, error)) overlay {
	t.Helper()
	u, ok := s.unit(name)
	if !ok {
		t.Fatalf("no %s on the table", name)
	}
	o := overlay{unit: u, kind: kind}
	if reach != nil {
		r, err := reach()
		if err != nil {
			t.Fatal(err)
		}
		o.reach = r
	}
	return o
}

// TestPicturesGolden draws each rule set's table with an overlay and compares
// it with its golden picture in testdata, allowing a small share of pixels to
// differ (font rasterizing may move a pixel's shade); go test -update
// rewrites them.
func TestPicturesGolden(t *testing.T) {
	frBoard := &fr.Board{Units: []fr.Unit{{Name: "Kingsley's Foot", Type: fr.BritishCloseOrder}, {Name: "Royal Artillery", Type: fr.MediumGun}}}
	vfBoard := &vf.Board{Units: []vf.RosterUnit{{Unit: vf.Unit{Name: "Guards", Kind: vf.Infantry, Bases: 4, Formation: vf.Column, Weapon: vf.Musket}}}}
	gjBoard := &gj.Board{Squads: []*gj.Squad{{Name: "Rifles", Arm: gj.Infantry, Figures: []*gj.Figure{{Name: "Harris", Weapon: gj.Rifle}}}}}
	rcBoard := &rc.Board{Units: []rc.Unit{{Name: "Light Division", Type: rc.LightInfantry, Stands: 6, Start: 6}},
		Allowances: map[rc.MoveRow]int{rc.RowLightInfantry: 12}}
	for _, tt := range []struct {
		name string
		s    seen
		o    func(seen) overlay
	}{
		{"firing2007-sight", minden(), func(s seen) overlay { return overlaid(t, s, "Kingsley's Foot", OverlaySight, nil) }},
		{"firing2007-ranges", minden(), func(s seen) overlay {
			return overlaid(t, s, "Royal Artillery", OverlayRanges, func() (tabletop.Reach, error) { return frBoard.Reach("Royal Artillery") })
		}},
		{"volleyfire-moves", talavera(), func(s seen) overlay {
			return overlaid(t, s, "Guards", OverlayMoves, func() (tabletop.Reach, error) { return vfBoard.Reach("Guards", vf.House{}) })
		}},
		{"greenjackets-moves", sabugal(), func(s seen) overlay {
			return overlaid(t, s, "Rifles", OverlayMoves, func() (tabletop.Reach, error) { return gjBoard.Reach("Rifles") })
		}},
		{"greenjackets-ranges", sabugal(), func(s seen) overlay {
			return overlaid(t, s, "Rifles", OverlayRanges, func() (tabletop.Reach, error) { return gjBoard.Reach("Rifles") })
		}},
		{"crimea-moves", alma(), func(s seen) overlay {
			return overlaid(t, s, "Light Division", OverlayMoves, func() (tabletop.Reach, error) { return rcBoard.Reach("Light Division") })
		}},
		{"crimea-sight", alma(), func(s seen) overlay { return overlaid(t, s, "Light Division", OverlaySight, nil) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := drawPNG(tt.s, tt.o(tt.s))
			if err != nil {
				t.Fatal(err)
			}
			pngdiff.Golden(t, filepath.Join("testdata", tt.name+".png"), got, *update)
		})
	}
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
