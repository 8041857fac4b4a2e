package interaction

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// roster is n lines "• <name> — 4 bases, steady", each name a different
// word of length long.
func roster(n, long int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "• %s%03d — 4 bases, steady\n", strings.Repeat("N", long-3), i)
	}
	return b.String()
}

func TestFitLeavesAResponseWithinTheLimitsAlone(t *testing.T) {
	for _, r := range []Response{
		{},
		Say("Rolled 7."),
		Whisper(strings.Repeat("x", MaxContent)),
		{Choices: []Choice{}},
		{Public: []Message{{Embeds: []Embed{{Title: "Turn 1", Fields: []Field{{Name: "Next", Value: "count 6"}}}},
			Buttons: []Button{{Label: "Next count", ID: "v1/turn/next"}}}}, UpdateSource: true},
	} {
		if diff := cmp.Diff(r, Fit(r)); diff != "" {
			t.Errorf("Fit changed a response within the limits (-want +got):\n%s", diff)
		}
	}
}

// TestServeFits: no handler can send Discord what it refuses.
func TestServeFits(t *testing.T) {
	r := NewRouter(nil)
	r.Command("roster", answer(roster(100, 40)))
	got := r.Serve(context.Background(), Request{Kind: KindCommand, Path: "roster"})
	if err := Check(got); err != nil || len(got.Public) != 4 {
		t.Errorf("Serve(a 6,400-byte answer) = %d messages, outside the limits: %v", len(got.Public), err)
	}
}

