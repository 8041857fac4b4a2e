package gamecmd

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

func TestFit(t *testing.T) {
	e := interaction.Embed{Title: "Talavera", Description: strings.Repeat("d", 2000), Footer: "commitment"}
	for range 20 {
		e.Fields = append(e.Fields, interaction.Field{Name: "Roster", Value: strings.Repeat("x", 1000)})
	}
	got := fit(e)
	total := len(got.Title) + len(got.Description) + len(got.Footer)
	for _, f := range got.Fields {
		total += len(f.Name) + len(f.Value)
		if len(f.Value) > render.MaxFieldValue {
			t.Errorf("field of %d characters", len(f.Value))
		}
	}
	if total > render.MaxEmbedTotal {
		t.Errorf("fit left %d characters; Discord allows %d", total, render.MaxEmbedTotal)
	}
	if last := got.Fields[len(got.Fields)-1]; !strings.Contains(last.Value, "more in `/game report`") {
		t.Errorf("fit did not say fields were left out: %+v", last)
	}
	small := interaction.Embed{Title: "t", Fields: []interaction.Field{{Name: "a", Value: "b"}}}
	if got := fit(small); len(got.Fields) != 1 || got.Fields[0] != small.Fields[0] {
		t.Errorf("fit changed a small embed: %+v", got)
	}
}

func TestSplitMarkdown(t *testing.T) {
	body := "intro\n```\n" + strings.Repeat("row of a long table\n", 40) + "```\nafter"
	parts := splitMarkdown(body, 300)
	if len(parts) < 3 {
		t.Fatalf("split into %d parts", len(parts))
	}
	for i, p := range parts {
		if len(p) > 300 {
			t.Errorf("part %d is %d bytes", i, len(p))
		}
		if strings.Count(p, "```")%2 != 0 {
			t.Errorf("part %d leaves a code block open:\n%s", i, p)
		}
	}
	if strings.Join(parts, "") == "" || !strings.HasSuffix(parts[len(parts)-1], "after") {
		t.Errorf("last part %q", parts[len(parts)-1])
	}
}

func TestSpans(t *testing.T) {
	for _, tt := range []struct {
		in   []uint64
		want string
	}{{nil, ""}, {[]uint64{3}, "3"}, {[]uint64{3, 4}, "3, 4"}, {[]uint64{3, 7, 8, 9, 12}, "3, 7–9, 12"}} {
		if got := spans(tt.in); got != tt.want {
			t.Errorf("spans(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
