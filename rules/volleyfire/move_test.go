package volleyfire

import (
	"errors"
	"testing"

	"github.com/referee-bot/referee/rules"
)

// Movement: "Cavalry 6 inches, Infantry 3 inches, Artillery 3 Inches (If Limbered)",
// column +3, skirmish +2, Prussian cavalry 7, Portuguese limbered artillery 4,
// dragoons at the speed of cavalry.
func TestAllowance(t *testing.T) {
	gun := Unit{Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon, Limbered: true}
	pgun := gun
	pgun.Nation = Portuguese
	pcav := cav(4)
	pcav.Nation = Prussian
	drag := cav(4)
	drag.Special = Dragoons
	pdrag := drag
	pdrag.Nation = Prussian
	col := inf(4)
	col.Formation = Column
	sk := inf(4)
	sk.Formation = Skirmish
	sq := inf(4)
	sq.Formation = Square
	ccol := cav(4)
	ccol.Formation = Column
	tests := []struct {
		name string
		u    Unit
		want int
	}{
		{"infantry line", inf(4), 3}, {"infantry column", col, 6}, {"infantry skirmish", sk, 5},
		{"infantry square (reading: as line)", sq, 3},
		{"cavalry", cav(4), 6}, {"cavalry column", ccol, 9}, {"Prussian cavalry", pcav, 7},
		{"dragoons", drag, 6}, {"Prussian dragoons", pdrag, 7},
		{"limbered artillery", gun, 3}, {"Portuguese limbered artillery", pgun, 4},
	}
	for _, tt := range tests {
		cr, err := Allowance(tt.u, House{})
		got := cr.Value
		if err != nil || got != tt.want {
			t.Errorf("Allowance(%s) = %d, %v, want %d", tt.name, got, err, tt.want)
		}
	}
	var b *rules.Breach
	gun.Limbered = false
	if _, err := Allowance(gun, House{}); !errors.As(err, &b) {
		t.Errorf("unlimbered gun moved: %v", err)
	}
	if _, err := Allowance(sq, House{SquareNoMove: true}); !errors.As(err, &b) {
		t.Errorf("square moved under square-move=none: %v", err)
	}
}

// Terrain: light counts 2" an inch, heavy 3".
func TestCheckMove(t *testing.T) {
	tests := []struct {
		name               string
		u                  Unit
		open, light, heavy float64
		cost               float64
		ok                 bool
	}{
		{"open", inf(4), 3, 0, 0, 3, true},
		{"too far in the open", inf(4), 3.5, 0, 0, 3.5, false},
		{"light terrain ×2", inf(4), 1, 1, 0, 3, true},
		{"heavy terrain ×3", cav(4), 0, 0, 2, 6, true},
		{"heavy terrain too far", cav(4), 1, 0, 2, 7, false},
	}
	for _, tt := range tests {
		r, out, err := CheckMove(Move{Unit: tt.u, Open: tt.open, Light: tt.light, Heavy: tt.heavy})
		if err != nil || out.Cost != tt.cost || out.OK != tt.ok {
			t.Errorf("%s: CheckMove = %+v, %v, want cost %v ok %v (%s)", tt.name, out, err, tt.cost, tt.ok, r.Result)
		}
	}
}

func TestCommandRange(t *testing.T) {
	fr := General{Name: "Ney", Nation: French}
	frRoyal := General{Name: "Napoleon", Nation: French, Royal: true}
	br := General{Name: "Picton", Nation: British}
	tests := []struct {
		name   string
		g      General
		others []General
		want   int
	}{
		{"average", br, nil, 20},
		{"royal", General{Nation: British, Royal: true}, nil, 30},
		{"French regular", fr, nil, 25},
		{"French royal", frRoyal, nil, 30},
		{"Russian, no equal: 20−2", General{Nation: Russian}, []General{br}, 18},
		{"Russian against a French regular: 25−2", General{Nation: Russian}, []General{br, fr}, 23},
		{"Russian royal: 30−2", General{Nation: Russian, Royal: true}, []General{fr}, 28},
	}
	for _, tt := range tests {
		if got := CommandRange(tt.g, tt.others).Value; got != tt.want {
			t.Errorf("CommandRange(%s) = %d, want %d", tt.name, got, tt.want)
		}
	}
	if _, ok, _ := CheckCommand(br, nil, "1st Foot", 20); !ok {
		t.Errorf("20\" from an average commander is in command")
	}
	if r, ok, _ := CheckCommand(br, nil, "1st Foot", 20.5); ok || !hasText(r, ReadingOutOfCommand.Text) {
		t.Errorf("20.5\" from an average commander is out of command")
	}
}
