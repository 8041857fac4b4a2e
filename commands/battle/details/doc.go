// Package details is the Details button of a short ruling
// (battle.ButtonDetails, minted by Ruling): it shows whoever
// presses it the full working of the ruling it is bound to, to him alone.
// In a battle the working is read from the log entry the command kept it
// with (gamelog.Entry.Working), after any restart; outside one from the
// stored answer of the interaction (battle.StoredReply.Working), for as
// long as the store keeps it. The routes install the button (Shower.Show).
package details
