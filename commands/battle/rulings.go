package battle

import (
	"strconv"

	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// maxWorking is the most a log entry keeps of its rulings' working, packed;
// a working past it is not kept, and its Details answer says so.
const maxWorking = 8 << 10

// Shows notes r as a ruling the change shows, and returns its number in
// the change, from 1: its working is kept for its Details button
// (commands/battle/details.Ruling) with the command's first log entry, or
// outside a battle with the stored answer; under fog of war the number
// marks its embed (interaction.Embed.Ruling), and each reader's copy is
// footed from his part of the log (Deliverer).
func (tx *Tx) Shows(r rules.Ruling) int {
	tx.rulings = append(tx.rulings, r)
	return len(tx.rulings)
}

// Shown is how many rulings the change has shown so far (Shows).
func (tx *Tx) Shown() int { return len(tx.rulings) }

// DetailsID is the id of the Details button of the command's i-th ruling:
// v1/details/<battle>/<entry>/<i> in a battle (Game.Key), the entry being
// the command's first (flush keeps the working there);
// v1/details/q/<interaction>/<i> outside one.
func (tx *Tx) DetailsID(i int) string {
	if tx.Game == nil {
		return ButtonDetails + "/q/" + tx.Req.ID + "/" + strconv.Itoa(i)
	}
	first := tx.Game.LogLen - len(tx.logged) + 1
	return ButtonDetails + "/" + tx.Game.Key() + "/" + strconv.Itoa(first) + "/" + strconv.Itoa(i)
}

// keepWorking puts the rulings shown by the command with its first log
// entry, logging one for them when the command logged none. A working that
// cannot be kept small enough is not kept (its Details answer says so).
// Under fog of war every entry of the command is written into the parts of
// the log of the readers who may read what the change says (numberParts).
func (tx *Tx) keepWorking() error {
	if tx.Game == nil {
		return nil
	}
	if len(tx.rulings) > 0 && len(tx.logged) == 0 {
		tx.Log(render.Clip("ruling: "+tx.rulings[0].Title, 120))
	}
	if tx.svc != nil && len(tx.logged) > 0 {
		if tx.heard != nil { // fogged, and delivered
			if err := tx.numberParts(); err != nil {
				return err
			}
		} else {
			tx.Game.Parts = nil // every reader reads the whole log: parts start afresh if fog comes on again
		}
	}
	if len(tx.rulings) == 0 {
		return nil
	}
	if w, err := working.Pack(tx.rulings); err == nil && len(w) <= maxWorking {
		tx.logged[0].Working = w
		if tx.logged[0].Fog { // each ruling's readers, for its Details (none: the umpire's alone)
			tx.logged[0].Ruled = make([][]rules.Reader, len(tx.rulings))
			copy(tx.logged[0].Ruled, tx.heard.Ruled)
		}
	}
	return nil
}
