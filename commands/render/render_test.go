package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

func TestInert(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Harper", "Harper"},
		{"**bold** _it_ ~~x~~ `code` ||spoiler||", `\*\*bold\*\* \_it\_ \~\~x\~\~ \` + "`code\\`" + ` \|\|spoiler\|\|`},
		{"@everyone @here", "@\u200beveryone @\u200bhere"},
		{"<@123> <#456>", `\<@` + "\u200b" + `123\> \<\#456\>`},
		{"[click](https://x)", `\[click\](https://x)`},
		{"# Heading\n> quote", `\# Heading \> quote`},
		{"Harper\u202e\u2066", "Harper"},
	}
	for _, tt := range tests {
		if got := Inert(tt.in); got != tt.want {
			t.Errorf("Inert(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlain(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Harper", "Harper"},
		{"**Harper** <@1>", "**Harper** <@1>"}, // markdown is for Inert
		{"line one\nline two\r\tthree\u2028four", "line one line two  three four"},
		{"bell\a nul\x00 esc\x1b[31m del\x7f c1\u0085", "bell nul esc[31m del c1"},
		{"\u202eepraHS", "epraHS"}, // shown right to left, it would read "SHarpe"
		{"a\u202ab\u202bc\u202cd\u202de", "abcde"},
		{"a\u2066b\u2067c\u2068d\u2069e", "abcde"},
		{"a\u200eb\u200fc\u061cd", "abcd"},
		{"Ney 🇫🇷 Caulaincourt-Montmorency", "Ney 🇫🇷 Caulaincourt-Montmorency"},
		{"👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"}, // joiners build emoji: kept
	}
	for _, tt := range tests {
		if got := Plain(tt.in); got != tt.want {
			t.Errorf("Plain(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a longer line", 8, "a…"},
		{"Rifleman Harris fires at the voltigeurs", 24, "Rifleman Harris fires…"}, // between words
		{"Grenadiercompanie", 10, "Grenadi…"},                                     // a word longer than the whole
		{"ééééé", 6, "é…"},                                                        // never cuts a rune in half
	}
	for _, tt := range tests {
		got := Clip(tt.in, tt.n)
		if got != tt.want || len(got) > tt.n || !utf8.ValidString(got) {
			t.Errorf("Clip(%q, %d) = %q, want %q (≤ %d bytes, valid UTF-8)", tt.in, tt.n, got, tt.want, tt.n)
		}
	}
}

func TestPercentAndSigned(t *testing.T) {
	for p, want := range map[float64]string{0: "0%", 1: "100%", 0.0004: "<0.1%", 0.05: "5.0%", 0.5833: "58%", 0.999: "100%"} {
		if got := Percent(p); got != want {
			t.Errorf("Percent(%v) = %q, want %q", p, got, want)
		}
	}
	for v, want := range map[int]string{2: "+2", 0: "+0", -4: "−4"} {
		if got := Signed(v); got != want {
			t.Errorf("Signed(%d) = %q, want %q", v, got, want)
		}
	}
}

func TestStepShowsTheWorking(t *testing.T) {
	base := 12
	s := rules.Step{
		What: "Rifleman Harris fires", Roll: rules.Roll{Notation: "d20", Faces: []int{14}, Total: 14},
		Table: "fire chart", Row: "rifle 11-20\"", Base: &base,
		Modifiers: []rules.Modifier{{Value: 2, Reason: "aimed"}, {Value: -1, Reason: "raw"}},
		Need:      "≤ 13", Result: "miss",
	}
	want := "Rifleman Harris fires — d20 **14**, need ≤ 13 (fire chart rifle 11\\-20\", base 12, +2 aimed, −1 raw) → **miss**"
	want = strings.ReplaceAll(want, `\-`, "-")
	if got := Step(s); got != want {
		t.Errorf("Step() =\n%s\nwant\n%s", got, want)
	}
	noDice := rules.Step{What: "Chance of a hit", Modifiers: []rules.Modifier{{Value: 50, Reason: "column target"}}, Result: "150%"}
	if got, want := Step(noDice), "Chance of a hit (+50 column target) → **150%**"; got != want {
		t.Errorf("Step(no dice) = %q, want %q", got, want)
	}
	d100 := rules.Roll{Notation: "d100", Faces: []int{7, 3}, Total: 73, Shown: "red 7, white 3 → 73"}
	if got, want := Dice(d100), "d100: red 7, white 3 → 73"; got != want {
		t.Errorf("Dice(d100) = %q, want %q", got, want)
	}
	for _, tt := range []struct {
		roll rules.Roll
		want string
	}{
		{rules.Roll{Notation: "2d6", Faces: []int{3, 5}, Total: 8}, "2d6 [3, 5] **8**"},
		{rules.Roll{Notation: "2d6", Faces: []int{6, 1}, Total: 7}, "2d6 [**6**, **1**] **7**"},
		{rules.Roll{Notation: "d20", Faces: []int{20}, Total: 20}, "d20 **20** (natural 20)"},
		{rules.Roll{Notation: "d20", Faces: []int{1}, Total: 1}, "d20 **1** (natural 1)"},
		{rules.Roll{Notation: "d20", Faces: []int{14}, Total: 14}, "d20 **14**"},
		{rules.Roll{Notation: "d6+1", Faces: []int{6}, Total: 7}, "d6+1 **7**"}, // not plain: no mark
		{rules.Roll{Notation: "4d6kh3", Faces: []int{6, 1, 2, 5}, Total: 13, Shown: "[6, 1 dropped, 2, 5] = 13",
			Marked: "[**6**, ~~1~~, 2, 5] = 13"}, "4d6kh3: [**6**, ~~1~~, 2, 5] = 13"},
	} {
		if got := Dice(tt.roll); got != tt.want {
			t.Errorf("Dice(%+v) = %q, want %q", tt.roll, got, tt.want)
		}
	}
}

// TestLongRulingSummarisesItsRolls: rolls beyond a description are
// summarised and the result kept; the rest continues within Discord's limits
// once fitted, as Router.Serve fits every response.
func TestLongRulingSummarisesItsRolls(t *testing.T) {
	r := rules.Ruling{Title: strings.Repeat("**Long title** ", 40), Result: "done"}
	for range 500 {
		r.Steps = append(r.Steps, rules.Step{What: "Voltigeur fires", Roll: rules.Roll{Notation: "d20", Faces: []int{5}, Total: 5}, Result: "hit"})
	}
	for range 200 {
		r.Odds = append(r.Odds, rules.Chance{Outcome: "an outcome", P: 0.005})
		r.Readings = append(r.Readings, rules.Reading{ID: "G21", Text: "a reading of the text"})
	}
	for _, f := range []Form{Short, Full} {
		e := Ruling(r, strings.Repeat("f", 3000), f)
		checkLong(t, f, e)
	}
}

func checkLong(t *testing.T, f Form, e interaction.Embed) {
	t.Helper()
	if len(e.Description) > MaxDescription {
		t.Errorf("description of %d bytes, over %d: the rolls should be summarised", len(e.Description), MaxDescription)
	}
	if !strings.Contains(e.Description, "more rolls") || !strings.Contains(e.Description, "**Result:** done") {
		t.Errorf("long ruling should summarise the rolls it leaves out and keep the result:\n%s", e.Description)
	}
	if strings.Contains(e.Title, "**Long") {
		t.Errorf("title markdown should be inert: %q", e.Title)
	}
	if err := interaction.Check(interaction.Fit(interaction.Show(e))); err != nil {
		t.Errorf("the ruling (form %d), fitted, is outside Discord's limits:\n%v", f, err)
	}
}

// TestGist: a reading cited by id reads in one short line.
func TestGist(t *testing.T) {
	tests := []struct {
		r    rules.Reading
		want string
	}{
		{rules.Reading{Text: "each figure fires separately: d20 at or under the chart value hits; a figure must be loaded"}, "each figure fires separately"},
		{rules.Reading{Text: "each hit: d20 1–6 stunned, 7–13 seriously wounded, 14–20 dead; a second serious wound kills"}, "each hit: d20 1–6 stunned, 7–13 seriously…"},
		{rules.Reading{Text: "melee ties: both roll again (the text is silent)."}, "melee ties: both roll again (the text is…"},
		{rules.Reading{Text: "the text says \"−1\"; read as +1", Short: "+1 per dead figure"}, "+1 per dead figure"},
	}
	for _, tt := range tests {
		if got := Gist(tt.r); got != tt.want {
			t.Errorf("Gist(%q) = %q, want %q", tt.r.Text, got, tt.want)
		}
	}
}

// TestShortAndFull: the short form of a ruling leaves out the working that
// the full form shows, keeps the dice and the result, and cites its
// readings by id.
func TestShortAndFull(t *testing.T) {
	base := 12
	r := rules.Ruling{Title: "Fire: Chosen Men at Voltigeurs", Result: "1 hit from 2 figures.",
		Steps: []rules.Step{
			{What: "Harris fires", Roll: rules.Roll{Notation: "d20", Faces: []int{20}, Total: 20}, Table: "fire chart", Row: "rifle, 11-20\"", Base: &base,
				Modifiers: []rules.Modifier{{Value: 1, Reason: "sharpshooter"}}, Need: "≤ 13", Result: "misfire"},
			{What: "Hagman fires", Roll: rules.Roll{Notation: "d20", Faces: []int{4}, Total: 4}, Need: "≤ 13", Result: "hit"},
		},
		Odds:     []rules.Chance{{Outcome: "0 hits", P: 0.1}, {Outcome: "1 hit", P: 0.4}, {Outcome: "2 hits", P: 0.5}},
		Readings: []rules.Reading{{ID: "G8", Text: "each figure fires separately: d20 at or under the chart value hits"}, {ID: "G9", Text: "a natural 20 misfires whatever the chance: roll again"}},
	}
	text := func(e interaction.Embed) string {
		s := e.Title + "\n" + e.Description
		for _, f := range e.Fields {
			s += "\n" + f.Name + ": " + f.Value
		}
		return s
	}
	short, full := text(Ruling(r, "roll #2", Short)), text(Ruling(r, "roll #2", Full))
	for _, w := range []string{"d20 **20** (natural 20), need ≤ 13 (12 +1 sharpshooter) → **misfire**", "d20 **4**, need ≤ 13 → **hit**", "**Result:** 1 hit from 2 figures.", "**G8** each figure fires separately", "2 hits 50%"} {
		if !strings.Contains(short, w) {
			t.Errorf("the short form lacks %q:\n%s", w, short)
		}
	}
	for _, w := range []string{"base 12", "fire chart rifle"} {
		if strings.Contains(short, w) {
			t.Errorf("the short form shows the working %q:\n%s", w, short)
		}
		if !strings.Contains(full, w) {
			t.Errorf("the full form lacks %q:\n%s", w, full)
		}
	}
	if !strings.Contains(full, "+1 sharpshooter") {
		t.Errorf("the full form lacks the modifier:\n%s", full)
	}
	if !strings.Contains(full, "a natural 20 misfires whatever the chance: roll again") {
		t.Errorf("the full form lacks the readings' text:\n%s", full)
	}
	if !Shortened(r) {
		t.Errorf("Shortened is false for a ruling whose short form leaves out its chart and base")
	}
	bare := rules.Ruling{Title: "Roll 2d6", Steps: []rules.Step{{Roll: rules.Roll{Notation: "2d6", Faces: []int{3, 4}, Total: 7}}}}
	if Shortened(bare) || text(Ruling(bare, "", Short)) != text(Ruling(bare, "", Full)) {
		t.Errorf("a bare roll: Shortened %t, short form %q, full form %q; want the same, not shortened",
			Shortened(bare), text(Ruling(bare, "", Short)), text(Ruling(bare, "", Full)))
	}
}

// TestShortStepArithmetic: a short ruling's roll shows its base, each
// modifier with its sign and its reason in a few words, and what they come
// to, as the rule sets' rolls are made.
func TestShortStepArithmetic(t *testing.T) {
	ten, six, saved := 10, 6, 57
	d20 := func(f int) rules.Roll { return rules.Roll{Notation: "d20", Faces: []int{f}, Total: f} }
	tests := []struct {
		name string
		s    rules.Step
		want string
	}{
		{"a chart value made the need", rules.Step{What: "musket 1 fires", Roll: d20(13), Table: "fire chart", Row: "musket, 6-10\"", Base: &ten, Need: "≤ 10",
			Modifiers: []rules.Modifier{{Value: -2, Reason: "soft cover"}, {Value: 2, Reason: "aimed"}}, Result: "miss"},
			"musket 1 fires — d20 **13**, need ≤ 10 (10 −2 soft cover +2 aimed) → **miss**"},
		{"modifiers to 2d6", rules.Step{What: "Militia fires", Roll: rules.Roll{Notation: "2d6", Faces: []int{3, 5}, Total: 8}, Need: "7+",
			Modifiers: []rules.Modifier{{Value: -1, Reason: "firing unit is shaken", Short: "shaken"}, {Value: -1, Reason: "firing unit has 3 or 4 strength points", Short: "weak"}}, Result: "score 6: no loss"},
			"Militia fires — 2d6 [3, 5] **8** −1 shaken −1 weak = 6, need 7+ → **score 6: no loss**"},
		{"modifiers to a d20 with no need", rules.Step{What: "the squad tests", Roll: d20(13), Table: "morale",
			Modifiers: []rules.Modifier{{Value: 2, Reason: "raw"}, {Value: 2, Reason: "for 2 dead figures in the squad", Short: "2 dead figures"}}, Result: "17: runs back"},
			"the squad tests — d20 **13** +2 raw +2 2 dead figures = 17 → **17: runs back**"},
		{"a base and modifiers with no roll", rules.Step{What: "Allowance", Table: "movement", Base: &six, Modifiers: []rules.Modifier{{Value: 3, Reason: "column"}}, Result: "9\" an action"},
			"Allowance — 6 +3 column = 9 → **9\" an action**"},
		{"a saved roll and modifiers", rules.Step{What: "the Guards' combat total", Table: "saved morale roll", Base: &saved,
			Modifiers: []rules.Modifier{{Value: 10, Reason: "officer attached (Col X)", Short: "officer attached"}, {Value: -10, Reason: "attacking uphill"}}, Result: "57"},
			"the Guards' combat total — 57 +10 officer attached −10 attacking uphill = 57 → **57**"},
		{"a pool's modifier stands by its need", rules.Step{What: "4 bases firing", Roll: rules.Roll{Notation: "4d6", Faces: []int{6, 3, 4, 3}, Total: 2, Shown: "[6, 3, 4, 3]"}, Need: "4+",
			Modifiers: []rules.Modifier{{Value: 1, Reason: "elite (house rule)"}}, Result: "2 hits"},
			`4 bases firing — 4d6: \[6, 3, 4, 3\], need 4+ (+1 elite (house rule)) → **2 hits**`},
		{"a chance worked by multiplying", rules.Step{What: "chance of a hit", Worked: "4 stands × 25% British infantry = 100% × 1.5 column target = 150%",
			Result: "1 stand automatic, 50% left to roll"},
			"chance of a hit (4 stands × 25% British infantry = 100% × 1.5 column target = 150%) → **1 stand automatic, 50% left to roll**"},
		{"no modifiers", rules.Step{What: "Hagman fires", Roll: d20(4), Base: &ten, Need: "≤ 10", Result: "hit"},
			"Hagman fires — d20 **4**, need ≤ 10 → **hit**"},
	}
	for _, tt := range tests {
		if got := ShortStep(tt.s); got != tt.want {
			t.Errorf("%s: ShortStep = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestShortOddsKeepTheOutcomeRolled: the short odds line, cut to its
// budget, still names the outcome the dice made.
func TestShortOddsKeepTheOutcomeRolled(t *testing.T) {
	long := "a long outcome that takes up much of the line"
	r := rules.Ruling{Title: "Morale: the squad", Result: "the squad routs to the table edge.",
		Steps: []rules.Step{{What: "the squad tests", Roll: rules.Roll{Notation: "d20", Faces: []int{19}, Total: 19}, Result: "19: routs to the table edge"}},
		Odds:  []rules.Chance{{Outcome: "carry on", P: 0.4}, {Outcome: long, P: 0.2}, {Outcome: long + " again", P: 0.1}, {Outcome: "routs", P: 0.3}}}
	e := Ruling(r, "", Short)
	if len(e.Fields) == 0 || e.Fields[0].Name != "Odds" {
		t.Fatalf("no odds field: %+v", e)
	}
	if got, want := e.Fields[0].Value, "carry on 40% · "+long+" 20% · … · routs 30%"; got != want {
		t.Errorf("short odds = %q, want %q", got, want)
	}
	// A combat's dice make two outcomes, the winner and the loser's loss,
	// as Rolled names them: both are kept, the others shortened.
	r.Rolled = []string{long + " again"}
	if got, want := Ruling(r, "", Short).Fields[0].Value, "carry on 40% · … · "+long+" again 10% · routs 30%"; got != want {
		t.Errorf("short odds with two outcomes rolled = %q, want %q", got, want)
	}
	for _, tt := range []struct {
		text, phrase string
		want         bool
	}{
		{"1 hit from 4 figures", "1 hit", true},
		{"11 hits from 12 figures", "1 hit", false},
		{"the squad routs.", "routs", true},
		{"", "routs", false},
	} {
		if got := wordsIn(tt.text, tt.phrase); got != tt.want {
			t.Errorf("wordsIn(%q, %q) = %v, want %v", tt.text, tt.phrase, got, tt.want)
		}
	}
}
