// Package calls is calls:auto, the battle setting (/game settings
// calls:auto) under which the referee makes the umpire's calls itself
// (battle.Wait.Call) as soon as nothing else is waited on: each as the
// umpire's /turn next makes it, logged as the referee's (battle.Referee).
// The battle service makes them in every change, once its command has run
// and before what is done at a turn's end (battle.Service.MakeCalls, set by
// the routes), inside the change, so that they are made again with it when
// the store retries it.
package calls
