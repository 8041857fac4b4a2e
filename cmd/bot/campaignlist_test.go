package main

import (
	"strings"
	"testing"
)

// TestConsoleCampaignList: the console's server lists its campaigns, by
// name, as they are started; a name typed in another case is the same
// campaign.
func TestConsoleCampaignList(t *testing.T) {
	const script = `/campaign list
/campaign start name:Peninsula ruleset:greenjackets
@bob /campaign start name:"Crimea 1854" ruleset:crimea
/campaign settings name:peninsula fog:on
@bob /campaign list
`
	out, _ := playConsole(t, t.TempDir(), script, "-user", "alice", "-store", "memory")
	for _, want := range []string{
		"None yet: /campaign start name:… ruleset:… starts one.",
		"Campaigns on this server (2)",
		"Crimea 1854 · Stormed at with Shot and Shell · umpire bob · 0 battles fought",
		"Peninsula · Green Jackets · umpire alice · 0 battles fought",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("console output lacks %q; got:\n%s", want, out)
		}
	}
}