func TestFitContinues(t *testing.T) {
	long := roster(60, 40) // 60 lines of 64 bytes: 3,840
	half := roster(35, 40) // 2,240
	tests := []struct {
		name  string
		in    Response
		check func(t *testing.T, got Response)
	}{
		{"content continues in further messages", Say(long), func(t *testing.T, got Response) {
			if len(got.Public) != 2 || !strings.HasPrefix(got.Public[1].Content, "• NNN") {
				t.Errorf("want 2 messages, the second starting at a line: %q", contents(got.Public))
			}
		}},
		{"buttons and files go with the last part", Response{Ephemeral: []Message{{Content: long,
			Files:   []File{{Name: "battle.json"}},
			Buttons: []Button{{Label: "Act now", ID: "v1/act/1"}}}}}, func(t *testing.T, got Response) {
			want := Message{Content: got.Ephemeral[1].Content, Files: []File{{Name: "battle.json"}},
				Buttons: []Button{{Label: "Act now", ID: "v1/act/1"}}}
			if len(got.Ephemeral) != 2 || len(got.Ephemeral[0].Buttons) != 0 || !cmp.Equal(got.Ephemeral[1], want) {
				t.Errorf("got %+v, want the files and buttons on the second of two", got.Ephemeral)
			}
		}},
		{"an embed's description continues in embeds of its colour, footer last", Show(Embed{Title: "Turn status",
			Description: half + half, Footer: "roll #12", Color: 7}), func(t *testing.T, got Response) {
			es := got.Public[0].Embeds
			if len(got.Public) != 1 || len(es) != 2 || es[0].Title != "Turn status" || es[1].Title != "" ||
				es[0].Footer != "" || es[1].Footer != "roll #12" || es[1].Color != 7 {
				t.Errorf("want one message of two embeds, title first, footer last: %.500v", got.Public)
			}
		}},
		{"fields beyond 25 continue in another embed", Show(Embed{Title: "Roster", Fields: fields(30, 10)}),
			func(t *testing.T, got Response) {
				es := got.Public[0].Embeds
				if len(es) != 2 || len(es[0].Fields) != MaxFields || len(es[1].Fields) != 5 || es[1].Fields[4].Name != "unit 29" {
					t.Errorf("want 25 fields then 5: %.500v", es)
				}
			}},
		{"a long field value continues in a field named as continued", Show(Embed{Fields: []Field{{Name: "Left wing", Value: long}}}),
			func(t *testing.T, got Response) {
				fs := got.Public[0].Embeds[0].Fields
				if len(fs) != 4 || fs[0].Name != "Left wing" || fs[1].Name != "Left wing (continued)" {
					t.Errorf("want the field in 4, the later ones continued: %.500v", fs)
				}
			}},
		{"embeds beyond 6,000 bytes together go to another message", Response{Public: []Message{{Content: "Turn 3",
			Embeds: []Embed{{Description: long}, {Description: long}}}}}, func(t *testing.T, got Response) {
			if len(got.Public) != 2 || got.Public[0].Content != "Turn 3" || len(got.Public[0].Embeds) != 1 || got.Public[1].Content != "" {
				t.Errorf("want the second embed in a second message: %.500v", got.Public)
			}
		}},
		{"embeds beyond 10 go to another message", Response{Public: []Message{{Embeds: embeds(12)}}}, func(t *testing.T, got Response) {
			if len(got.Public) != 2 || len(got.Public[0].Embeds) != MaxEmbeds || len(got.Public[1].Embeds) != 2 {
				t.Errorf("want 10 embeds then 2: %.500v", got.Public)
			}
		}},
		{"a long title is shortened and given whole below", Show(Embed{Title: strings.Repeat("Talavera ", 40), Description: "Turn 1"}),
			func(t *testing.T, got Response) {
				e := got.Public[0].Embeds[0]
				if !strings.HasSuffix(e.Title, "Talavera…") || e.Description != "**"+strings.Repeat("Talavera ", 40)+"**\n\nTurn 1" {
					t.Errorf("got title %q, description %q", e.Title, e.Description)
				}
			}},
		{"a long footer closes the description", Show(Embed{Description: "Turn 1", Footer: long}), func(t *testing.T, got Response) {
			e := got.Public[0].Embeds[0]
			if e.Footer != "" || e.Description != "Turn 1\n\n"+long {
				t.Errorf("got footer %q, description %q", e.Footer, e.Description)
			}
		}},
		{"buttons beyond 25 continue, labels shortened between words", Response{Public: []Message{{Content: "Shake which?",
			Buttons: buttons(27, "Shake the "+strings.Repeat("Grenadiers ", 8))}}}, func(t *testing.T, got Response) {
			if len(got.Public) != 2 || len(got.Public[0].Buttons) != MaxButtons || got.Public[1].Content != continued ||
				len(got.Public[1].Buttons) != 2 || !strings.HasSuffix(got.Public[0].Buttons[0].Label, "Grenadiers…") {
				t.Errorf("want 25 buttons, then 2 continued: %.500v", got.Public)
			}
		}},
		{"a direct message continues in direct messages with its fallback", Response{DMs: []DM{{UserID: "7",
			Message: Message{Content: long}, Fallback: "they can see it with /card"}}}, func(t *testing.T, got Response) {
			if len(got.DMs) != 2 || got.DMs[1].UserID != "7" || got.DMs[1].Fallback != "they can see it with /card" {
				t.Errorf("want two DMs to 7, each with the fallback: %.500v", got.DMs)
			}
		}},
		{"choices: the first 25 whose values fit, names shortened", Response{Choices: choices(30)}, func(t *testing.T, got Response) {
			if len(got.Choices) != MaxChoices || got.Choices[0].Value != "unit 01" || len(got.Choices[0].Name) > MaxChoiceName {
				t.Errorf("got %d choices, first %+v", len(got.Choices), got.Choices[0])
			}
			for _, c := range got.Choices {
				if c.Value == strings.Repeat("v", 101) {
					t.Errorf("kept a choice whose value is too long: %+v", c)
				}
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Fit(tt.in)
			if err := Check(got); err != nil {
				t.Fatalf("Fit left the response outside the limits: %v", err)
			}
			tt.check(t, got)
		})
	}
}

// TestFitKeepsEveryWord: what Fit continues reads as it did, in order.
func TestFitKeepsEveryWord(t *testing.T) {
	in := Response{Public: []Message{{Content: roster(80, 40), Embeds: []Embed{{Title: "Roster", Description: roster(100, 40),
		Fields: []Field{{Name: "Officers", Value: roster(40, 40)}}, Footer: "roll #3"}}}}}
	got := Fit(in)
	if err := Check(got); err != nil {
		t.Fatal(err)
	}
	want := words(in.Public)
	if have := words(got.Public); have != want {
		t.Errorf("Fit changed the words:\n%.300s…\nwant\n%.300s…", have, want)
	}
}

// words is the messages' words in reading order, continued fields' names left out.
func words(ms []Message) string {
	var w []string
	for _, m := range ms {
		w = append(w, strings.Fields(m.Content)...)
		for _, e := range m.Embeds {
			w = append(w, strings.Fields(e.Title+" "+e.Description)...)
			for _, f := range e.Fields {
				if !strings.HasSuffix(f.Name, continued) {
					w = append(w, strings.Fields(f.Name)...)
				}
				w = append(w, strings.Fields(f.Value)...)
			}
			w = append(w, strings.Fields(e.Footer)...)
		}
	}
	return strings.Join(w, " ")
}

func contents(ms []Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Content)
	}
	return out
}

