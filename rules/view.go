package rules

// A Reader is whom a view of a battle is for under fog of war: the umpire
// (All), who sees everything; a side, which sees its own and of the enemy
// what it has seen; or the battle's main channel (neither), which sees only
// what every side knows.
type Reader struct {
	All  bool   `json:"all,omitempty"`
	Side string `json:"side,omitempty"`
}

// Umpire is the reader who sees everything.
var Umpire = Reader{All: true}

// Main is the reader of the battle's main channel: what every side knows.
var Main = Reader{}

// SideReader is the reader of side; "" is the main channel.
func SideReader(side string) Reader { return Reader{Side: side} }

// Sees reports whether r sees what s belongs to, of the side own.
func (r Reader) Sees(s Sight, own string) bool { return r.All || s.SeenBy(r.Side, own) }

// String names the reader: "umpire", "main channel" or the side.
func (r Reader) String() string {
	switch {
	case r.All:
		return "umpire"
	case r.Side == "":
		return "main channel"
	}
	return r.Side
}
