package turnmsg

import (
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// The news of a moment, and the line of whom it waits on, lead the turn
// engine's view: at the head of its first embed, or of its content.
func TestNewsAndWaitingLeadTheView(t *testing.T) {
	embedded := interaction.Message{Embeds: []interaction.Embed{{Description: "Turn 2."}, {Description: "Roster."}}}
	plain := interaction.Message{Content: "Turn 2."}
	tests := []struct {
		name string
		got  interaction.Message
		want string
	}{
		{"news above an embed", withNews(embedded, "Count 5 is called."), "Count 5 is called.\n\nTurn 2."},
		{"no news", withNews(embedded, ""), "Turn 2."},
		{"news as content", withNews(plain, "Count 5 is called."), "Count 5 is called."},
		{"waiting above an embed", leading(embedded, "**Waiting on:** **alice**"), "**Waiting on:** **alice**\nTurn 2."},
		{"waiting above content", leading(plain, "**Waiting on:** **alice**"), "**Waiting on:** **alice**\nTurn 2."},
	}
	for _, tt := range tests {
		got := tt.got.Content
		if len(tt.got.Embeds) > 0 {
			got = tt.got.Embeds[0].Description
			if tt.got.Embeds[1].Description != "Roster." {
				t.Errorf("%s: the second embed reads %q", tt.name, tt.got.Embeds[1].Description)
			}
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	if embedded.Embeds[0].Description != "Turn 2." {
		t.Errorf("the engine's view was changed: %q", embedded.Embeds[0].Description)
	}
}

// Only unbound turn buttons are bound to the moment, once.
func TestBindButtonsBindsTurnButtonsOnly(t *testing.T) {
	buttons := []interaction.Button{{ID: ButtonNext}, {ID: ButtonAct}, {ID: ButtonCard}, {ID: ButtonNext + "/1.2"}}
	bindButtons(buttons, "3.5")
	want := []string{ButtonNext + "/3.5", ButtonAct + "/3.5", ButtonCard, ButtonNext + "/1.2"}
	for i, b := range buttons {
		if b.ID != want[i] {
			t.Errorf("button %d = %q, want %q", i, b.ID, want[i])
		}
	}
}
