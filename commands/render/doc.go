// Package render turns rulings into what players read: one embed per ruling with
// the dice, the chart row, every modifier with its reason, the result, the odds of
// each outcome and the readings that applied. It keeps nothing from the reader:
// what is too long for Discord continues when the router fits the response
// (interaction.Fit), and rolls beyond one description are summarised.
package render
