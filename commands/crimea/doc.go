// Package crimea is /crimea and Stormed at with Shot and Shell as the battle
// service sees it (battle.Ruleset, TurnEngine, Fog and Campaigner). The battle
// lives in rules/crimea: this package decodes each subcommand's options into
// its typed order (commands/decode; an *interaction.InputError when it
// cannot), makes that one move on the channel's board — or, for a quick
// ruling, on a board built from the options — renders what it did, and
// stores the board and the log through battle.Tx. Everything the rules forbid
// is a *rules.Breach raised in rules/crimea.
//
// Invariant: in a battle every unit and officer an order names is on the
// roster as its invoker sees it, resolved by the decoder before the handler
// runs; a name that is not there, or that fog of war hides from him, is
// refused alike and changes nothing.
package crimea
