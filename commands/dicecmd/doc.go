// Package dicecmd is /roll and /odds: any dice notation rules/dice reads, rolled
// with every die shown (dropped, rerolled, exploded and successful dice marked),
// the total and where it falls in its exact distribution; secret rolls to the
// roller and the channel's umpire only; and the exact odds of a notation: the
// mean and the chance of at least x first, the table (folded into a CSV file
// past 20 values), and a chart of P(=x) and P(≥x) drawn with gonum's plot.
package dicecmd
