package commandstest

import "testing"

func TestHeadingsNest(t *testing.T) {
	for _, tt := range []struct {
		md    string
		wrong int
	}{
		{"# Peninsula\n## Battles\n### 1. The bridge\n#### Losses\n##### British\n## Records", 0},
		{"# Peninsula\n## Battles\n### 1. The bridge\n#### Losses\n### British", 0},
		{"# Peninsula\n#### Losses\n### British", 1},
		{"## Battles\n### 1. The bridge", 1},
		{"no heading", 1},
	} {
		if wrong := HeadingsNest(tt.md); len(wrong) != tt.wrong {
			t.Errorf("HeadingsNest(%q) = %q, want %d wrong", tt.md, wrong, tt.wrong)
		}
	}
}
