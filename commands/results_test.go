package commands_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// manyResults lists, in the Go files under root (not its tests), every
// function or function literal that returns more than three results: the
// fourth is where a struct should name them.
func manyResults(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var ft *ast.FuncType
			switch n := n.(type) {
			case *ast.FuncDecl:
				ft = n.Type
			case *ast.FuncLit:
				ft = n.Type
			}
			if ft != nil && ft.Results.NumFields() > 3 {
				out = append(out, fmt.Sprintf("%s: %d results", fset.Position(ft.Pos()), ft.Results.NumFields()))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// No function of the command layer or the rules returns more than three
// results: more are a struct whose fields say what each is.
func TestNoFunctionReturnsMoreThanThreeResults(t *testing.T) {
	for _, root := range []string{".", "../rules"} {
		if got := manyResults(t, root); len(got) > 0 {
			t.Errorf("functions with more than three results, which should return a struct:\n%s", strings.Join(got, "\n"))
		}
	}
}

// The scan finds functions and function literals alike, whatever their
// results are called.
func TestManyResultsFound(t *testing.T) {
	dir := t.TempDir()
	src := `package x

func four() (int, int, string, error) { return 0, 0, "", nil }

func named() (a, b, c, d int) { return }

func three() (int, string, error) { return 0, "", nil }

var lit = func() (int, int, int, error) { return 0, 0, 0, nil }
`
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := manyResults(t, dir); len(got) != 3 {
		t.Errorf("manyResults found %d, want 3:\n%s", len(got), strings.Join(got, "\n"))
	}
}
