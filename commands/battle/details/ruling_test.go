package details

import (
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/rules"
)

// Under fog of war each ruling's embed is marked with its number in the
// change, a ruling's and a whole one's alike, for each reader's copy to be
// footed from his part of the log; without fog nothing is marked, and a
// whole ruling is not kept.
func TestRulingsMarkedUnderFog(t *testing.T) {
	r := rules.Ruling{Title: "Rifles fire", Result: "a hit"}
	fogged := &battle.Tx{Game: &battle.Game{Fog: true, Rulings: Full}}
	if m := Ruling(fogged, r, "log #3"); len(m.Embeds) != 1 || m.Embeds[0].Ruling != 1 || len(m.Buttons) != 0 {
		t.Errorf("a full ruling under fog = %+v; want one embed marked 1, no Details", m)
	}
	if e := Whole(fogged, r, "roll #2"); e.Ruling != 2 {
		t.Errorf("a whole ruling after it under fog is marked %d; want 2", e.Ruling)
	}
	open := &battle.Tx{Game: &battle.Game{}}
	if e := Whole(open, r, "roll #2"); e.Ruling != 0 || e.Footer != "roll #2" {
		t.Errorf("a whole ruling without fog = %+v; want it unmarked, footed as given", e)
	}
	if m := Ruling(open, r, ""); m.Embeds[0].Ruling != 0 || open.Shows(r) != 2 {
		t.Errorf("a ruling without fog is marked %d, or not kept; want 0, the one ruling kept before", m.Embeds[0].Ruling)
	}
}
