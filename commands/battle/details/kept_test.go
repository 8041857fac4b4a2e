package details

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/rules"
)

// TestKeptIn: a quick ruling's stored answer keeps its rulings packed, or,
// stored before the working was packed, as they were.
func TestKeptIn(t *testing.T) {
	fire := rules.Ruling{Ruleset: "greenjackets", Title: "Fire", Result: "1 hit"}
	packed, err := working.Pack([]rules.Ruling{fire})
	if err != nil {
		t.Fatal(err)
	}
	before, err := battle.DecodeReply([]byte(`{"public":[{"content":"shown"}],"rulings":[{"ruleset":"greenjackets","title":"Fire","result":"1 hit"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]battle.StoredReply{"packed": {Working: packed}, "stored before": before} {
		if rs, err := keptIn(r); err != nil || !cmp.Equal(rs, []rules.Ruling{fire}) {
			t.Errorf("%s: keptIn = %+v, %v; want the ruling", name, rs, err)
		}
	}
}
