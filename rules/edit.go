package rules

// Set sets *field to *v when v is given: the optional values of an edit (a
// roster change names only what it changes).
func Set[T any](field *T, v *T) {
	if v != nil {
		*field = *v
	}
}
