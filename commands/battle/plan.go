package battle

import (
	"context"

	"github.com/referee-bot/referee/commands/interaction"
)

// A Planner plans a battle's move deadlines (Game.Pace) after a change's
// command: the moves pending brought in line with whom the battle waits on
// (TurnEngine.Waiting), each holder of a move newly fallen to him told in
// resp. It runs in every change of a battle, once what is done at a
// turn's end is done and before the turn message is shown, inside the
// change, so that the due index is written no later than the document
// says (Keeper).
type Planner func(tx *Tx, resp *interaction.Response) error

// A Keeper keeps what the store indexes of the battles beside their
// documents (the due index and the umpires' rounds,
// commands/battle/deadline.Keep) no later than the documents say. It
// makes the change of req by calling change, as often as it must: each
// call makes it as one update of the store, in which the Watch it is given
// sees the change's Tx before the command runs and checks it once the
// command and all that follows it have run; an error from the check aborts
// the update, and change returns it (the keeper then writes the index and
// calls change again).
type Keeper func(ctx context.Context, req interaction.Request, change func(Watch) (interaction.Response, error)) (interaction.Response, error)

// A Watch is given a change's Tx before its command runs, and returns the
// check to run before its document is written (Keeper).
type Watch func(tx *Tx) (check func() error)

// PlanDeadlines sets the planner of deadlines and the keeper of the
// store's indexes (commands/battle/deadline.Replan, Keep). The routes set
// them once, before any change is served, as they set AtTurnEnd, so that
// this package need not know how deadlines are planned or kept. A service
// without a planner leaves the moves pending as they are; one without a
// keeper refuses a change that would make a battle due earlier than its
// stored document says (errUnkept), rather than leave a deadline no index
// holds.
func (s *Service) PlanDeadlines(p Planner, k Keeper) { s.planner, s.keeper = p, k }
