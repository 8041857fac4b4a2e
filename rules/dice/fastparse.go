package dice

// fastParse reads the common shape of notation in one flat pass: terms and
// numbers joined by "+" and "-", with no spaces, parentheses, products, unary
// minus or repeat count, each dice term carrying at most a keep or drop and a
// success count. It builds exactly the nodes and terms the full parser would,
// and reports false (leaving e to be reset) on anything else, including every
// notation the full parser refuses, so that the errors come from one place.
func fastParse(e *Expr, s string) bool {
	i, n := 0, len(s)
	root := int32(-1)
	var pending op
	for {
		// One item: a number or a dice term.
		at := i
		var v int64
		digits := false
		for i < n && isDigit(s[i]) {
			v = v*10 + int64(s[i]-'0')
			if v > MaxValue {
				return false
			}
			i++
			digits = true
		}
		var lo, hi int64
		var o op
		var a int32
		if i < n && (s[i] == 'd' || s[i] == 'D') {
			count := int64(1)
			if digits {
				count = v
			}
			if count < 1 || count > MaxCount {
				return false
			}
			i++
			e.terms = append(e.terms, term{})
			ti := int32(len(e.terms) - 1)
			t := &e.terms[ti]
			t.count, t.start = int32(count), int32(at)
			if i < n && s[i] == '%' {
				i++
				t.sides, t.pct = 100, true
			} else {
				if i >= n || !isDigit(s[i]) {
					return false
				}
				var sd int64
				for i < n && isDigit(s[i]) {
					sd = sd*10 + int64(s[i]-'0')
					if sd > MaxSides {
						return false
					}
					i++
				}
				if sd < MinSides {
					return false
				}
				t.sides, t.pct = int32(sd), sd == 100
			}
			// Modifiers: keep or drop, and a success count, each at most once.
		mods:
			for i < n {
				switch c := lower(s[i]); c {
				case 'k', 'd':
					i++
					var h byte
					if i < n {
						h = lower(s[i])
					}
					switch {
					case h == 'h' || h == 'l':
						i++
					case c == 'k':
						h = 'h'
					default:
						return false
					}
					if t.keep != keepAll {
						return false
					}
					k := int64(1)
					if i < n && isDigit(s[i]) {
						k = 0
						for i < n && isDigit(s[i]) {
							k = k*10 + int64(s[i]-'0')
							if k > MaxValue {
								return false
							}
							i++
						}
					}
					if k > int64(t.count) {
						return false
					}
					keep := k
					if c == 'd' {
						keep = int64(t.count) - k
					}
					if keep < 1 {
						return false
					}
					if c == 'k' && h == 'h' || c == 'd' && h == 'l' {
						t.keep = keepHigh
					} else {
						t.keep = keepLow
					}
					t.keepN = int32(keep)
				case '<', '>', '=':
					if t.succ {
						return false
					}
					cmp := s[i : i+1]
					if i+1 < n && s[i+1] == '=' && c != '=' {
						cmp = s[i : i+2]
					}
					i += len(cmp)
					if i >= n || !isDigit(s[i]) {
						return false
					}
					var w int64
					for i < n && isDigit(s[i]) {
						w = w*10 + int64(s[i]-'0')
						if w > MaxValue {
							return false
						}
						i++
					}
					t.succ, t.win = true, condSpan(cmp, w, int(t.sides))
				default:
					break mods
				}
			}
			t.end = int32(i)
			e.dice += int(t.count)
			if e.dice > MaxDice {
				return false
			}
			lo, hi = t.bounds()
			o, a = opDice, ti
		} else {
			if !digits {
				return false
			}
			lo, hi, o = v, v, opNum
		}
		x := int32(len(e.nodes))
		e.nodes = append(e.nodes, node{op: o, a: a, lo: lo, hi: hi})
		if root >= 0 {
			l, r := &e.nodes[root], &e.nodes[x]
			if pending == opAdd {
				lo, hi = l.lo+r.lo, l.hi+r.hi
			} else {
				lo, hi = l.lo-r.hi, l.hi-r.lo
			}
			if lo < -MaxValue || hi > MaxValue {
				return false
			}
			e.nodes = append(e.nodes, node{op: pending, a: root, b: x, lo: lo, hi: hi})
			x++
		}
		root = x
		if i == n {
			e.root = root
			return true
		}
		switch s[i] {
		case '+':
			pending = opAdd
		case '-':
			pending = opSub
		default:
			return false
		}
		i++
	}
}
