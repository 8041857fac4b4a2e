// Package interaction is the transport-free command core: a Request (who asked
// what, where), a Response (public and ephemeral messages, direct messages,
// buttons, a machine-readable result), and the Router that finds a handler for a
// request and runs it under a deadline and a recover.
//
// Transports (Discord gateway, HTTP interactions, console) turn their input into a
// Request and deliver the Response; nothing here does Discord I/O. Every message
// is delivered with mentions disabled.
package interaction
