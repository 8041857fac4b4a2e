// Package firing2007 referees "Rules – Firing" (a blog post of 6 July 2007): the
// range chart by weapon, the 2d6 fire roll with its factors, the morale effect of
// fire read from the same score, and the risk to generals with a unit that loses
// strength. The readings of NOTES.md (F1–F6) are applied where they apply and
// returned with every ruling; the house rules that switch them are inputs.
//
// The package is pure: no I/O, no clock, no global randomness. Dice come in as a
// dice.Source argument.
package firing2007
