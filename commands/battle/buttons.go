package battle

// Button routes: every custom-id prefix the referee puts on a button, in one
// place. A custom id is the route, then its arguments, separated by slashes
// ("v1/turn/next/3.5"); it never carries a secret.
const (
	// ButtonTurnNext moves the turn on; ButtonTurnAct plays the presser's
	// card. Both are bound to the moment they were shown at (BindTurnButtons).
	ButtonTurnNext = "v1/turn/next"
	ButtonTurnAct  = "v1/turn/act"
	// ButtonTurnCard shows the presser his own card, ephemerally, as /card
	// does (any moment: it changes nothing).
	ButtonTurnCard = "v1/turn/card"
	// ButtonFiring2007Chain settles a killed general's chain of command:
	// v1/firing2007/chain/<general id>/all|none.
	ButtonFiring2007Chain = "v1/firing2007/chain"
	// ButtonDetails shows a ruling's full working to whoever presses it:
	// v1/details/<battle key>/<log entry>/<ruling> in a battle (Game.Key), and
	// v1/details/q/<interaction id>/<ruling> for a quick ruling outside one
	// (Tx.Ruling, Service.Details).
	ButtonDetails = "v1/details"
	// ButtonRollAgain rolls a /roll again, for the player who rolled it only:
	// v1/roll/again/<user id>/<1: secret, 0: not>/<notation>[/<label>]. A roll
	// whose id would be longer than Discord takes has no such button.
	ButtonRollAgain = "v1/roll/again"
	// ButtonGameEnd confirms /game end: v1/game/end/<its seed commitment's first 16 digits>/<its log's length>.
	ButtonGameEnd = "v1/game/end"
	// ButtonUmpireOffer answers the umpire's role offered by /game umpire
	// user:, for that user only: v1/game/umpire/<battle key>/<offer>/<user
	// id>/accept|decline, offer the log entry that made it (Offer.N).
	ButtonUmpireOffer = "v1/game/umpire"
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
