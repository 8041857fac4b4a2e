package roster

import "github.com/referee-bot/referee/commands/battle/campaign"

// Edit is a rule set's campaign.ForcesOf EditFn of its board's EditForces: the
// quality as parse reads it (not given: nil), the reinforcements a number
// (campaign.Count), what naming them in its refusal ("the stands for a unit").
func Edit[B, Q any](parse func(quality string) (*Q, error), what string, edit func(f *B, name string, quality *Q, reinforce int) (string, error)) func(*B, string, string, string) (string, error) {
	return func(f *B, name, quality, reinforce string) (string, error) {
		var q *Q
		if quality != "" {
			var err error
			if q, err = parse(quality); err != nil {
				return "", err
			}
		}
		n, err := campaign.Count(reinforce, what)
		if err != nil {
			return "", err
		}
		return edit(f, name, q, n)
	}
}

// Absent is how a campaign's forces status marks name when absent says he
// misses the next battle: " (out: misses battle 3, K2)", or "".
func Absent(absent func(name string) string, name string) string {
	if a := absent(name); a != "" {
		return " (" + a + ")"
	}
	return ""
}
