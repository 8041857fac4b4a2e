package battle

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/order"
)

// Given marks a change that makes a new game (Service.Create, Replace) as
// taking what (a sentence: "the forces mustered from the campaign
// Peninsula") from outside the battle's log: its order records what, the
// game as the change leaves it (order.Order.After) and the digest of its log
// then, so that a replay of the log goes on from there and says what it
// took as given rather than recomputed.
func (tx *Tx) Given(what string) { tx.given = what }

// Seal leaves the text of the sealed orders the change writes (option
// order.Text) out of the order it records, and records their commitment
// (order.Order.Sealed): a replay writes them again with the text revealed for it.
func (tx *Tx) Seal(commitment string) {
	tx.sealed = commitment
	tx.Withhold("the text of sealed orders is secret until revealed", order.Text)
}

// Reveal records sealed orders the change revealed (order.Order.Revealed): a
// replay writes them again with r's text and salt.
func (tx *Tx) Reveal(r order.Revealed) { tx.revealed = append(tx.revealed, r) }

// completeOrder puts on the change's order what it sealed and revealed,
// and, when the change took something from outside the log (Given), the
// game as the change leaves it.
func (tx *Tx) completeOrder() error {
	if len(tx.logged) == 0 {
		return nil
	}
	o := tx.logged[0].Order
	o.Sealed, o.Revealed = tx.sealed, tx.revealed
	if tx.given == "" {
		return nil
	}
	after, err := json.Marshal(tx.Game.Secretless())
	if err != nil {
		return fmt.Errorf("record the game given: %w", err)
	}
	o.Given, o.After, o.Logged = tx.given, after, gamelog.Digest(slices.Concat(tx.imported, tx.logged))
	return nil
}

// Withhold leaves the options named out of the order the change records on
// the log, for why ("the text of sealed orders is secret"): the change
// cannot then be replayed, and a replay of the log says so.
func (tx *Tx) Withhold(why string, options ...string) {
	tx.withheld, tx.withheldWhy = append(tx.withheld, options...), why
}
