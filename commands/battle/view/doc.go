// Package view delivers what a change to a battle says under fog of war to
// the readers who may read it (README, Remote umpiring): each reader is told
// a change in his own words (TellEach), rendered from his side's view. The
// battle service (commands/battle) makes the change; this package only says
// who is shown what of it.
package view
