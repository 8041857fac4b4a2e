package commands_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/mapcmd"
)

// layout is what each file of a rule set's adapter, commands/<id>, holds
// (docs/adding-a-rule-set.md): the same files mean the same thing in every
// set. The rest (autocomplete.go, campaign.go, fog.go, ground.go, turn.go …)
// come with the capabilities a set has.
var layout = []string{
	"doc.go",        // the package comment
	"ruleset.go",    // the Ruleset, its capabilities asserted, its house rules
	"definition.go", // the command definition, the decoder and the routes
	"orders.go",     // the typed orders and their handlers
	"roster.go",     // the roster commands
	"render.go",     // how its rulings and board are shown
	"board.go",      // the stored board read and written
}

// capabilities are the interfaces a rule set may implement, each asserted
// at compile time in its ruleset.go.
var capabilities = map[string]reflect.Type{
	"battle.Ruleset":      reflect.TypeFor[battle.Ruleset](),
	"battle.TurnEngine":   reflect.TypeFor[battle.TurnEngine](),
	"battle.SecretCards":  reflect.TypeFor[battle.SecretCards](),
	"view.Fog":            reflect.TypeFor[view.Fog](),
	"campaign.Campaigner": reflect.TypeFor[campaign.Campaigner](),
	"mapcmd.Grounded":     reflect.TypeFor[mapcmd.Grounded](),
}

// Every rule set has the same files for the same things, and its ruleset.go
// asserts at compile time each capability it has.
func TestEveryRuleSetHasOneShape(t *testing.T) {
	for _, rs := range commands.Rulesets() {
		dir := rs.ID() // its adapter is commands/<id>
		for _, f := range layout {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("commands/%s has no %s", dir, f)
			}
		}
		asserted := assertions(t, filepath.Join(dir, "ruleset.go"))
		for name, c := range capabilities {
			has := reflect.TypeOf(rs).Implements(c)
			switch {
			case has && !slices.Contains(asserted, name):
				t.Errorf("commands/%s implements %s but its ruleset.go does not assert it (var _ %s = (*Ruleset)(nil))", dir, name, name)
			case !has && slices.Contains(asserted, name):
				t.Errorf("commands/%s asserts %s, which it does not implement", dir, name)
			}
		}
	}
}

// assertions are the interfaces a file asserts of *Ruleset at compile time:
// var _ view.Fog = (*Ruleset)(nil).
func assertions(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		v, ok := n.(*ast.ValueSpec)
		if !ok || len(v.Names) != 1 || v.Names[0].Name != "_" {
			return true
		}
		if sel, ok := v.Type.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok {
				out = append(out, pkg.Name+"."+sel.Sel.Name)
			}
		}
		return true
	})
	return out
}
