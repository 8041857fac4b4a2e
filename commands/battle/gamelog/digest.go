package gamelog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Digest is the hex SHA-256 of a log, the entries' orders, workings and
// voided marks left out (a mark is the undo's that voids it: Fold), so that
// the order of a change a replay cannot recompute (order.Order.Given) holds
// the log the change left to what it was.
func Digest(entries []Entry) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	for _, e := range entries {
		e.Order, e.Working, e.Voided = nil, nil, ""
		e.At = e.At.UTC()
		_ = enc.Encode(e) // an Entry always encodes
	}
	return hex.EncodeToString(h.Sum(nil))
}
