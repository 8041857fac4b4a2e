package interaction

import "context"

// A Later delivers an answer that comes after an interaction was answered:
// the truth about an outcome the referee could not know in time. The
// transport that serves the request provides it (WithLater), and it edits or
// follows up the original answer, within the interaction's lifetime (Discord's
// token lasts 15 minutes). It may be called from any goroutine.
type Later func(ctx context.Context, resp Response) error

type laterKey struct{}

// WithLater returns ctx carrying the request's Later.
func WithLater(ctx context.Context, l Later) context.Context {
	return context.WithValue(ctx, laterKey{}, l)
}

// LaterOf returns the request's Later, if its transport can answer later.
func LaterOf(ctx context.Context) (Later, bool) {
	l, ok := ctx.Value(laterKey{}).(Later)
	return l, ok
}
