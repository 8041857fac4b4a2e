package commands

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"slices"
	"testing"
	"time"

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
