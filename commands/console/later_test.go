package console

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
)

// TestFollowUpShown: a command the store did not confirm is answered "may
// have been recorded", and the truth that follows (Later) is printed, even
// after the input has ended: the console waits for it.
func TestFollowUpShown(t *testing.T) {
	r := interaction.NewRouter(nil)
	r.Command("roll", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		later, ok := interaction.LaterOf(ctx)
		if !ok {
			return interaction.Response{}, fmt.Errorf("the console gave no Later")
		}
		go later(context.Background(), interaction.Say("The battle store has answered: `/roll` was recorded as roll #7."))
		return interaction.Response{}, fmt.Errorf("update: %w", state.ErrIndeterminate)
	})
	c := &Console{Router: r, Commands: defs}
	var out bytes.Buffer
	if err := c.Run(context.Background(), strings.NewReader("/roll dice:2d6\n"), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{interaction.MsgIndeterminate, "was recorded as roll #7"} {
		if !strings.Contains(got, want) {
			t.Errorf("console output lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, interaction.MsgIndeterminate) > strings.Index(got, "roll #7") {
		t.Errorf("the follow-up came before the answer it follows:\n%s", got)
	}
}
