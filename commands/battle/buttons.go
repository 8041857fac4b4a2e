package battle

// Button routes: a custom id the referee puts on a button is the route,
// then its arguments, separated by slashes ("v1/turn/next/3.5"); it never
// carries a secret. Each feature names the routes of its own buttons
// (commands/battle/turnmsg the turn buttons, commands/gamecmd those of
// /game end and /game umpire, commands/dicecmd /roll's, a rule set's its
// own); a route registered twice panics (interaction.Router).
const (
	// ButtonDetails shows a ruling's full working to whoever presses it:
	// v1/details/<battle key>/<log entry>/<ruling> in a battle (Game.Key), and
	// v1/details/q/<interaction id>/<ruling> for a quick ruling outside one
	// (commands/battle/details.Ruling mints it and answers it).
	ButtonDetails = "v1/details"
)

// An Offer is the umpire's role offered to a user, who has not yet taken
// it: by the umpire By, in log entry N (which its buttons name, so that a
// button of an offer withdrawn or made again answers none).
type Offer struct {
	User string `json:"user"`
	Name string `json:"name,omitempty"`
	By   string `json:"by"`
	N    int    `json:"n,omitempty"`
}

// Key names a battle in a button: its seed commitment's first 16 digits,
// public since its start and another for every battle, so that a button
// left from an earlier battle of the channel is told from one of this.
func (g *Game) Key() string { return g.Commitment[:min(16, len(g.Commitment))] }
