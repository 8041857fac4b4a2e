package interaction

// Explain returns the sentence a user is shown for err, and the outcome, exactly
// as Serve renders a handler's error. Transports use it for errors that happen
// before a handler runs (an attachment that cannot be fetched, a console line
// that does not parse into a request).
func Explain(err error) (string, Outcome) { return explain(err) }
