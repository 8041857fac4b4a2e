// Package helpcmd is /help: every command group in one screen, and with
// command: one command's subcommands or options with an example. Everything
// it says of a command is read from the slash-command definitions the
// referee syncs with Discord, so that help and commands cannot disagree.
package helpcmd
