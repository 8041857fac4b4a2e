package commands_test

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/rules"
)

// TestReadingsDocumented holds docs/readings.md to the readings the code
// takes: under each rule set's heading (its id in backticks) one `### ID`
// heading for each id of the readings its /rules topic:readings lists, and
// under Campaigns one for each campaign reading; no more and no fewer.
func TestReadingsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/readings.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string][]string{} // by rule set id, "campaign" for K1–K4
	section := ""
	heading := regexp.MustCompile("^## .*\\(`([a-z0-9]+)`\\)")
	for _, line := range strings.Split(string(doc), "\n") {
		if m := heading.FindStringSubmatch(line); m != nil {
			section = m[1]
			continue
		}
		if id, ok := strings.CutPrefix(line, "### "); ok {
			id, _, _ = strings.Cut(id, " ")
			documented[section] = append(documented[section], id)
		}
	}
	known := map[string][]string{"campaign": slices.Sorted(maps.Keys(campaign.Readings))}
	for _, rs := range commands.Rulesets() {
		i := slices.IndexFunc(rs.Topics(), func(tp rules.Topic) bool { return tp.Name == gamecmd.ReadingsTopic })
		if i < 0 {
			t.Errorf("%s has no /rules topic %q", rs.ID(), gamecmd.ReadingsTopic)
			continue
		}
		ids := map[string]bool{}
		for _, rd := range rs.Topics()[i].Readings {
			ids[rd.ID] = true
		}
		known[rs.ID()] = slices.Sorted(maps.Keys(ids))
	}
	for set, ids := range documented {
		slices.Sort(ids)
		documented[set] = slices.Compact(ids)
	}
	if diff := cmp.Diff(known, documented); diff != "" {
		t.Errorf("docs/readings.md's reading ids differ from the code's (-code +docs):\n%s", diff)
	}
}

// TestNothingCitesOutsideTheRepository: no Go file or Markdown document of the
// repository cites the developers' notes outside it; the readings are
// docs/readings.md.
func TestNothingCitesOutsideTheRepository(t *testing.T) {
	banned := []string{"NOTES" + ".md", ".." + "/shared"}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != ".." {
			return filepath.SkipDir
		}
		if ext := filepath.Ext(path); d.IsDir() || (ext != ".go" && ext != ".md") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, s := range banned {
			if strings.Contains(string(b), s) {
				t.Errorf("%s cites %s, a file outside the repository", path, s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
