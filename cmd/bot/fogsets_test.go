package main

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestFogScriptsOfTheRuleSets plays the scripts of remote umpiring of
// Green Jackets, Crimea, Volleyfire! and Rules – Firing (examples/fog/) with -json and reads
// what each reader was shown, line by line: no name of a hidden unit, officer
// or general reaches the main channel (the console's own, and carol's private
// answers there) or the enemy side (its channel, its player's answers and
// direct messages) before the line that reveals it to them, and each reader
// does read it after that line. Where no umpire's ruling names a hidden unit
// (quiet), neither is told that something unseen is there ("an unseen
// Russian unit"); in Green Jackets the umpire's observation from his desk
// says so, as it should.
func TestFogScriptsOfTheRuleSets(t *testing.T) {
	// A secret is a hidden name, and the lines (a part of them) from which the
	// enemy side and the main channel may read it.
	type secret struct{ name, toEnemy, toMain string }
	tests := []struct {
		script, enemy, enemyChannel string
		quiet                       bool
		secrets                     []secret
	}{
		{"greenjackets.txt", "alice", "british", false, []secret{
			{"Voltigeurs", `observe officer:"Lt Sharpe"`, `fire squad:"Chosen Men"`},
			{"Capt Dubois", `observe officer:"Lt Sharpe"`, `fire squad:"Chosen Men"`},
			{"Sgt Roche", "/game reveal", "/game end"},
			{"Tirailleurs", "/game reveal", "/game end"},
		}},
		{"crimea.txt", "alice", "allied", true, []secret{
			{"Don Battery", `fire unit:"Don Battery"`, `fire unit:"Don Battery"`},
			{"Kiryakov", "/game reveal", "[End the battle]"},
			{"Tarutino Regiment", "[End the battle]", "[End the battle]"},
		}},
		{"volleyfire.txt", "alice", "allies", true, []secret{
			{"Voltigeurs", "shoot unit:Voltigeurs", "shoot unit:Voltigeurs"},
			{"Victor", "/game reveal", "[End the battle]"},
			{"Hussards", "[End the battle]", "[End the battle]"},
		}},
		{"firing2007.txt", "alice", "british", true, []secret{
			{"Battery", "fire firer:Battery", "fire firer:Battery"},
			{"Montcalm", "/game reveal", "[End the battle]"},
			{"Compagnies Franches", "[End the battle]", "[End the battle]"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			script, err := os.ReadFile("../../examples/fog/" + tt.script)
			if err != nil {
				t.Fatal(err)
			}
			lines := commandLines(script)
			out, _ := playConsole(t, t.TempDir(), string(script), "-seed", "7", "-json")
			sc := bufio.NewScanner(strings.NewReader(out))
			sc.Buffer(nil, 1<<22)
			toEnemy, toMain := map[string]bool{}, map[string]bool{}
			enemyRead, mainRead := map[string]bool{}, map[string]bool{}
			ended := false
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
				line := lines[n].text
				main := string(got.Public) + string(got.Channels["console"])
				enemy := string(got.Channels[tt.enemyChannel]) + string(got.DMs[tt.enemy])
				switch {
				case strings.HasPrefix(line, "@carol") && !strings.Contains(line, " #"):
					main += string(got.Ephemeral)
				case strings.HasPrefix(line, "@"+tt.enemy+" #"+tt.enemyChannel):
					enemy += string(got.Ephemeral)
				}
				ended = ended || strings.HasPrefix(line, "[End the battle]")
				if tt.quiet && !ended && strings.Contains(main+enemy, "an unseen") {
					t.Errorf("%s: the main channel or the enemy read that something unseen is there:\n%s\n%s", line, main, enemy)
				}
				for _, s := range tt.secrets {
					toEnemy[s.name] = toEnemy[s.name] || strings.Contains(line, s.toEnemy)
					toMain[s.name] = toMain[s.name] || strings.Contains(line, s.toMain)
					if strings.Contains(main, s.name) && !toMain[s.name] {
						t.Errorf("%s: the main channel read %q:\n%s", line, s.name, main)
					}
					if strings.Contains(enemy, s.name) && !toEnemy[s.name] {
						t.Errorf("%s: the enemy (%s) read %q:\n%s", line, tt.enemy, s.name, enemy)
					}
					mainRead[s.name] = mainRead[s.name] || toMain[s.name] && strings.Contains(main, s.name)
					enemyRead[s.name] = enemyRead[s.name] || toEnemy[s.name] && strings.Contains(enemy+main, s.name)
				}
			}
			for _, s := range tt.secrets {
				if !mainRead[s.name] || !enemyRead[s.name] {
					t.Errorf("%s revealed: the main channel read it %v, the enemy %v; want both", s.name, mainRead[s.name], enemyRead[s.name])
				}
			}
		})
	}
}
