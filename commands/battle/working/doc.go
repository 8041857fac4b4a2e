// Package working packs the working of a command's rulings as its log
// entry (or, outside a battle, its stored answer) keeps it for the Details
// button, and reads it back: Pack and Unpack. It is pure: bytes and
// rulings only.
package working
