package battle

import (
	"encoding/json"
	"fmt"

	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A StoredReply is what the store remembers of a command under its
// interaction id: its response, and where it went in the game, so that a
// change settled after the store failed to confirm it can be reported
// ("recorded as roll #37", commands/battle/settle). A reply stored before
// it had these decodes as a bare response. A ruling's Result (a
// rules.Ruling, for the console's -json output, which never replays) is
// not kept: a replay answers Discord, which does not read it, and the
// ruling's working is kept for its Details button apart (its log entry's,
// or Working); it was most of the reply's bytes.
type StoredReply struct {
	interaction.Response
	// Roll and Entry are the roll number the command's dice came from and
	// the last log entry it made (0: none, and always under fog of war,
	// where both count the hidden units' acts too).
	Roll  uint64 `json:"settled_roll,omitempty"`
	Entry int    `json:"settled_entry,omitempty"`
	// Working is the working of the rulings a quick ruling outside a battle
	// showed, packed as a log entry keeps it (working.Pack), for their
	// Details buttons (commands/battle/details; in a battle its log entry
	// keeps them); a reply stored before has them as Rulings, unpacked.
	Working []byte         `json:"working,omitempty"`
	Rulings []rules.Ruling `json:"rulings,omitempty"`
}

func encodeReply(resp interaction.Response, tx *Tx) ([]byte, error) {
	r := StoredReply{Response: resp}
	// Under fog of war the note numbers nothing: the roll number and the
	// log's own numbers count the hidden units' acts too.
	fogged := tx.Game != nil && tx.Game.Fogged()
	if !fogged {
		r.Roll = tx.RollNumber()
	}
	if _, ruling := resp.Result.(rules.Ruling); ruling {
		r.Result = nil
	}
	if tx.Game == nil && len(tx.rulings) > 0 {
		w, err := working.Pack(tx.rulings)
		if err != nil {
			return nil, err
		}
		r.Working = w
	}
	if n := len(tx.logged); n > 0 && !fogged {
		r.Entry = tx.logged[n-1].N
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode reply: %w", err)
	}
	return b, nil
}

// DecodeReply decodes a reply as the store keeps it (state.Applied.Reply,
// state.Settled.Reply).
func DecodeReply(b []byte) (StoredReply, error) {
	var r StoredReply
	if err := json.Unmarshal(b, &r); err != nil {
		return StoredReply{}, fmt.Errorf("decode reply: %w", err)
	}
	return r, nil
}
