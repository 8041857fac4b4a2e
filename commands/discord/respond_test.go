package discord

import "testing"

func TestDMFailedNote(t *testing.T) {
	tests := []struct {
		refused  bool
		fallback string
		want     string
	}{
		{true, "", "bob does not accept direct messages from the referee."},
		{false, "", "The referee could not send a direct message to bob."},
		{true, "they can see it with /card.", "bob does not accept direct messages from the referee; they can see it with /card."},
		{true, "they can see it with /card", "bob does not accept direct messages from the referee; they can see it with /card."},
		{false, "the secret roll is #3 in the log.", "The referee could not send a direct message to bob; the secret roll is #3 in the log."},
	}
	for _, tt := range tests {
		if got := dmFailedNote("bob", tt.refused, tt.fallback); got != tt.want {
			t.Errorf("dmFailedNote(bob, refused %v, %q) = %q, want %q", tt.refused, tt.fallback, got, tt.want)
		}
	}
}
