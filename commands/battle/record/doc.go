// Package record is a battle's record outside the store: the file /game
// export writes and /game import reads (Export, ReadExport), a campaign's
// likewise (ExportCampaign, ReadCampaign), and the recomputation of every
// die of a battle's log from its revealed seed (Verify; commands/verify
// replays the log through the commands themselves).
//
// A file is read strictly and checked in full before anything is changed:
// no key given twice, no field this referee does not know, every value and
// reference of its board checked by its rule set. Any fault is a refusal
// saying precisely what is wrong with the file, and a file read exports
// byte for byte as it was read. Everything here is pure: it reads and
// writes bytes and battle values, never the store.
package record
