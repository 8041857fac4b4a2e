// Package commandstest is the shared test harness of the command packages. It
// is an ordinary package so that every package's tests can import it, but it
// is used only by tests: nothing in the bot imports it.
//
// New drives the real routes (commands.New, or a package's own router) through
// battle.Service over the embedded store in t.TempDir(), with seeded entropy
// and a clock that moves a minute at every reading, so that every roll and
// every timestamp is the same on every run. Discord serves the same core on the
// Discord double (commands/discordtest) through the real gateway transport
// (commands/discord), as production does.
//
// A command's options are given as name, value pairs; an int is passed on as
// an int64, as Discord's integer options are.
package commandstest
