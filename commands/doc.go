// Package commands is the referee's command surface: routes.go registers every
// slash command, button and autocomplete in one place, over the handlers of the
// sub-packages (one per concern or rule set), and New returns the router and the
// command definitions that transports sync with Discord.
//
// commands never imports go-redis: it reaches the store through battle.Store.
package commands
