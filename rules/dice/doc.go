// Package dice is the referee's dice engine: the Source every ruling rolls through,
// the keyed Stream that makes a game's rolls verifiable from its seed (VERIFY.md),
// dice notation (Parse, Expr, Result) and exact distributions (Dist) for the odds
// of every outcome.
//
// A notation is parsed once, with every limit checked before any die is rolled,
// and can then be rolled any number of times:
//
//	e, err := dice.Parse("4d6kh3")   // err is an *Error: "column 5: ..."
//	r := e.Roll(src)                 // r.Total, r.Dice with their marks, r.String()
//	d, err := e.Dist()               // exact odds: d.P(x), d.AtLeast(x), d.Table(), d.Percentile(x)
//
// ParseInto and RollInto reuse the caller's Expr and Result and do not allocate.
//
// dice is pure: no I/O, no clock, no global randomness. A fresh seed for a roll
// outside a game is drawn by the caller from crypto/rand.
package dice
