package commandstest

import (
	"slices"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/rules"
)

// ReadingIDs are the ids of the readings rs's /rules topic:readings lists,
// in its order; it fails the test when rs has no such topic.
func ReadingIDs(t testing.TB, rs battle.Ruleset) []string {
	t.Helper()
	i := slices.IndexFunc(rs.Topics(), func(tp rules.Topic) bool { return tp.Name == gamecmd.ReadingsTopic })
	if i < 0 {
		t.Fatalf("%s has no /rules topic %q", rs.ID(), gamecmd.ReadingsTopic)
	}
	var ids []string
	for _, rd := range rs.Topics()[i].Readings {
		ids = append(ids, rd.ID)
	}
	return ids
}
