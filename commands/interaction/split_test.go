package interaction

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestSplitText(t *testing.T) {
	tests := []struct {
		name string
		text string
		n    int
		want []string
	}{
		{"within the limit", "one line\n\nand another", 64, []string{"one line\n\nand another"}},
		{"nothing to say", " \n ", 64, nil},
		{"at a paragraph's end", strings.Repeat("a", 40) + "\n\n" + strings.Repeat("b", 40), 64,
			[]string{strings.Repeat("a", 40), strings.Repeat("b", 40)}},
		{"a paragraph's end late rather than a line's", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nbbbb\n\ncccccccccccccccccccccc\ndddddd", 64,
			[]string{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nbbbb", "cccccccccccccccccccccc\ndddddd"}},
		{"a line's end when no paragraph ends late", "aaaa\n\n" + strings.Repeat("b", 40) + "\n" + strings.Repeat("c", 40), 64,
			[]string{"aaaa\n\n" + strings.Repeat("b", 40), strings.Repeat("c", 40)}},
		{"between words", strings.TrimSpace(strings.Repeat("word ", 20)), 64,
			[]string{strings.TrimSpace(strings.Repeat("word ", 12)), strings.TrimSpace(strings.Repeat("word ", 8))}},
		{"a word longer than a part", strings.Repeat("x", 100), 64, []string{strings.Repeat("x", 64), strings.Repeat("x", 36)}},
		{"never in a character", strings.Repeat("é", 40), 64, []string{strings.Repeat("é", 32), strings.Repeat("é", 8)}},
		{"a code block closed and reopened", "Fire chart:\n```text\n" + strings.Repeat("row 1-10 hit\n", 6) + "```\nafter", 64,
			[]string{
				"Fire chart:\n```text\nrow 1-10 hit\nrow 1-10 hit\nrow 1-10 hit\n```",
				"```text\nrow 1-10 hit\nrow 1-10 hit\nrow 1-10 hit\n```\nafter",
			}},
		{"a code block's opening line is not a part of its own", "```\n" + strings.Repeat("x", 100), 64,
			[]string{"```\n" + strings.Repeat("x", 56) + "\n```", "```\n" + strings.Repeat("x", 44)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := splitText(tt.text, tt.n)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("splitText(%q, %d) mismatch (-want +got):\n%s", tt.text, tt.n, diff)
			}
		})
	}
}

func TestShorten(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"Fire", 10, "Fire"},
		{"Next count", 10, "Next count"},
		{"Shake the 52nd Foot", 16, "Shake the…"},
		{"Shake the 52nd Foot", 17, "Shake the 52nd…"},
		{"Grenadiercompanie", 10, "Grenadi…"},
		{"ééééé", 6, "é…"},
	}
	for _, tt := range tests {
		if got := Shorten(tt.in, tt.n); got != tt.want || len(got) > tt.n {
			t.Errorf("Shorten(%q, %d) = %q, want %q (at most %d bytes)", tt.in, tt.n, got, tt.want, tt.n)
		}
	}
}

// FuzzSplitText: every part is within the limit and valid text, and, where
// no code block is cut and reopened, the parts' words are the text's.
func FuzzSplitText(f *testing.F) {
	f.Add("Rifleman Harris fires — d20 **14**\n\nmiss", 64)
	f.Add("```go\nfunc main() {}\n```\n"+strings.Repeat("long words everywhere ", 30), 100)
	f.Add(strings.Repeat("x", 300)+" "+strings.Repeat("é", 200), 64)
	f.Add("```"+strings.Repeat("d", 40)+"\n"+strings.Repeat("```\n```go\n", 30), 64)
	f.Fuzz(func(t *testing.T, text string, n int) {
		if n < 64 || n > 4096 || !utf8.ValidString(text) {
			t.Skip()
		}
		parts := splitText(text, n)
		for _, p := range parts {
			if len(p) > n || !utf8.ValidString(p) {
				t.Fatalf("part of %d bytes (limit %d), valid %v: %q", len(p), n, utf8.ValidString(p), p)
			}
		}
		if strings.Contains(text, "```") {
			return // the parts hold code-block lines of their own
		}
		if got, want := strings.Join(parts, ""), strings.Join(strings.Fields(text), ""); strings.Join(strings.Fields(got), "") != want {
			t.Errorf("the parts lost or changed text:\n%q\nwant the words of\n%q", parts, text)
		}
	})
}
