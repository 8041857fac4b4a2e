package console

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
)

// turnRouter answers /roll with a new turn message (posting it, which the
// console records through Posted) and a public line, and the turn button with
// the same message edited in place, retiring an earlier one.
func turnRouter(recorded *[]string) *interaction.Router {
	r := interaction.NewRouter(nil)
	msg := func(count string) interaction.Message {
		return interaction.Message{Embeds: []interaction.Embed{{Title: "Turn 1: count " + count, Description: "Yet to act: Harris."}},
			Buttons: []interaction.Button{{Label: "Next count (umpire)", ID: "v1/turn/next/1." + count}}}
	}
	r.Command("roll", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{
			Turn: &interaction.TurnMessage{Show: true, ChannelID: req.ChannelID, Message: msg("6"),
				Posted: func(_ context.Context, id string) (bool, error) { *recorded = append(*recorded, id); return true, nil }},
			Public: []interaction.Message{{Content: "**Bob**, your move."}},
		}, nil
	})
	r.Component("v1/turn", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{Turn: &interaction.TurnMessage{Show: true, ChannelID: req.ChannelID, Edit: "turn-1", Retire: []string{"turn-0"}, Message: msg("5")}}, nil
	})
	return r
}

// TestTurnMessage: the console shows a new turn message as the channel
// reads it, and records it; an edit as the turn message edited, with the
// buttons of an earlier one disabled; with -json, the new one first among
// public, the edit under edits.
func TestTurnMessage(t *testing.T) {
	var recorded []string
	var text bytes.Buffer
	c := &Console{Router: turnRouter(&recorded), Commands: defs, User: "alice", Echo: true}
	if err := c.Run(context.Background(), strings.NewReader("/roll dice:d6\n[Next]\n"), &text); err != nil {
		t.Fatal(err)
	}
	want := `
» alice: /roll dice:d6
(turn message) ┃ Turn 1: count 6
               ┃ Yet to act: Harris.
               [Next count (umpire)]
Bob, your move.

» alice: [Next]
(turn message, edited) ┃ Turn 1: count 5
                       ┃ Yet to act: Harris.
                       [Next count (umpire)]
(the turn message before: its buttons are disabled)
`
	if diff := cmp.Diff(want, text.String()); diff != "" {
		t.Errorf("text output (-want +got):\n%s", diff)
	}
	if len(recorded) != 1 || !strings.HasPrefix(recorded[0], "turn-") {
		t.Errorf("the console recorded turn messages %q, want one", recorded)
	}

	var js bytes.Buffer
	c = &Console{Router: turnRouter(&recorded), Commands: defs, User: "alice", JSON: true}
	if err := c.Run(context.Background(), strings.NewReader("/roll dice:d6\n[Next]\n"), &js); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(js.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("-json gave %d lines, want 2:\n%s", len(lines), js.String())
	}
	var first, second jsonLine
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &second); err != nil {
		t.Fatal(err)
	}
	if len(first.Public) != 2 || first.Public[0].Embeds[0].Title != "Turn 1: count 6" || len(first.Edits) != 0 {
		t.Errorf("-json of a new turn message: public %+v, edits %+v", first.Public, first.Edits)
	}
	if len(second.Public) != 0 || len(second.Edits) != 1 || second.Edits[0].Embeds[0].Title != "Turn 1: count 5" ||
		second.Edits[0].Buttons[0].ID != "v1/turn/next/1.5" {
		t.Errorf("-json of an edit: public %+v, edits %+v", second.Public, second.Edits)
	}
}
