// Package discordtest is a recording Discord double for tests: an HTTP server
// answering the REST calls the referee makes (gateway URL, command
// registration, interaction callbacks, edits and followups, DM channels and
// messages) and a gateway websocket (HELLO, IDENTIFY → READY, heartbeats,
// RESUME → RESUMED, INTERACTION_CREATE dispatch with sequence numbers).
//
// It records every call, keeps what each interaction's user would see (Reply),
// and has knobs for the failures the bot must survive: a user refusing DMs
// (403, code 50007), a dropped socket, a 429 with retry_after, a refused token
// (401 on REST, close 4004 on IDENTIFY), an interaction's answer taken late
// (LagAnswers). As Discord does, it fails an interaction whose HTTP answer
// is multipart (files go by REST), and answers 404, code 10015 (Unknown
// Webhook), to a followup, edit or delete of an interaction's messages until
// it has the interaction's response whole. Tests send interactions with Slash and
// Press and wait for what they expect with Wait, never with sleeps.
//
// Every request body the bot sends (REST calls, payload_json of multipart
// uploads, HTTP answers to interactions) is checked against the request
// schema of its operation in Discord's OpenAPI description of API v10,
// pinned in testdata, strictly: a field Discord does not declare is refused
// too. A test fails at its end for each request refused, naming the
// operation and what its schema refuses (Violations, Checked).
package discordtest
