package greenjackets

// An UmpireCall is the call the umpire owes a turn for it to go on (G2).
type UmpireCall int

const (
	// NoCall: the turn waits on a holder (a character on the move, the
	// holder of the count called, who acts or holds back, or past Ace one
	// who has not acted), or no turn is dealt yet.
	NoCall UmpireCall = iota
	// CallCount: no one is on the move and the count called has no holder
	// yet to act: the umpire calls the next count (past Ace, those who
	// have not acted go, 1 AP each).
	CallCount
	// CallDeal: the turn is over: the umpire deals the next.
	CallDeal
)

// UmpireCall is the call the turn waits on the umpire for, if any (G2).
func (b *Board) UmpireCall() UmpireCall {
	t := b.Turn
	switch {
	case t.Number == 0:
		return NoCall
	case t.Ended:
		return CallDeal
	case len(t.Order) > 0:
		return NoCall
	}
	if _, holders, ok := b.Called(); ok && len(holders) > 0 || len(b.Late()) > 0 {
		return NoCall
	}
	return CallCount
}
