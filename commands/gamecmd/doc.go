// Package gamecmd is the game-level command surface every rule set shares: the
// lifecycle of a channel's battle (/game start, status, end, umpire, log,
// house-rule, export, import, report, undo, verify), the turn commands that
// dispatch to the channel's rule set (/turn, /card, /act and their buttons),
// and /rules. Handlers are plain values routed in commands/routes.go; their
// slash-command definitions are data in definitions.go.
//
// Authority is checked in code against the game's umpire; Discord's
// default_member_permissions is only a hint server admins can override, and
// /game mixes umpire and player subcommands, so it sets none. Every change goes
// through battle.Service: atomic, idempotent on the interaction id, and a
// refusal changes nothing.
package gamecmd
