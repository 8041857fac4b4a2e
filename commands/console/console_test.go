package console

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
)

var one = 1.0

var defs = []*discordgo.ApplicationCommand{
	{Name: "roll", Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: "dice", Required: true, Description: "Dice notation"},
		{Type: discordgo.ApplicationCommandOptionString, Name: "label"},
		{Type: discordgo.ApplicationCommandOptionBoolean, Name: "secret"},
	}},
	{Name: "game", Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "start", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "ruleset", Required: true, Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "Green Jackets", Value: "greenjackets"}, {Name: "Volleyfire!", Value: "volleyfire"}}},
		}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "umpire", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Required: true},
		}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "import", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", Required: true},
		}},
	}},
	{Name: "fire", Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "muskets", MinValue: &one, MaxValue: 40},
		{Type: discordgo.ApplicationCommandOptionNumber, Name: "range"},
	}},
}

func TestParse(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "battle.json")
	os.WriteFile(file, []byte(`{"n":1}`), 0o600)
	p := parser{defs: defs, userID: userID}
	for _, tc := range []struct {
		line, path string
		opts       map[string]any
	}{
		{`roll dice:2d6+1 label:"the volley"`, "roll", map[string]any{"dice": "2d6+1", "label": "the volley"}},
		{`roll dice:d6 secret:yes`, "roll", map[string]any{"dice": "d6", "secret": true}},
		{`roll dice:d6 label:"say \"fire\""`, "roll", map[string]any{"dice": "d6", "label": `say "fire"`}},
		{`game start ruleset:"Green Jackets"`, "game start", map[string]any{"ruleset": "greenjackets"}},
		{`game start ruleset:volleyfire`, "game start", map[string]any{"ruleset": "volleyfire"}},
		{`game umpire user:@Bob`, "game umpire", map[string]any{"user": interaction.User{ID: "console:bob", Name: "Bob"}}},
		{`game import file:` + file, "game import", map[string]any{"file": interaction.File{Name: "battle.json", Content: []byte(`{"n":1}`)}}},
		{`fire muskets:12 range:7.5`, "fire", map[string]any{"muskets": int64(12), "range": 7.5}},
	} {
		var req interaction.Request
		if err := p.parse(tc.line, &req); err != nil {
			t.Errorf("parse(%q) = %v", tc.line, err)
			continue
		}
		if req.Path != tc.path || !cmp.Equal(req.Options, tc.opts) {
			t.Errorf("parse(%q) = %q %v, want %q %v", tc.line, req.Path, req.Options, tc.path, tc.opts)
		}
	}
}

func TestParseErrors(t *testing.T) {
	p := parser{defs: defs, userID: userID}
	for _, tc := range []struct{ line, want string }{
		{"rol dice:d6", "no command /rol"},
		{"roll", "needs dice:"},
		{"roll dice:d6 colour:red", `no option "colour"`},
		{"roll d6", "is not an option"},
		{"roll dice:d6 secret:maybe", "not true or false"},
		{"roll dice:\"d6", "quote is not closed"},
		{"game", "needs one of: start, umpire, import"},
		{"game begin", `has no "begin"`},
		{"game start ruleset:crimea", "not a choice"},
		{"game import file:/nonexistent/x.json", "cannot open"},
		{"fire muskets:many", "not a whole number"},
		{"fire muskets:0", "at least 1"},
		{"fire muskets:41", "at most 40"},
	} {
		var req interaction.Request
		err := p.parse(tc.line, &req)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parse(%q) = %v, want an error with %q", tc.line, err, tc.want)
		}
	}
}

