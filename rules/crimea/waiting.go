package crimea

import "strings"

// An UmpireCall is the call the umpire owes a turn for it to go on (C2).
type UmpireCall int

const (
	// NoCall: the command on the card turned up is moving, or no turn has
	// begun.
	NoCall UmpireCall = iota
	// CallDraw: no card is up, or the command on it has done moving: the
	// umpire turns up the next card.
	CallDraw
	// CallCombat: the eight cards are drawn and their commands have moved,
	// and a charge's close combat is yet to be resolved (C8, "after movement
	// but before any close combats are resolved"): the umpire resolves it.
	CallCombat
	// CallTurn: the eight cards are drawn, their commands have moved and
	// their combats are resolved: the umpire begins the next turn.
	CallTurn
)

// Movers are the officers the card turned up waits on (C2, C3): those of
// its command fit to give orders and with orders left, while a unit of it
// has yet to move; on a free move, before its first unit fixes the
// command, those of the card's side. None when no card is up.
func (b *Board) Movers() []Officer {
	card, ok := b.Current()
	if !ok {
		return nil
	}
	var officers []Officer
	var units []Unit
	switch {
	case card.Command == FreeMove && b.Free == "":
		for _, o := range b.Officers {
			if o.Side == card.Side && !o.Dead {
				officers = append(officers, o)
			}
		}
		for _, u := range b.Units {
			if u.Side == card.Side && u.Stands > 0 {
				units = append(units, u)
			}
		}
	case card.Command == FreeMove:
		officers, units = b.Moving(Card{Side: card.Side, Command: Command(strings.TrimSuffix(b.Free, "|"))})
	default:
		officers, units = b.Moving(card)
	}
	if !anyUnmoved(units) {
		return nil
	}
	var out []Officer
	for _, o := range officers {
		if !o.Wounded && o.Orders > 0 {
			out = append(out, o)
		}
	}
	return out
}

// anyUnmoved reports whether a unit of units has yet to move this turn.
func anyUnmoved(units []Unit) bool {
	for _, u := range units {
		if !u.Moved {
			return true
		}
	}
	return false
}

// UmpireCall is the call the turn waits on the umpire for, if any (C2).
func (b *Board) UmpireCall() UmpireCall {
	switch {
	case b.Turn == 0, len(b.Movers()) > 0:
		return NoCall
	case b.Drawn < len(b.Deck):
		return CallDraw
	case len(b.CombatsDue()) > 0:
		return CallCombat
	}
	return CallTurn
}

// CombatsDue are the charges whose close combat is yet to be resolved, of
// units both still standing (C8).
func (b *Board) CombatsDue() []Charge {
	var out []Charge
	for _, c := range b.Charges {
		a, errA := b.Unit(c.Attacker)
		d, errD := b.Unit(c.Defender)
		if errA == nil && errD == nil && a.Stands > 0 && d.Stands > 0 {
			out = append(out, c)
		}
	}
	return out
}

// involves reports whether the charge is made or met by the unit called name.
func (c Charge) involves(name string) bool {
	return sameName(c.Attacker, name) || sameName(c.Defender, name)
}
