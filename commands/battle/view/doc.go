// Package view is a battle as each of its readers sees it under fog of war
// (README, Remote umpiring), made from the rule set's fog of war (Fog, an
// optional capability of a battle.Ruleset): whose side a player is on
// (SideOf, ReaderOf), what a reader's view of the battle holds (For,
// Viewed, Seer), which channel is whose (ChannelReader, ChannelOf), and the
// delivery of what a change says to the readers who may read it (Deliver):
// each reader is told a change in his own words (TellEach), rendered from
// his side's view, each ruling's Details button bound to his part of the
// log (PartDetailsID, read back by PartReader). It also notes the direct
// messages Discord refused a player, and tells him how to see what they
// held (DMRefusals). The battle service (commands/battle) makes the change;
// this package only says who is shown what of it.
package view