func fields(n, size int) []Field {
	var out []Field
	for i := range n {
		out = append(out, Field{Name: fmt.Sprintf("unit %d", i), Value: strings.Repeat("v", size)})
	}
	return out
}

func embeds(n int) []Embed {
	var out []Embed
	for i := range n {
		out = append(out, Embed{Title: fmt.Sprintf("Ruling %d", i)})
	}
	return out
}

func buttons(n int, label string) []Button {
	var out []Button
	for i := range n {
		out = append(out, Button{Label: label, ID: fmt.Sprintf("v1/chain/%d", i)})
	}
	return out
}

func choices(n int) []Choice {
	out := []Choice{{Name: "too long", Value: strings.Repeat("v", 101)}}
	for i := range n {
		out = append(out, Choice{Name: strings.Repeat("The Queen's Own Rifles ", 6), Value: fmt.Sprintf("unit %02d", i+1)})
	}
	return out
}

// FuzzFit: whatever a response holds (but button ids, which only their maker
// can mend), Fit brings it within every limit, and keeps every word in its
// order where no heading is too long for its place.
func FuzzFit(f *testing.F) {
	f.Add("Rolled 7.", "Turn 1", roster(10, 40), "Left wing", roster(3, 40), "roll #3", "Next count", 3, 2, 1)
	f.Add(roster(80, 40), strings.Repeat("Talavera ", 40), roster(100, 40), strings.Repeat("n", 300), "", strings.Repeat("f ", 1500), strings.Repeat("l", 90), 30, 12, 27)
	f.Fuzz(func(t *testing.T, content, title, description, name, value, footer, label string, fields, embeds, buttons int) {
		fields, embeds, buttons = fields%40, embeds%15, buttons%40
		if fields < 0 || embeds < 0 || buttons < 0 || len(content)+len(description)+len(value) > 20000 {
			t.Skip()
		}
		m := Message{Content: content}
		for range embeds {
			e := Embed{Title: title, Description: description, Footer: footer}
			for range fields {
				e.Fields = append(e.Fields, Field{Name: name, Value: value})
			}
			m.Embeds = append(m.Embeds, e)
		}
		for i := range buttons {
			m.Buttons = append(m.Buttons, Button{Label: label, ID: fmt.Sprintf("v1/b/%d", i)})
		}
		in := Response{Public: []Message{m}, DMs: []DM{{UserID: "7", Message: m}}}
		got := Fit(in)
		if err := Check(got); err != nil {
			t.Fatalf("Fit left the response outside the limits:\n%v", err)
		}
		moved := len(title) > MaxTitle || len(name) > MaxFieldName || len(footer) > MaxFooter // given again or elsewhere
		blank := fields > 0 && (strings.TrimSpace(name) == "" || strings.TrimSpace(value) == "")
		fences := strings.Contains(content+title+description+name+value+footer, "```")
		if !moved && !blank && !fences && words(got.Public) != words(in.Public) {
			t.Errorf("Fit changed the words:\n%.300q\nwant\n%.300q", words(got.Public), words(in.Public))
		}
	})
}
