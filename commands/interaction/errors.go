package interaction

import (
	"context"
	"errors"
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// A Refusal is a request the referee will not carry out, with the reason as one
// short sentence for the user ("only the umpire can end the game"). Nothing was
// changed.
type Refusal struct {
	Reason string
	// Superseded refuses a press of a button whose moment has passed: the
	// router disables the buttons of the message pressed, too.
	Superseded bool
}

func (r *Refusal) Error() string { return r.Reason }

// Refuse returns a *Refusal.
func Refuse(reason string) error { return &Refusal{Reason: reason} }

// Supersededf returns a *Refusal of a press on a superseded message.
func Supersededf(format string, args ...any) error {
	return &Refusal{Reason: fmt.Sprintf(format, args...), Superseded: true}
}

// Refusef returns a *Refusal with a formatted reason.
func Refusef(format string, args ...any) error {
	return &Refusal{Reason: fmt.Sprintf(format, args...)}
}

// An InputError is an option the referee cannot read as given: missing,
// malformed, or out of its range. Rule-set adapters raise it while decoding a
// command's options into an order, and nothing else; what the rules forbid is a
// *rules.Breach, raised in rules. Nothing was changed.
type InputError struct{ Reason string }

func (e *InputError) Error() string { return e.Reason }

// Input returns an *InputError.
func Input(reason string) error { return &InputError{Reason: reason} }

// Inputf returns an *InputError with a formatted reason.
func Inputf(format string, args ...any) error {
	return &InputError{Reason: fmt.Sprintf(format, args...)}
}

// Outcome names how a request ended, for logs and metrics.
type Outcome string

// Outcomes.
const (
	OutcomeOK          Outcome = "ok"
	OutcomeRefused     Outcome = "refused"
	OutcomeUnavailable Outcome = "unavailable"
	// OutcomeIndeterminate: the store did not confirm a change in time; the
	// referee follows the answer up with the truth (Later).
	OutcomeIndeterminate Outcome = "indeterminate"
	OutcomeTimeout       Outcome = "timeout"
	OutcomeError         Outcome = "error"
	OutcomePanic         Outcome = "panic"
	OutcomeUnknown       Outcome = "unknown"
)

// Messages shown for errors that are not the user's doing.
const (
	MsgInternal      = "Internal error: the referee could not do that. Nothing was changed."
	MsgUnavailable   = "The battle store is unavailable; nothing was changed. Try again in a moment."
	MsgIndeterminate = "The battle store did not answer in time; this may have been recorded — the referee will say."
	MsgAbandoned     = "This command was not recorded when the battle store failed to answer; nothing was changed. Try it again."
	MsgAlreadyDone   = "This command was carried out already; nothing more was changed."
	MsgConflict      = "Too many changes to this battle at once; nothing was changed. Try again."
	MsgNoGame        = "There is no battle in this channel. The umpire starts one with `/game start`."
	MsgTimeout       = "That took too long and was abandoned; nothing was changed."
	MsgUnknown       = "The referee does not know that command."
)

// explain turns a handler error into the sentence the user sees and the outcome.
// Raw error text is shown only for errors made to be shown: refusals and breaches.
func explain(err error) (string, Outcome) {
	var refusal *Refusal
	var input *InputError
	var breach *rules.Breach
	switch {
	case errors.As(err, &refusal):
		return refusal.Reason, OutcomeRefused
	case errors.As(err, &input):
		return input.Reason, OutcomeRefused
	case errors.As(err, &breach):
		return breach.Reason, OutcomeRefused
	case errors.Is(err, state.ErrNotFound):
		return MsgNoGame, OutcomeRefused
	case errors.Is(err, state.ErrIndeterminate):
		return MsgIndeterminate, OutcomeIndeterminate
	case errors.Is(err, state.ErrAbandoned):
		return MsgAbandoned, OutcomeRefused
	case errors.Is(err, state.ErrAlreadyApplied):
		return MsgAlreadyDone, OutcomeRefused
	case errors.Is(err, state.ErrUnavailable):
		return MsgUnavailable, OutcomeUnavailable
	case errors.Is(err, state.ErrConflict):
		return MsgConflict, OutcomeUnavailable
	case errors.Is(err, context.DeadlineExceeded):
		return MsgTimeout, OutcomeTimeout
	}
	return MsgInternal, OutcomeError
}
