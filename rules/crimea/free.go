package crimea

import "strings"

// The free move (C2): the first unit to move on a free-move card fixes the
// command that moves on it. Board.Free records the command and the unit
// whose move fixed it, "<command>|<unit>", so that a reader who has not seen
// that unit is not told the choice (Board.View). A board stored before the
// unit was recorded holds "<command>|": a choice every reader reads.

// freeChoice is the free move's command and the unit whose move chose it
// ("" in a board stored before the unit was recorded); ok is false until a
// unit has moved on the card.
func (b *Board) freeChoice() (c Command, unit string, ok bool) {
	if b.Free == "" {
		return "", "", false
	}
	command, unit, _ := strings.Cut(b.Free, "|")
	return Command(command), unit, true
}

// chooseFree records u's move on a free-move card: the first fixes the
// command; a later one names the choice when more of the readers see it
// than see the unit named, so that whoever saw a unit move on the card
// reads the choice.
func (b *Board) chooseFree(u *Unit) {
	if _, unit, ok := b.freeChoice(); ok {
		was := b.findUnit(unit)
		if unit == "" || was != nil && seers(b, was) >= seers(b, u) {
			return
		}
	}
	b.Free = string(b.CommandOf(*u)) + "|" + u.Name
}

// seers counts the readers who see u: its side, the enemy's, the main
// channel.
func seers(b *Board, u *Unit) int {
	n := 0
	for _, r := range append(b.Sides(), "") {
		if u.seenBy(r) {
			n++
		}
	}
	return n
}

// freeSeenBy reports whether reader (a side, or "" for the main channel)
// reads the free move's choice: he sees the unit that made it, one no
// longer on the roster being seen by its own side, the card's, alone.
func (b *Board) freeSeenBy(reader string) bool {
	_, unit, ok := b.freeChoice()
	if !ok || unit == "" {
		return true
	}
	if u := b.findUnit(unit); u != nil {
		return u.seenBy(reader)
	}
	card, _ := b.Current()
	return reader != "" && reader == string(card.Side)
}
