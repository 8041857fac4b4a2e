// Package duel is Duel, the smallest rule set the referee plays: the fifth
// rule set that docs/adding-a-rule-set.md builds step by step. Every file of
// it stands in that page whole, and its test holds the two the same, so that
// the page cannot go stale. A real rule set keeps board.go in rules/<set>;
// here it sits beside its adapter so that the page builds one package.
//
// Invariant: the board changes only through Board.Fire and Board.Add.
package duel
