package commands

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/optdef"
)

var update = flag.Bool("update", false, "rewrite testdata/definitions.golden")

func definitions(t *testing.T) ([]string, []*discordgo.ApplicationCommand) {
	t.Helper()
	svc := battle.NewService(nil, time.Now, nil, Rulesets()...)
	r, defs := New(Deps{Battles: svc})
	return r.Commands(), defs
}

// TestDefinitionsGolden pins the slash-command definitions synced with Discord:
// a change to any of them shows here as a change to testdata/definitions.golden
// (go test ./commands -run Golden -update rewrites it).
func TestDefinitionsGolden(t *testing.T) {
	_, defs := definitions(t)
	got, err := json.MarshalIndent(defs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	const golden = "testdata/definitions.golden"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the slash-command definitions differ from %s; run with -update if the change is meant", golden)
	}
}

// TestRoutesDefined checks that every leaf of every definition has a command
// route and every command route has a definition.
func TestRoutesDefined(t *testing.T) {
	routed, defs := definitions(t)
	var defined []string
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		leaf := true
		for _, o := range opts {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				leaf = false
				walk(path+" "+o.Name, o.Options)
			}
		}
		if leaf {
			defined = append(defined, path)
		}
	}
	for _, d := range defs {
		walk(d.Name, d.Options)
	}
	for _, p := range defined {
		if !slices.Contains(routed, p) {
			t.Errorf("/%s is defined but not routed", p)
		}
	}
	for _, p := range routed {
		if !slices.Contains(defined, p) {
			t.Errorf("/%s is routed but not defined", p)
		}
	}
	if len(defined) != len(routed) {
		t.Errorf("%d leaves defined, %d command routes", len(defined), len(routed))
	}
}

// TestAutocompleteRoutesDerived checks that autocomplete is routed for
// exactly the command paths whose definitions have an autocomplete option.
func TestAutocompleteRoutesDerived(t *testing.T) {
	svc := battle.NewService(nil, time.Now, nil, Rulesets()...)
	r, defs := New(Deps{Battles: svc})
	var want []string
	for _, d := range defs {
		want = append(want, optdef.AutocompletePaths(d)...)
	}
	got := r.Autocompletes()
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("autocomplete routes = %q, want the paths with autocomplete options %q", got, want)
	}
}

// maxSize leaves headroom under Discord's limit on a command's size
// (optdef.MaxSize), for the choices and options still to come.
const maxSize = 7000

var validName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

// TestDefinitionsWithinDiscordLimits checks every slash command against
// Discord's rules: valid names, unique among their siblings; descriptions of
// 1 to 100 characters; at most 25 options and 25 choices, no choices on an
// autocomplete option; required options before optional ones; and each
// command's size, as Discord counts it, within maxSize.
func TestDefinitionsWithinDiscordLimits(t *testing.T) {
	_, defs := definitions(t)
	var check func(path string, opts []*discordgo.ApplicationCommandOption)
	check = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("/%s has %d options; Discord allows 25", path, len(opts))
		}
		optional := false
		seen := map[string]bool{}
		for _, o := range opts {
			if !validName.MatchString(o.Name) || seen[o.Name] {
				t.Errorf("/%s option %q: not a valid name, or repeated", path, o.Name)
			}
			seen[o.Name] = true
			if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
				t.Errorf("/%s %s: description of %d characters; Discord allows 1–100", path, o.Name, n)
			}
			if len(o.Choices) > 25 || o.Autocomplete && len(o.Choices) > 0 {
				t.Errorf("/%s %s: %d choices, autocomplete %v", path, o.Name, len(o.Choices), o.Autocomplete)
			}
			for _, c := range o.Choices {
				if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
					t.Errorf("/%s %s: choice name %q; Discord allows 1–100 characters", path, o.Name, c.Name)
				}
				if v, ok := c.Value.(string); !ok || utf8.RuneCountInString(v) < 1 || utf8.RuneCountInString(v) > 100 {
					t.Errorf("/%s %s: choice value %v; Discord allows text of 1–100 characters", path, o.Name, c.Value)
				}
			}
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				check(path+" "+o.Name, o.Options)
			default:
				if o.Required && optional {
					t.Errorf("/%s %s: a required option after an optional one", path, o.Name)
				}
				optional = optional || !o.Required
			}
		}
	}
	seen := map[string]bool{}
	for _, d := range defs {
		if !validName.MatchString(d.Name) || seen[d.Name] {
			t.Errorf("command %q: not a valid name, or repeated", d.Name)
		}
		seen[d.Name] = true
		if n := utf8.RuneCountInString(d.Description); n < 1 || n > 100 {
			t.Errorf("/%s: description of %d characters; Discord allows 1–100", d.Name, n)
		}
		check(d.Name, d.Options)
		n := optdef.Size(d)
		if n > maxSize {
			t.Errorf("/%s is %d characters as Discord counts them (at most %d); keep it under %d", d.Name, n, optdef.MaxSize, maxSize)
		}
		t.Logf("/%s: %d characters", d.Name, n)
	}
}

// TestContextsByOneRule: a command that acts only on a channel's battle is
// offered in servers alone; one that also answers without a battle (a roll,
// a rule, a rule set's command with quick rulings) in DMs with the bot too
// (optdef.InServers, optdef.Anywhere).
func TestContextsByOneRule(t *testing.T) {
	_, defs := definitions(t)
	// A campaign belongs to a server, as a battle to a channel.
	battleOnly := map[string]bool{"game": true, "turn": true, "card": true, "act": true, "orders": true, "campaign": true, "map": true}
	rulings := map[string]bool{} // commands with a route that rules without a battle
	for _, rs := range Rulesets() {
		for _, rt := range rs.Routes() {
			name, _, _ := strings.Cut(rt.Path, " ")
			if !rt.Button && rt.Ruling {
				rulings[name] = true
			}
			if !rt.Button && !rulings[name] {
				battleOnly[name] = true
			}
		}
	}
	for _, d := range defs {
		want, wantName := optdef.Anywhere, "Anywhere"
		if battleOnly[d.Name] && !rulings[d.Name] {
			want, wantName = optdef.InServers, "InServers"
		}
		if d.Contexts == nil || !slices.Equal(*d.Contexts, *want) {
			t.Errorf("/%s is offered in %v, want optdef.%s", d.Name, d.Contexts, wantName)
		}
	}
}
