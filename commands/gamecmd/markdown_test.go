package gamecmd

import "testing"

// The report is a Markdown file: what reads line by line in an embed must
// read line by line there too, as lists, not run-on paragraphs.
func TestReportMarkdownKeepsTheLines(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		fn             func(string) string
	}{
		{"one line", "Turn 1: count 5.", "Turn 1: count 5.", listed},
		{"one item", "• `aim` = **steady**\n", "- `aim` = **steady**", listed},
		{"a side", "**Lt Sharpe** (officer) — alice\n  Chosen Men — infantry\n  Rifles — infantry\n**Sgt Harper** (nco)",
			"- **Lt Sharpe** (officer) — alice\n  - Chosen Men — infantry\n  - Rifles — infantry\n- **Sgt Harper** (nco)", listed},
		{"bullets and numbers", "• `aim` = **steady**\n• `fire` = **slow**\n", "- `aim` = **steady**\n- `fire` = **slow**", listed},
		{"a card drawn", "Turn 1 — 1 of 8 cards drawn.\n1. Allied free move\nNow: the Allied side moves.",
			"- Turn 1 — 1 of 8 cards drawn.\n- 1\\. Allied free move\n- Now: the Allied side moves.", listed},
		{"a line after a list", "### French\n- Dubois, Voltigeurs: seriously wounded\nFigures: 0 dead, 1 wounded (of 3).",
			"### French\n\n- Dubois, Voltigeurs: seriously wounded\n\nFigures: 0 dead, 1 wounded (of 3).", separated},
		{"sides in bold", "**Allied**: 0 of 6 stands lost\n- no losses\n**Russian**: 3 of 8 stands lost\n- Vladimir: 3 of 8\n  - shaken\nFought over 1 turn.",
			"**Allied**: 0 of 6 stands lost\n\n- no losses\n\n**Russian**: 3 of 8 stands lost\n\n- Vladimir: 3 of 8\n  - shaken\n\nFought over 1 turn.", separated},
		{"paragraphs kept", "- 95th Rifles\n\nNone else.", "- 95th Rifles\n\nNone else.", separated},
	} {
		if got := tc.fn(tc.in); got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
