// Package dicecmd is /roll and /odds: any dice notation rules/dice reads, rolled
// with every die shown (dropped, rerolled, exploded and successful dice marked),
// the total and where it falls in its exact distribution; secret rolls to the
// roller and the channel's umpire only; and the exact odds of a notation as a
// table and a bar chart drawn with the standard library's image/png.
package dicecmd
