package campaigncmd

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/rules"
)

// The campaign's names, with their sides, and two of its battles: the
// bridge, fought by both sides, and a French patrol that met nobody.
var (
	campaignNames = map[string]string{"Lt Sharpe": "British", "Chosen Men": "British", "Rifleman Pat": "British",
		"Capt Ducos": "French", "Voltigeurs": "French", "Grenadiers": "French", "the ford": ""}
	bridge = campaign.Battle{N: 1, Fought: map[string][]string{"British": {"Lt Sharpe", "Chosen Men"}, "French": {"Capt Ducos", "Voltigeurs"}},
		Losses: "Voltigeurs: 2 dead", Changes: []rules.Carry{{Name: "Chosen Men", What: "1 dead"}, {Name: "Voltigeurs", What: "2 dead"}}}
	patrol = campaign.Battle{N: 2, Fought: map[string][]string{"French": {"Grenadiers"}},
		Losses: "Grenadiers: 3 dead", Changes: []rules.Carry{{Name: "Grenadiers", What: "3 dead"}}}
)

// In a fogged campaign a side knows its own forces and of the enemy those
// it met in a battle of the campaign (a battle's end reveals everything);
// the main channel knows what every side met.
func TestCampaignKnown(t *testing.T) {
	everyone := slices.Sorted(maps.Keys(campaignNames))
	for _, tt := range []struct {
		name    string
		battles []campaign.Battle
		reader  rules.Reader
		want    []string // the names known
	}{
		{"before any battle the British know their own", nil, rules.Reader{Side: "British"}, []string{"Chosen Men", "Lt Sharpe", "Rifleman Pat", "the ford"}},
		{"before any battle the French know their own", nil, rules.Reader{Side: "French"}, []string{"Capt Ducos", "Grenadiers", "Voltigeurs", "the ford"}},
		{"before any battle the main channel knows no side", nil, rules.Main, []string{"the ford"}},
		{"the bridge reveals to the British whom they fought", []campaign.Battle{bridge}, rules.Reader{Side: "British"},
			[]string{"Capt Ducos", "Chosen Men", "Lt Sharpe", "Rifleman Pat", "Voltigeurs", "the ford"}},
		{"the main channel knows what both sides met", []campaign.Battle{bridge}, rules.Main, []string{"Capt Ducos", "Chosen Men", "Lt Sharpe", "Voltigeurs", "the ford"}},
		{"a battle with one side meets nobody", []campaign.Battle{patrol}, rules.Reader{Side: "British"}, []string{"Chosen Men", "Lt Sharpe", "Rifleman Pat", "the ford"}},
		{"a side's name is read in any case", []campaign.Battle{bridge}, rules.Reader{Side: "british"},
			[]string{"Capt Ducos", "Chosen Men", "Lt Sharpe", "Rifleman Pat", "Voltigeurs", "the ford"}},
		{"no side knows the forces of none", []campaign.Battle{bridge, patrol}, rules.Reader{Side: "Prussian"}, []string{"the ford"}},
		{"the umpire knows everything", nil, rules.Umpire, everyone},
	} {
		c := &campaign.Campaign{Battles: tt.battles}
		var got []string
		for _, n := range everyone {
			if known(c, tt.reader, campaignNames, n) {
				got = append(got, n)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
		if known(c, tt.reader, campaignNames, "Nobody") != tt.reader.All {
			t.Errorf("%s: a name the campaign does not know is known to %v", tt.name, tt.reader)
		}
	}
}

// A reader's view of a fogged campaign holds, of its forces, what he knows,
// and of its battles the changes and losses of those he knows: nothing of
// the forces he has not met, not their number, nor their losses.
func TestCampaignView(t *testing.T) {
	forces, _ := json.Marshal(slices.Sorted(maps.Keys(campaignNames)))
	remove := func(f json.RawMessage, name string) (json.RawMessage, error) { // a roster of names
		var ns []string
		if err := json.Unmarshal(f, &ns); err != nil {
			return nil, err
		}
		return json.Marshal(slices.DeleteFunc(ns, func(n string) bool { return n == name }))
	}
	c := &campaign.Campaign{Fog: true, Forces: forces, Battles: []campaign.Battle{bridge, patrol},
		Out: []campaign.Absence{{Name: "Grenadiers", Side: "French", Until: 3}, {Name: "Chosen Men", Side: "British", Until: 3}}}
	type seen struct {
		Forces  string
		Changes []string
		Losses  []string
		Out     []string
	}
	look := func(v *campaign.Campaign) seen {
		s := seen{Forces: string(v.Forces)}
		for _, b := range v.Battles {
			var ch []string
			for _, c := range b.Changes {
				ch = append(ch, c.Name+": "+c.What)
			}
			s.Changes = append(s.Changes, strings.Join(ch, "; "))
			s.Losses = append(s.Losses, b.Losses)
		}
		for _, a := range v.Out {
			s.Out = append(s.Out, a.Name)
		}
		return s
	}
	for _, tt := range []struct {
		name   string
		reader rules.Reader
		want   seen
	}{
		{"the British know the bridge, not the patrol", rules.Reader{Side: "British"}, seen{
			Forces:  `["Capt Ducos","Chosen Men","Lt Sharpe","Rifleman Pat","Voltigeurs","the ford"]`,
			Changes: []string{"Chosen Men: 1 dead; Voltigeurs: 2 dead", ""}, Losses: []string{"Voltigeurs: 2 dead", ""}, Out: []string{"Chosen Men"}}},
		{"the French know all of their own", rules.Reader{Side: "French"}, seen{
			Forces:  `["Capt Ducos","Chosen Men","Grenadiers","Lt Sharpe","Voltigeurs","the ford"]`,
			Changes: []string{"Chosen Men: 1 dead; Voltigeurs: 2 dead", "Grenadiers: 3 dead"}, Losses: []string{"Voltigeurs: 2 dead", "Grenadiers: 3 dead"},
			Out: []string{"Grenadiers", "Chosen Men"}}},
		{"the main channel knows what both met", rules.Main, seen{
			Forces:  `["Capt Ducos","Chosen Men","Lt Sharpe","Voltigeurs","the ford"]`,
			Changes: []string{"Chosen Men: 1 dead; Voltigeurs: 2 dead", ""}, Losses: []string{"Voltigeurs: 2 dead", ""}, Out: []string{"Chosen Men"}}},
		{"the umpire knows everything", rules.Umpire, look(c)},
	} {
		v, err := view(c, tt.reader, campaignNames, remove)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, look(v)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
	if v, _ := view(&campaign.Campaign{Forces: forces, Battles: []campaign.Battle{patrol}}, rules.Main, campaignNames, remove); len(v.Battles[0].Changes) != 1 {
		t.Errorf("without fog the main channel's view of the patrol is %+v, want it whole", v.Battles[0])
	}
	if string(c.Forces) != string(forces) || len(c.Battles[1].Changes) != 1 || len(c.Out) != 2 {
		t.Errorf("a view changed the campaign: %+v", c)
	}
}
