package interaction

import (
	"strings"
	"unicode/utf8"
)

const (
	ellipsis   = "…"
	closeFence = "\n```"
	// longestFence is the longest code-block opening line reopened as it was
	// ("```diff"); a longer one is reopened as a bare "```".
	longestFence = 16
)

// splitText cuts text into parts of at most n bytes (n at least 64) that each
// read and render on their own. A part ends at a paragraph's end where one
// falls in its second half, else at a line's end there, else between words,
// at the latest place there is; only a word longer than a whole part is cut,
// at a character's boundary. A code block cut in two is closed at the end of
// one part and opened again, in its language, at the start of the next.
// Blank lines and spaces at a cut are dropped. Text within n bytes is its
// own only part; text of nothing but spaces has none.
func splitText(text string, n int) []string {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var parts []string
	for len(text) > n {
		// A code block's opening line is not a part of its own.
		lo := 0
		if first, _, _ := strings.Cut(text, "\n"); strings.HasPrefix(strings.TrimSpace(first), "```") {
			lo = len(first) + 1
		}
		end, next := cut(text, lo, n)
		fence := openFence(text[:end])
		if fence != "" {
			end, next = cut(text, lo, n-len(closeFence))
			fence = openFence(text[:end])
		}
		part := strings.TrimRight(text[:end], " \n")
		text = strings.TrimLeft(text[next:], "\n")
		if fence != "" {
			part += closeFence
			text = fence + "\n" + text
		}
		if strings.TrimSpace(part) != "" {
			parts = append(parts, part)
		}
	}
	if strings.TrimSpace(text) != "" {
		parts = append(parts, text)
	}
	return parts
}

// cut says where the first part of text, at most n bytes, ends and where the
// rest begins: between words, never within text's first lo bytes, unless
// the first word is longer than the whole part.
func cut(text string, lo, n int) (end, next int) {
	w := text[:runeFloor(text, n)]
	for _, sep := range []string{"\n\n", "\n", " "} {
		if i := strings.LastIndex(w, sep); i > max(lo, n/2) {
			return i, i + len(sep)
		}
	}
	if i := strings.LastIndexAny(w, "\n "); i > lo {
		return i, i + 1
	}
	return len(w), len(w)
}

// openFence is the opening line of the code block that text leaves open
// ("```go"), or "" when it leaves none open.
func openFence(text string) string {
	fence := ""
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "```") || strings.Count(t, "```")%2 == 0 {
			continue
		}
		switch {
		case fence != "":
			fence = ""
		case len(t) > longestFence:
			fence = "```"
		default:
			fence = t
		}
	}
	return fence
}

// Shorten cuts s to at most n bytes between words, marking the cut with "…";
// a first word longer than that is cut at a character's boundary. It is for
// text that cannot continue (a label, a heading); text that can is split
// (Fit).
func Shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	w := s[:runeFloor(s, n-len(ellipsis))]
	if i := strings.LastIndexByte(w, ' '); i > 0 && s[len(w)] != ' ' {
		w = w[:i]
	}
	return strings.TrimRight(w, " ") + ellipsis
}

// runeFloor is the greatest index of at most n, n < len(s), where a character
// of s starts.
func runeFloor(s string, n int) int {
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}
