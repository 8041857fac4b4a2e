// Package tabletop is the battlefield as a pure value, and the measures the rule
// sets take of it.
//
// A Table is the size of the table, its terrain (areas such as woods, towns and
// hills, and lines such as rivers, walls and hedges) and where each unit stands:
// a footprint (a rectangle of its frontage and depth) with a facing. Lengths are
// inches from the table's lower-left corner, x along the near edge and y towards
// the far one; facings are degrees clockwise from the far edge (0 faces +y, 90 faces
// +x).
//
// The measures are pure functions with no knowledge of any rule set: the gap between
// two footprints at their nearest points, the length of a path and how much of it
// lies in each area, the lines a path crosses, lines of sight over areas that block
// and hills that rise between, arcs from a unit's front, and the height of the
// ground at a point; and where a unit stands after going some way along a line or
// into contact with another's front. A rule set says which terrain kinds block, slow
// or cover; this package only measures.
//
// tabletop is pure: no I/O, no clock, no randomness.
package tabletop
