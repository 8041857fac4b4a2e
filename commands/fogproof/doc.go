// Package fogproof holds the proof that fog of war cannot leak (issue 22.7):
// a noninterference test. For each rule set a battle generated from a seed
// is played twice through the command layer on a map, once as generated and
// once with side A's hidden units renamed, re-ranked, given other orders and
// placed and moved elsewhere on the table (by the umpire, and by their own
// measured moves to points on it); every byte
// side B and the battle's main channel receive must be the same in both
// plays until a rule reveals the unit. The package has no code of its own:
// its tests are its content (README, Remote umpiring).
package fogproof
