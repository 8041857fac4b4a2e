package battle

import "github.com/referee-bot/referee/commands/interaction"

// A TurnShown is the battle's turn message (commands/battle/turnmsg): the
// one message of its channel that shows the turn, edited in place as the
// turn moves, as the referee last asked for it to be shown.
type TurnShown struct {
	// Seq numbers the turn messages the battle has had posted; ID is the
	// message of the latest, once its transport has recorded it; "" while
	// it is being posted.
	Seq int    `json:"seq"`
	ID  string `json:"id,omitempty"`
	// Turn is the turn it shows; Moment the key of the moment its buttons
	// are bound to. Live is false once its buttons are disabled, or when
	// it has none (its turn is over): it is then left as it reads.
	Turn   int    `json:"turn"`
	Moment string `json:"moment"`
	Live   bool   `json:"live,omitempty"`
	// News is the news of the turn step that brought that moment, shown
	// above the turn; Hash is of the message as shown (deadlines and bound
	// buttons included), so that a change that leaves it as it reads
	// edits nothing.
	News string `json:"news,omitempty"`
	Hash string `json:"hash"`
	// Picture is the digest of the picture the message carries (the map as
	// its reader sees it; "" none): an edit uploads it again only when it
	// changed.
	Picture string `json:"picture,omitempty"`
	// Sides are the digests of the pictures last posted to each side's
	// channel under fog of war (the table as that side sees it), by side in
	// lower case: a new turn posts a side its picture only when it changed.
	Sides map[string]string `json:"sides,omitempty"`
	// Superseded is the turn message this one replaced, while this one is
	// not known to be posted (ID ""): its buttons were to be disabled with
	// the posting, and a redraw disables them again.
	Superseded string `json:"superseded,omitempty"`
}

// A TurnStep is what a feature does in every change of a battle played in
// turns (its rule set a TurnEngine, te), once the change's command has run:
// what it adds to resp is delivered as the change's own, what it logs is
// logged in the change.
type TurnStep func(tx *Tx, te TurnEngine, resp *interaction.Response) error

// MakeCalls sets what has the referee make the umpire's calls under
// calls:auto (commands/battle/calls), first of all that is done after a
// change's command, before what is done at a turn's end; ShowTurns what
// shows the battle's turn message (commands/battle/turnmsg), once the
// deadlines are replanned. The routes set them once, before any change is
// served, so that this package need not know of either; a service without
// them makes no call and shows no turn message.
func (s *Service) MakeCalls(f TurnStep) { s.calls = f }

// ShowTurns: see MakeCalls.
func (s *Service) ShowTurns(f TurnStep) { s.showTurn = f }
