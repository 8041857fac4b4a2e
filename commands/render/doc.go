// Package render turns rulings into what players read: one embed per ruling with
// the dice, the chart row, every modifier with its reason, the result, the odds of
// each outcome and the readings that applied, always within Discord's limits.
package render
