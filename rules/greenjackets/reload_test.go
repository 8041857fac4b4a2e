package greenjackets

import (
	"errors"
	"testing"

	"github.com/referee-bot/referee/rules"
)

func TestReloadActionsEveryWeapon(t *testing.T) {
	tests := []struct {
		w    Weapon
		tap  bool
		lost int
		want int
	}{
		{Musket, false, 0, 1}, {Pistol, false, 0, 1}, {Carbine, false, 0, 1}, {Rifle, false, 0, 2}, {Rifle, true, 0, 1},
		{Blunderbuss, false, 0, 3}, {VolleyGun, false, 0, 4}, {Cannon, false, 0, 10}, {Cannon, false, 2, 12},
	}
	for _, tt := range tests {
		if got, err := ReloadNeeded(tt.w, tt.tap, tt.lost); err != nil || got != tt.want {
			t.Errorf("ReloadNeeded(%s, tap %v, lost %d) = %d, %v; want %d", tt.w, tt.tap, tt.lost, got, err, tt.want)
		}
	}
}

func TestReloadStep(t *testing.T) {
	_, out, err := ReloadStep(Reload{Weapon: Rifle})
	if err != nil || out.Loaded || out.Done != 1 || out.Needed != 2 {
		t.Errorf("first rifle reload = %+v, %v", out, err)
	}
	_, out, _ = ReloadStep(Reload{Weapon: Rifle, Done: 1})
	if !out.Loaded {
		t.Errorf("second rifle reload = %+v, want loaded", out)
	}
	for name, r := range map[string]Reload{
		"charged":        {Weapon: Musket, Charged: true},
		"stunned":        {Weapon: Musket, Stunned: true},
		"already loaded": {Weapon: Musket, Loaded: true},
		"no firearm":     {Weapon: None},
	} {
		var b *rules.Breach
		if _, _, err := ReloadStep(r); !errors.As(err, &b) {
			t.Errorf("%s: err %v, want a breach", name, err)
		}
	}
}
