package greenjackets

import (
	"testing"

	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestQuickFireIsTitledByTheFirersAndTheirRanges(t *testing.T) {
	tests := []struct {
		name   string
		count  int
		rng    float64
		ranges []float64
		want   string
	}{
		{"one figure", 1, 1000, nil, "Fire: 1 musket at 1000\""},
		{"figures alike at one range", 3, 1000, nil, "Fire: 3 muskets at 1000\""},
		{"the ranges of each, the last as the range given", 3, 1000, []float64{999.5, 1000}, "Fire: 3 muskets at 999.5\", 1000\", 1000\""},
		{"each at the same range is said once", 2, 1000, []float64{1000, 1000}, "Fire: 2 muskets at 1000\""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := dicetest.Script(t)
			r, err := QuickFire(src, QuickFirers{Weapon: Musket, Quality: Trained, Count: tc.count}, FireOrder{Range: tc.rng, Ranges: tc.ranges}, House{})
			src.Done()
			if err != nil || r.Title != tc.want {
				t.Errorf("QuickFire title = %q, %v; want %q", r.Title, err, tc.want)
			}
		})
	}
}

func TestQuickReloadCountsTheActionsDone(t *testing.T) {
	tests := []struct {
		name       string
		w          Weapon
		tap        bool
		done, lost int
		want       string
	}{
		{"a musket's one action loads it", Musket, false, 0, 0, "Loaded: 1 of 1 reloading actions done."},
		{"a rifle needs two", Rifle, false, 0, 0, "1 of 2 reloading actions done."},
		{"a tap-loaded rifle one", Rifle, true, 0, 0, "Loaded: 1 of 1 reloading actions done."},
		{"a gun one more per crewman lost", Cannon, false, 9, 2, "10 of 12 reloading actions done."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := QuickReload(tc.w, ReloadOrder{Tap: tc.tap}, tc.done, tc.lost)
			if err != nil || r.Result != tc.want || r.Title != "Reload: "+string(tc.w) {
				t.Errorf("QuickReload = %q %q, %v; want %q", r.Title, r.Result, err, tc.want)
			}
		})
	}
	if _, err := QuickReload(None, ReloadOrder{}, 0, 0); err == nil {
		t.Error("QuickReload with no firearm: no breach")
	}
}
