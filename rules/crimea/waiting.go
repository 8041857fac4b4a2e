package crimea

import (
	"slices"

	"github.com/referee-bot/referee/rules"
)

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
//
// Under fog of war (fog) an officer is waited on for the units of the
// command that whoever sees him sees too (as the reader who knows least of
// those who see him knows the board, Board.View): a wing commander in
// sight is not kept waiting by a hidden brigade's units, whose own hidden
// officer is; so whether an officer is waited on reads the same on every
// view that holds him, and tells nothing of what that view does not hold.
// On a free move each reads from that view whether the command is chosen
// and which: a choice made by a hidden unit's move keeps every officer of
// the side in sight waited on, as if none had moved.
// Without it, every officer reads the whole board.
func (b *Board) Movers(fog bool) []Officer {
	card, ok := b.Current()
	if !ok {
		return nil
	}
	officers, _ := b.moving(card)
	free := fog && card.Command == FreeMove
	if free {
		officers, _ = b.sideMoving(card.Side)
	}
	// Who the card moves and whether a unit of it has yet to move, as each
	// reader sees it: asked once a reader, not once an officer (a full
	// roster's command walks every officer's chain for every unit).
	type seen struct {
		moves   []Officer
		unmoved bool
	}
	views := map[rules.Reader]seen{}
	var out []Officer
	for _, o := range officers {
		if o.Wounded || o.Orders == 0 || o.Passed {
			continue
		}
		r := rules.Umpire
		if fog {
			r = b.leastKnowing(&o)
		}
		v, ok := views[r]
		if !ok {
			view := b
			if r != rules.Umpire {
				view = b.View(r)
			}
			moves, units := view.moving(card)
			v = seen{moves, anyUnmoved(units)}
			views[r] = v
		}
		if v.unmoved && (!free || slices.ContainsFunc(v.moves, func(m Officer) bool { return m.Name == o.Name })) {
			out = append(out, o)
		}
	}
	return out
}

// moving are the officers and units the card moves (Moving), on a free
// move the card's side's, alive and standing, until its first unit fixes
// the command.
func (b *Board) moving(card Card) (officers []Officer, units []Unit) {
	chosen, _, ok := b.freeChoice()
	switch {
	case card.Command == FreeMove && !ok:
		return b.sideMoving(card.Side)
	case card.Command == FreeMove:
		return b.Moving(Card{Side: card.Side, Command: chosen})
	}
	return b.Moving(card)
}

// sideMoving are the officers and units of side alive and standing.
func (b *Board) sideMoving(side Side) (officers []Officer, units []Unit) {
	for _, o := range b.Officers {
		if o.Side == side && !o.Dead {
			officers = append(officers, o)
		}
	}
	for _, u := range b.Units {
		if u.Side == side && u.Stands > 0 {
			units = append(units, u)
		}
	}
	return officers, units
}

// leastKnowing is the reader who sees o and, of his own side, nothing that
// another who sees o does not: the main channel when o is in plain sight,
// else an enemy he was revealed to, else his own side.
func (b *Board) leastKnowing(o *Officer) rules.Reader {
	if o.seenBy("") {
		return rules.Main
	}
	for _, s := range Sides {
		if s != o.Side && o.seenBy(string(s)) {
			return rules.SideReader(string(s))
		}
	}
	return rules.SideReader(string(o.Side))
}

// PassMove passes the move on the card turned up of the officers player
// plays ("": those no player plays) whom it waits on (Movers): they give no
// more orders on it (C2). Call reports whether the umpire's call follows at
// once, as the umpire turns up the next card when a command has done
// moving: when the card waited on one of them and now waits on no one;
// under fog of war (fog), as the main channel reads it (what both sides
// know, Board.View). An officer the main channel never saw passes unseen:
// nothing it reads has changed, and the umpire's call waits on its own
// deadline, as when a command the main channel sees has done moving.
func (b *Board) PassMove(player string, fog bool) (call bool, err error) {
	main := func() *Board {
		if fog {
			return b.View(rules.Main)
		}
		return b
	}
	waited := func(v *Board) map[string]bool {
		names := map[string]bool{}
		for _, o := range v.Movers(fog) {
			if o.Player == player {
				names[o.Name] = true
			}
		}
		return names
	}
	mine, seen := waited(b), waited(main())
	if len(mine) == 0 {
		return false, rules.Breachf("The card turned up waits on no officer of yours: there is no move to pass.")
	}
	for i := range b.Officers {
		if o := &b.Officers[i]; mine[o.Name] {
			o.Passed = true
		}
	}
	return len(seen) > 0 && len(main().Movers(fog)) == 0, nil
}

// endPasses clears every pass (PassMove): a card is turned up, or a turn begun.
func (b *Board) endPasses() {
	for i := range b.Officers {
		b.Officers[i].Passed = false
	}
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

// UmpireCall is the call the turn waits on the umpire for, if any (C2),
// with Movers under fog of war or not (fog).
func (b *Board) UmpireCall(fog bool) UmpireCall {
	switch {
	case b.Turn == 0, len(b.Movers(fog)) > 0:
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
