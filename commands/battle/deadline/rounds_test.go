package deadline

import (
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/render"
)

// The digest names each battle (by its name, or its rule set's), says
// whether its deadlines are paused, and lists whose move it waits on, with
// what, when due and whether late; a battle it could not read is named by
// its channel.
func TestDigest(t *testing.T) {
	svc, _ := newService(t)
	at := t0.Add(24 * time.Hour)
	paused := t0
	alma := &battle.Game{Channel: "alma", Ruleset: "crimea", Name: "Alma_", Players: map[string]string{"u1": "ann", "u2": "bob"},
		Pace: &pace.Pace{Pending: []pace.Pending{{User: "u1", What: "move", Due: at}, {User: "u2", What: "fire", Due: at, Late: true}}}}
	patrol := &battle.Game{Channel: "patrol", Ruleset: "greenjackets", Players: map[string]string{"u1": "ann"},
		Pace: &pace.Pace{Paused: &paused, Pending: []pace.Pending{{User: "u1", What: "act", Due: at}}}}
	stamp := render.Stamp(at)
	want := "Your digest." +
		"\n\n**Alma\\_** in <#alma> waits on\n• **ann**: move — due " + stamp + "\n• **bob**: fire — due " + stamp + " (**late**)" +
		"\n\nThe greenjackets battle in <#patrol> waits on (its deadlines are paused)\n• **ann**: act — due " + stamp +
		"\n\nThe battle in <#lost> could not be read just now."
	if got := digest(svc, "Your digest.", []*battle.Game{alma, patrol}, []string{"lost"}); got != want {
		t.Errorf("digest =\n%s\nwant\n%s", got, want)
	}
}

// A battle is put first in the digest by its soonest deadline.
func TestSoonest(t *testing.T) {
	g := &battle.Game{Pace: &pace.Pace{Pending: []pace.Pending{{Due: t0.Add(2 * time.Hour)}, {Due: t0.Add(time.Hour)}, {Due: t0.Add(3 * time.Hour)}}}}
	if got := soonest(g); !got.Equal(t0.Add(time.Hour)) {
		t.Errorf("soonest = %v, want %v", got, t0.Add(time.Hour))
	}
}
