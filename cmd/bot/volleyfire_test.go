package main

import (
	"strings"
	"testing"
)

// In the console, a Volleyfire! activation that names no command base while
// the side has one is refused with the bases to choose from, and the unit is
// not activated; commander:none activates it out of command.
func TestConsoleVolleyfireActivateAsksForTheCommandBase(t *testing.T) {
	script := `/game start ruleset:volleyfire name:Ligny
/volleyfire-roster commander-add name:Blucher side:Prussians nation:Prussian player:alice
/volleyfire-roster unit-add name:"1st Pomeranian" side:Prussians type:infantry bases:6 player:alice
/volleyfire-roster unit-add name:"30th Ligne" side:French type:infantry bases:6
/volleyfire first side:Prussians
/turn new
@alice /volleyfire activate unit:"1st Pomeranian"
@alice /turn status
@alice /volleyfire activate unit:"1st Pomeranian" commander:none
`
	out, _ := playConsole(t, t.TempDir(), script, "-store", "memory", "-keep-going")
	refusal := "✗ Name the command base 1st Pomeranian is in range of, with commander: and distance: (Blucher (20\")), " +
		"or give commander:none to activate it out of command: it may then only shoot, at the closest enemy (V3)."
	activated := "1st Pomeranian is activated, out of command (no command base named): it may only shoot, at the closest enemy (V3)."
	i, j := strings.Index(out, refusal), strings.Index(out, activated)
	if i < 0 || j < i {
		t.Errorf("console output lacks the refusal, then the activation out of command:\n%q\n%q\ngot:\n%s", refusal, activated, out)
	}
	if k := strings.Index(out, "commander:none\n"); i >= 0 && k > i && strings.Contains(out[i:k], "is activated") {
		t.Errorf("the refused activation activated the unit:\n%s", out[i:k])
	}
}
