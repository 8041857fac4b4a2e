package turnmsg

import (
	"cmp"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/render"
)

// WaitingOn is the line that leads /turn status and the turn message: whom
// the battle waits on, by name, in the order waited on; with what, each
// on a line of his own with what he must do.
func WaitingOn(g *battle.Game, waits []battle.Wait, what bool) string {
	if len(waits) == 0 {
		return "**Waiting on:** no one: no turn is being played."
	}
	var users []string
	does := map[string][]string{}
	for _, w := range waits {
		if !slices.Contains(users, w.User) {
			users = append(users, w.User)
		}
		does[w.User] = append(does[w.User], w.What)
	}
	var b strings.Builder
	b.WriteString("**Waiting on:**")
	for i, u := range users {
		name := "**" + render.Inert(waitedName(g, u)) + "**"
		switch {
		case what:
			b.WriteString("\n• " + name + " — " + strings.Join(does[u], "; "))
		case i == 0:
			b.WriteString(" " + name)
		default:
			b.WriteString(", " + name)
		}
	}
	return b.String()
}

// waitedName names whom the battle waits on: a player by his name, the
// umpire as such.
func waitedName(g *battle.Game, user string) string {
	if user != g.Umpire {
		return g.Player(user)
	}
	if n := cmp.Or(g.Players[user], g.UmpireName); n != "" {
		return "the umpire (" + n + ")"
	}
	return "the umpire"
}
