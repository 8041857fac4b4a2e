package turnmsg

import (
	"testing"

	"github.com/referee-bot/referee/commands/battle"
)

// Whom a battle waits on is said by name, the umpire as such, each once,
// in the order waited on; with what, each with what he must do.
func TestWaitingOnNamesWhomTheBattleWaitsOn(t *testing.T) {
	g := &battle.Game{Umpire: "u0", UmpireName: "Cappetta", Players: map[string]string{"u1": "alice", "u2": "bob_"}}
	waits := []battle.Wait{
		{User: "u2", What: "act with Leclerc at count 4 (`/act`)"},
		{User: "u1", What: "move Sharpe"},
		{User: "u2", What: "move Dubois"},
		{User: "u0", What: "call the next count (`/turn next`)", Call: true},
	}
	tests := []struct {
		name  string
		waits []battle.Wait
		what  bool
		want  string
	}{
		{"no turn", nil, true, "**Waiting on:** no one: no turn is being played."},
		{"names", waits, false, "**Waiting on:** **bob\\_**, **alice**, **the umpire (Cappetta)**"},
		{"names and what", waits, true, "**Waiting on:**\n• **bob\\_** — act with Leclerc at count 4 (`/act`); move Dubois\n• **alice** — move Sharpe\n• **the umpire (Cappetta)** — call the next count (`/turn next`)"},
	}
	for _, tt := range tests {
		if got := WaitingOn(g, tt.waits, tt.what); got != tt.want {
			t.Errorf("%s: WaitingOn = %q, want %q", tt.name, got, tt.want)
		}
	}
}
