package volleyfire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/render"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

func testBoard() *vf.Board {
	return &vf.Board{
		Units: []vf.RosterUnit{
			{Unit: vf.Unit{Name: "1st Foot", Kind: vf.Infantry, Bases: 5, Formation: vf.Line, Weapon: vf.Musket, Nation: vf.British, Loaded: true}, Side: "Allies", Start: 6},
			{Unit: vf.Unit{Name: "Voltigeurs", Kind: vf.Infantry, Bases: 4, Formation: vf.Skirmish, Weapon: vf.Musket, Loaded: true}, Side: "French", Start: 4},
		},
		Commanders: []vf.Commander{{General: vf.General{Name: "Picton", Nation: vf.British}, Side: "Allies", Joined: "1st Foot"}},
		Combats:    []vf.Melee{{Chargers: []vf.Engaged{{Unit: "1st Foot", Charged: true}}, Defenders: []vf.Engaged{{Unit: "Voltigeurs"}}, Facing: vf.Front}},
	}
}

func TestStatusAndLosses(t *testing.T) {
	raw, _ := json.Marshal(testBoard())
	g := &battle.Game{Board: raw}
	fields, err := New().Status(g)
	if err != nil || len(fields) != 4 {
		t.Fatalf("Status = %v, %v", fields, err)
	}
	if !strings.Contains(fields[1].Value, "with Picton") || !strings.Contains(fields[3].Value, "1st Foot → Voltigeurs") {
		t.Errorf("Status fields = %+v", fields)
	}
	l, err := New().Losses(g)
	if err != nil || !strings.Contains(l, "**Allies**: lost 1 of 6 bases") {
		t.Errorf("Losses = %q, %v", l, err)
	}
}

func TestTopicsCoverEveryReading(t *testing.T) {
	var all strings.Builder
	for _, tp := range New().Topics() {
		n := 0
		for _, r := range tp.Readings {
			n += len(r.ID) + len(r.Text) + 12
		}
		if n > render.MaxFieldValue && tp.Name != gamecmd.ReadingsTopic { // that one is shown as text
			t.Errorf("topic %s: readings of %d bytes do not fit a field", tp.Name, n)
		}
		all.WriteString(tp.Body)
		for _, r := range tp.Readings {
			all.WriteString(r.ID + " ")
		}
	}
	for _, id := range []string{"V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8"} {
		if !strings.Contains(all.String(), id) {
			t.Errorf("no topic shows %s", id)
		}
	}
	for _, h := range vf.HouseRules {
		if !strings.Contains(all.String(), h.Name) {
			t.Errorf("no topic names house rule %s", h.Name)
		}
	}
}
