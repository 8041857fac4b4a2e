package greenjackets

import (
	"errors"
	"testing"

	"github.com/referee-bot/referee/rules"
)

func TestMovementChartEveryRow(t *testing.T) {
	tests := []struct {
		arm                   Arm
		crawl, jog, run, most float64
	}{
		{Infantry, 3, 6, 9, 9},
		{HeavyCavalry, 4, 8, 12, 12},
		{LightCavalry, 5, 10, 15, 15},
		{Artillery, 2, 6, 10, 10},
	}
	for _, tt := range tests {
		for sp, want := range map[Speed]float64{Crawl: tt.crawl, Jog: tt.jog, Run: tt.run} {
			_, out, err := Allowance(Move{Arm: tt.arm, Speed: sp, Limbered: true})
			if err != nil || out.Inches != want || out.Max != tt.most {
				t.Errorf("Allowance(%s %s) = %+v, %v; want %v of %v", tt.arm, sp, out, err, want, tt.most)
			}
		}
	}
}

// Source example (section 6): Harper's squad has 3 AP; it crawls 9" with all
// three, or charges 9" with one and keeps 2.
func TestHarperCrawlsNineOrCharges(t *testing.T) {
	moved, ap := 0.0, 3
	for range 3 {
		_, out, err := Allowance(Move{Squad: "Harper's squad", Arm: Infantry, Speed: Crawl, Moved: moved})
		if err != nil {
			t.Fatal(err)
		}
		moved += out.Inches
		ap, _ = Spend(ap, 1, "Move")
	}
	if moved != 9 || ap != 0 {
		t.Errorf("crawling 3 times: %v\" with %d AP left; want 9\" and 0", moved, ap)
	}
	var b *rules.Breach
	if _, _, err := Allowance(Move{Arm: Infantry, Speed: Crawl, Moved: moved}); !errors.As(err, &b) {
		t.Errorf("a fourth crawl: err %v, want a breach (turn's maximum)", err)
	}
	_, out, err := Allowance(Move{Arm: Infantry, Speed: Run})
	ap, _ = Spend(3, 1, "Move")
	if err != nil || out.Inches != 9 || ap != 2 || !out.Charge {
		t.Errorf("charging: %+v, %v, %d AP left; want 9\" and 2 AP", out, err, ap)
	}
}

func TestMovementModifiers(t *testing.T) {
	tests := []struct {
		name string
		m    Move
		want float64
		max  float64
	}{
		{"road +2", Move{Arm: Infantry, Speed: Jog, Road: true}, 8, 11},
		{"wounded halved", Move{Arm: Infantry, Speed: Jog, Wounded: true}, 3, 4.5},
		{"woods: hard going at crawl", Move{Arm: Infantry, Speed: Jog, Woods: true}, 3, 9},
		{"maximum cuts the move", Move{Arm: Infantry, Speed: Jog, Moved: 6}, 3, 9},
		{"cavalry ran three turns ago", Move{Arm: LightCavalry, Speed: Run, TurnsSinceRun: 3}, 15, 15},
		{"artillery man-handled unlimbered", Move{Arm: Artillery, Speed: Crawl}, 2, 10},
	}
	for _, tt := range tests {
		_, out, err := Allowance(tt.m)
		if err != nil || out.Inches != tt.want || out.Max != tt.max {
			t.Errorf("%s: Allowance = %+v, %v; want %v of %v", tt.name, out, err, tt.want, tt.max)
		}
	}
}

func TestMovementBreaches(t *testing.T) {
	tests := []struct {
		name string
		m    Move
	}{
		{"cavalry run one move in three", Move{Arm: HeavyCavalry, Speed: Run, TurnsSinceRun: 1}},
		{"artillery run two turns after", Move{Arm: Artillery, Speed: Run, TurnsSinceRun: 2, Limbered: true}},
		{"charge through woods", Move{Arm: Infantry, Speed: Run, Woods: true}},
		{"artillery in woods", Move{Arm: Artillery, Speed: Crawl, Woods: true}},
		{"unlimbered gun jogs", Move{Arm: Artillery, Speed: Jog}},
		{"no speed", Move{Arm: Infantry}},
	}
	for _, tt := range tests {
		var b *rules.Breach
		if _, _, err := Allowance(tt.m); !errors.As(err, &b) {
			t.Errorf("%s: err %v, want a breach", tt.name, err)
		}
	}
	if _, _, err := Allowance(Move{Arm: Artillery, Speed: Crawl, Woods: true, WoodsPassable: true}); err != nil {
		t.Errorf("artillery in woods declared passable: %v", err)
	}
}