func TestPlain(t *testing.T) {
	for in, want := range map[string]string{
		"**Result:** 8":             "Result: 8",
		`2d6: \[3, 4\] = 7`:         "2d6: [3, 4] = 7",
		"`/game start` then __go__": "/game start then go",
		"<@console:bob> fires":      "@bob fires",
		"@\u200beveryone":           "@everyone",
		`Lt\. Col\_Smith`:           "Lt. Col_Smith",
	} {
		if got := plain(in); got != want {
			t.Errorf("plain(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRunPressesButtonsAndPrintsDMs(t *testing.T) {
	r := interaction.NewRouter(nil)
	r.Command("roll", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{
			Public: []interaction.Message{{Content: "Turn 1", Buttons: []interaction.Button{{Label: "Next count (umpire)", ID: "v1/turn/next"}}}},
			DMs:    []interaction.DM{{UserID: "console:bob", UserName: "bob", Message: interaction.Message{Content: "Your card: **6**"}}},
			Result: map[string]int{"total": 6},
		}, nil
	})
	r.Component("v1/turn", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{UpdateSource: true, Public: []interaction.Message{{Content: "Count " + req.Args[0] + " by " + req.User.Name}}}, nil
	})
	in := "/roll dice:d6\n@carol [Next]\n!press v1/turn/7\n"

	var text bytes.Buffer
	c := &Console{Router: r, Commands: defs, User: "alice", Echo: true}
	if err := c.Run(context.Background(), strings.NewReader(in), &text); err != nil {
		t.Fatal(err)
	}
	want := `
» alice: /roll dice:d6
Turn 1
[Next count (umpire)]
(DM to bob) Your card: 6

» carol: [Next]
(updates the message) Count next by carol

» alice: !press v1/turn/7
(updates the message) Count 7 by alice
`
	if diff := cmp.Diff(want, text.String()); diff != "" {
		t.Errorf("text output (-want +got):\n%s", diff)
	}

	var js bytes.Buffer
	c = &Console{Router: r, Commands: defs, User: "alice", JSON: true}
	if err := c.Run(context.Background(), strings.NewReader("/roll dice:d6\n"), &js); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatalf("-json output %q: %v", js.String(), err)
	}
	wantJSON := map[string]any{
		"ok": true, "error": "",
		"public":    []any{map[string]any{"content": "Turn 1", "embeds": []any{}, "buttons": []any{map[string]any{"label": "Next count (umpire)", "id": "v1/turn/next"}}, "files": []any{}}},
		"ephemeral": []any{},
		"dms":       map[string]any{"bob": []any{map[string]any{"content": "Your card: **6**", "embeds": []any{}, "buttons": []any{}, "files": []any{}}}},
		"result":    map[string]any{"total": 6.0},
	}
	if diff := cmp.Diff(wantJSON, got); diff != "" {
		t.Errorf("-json output (-want +got):\n%s", diff)
	}
}

// "@alice #british /…" speaks as alice in the channel british: the request
// is made there, and what it shows there is printed as posted there (with
// -json, under "channels"), beside what it posts to other channels.
func TestRunSpeaksInAnotherChannel(t *testing.T) {
	r := interaction.NewRouter(nil)
	r.Command("roll", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{
			Public: []interaction.Message{{Content: "rolled in " + req.ChannelID + " by " + req.User.Name}},
			Posts:  []interaction.Post{{ChannelID: "console", Message: interaction.Message{Content: "told the battle"}}},
		}, nil
	})
	var text bytes.Buffer
	c := &Console{Router: r, Commands: defs, User: "alice", Echo: true}
	if err := c.Run(context.Background(), strings.NewReader("@bob #british /roll dice:d6\n#british /roll dice:d6\n"), &text); err != nil {
		t.Fatal(err)
	}
	want := `
» bob in #british: /roll dice:d6
(in #british) rolled in british by bob
(in #console) told the battle
#british /roll dice:d6
`
	if diff := cmp.Diff(want, text.String()); diff != "" {
		t.Errorf("text output (-want +got):\n%s", diff)
	}

	var js bytes.Buffer
	c = &Console{Router: r, Commands: defs, User: "alice", JSON: true}
	if err := c.Run(context.Background(), strings.NewReader("@alice #british /roll dice:d6\n"), &js); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Public   []any                       `json:"public"`
		Channels map[string][]map[string]any `json:"channels"`
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatalf("-json output %q: %v", js.String(), err)
	}
	if len(got.Public) != 0 || len(got.Channels["british"]) != 1 || got.Channels["british"][0]["content"] != "rolled in british by alice" ||
		len(got.Channels["console"]) != 1 {
		t.Errorf("-json output %s, want the answer under channels.british and the post under channels.console", js.String())
	}
	for _, bad := range []string{"@alice # /roll dice:d6", "@alice #british"} {
		if _, err := splitLine(bad); err == nil {
			t.Errorf("splitLine(%q) = nil error, want one", bad)
		}
	}
}
