package main

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestFogScriptKeepsTheMainChannelInTheDark plays the Green Jackets script of
// remote umpiring (examples/fog/greenjackets.txt) with -json and reads what
// each channel was shown, line by line: the main channel (the console's own)
// never reads a name of Sgt Roche's hidden section until the battle ends,
// the British channel not before the umpire reveals it to them, and the
// French channel is told of the fire at its Voltigeurs.
func TestFogScriptKeepsTheMainChannelInTheDark(t *testing.T) {
	script, err := os.ReadFile("../../examples/fog/greenjackets.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(script), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	out, _ := playConsole(t, t.TempDir(), string(script), "-seed", "7", "-json")
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<22)
	hidden := []string{"Sgt Roche", "Tirailleurs", "Blanc", "Noir"}
	revealed, ended, frenchFired := false, false, false
	for n := 0; sc.Scan(); n++ {
		if n >= len(lines) {
			t.Fatalf("more answers than the script's %d command lines", len(lines))
		}
		var got struct {
			Public    json.RawMessage            `json:"public"`
			Ephemeral json.RawMessage            `json:"ephemeral"`
			Channels  map[string]json.RawMessage `json:"channels"`
			DMs       map[string]json.RawMessage `json:"dms"`
		}
		if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
			t.Fatalf("answer %d is not JSON: %v", n+1, err)
		}
		line := lines[n]
		revealed = revealed || strings.HasPrefix(line, "/game reveal")
		ended = ended || strings.HasPrefix(line, "/game end")
		main := string(got.Public) + string(got.Channels["console"])
		british := string(got.Channels["british"]) + string(got.DMs["alice"])
		if strings.HasPrefix(line, "@alice") || strings.HasPrefix(line, "@carol") {
			if strings.Contains(line, "#british") {
				british += string(got.Ephemeral)
			} else {
				main += string(got.Ephemeral)
			}
		}
		for _, h := range hidden {
			if !ended && strings.Contains(main, h) {
				t.Errorf("%s: the main channel read %q:\n%s", line, h, main)
			}
			if !revealed && strings.Contains(british, h) {
				t.Errorf("%s: the British read %q:\n%s", line, h, british)
			}
		}
		frenchFired = frenchFired || strings.Contains(string(got.Channels["french"]), "Fire: Chosen Men at Voltigeurs")
	}
	if !frenchFired {
		t.Error("the French channel was never told of the fire at the Voltigeurs")
	}
}
