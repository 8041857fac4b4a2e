// Package console plays the referee's commands in a terminal or from a script:
// one slash-command line per input line, parsed against the same command
// definitions Discord is given, served by the same router, and printed either
// as a Discord user would read it or, with JSON, as one JSON object per line.
//
// Line syntax:
//
//	/roll dice:2d6+1 label:"volley"      a command; options as name:value, quoted when they hold spaces
//	@bob /card                           speak as another user (for secrets and turns)
//	[Next turn]                          press the button with that label on the last message showing it
//	!press v1/turn/next                  press a button by its id
//	# a comment                          ignored, as are blank lines
//
// A user option is given as a name (user:bob); an attachment option as a file
// path (file:battle.json). Every console user has every permission.
package console
