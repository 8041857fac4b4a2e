// Package campaigncmd is /campaign: a server's named campaigns, their forces
// in each rule set's own terms (campaign.Campaigner), the battles fought from
// them and their results carried back (readings K1–K4, switchable as the
// campaign's house rules). A campaign is a document of the game store of its
// own (campaign.Key); every change of it goes through campaign.Service.Change,
// atomic and idempotent on the interaction id, so that a redelivered
// confirmation never carries a battle back twice. /game start campaign:…,
// the confirmation of /game end and /turn new (commands/gamecmd) call
// Muster, Proposal, CarryBack and Keep here.
package campaigncmd
