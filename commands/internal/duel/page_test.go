package duel_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// page is the walkthrough that builds this package.
const page = "../../../docs/adding-a-rule-set.md"

// The page shows every file of this package whole, as it is: following it
// builds the rule set these tests play.
func TestPageIsThePackage(t *testing.T) {
	doc, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]string{}
	for _, m := range regexp.MustCompile("(?s)<!-- file: ([a-z_]+\\.go) -->\n```go\n(.*?)```\n").FindAllSubmatch(doc, -1) {
		shown[string(m[1])] = string(m[2])
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f == "page_test.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, ok := shown[f]
		switch {
		case !ok:
			t.Errorf("%s does not show %s", page, f)
		case text != string(src):
			t.Errorf("%s shows %s otherwise than it is: copy the file into the page", page, f)
		}
		delete(shown, f)
	}
	for f := range shown {
		t.Errorf("%s shows %s, which the package does not have", page, f)
	}
	if !strings.Contains(string(doc), "decode.Route") {
		t.Errorf("%s does not say how a subcommand is routed", page)
	}
}
