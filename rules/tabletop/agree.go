package tabletop

import "math"

// Tolerance is how far a typed distance may differ from the measured one and
// still agree with it: a player reading a tape to the nearest half inch.
const Tolerance = 0.5

// Agree reports whether a distance a player typed agrees with the one the
// table measured: within Tolerance.
func Agree(typed, measured float64) bool { return math.Abs(typed-measured) <= Tolerance }

// Tenth is a measured distance to the nearest tenth of an inch, as the
// referee takes it.
func Tenth(d float64) float64 { return math.Round(d*10) / 10 }
