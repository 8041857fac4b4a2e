package interaction

import (
	"strings"
	"testing"
)

func TestCheckNamesEveryBreach(t *testing.T) {
	r := Response{
		Public: []Message{{Content: "ok"}, {Content: strings.Repeat("x", 2425)}},
		Ephemeral: []Message{{Embeds: []Embed{{Title: "Turn 2", Description: strings.Repeat("d", 9894),
			Fields: []Field{{Name: "Sides", Value: " "}}}}}},
		DMs: []DM{{UserID: "7", Message: Message{Content: "Your card", Buttons: []Button{
			{Label: strings.Repeat("l", 81), ID: "v1/act/" + strings.Repeat("i", 100)}}}}},
		Choices: []Choice{{Name: "", Value: "Rifles"}},
	}
	want := []string{
		"public message 2: content is 2425 bytes, over 2000",
		"ephemeral message 1: embeds together is 9906 bytes, over 6000",
		"ephemeral message 1: embed 1: description is 9894 bytes, over 4096",
		"ephemeral message 1: embed 1: field 1: value is empty",
		"direct message 1 (to 7): button 1: label is 81 bytes, over 80",
		"direct message 1 (to 7): button 1: id is 107 bytes, over 100",
		"choice 1: name is empty",
	}
	err := Check(r)
	if err == nil {
		t.Fatal("Check() = nil, want every breach named")
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("Check() =\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	if err := Check(Say("Rolled 7.")); err != nil {
		t.Errorf("Check(a short answer) = %v, want nil", err)
	}
}
