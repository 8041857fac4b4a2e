package dice

import (
	"fmt"
	"unicode/utf8"
)

// Limits on dice notation. Parse checks every one of them before any die is rolled,
// so that the work of a roll is bounded by the notation alone; an input past a limit
// is answered with an *Error whose Limit field names the constant.
const (
	// MaxInputLen is the longest notation accepted, in bytes (every valid notation is ASCII).
	MaxInputLen = 256
	// MaxCount is the most dice one term may roll before rerolls and explosions (the N of NdX).
	MaxCount = 200
	// MaxDice is the most dice a whole roll may need in the worst case, counting every
	// reroll and explosion up to their caps and every repetition of a repeat form.
	MaxDice = 2000
	// MinSides and MaxSides bound the sides of a die.
	MinSides = 2
	MaxSides = 1000
	// MaxDepth is the deepest nesting of parentheses and unary minus.
	MaxDepth = 16
	// MaxRepeat is the largest count of a repeat form (the N of N#expr).
	MaxRepeat = 20
	// MaxRerolls caps the rerolls of one die under "reroll while" (r); the last face stands.
	MaxRerolls = 10
	// MaxExplosions caps the extra dice one die may set off by exploding.
	MaxExplosions = 10
	// MaxRerollClauses is the most reroll clauses (r1r2...) one term may carry.
	MaxRerollClauses = 4
	// MaxValue bounds the magnitude of every number written and of every value an
	// expression could take, so that arithmetic in int64 cannot overflow and every
	// total is exact in a float64.
	MaxValue = 1_000_000_000_000_000
	// MaxDistSpan is the widest range of values (max-min+1) of any part of an
	// expression whose exact distribution Dist will compute.
	MaxDistSpan = 1 << 16
	// MaxDistWork bounds the arithmetic steps Dist may spend on one expression.
	MaxDistWork = 100_000_000
)

// An Error is a notation Parse refuses, or an expression whose exact odds Dist
// will not compute. It reads as one sentence that can be shown to a player:
//
//	column 4: expected a number of sides after "d"
type Error struct {
	// Col is the 1-based column (in characters) where the problem was found;
	// 0 when it concerns the whole expression.
	Col int
	// Msg says what was expected or which limit was passed.
	Msg string
	// Limit names the limit constant that was passed ("MaxCount"), if any.
	Limit string
}

func (e *Error) Error() string {
	if e.Col <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("column %d: %s", e.Col, e.Msg)
}

// errAt builds an *Error at byte offset off of s.
func errAt(s string, off int, limit, format string, args ...any) *Error {
	if off > len(s) {
		off = len(s)
	}
	return &Error{Col: utf8.RuneCountInString(s[:off]) + 1, Msg: fmt.Sprintf(format, args...), Limit: limit}
}
