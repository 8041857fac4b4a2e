package battle

import "github.com/referee-bot/referee/commands/interaction"

// A TurnEnd is what a feature does when turns have ended. It runs after
// every change's command, once the referee has made the umpire's calls
// (calls:auto), and before the deadlines are replanned and the turn
// message shown; what it adds to resp is delivered as the change's own,
// what it logs is logged in the change. It acts on the battle as the
// change leaves it (every turn before the one under way, whichever change
// ended it), so it does nothing when nothing is due.
type TurnEnd func(tx *Tx, resp *interaction.Response) error

// AtTurnEnd sets what is done at a turn's end: the sealed orders of the
// turns ended revealed, when the umpire set them to be
// (commands/orderscmd). The routes set it once, before any change is
// served, as they set the turn message (ShowTurns), so that this package need
// not know of sealed orders' reveal; a service without it reveals nothing
// at a turn's end.
func (s *Service) AtTurnEnd(f TurnEnd) { s.turnEnd = f }
