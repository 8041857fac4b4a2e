package commands_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands"
)

// readers are interaction.Request's methods that read an option by its name.
var readers = []string{"String", "Int", "IntOr", "Float", "Bool", "Has", "UserOption", "FileOption"}

// optionReads lists, in the Go files of dir (not its tests, nor
// autocomplete.go, which completes options half typed), every read of an
// option by its name: tx.Req.String("target"), req.Bool(optAimed),
// req.Options["unit"].
func optionReads(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "autocomplete.go" {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && slices.Contains(readers, sel.Sel.Name) && isRequest(sel.X) {
					out = append(out, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), sel.Sel.Name))
				}
			case *ast.IndexExpr:
				if sel, ok := n.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Options" && isRequest(sel.X) {
					out = append(out, fmt.Sprintf("%s: Options[…]", fset.Position(n.Pos())))
				}
			}
			return true
		})
	}
	return out
}

// isRequest reports whether x reads as an interaction.Request: tx.Req, or a
// variable called req.
func isRequest(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == "Req"
	case *ast.Ident:
		return x.Name == "req"
	}
	return false
}

// No handler of a rule set, nor of the map every rule set is played on,
// reads an option by its name: each receives its typed order, decoded by
// commands/decode.
func TestHandlersReadNoOptionByName(t *testing.T) {
	dirs := []string{"mapcmd"}
	for _, rs := range commands.Rulesets() {
		dirs = append(dirs, rs.ID()) // its adapter is commands/<id>
	}
	for _, dir := range dirs {
		if reads := optionReads(t, dir); len(reads) > 0 {
			t.Errorf("commands/%s reads options by name, not by its typed orders:\n%s", dir, strings.Join(reads, "\n"))
		}
	}
}

// The scan finds every way of reading an option by name.
func TestOptionReadsFound(t *testing.T) {
	dir := t.TempDir()
	src := `package x

func h(tx *Tx, req Request) {
	_ = tx.Req.String("target")
	_, _ = tx.Req.Int("dice")
	_ = req.Bool("aimed")
	_ = tx.Req.Options["unit"]
	_ = o.String()
}
`
	if err := os.WriteFile(filepath.Join(dir, "orders.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "autocomplete.go"), []byte("package x\n\nfunc c(req Request) { _ = req.String(req.Focused) }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := optionReads(t, dir); len(got) != 4 {
		t.Errorf("optionReads found %d reads, want 4:\n%s", len(got), strings.Join(got, "\n"))
	}
}
