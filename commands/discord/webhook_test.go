package discord

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/google/go-cmp/cmp"
)

const ms = time.Millisecond

// TestBackoffWaits: a call Discord answers 10015 is tried again after 100
// ms, then after each wait doubled up to 2 s, until 15 s of waits.
func TestBackoffWaits(t *testing.T) {
	tests := []struct {
		b    Backoff
		want []time.Duration
	}{
		{Backoff{}, []time.Duration{100 * ms, 200 * ms, 400 * ms, 800 * ms, 1600 * ms, 2000 * ms, 2000 * ms, 2000 * ms, 2000 * ms, 2000 * ms, 1900 * ms}},
		{Backoff{First: ms, Max: 4 * ms, Budget: 10 * ms}, []time.Duration{ms, 2 * ms, 4 * ms, 3 * ms}},
		{Backoff{First: 5 * ms, Max: 5 * ms, Budget: 5 * ms}, []time.Duration{5 * ms}},
	}
	for _, tt := range tests {
		got := tt.b.Waits()
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%+v.Waits() (-want +got):\n%s", tt.b, diff)
		}
		var sum time.Duration
		for _, w := range got {
			sum += w
		}
		budget := tt.b.Budget
		if budget == 0 {
			budget = DefaultRetryBudget
		}
		if sum != budget {
			t.Errorf("%+v.Waits() add up to %v, want the budget", tt.b, sum)
		}
	}
}

func TestUnknownWebhook(t *testing.T) {
	rest := func(status, code int) error {
		return &discordgo.RESTError{Response: &http.Response{StatusCode: status}, Message: &discordgo.APIErrorMessage{Code: code}}
	}
	tests := []struct {
		err  error
		want bool
	}{
		{rest(404, discordgo.ErrCodeUnknownWebhook), true},
		{fmt.Errorf("followup: %w", rest(404, discordgo.ErrCodeUnknownWebhook)), true},
		{rest(404, discordgo.ErrCodeUnknownMessage), false},
		{rest(404, discordgo.ErrCodeUnknownInteraction), false},
		{errors.New("connection refused"), false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := UnknownWebhook(tt.err); got != tt.want {
			t.Errorf("UnknownWebhook(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}
