package commandstest

import (
	"fmt"
	"strings"
)

// HeadingsNest checks a Markdown file's headings: it opens with one "#",
// and no heading is more than one level below the heading before it. It
// returns the headings that break this.
func HeadingsNest(md string) (wrong []string) {
	last := 0
	for _, l := range strings.Split(md, "\n") {
		n := len(l) - len(strings.TrimLeft(l, "#"))
		if n == 0 || n > 6 || !strings.HasPrefix(l[n:], " ") {
			continue
		}
		if n > last+1 || (last == 0 && n != 1) {
			wrong = append(wrong, fmt.Sprintf("%q after a heading of level %d", l, last))
		}
		last = n
	}
	if last == 0 {
		wrong = append(wrong, "no headings")
	}
	return wrong
}
