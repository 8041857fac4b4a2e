// Package mapcmd is /map: a battle's table, which the referee holds and draws.
//
// The umpire lays the table out (/map table, /map terrain from the rule set's
// own kinds of ground, /map place for each unit, or the whole of it at once
// with /map import) and anyone in the battle may look at it (/map show, /map
// export). The table is a rules/tabletop value in the battle document; every
// measure taken of it is a pure function of that package. Its options are
// decoded as every rule set's are (commands/decode), by one decoder of every
// rule set whose roster is the battle's board: a name is resolved against
// the invoker's view of it.
//
// Invariant: a picture or an export is drawn from its reader's view of the
// battle. A unit the reader's side has not seen is not in what he is given,
// not its name, not its place, not its line of sight; the umpire sees all.
package mapcmd
