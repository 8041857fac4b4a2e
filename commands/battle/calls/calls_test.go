package calls

import (
	"slices"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// The news of the referee's calls joins the news before it while the turn
// is the same; a call that begins a new turn starts its news afresh.
func TestJoinNewsKeepsOneTurnsNews(t *testing.T) {
	news := func(lines ...string) *interaction.TurnMessage {
		m := &interaction.TurnMessage{}
		for _, l := range lines {
			m.News = append(m.News, interaction.NewsLine{Text: l})
		}
		return m
	}
	tests := []struct {
		name          string
		before, after *interaction.TurnMessage
		sameTurn      bool
		want          []string
	}{
		{"no call news", news("Count 5 is called."), nil, true, []string{"Count 5 is called."}},
		{"no news before", nil, news("Count 4 is called."), true, []string{"Count 4 is called."}},
		{"same turn", news("Count 5 is called."), news("Count 4 is called."), true, []string{"Count 5 is called.", "Count 4 is called."}},
		{"a new turn", news("Count 1 is called."), news("Turn 2 begins."), false, []string{"Turn 2 begins."}},
	}
	for _, tt := range tests {
		var got []string
		for _, l := range joinNews(tt.before, tt.after, tt.sameTurn).News {
			got = append(got, l.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: news %q, want %q", tt.name, got, tt.want)
		}
	}
}

// Joining news does not write into the news it was joined after.
func TestJoinNewsLeavesTheEarlierNewsAsItWas(t *testing.T) {
	before := &interaction.TurnMessage{News: make([]interaction.NewsLine, 1, 4)}
	before.News[0].Text = "Count 5 is called."
	joinNews(before, &interaction.TurnMessage{News: []interaction.NewsLine{{Text: "Count 4 is called."}}}, true)
	if got := before.News[:cap(before.News)][1].Text; got != "" {
		t.Errorf("the earlier news's array was written: %q", got)
	}
}
