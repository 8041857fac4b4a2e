// Package campaigncmd is /campaign: a server's named campaigns, their forces
// in each rule set's own terms (battle.Campaigner), the battles fought from
// them and their results carried back (readings K1–K4, switchable as the
// campaign's house rules). A campaign is a document of the game store of its
// own (battle.CampaignKey); every change of it goes through
// battle.Service.ChangeCampaign, atomic and idempotent on the interaction
// id, so that a redelivered confirmation never carries a battle back twice.
// /game start campaign:… and the confirmation of /game end (commands/gamecmd)
// call Muster, Proposal and CarryBack here.
package campaigncmd
