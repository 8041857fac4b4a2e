package battle

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// In a fogged campaign a side sees its own forces and of the enemy those
// it met in a battle of the campaign (a battle's end reveals everything);
// the campaign's public views see what every side met.
func TestCampaignUnseen(t *testing.T) {
	names := map[string]string{"Lt Sharpe": "British", "Chosen Men": "British", "Rifleman Pat": "British",
		"Capt Ducos": "French", "Voltigeurs": "French", "Grenadiers": "French", "the ford": ""}
	bridge := CampaignBattle{Fought: map[string][]string{"British": {"Lt Sharpe", "Chosen Men"}, "French": {"Capt Ducos", "Voltigeurs"}}}
	patrol := CampaignBattle{Fought: map[string][]string{"French": {"Grenadiers"}}} // nobody to meet
	for _, tt := range []struct {
		name    string
		battles []CampaignBattle
		reader  string
		want    []string
	}{
		{"before any battle the British see none of the French", nil, "British", []string{"Capt Ducos", "Grenadiers", "Voltigeurs"}},
		{"before any battle the French see none of the British", nil, "French", []string{"Chosen Men", "Lt Sharpe", "Rifleman Pat"}},
		{"before any battle the public sees no side", nil, "", []string{"Capt Ducos", "Chosen Men", "Grenadiers", "Lt Sharpe", "Rifleman Pat", "Voltigeurs"}},
		{"the bridge reveals to the British whom they fought", []CampaignBattle{bridge}, "British", []string{"Grenadiers"}},
		{"the bridge reveals to the French whom they fought", []CampaignBattle{bridge}, "French", []string{"Rifleman Pat"}},
		{"the public sees what both sides met", []CampaignBattle{bridge}, "", []string{"Grenadiers", "Rifleman Pat"}},
		{"a battle with one side meets nobody", []CampaignBattle{patrol}, "British", []string{"Capt Ducos", "Grenadiers", "Voltigeurs"}},
		{"a side's name is read in any case", []CampaignBattle{bridge}, "british", []string{"Grenadiers"}},
		{"no side: every side's forces are the enemy's", []CampaignBattle{bridge, patrol}, "Prussian", []string{"Capt Ducos", "Chosen Men", "Grenadiers", "Lt Sharpe", "Rifleman Pat", "Voltigeurs"}},
	} {
		c := &Campaign{Battles: tt.battles}
		if diff := cmp.Diff(tt.want, c.Unseen(names, tt.reader)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
