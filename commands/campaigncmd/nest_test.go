package campaigncmd

import "testing"

// TestNestHeadings: a rule set's losses, headed at any level, sit under the
// report's "#### Losses", nested as they were.
func TestNestHeadings(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"### British\n- 2 dead\n### French", "##### British\n- 2 dead\n##### French"},
		{"## Allies\n### 1st Foot\ntext", "##### Allies\n###### 1st Foot\ntext"},
		{"- no headings\n#hashtag", "- no headings\n#hashtag"},
	} {
		if got := nest(tt.in, 5); got != tt.want {
			t.Errorf("nest(%q, 5) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
