package battle

import "github.com/referee-bot/referee/commands/interaction"

// A Planner plans a battle's move deadlines (Game.Pace) after a change's
// command: the moves pending brought in line with whom the battle waits on
// (TurnEngine.Waiting), each holder of a move newly fallen to him told in
// resp. It runs in every change of a battle, once what is done at a
// turn's end is done and before the turn message is shown, inside the
// change, so that the due index is written no later than the document
// says (changeIndexed).
type Planner func(tx *Tx, resp *interaction.Response) error

// PlanDeadlines sets the planner of deadlines
// (commands/battle/deadline.Replan). The routes set it once, before any
// change is served, as they set AtTurnEnd, so that this package need not
// know how deadlines are planned; a service without it leaves the moves
// pending as they are.
func (s *Service) PlanDeadlines(p Planner) { s.planner = p }
