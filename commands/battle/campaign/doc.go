// Package campaign is a server's named run of battles: the campaign document
// (Campaign: its forces in the rule set's own terms, who misses the next
// battle, the battles carried back, its log), the readings K1–K4 its umpire
// switches, the rule sets' optional capability of keeping forces
// (Campaigner, with ForcesOf over a rule set's board type), and the Service
// that reads and changes campaigns in the game store.
//
// A campaign is one more document of the game store, under its own key
// (Key), with a battle's guarantees: every change (Service.Change) is one
// atomic read-modify-write, idempotent on the interaction id, so that a
// redelivered confirmation never carries a battle back twice; its log is
// kept beside it and only appended to. The package sits above
// commands/battle and uses its exported API only; /campaign's handlers are
// commands/campaigncmd.
package campaign
