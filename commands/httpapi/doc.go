// Package httpapi is the HTTP interactions transport: Discord POSTs each
// interaction to the bot's endpoint, signed with Ed25519 over timestamp + body.
// Signatures, timestamp freshness and size are checked before anything is
// parsed; a PING is answered with a PONG; everything else goes through the same
// router and delivery as the gateway. An interaction's followups and edits
// are sent only once its HTTP answer is written whole and the handler has
// returned; one Discord still answers 10015 (Unknown Webhook) is retried
// (discord.Backoff) and, given up, counted. All state is in the store, so any number of
// replicas behind a load balancer can serve the same channels.
package httpapi
