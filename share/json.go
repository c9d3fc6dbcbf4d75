package share

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// checkSingleObject reports whether data is exactly one JSON object
// (with optional surrounding white space) in valid UTF-8.
func checkSingleObject(data []byte) error {
	if !utf8.Valid(data) {
		return errors.New("scenario is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return jsonError(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return errors.New("a scenario must be a JSON object")
	}
	var rest json.RawMessage
	dec2 := json.NewDecoder(bytes.NewReader(data))
	if err := dec2.Decode(&rest); err != nil {
		return jsonError(err)
	}
	if _, err := dec2.Token(); err != io.EOF {
		return errors.New("unexpected data after the scenario's JSON object")
	}
	return nil
}

func jsonError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("invalid JSON at byte %d: %v", se.Offset, se)
	case errors.As(err, &te):
		if te.Field != "" {
			return fmt.Errorf("field %s: expected %s, got JSON %s", te.Field, te.Type, te.Value)
		}
		return fmt.Errorf("expected %s, got JSON %s", te.Type, te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("invalid JSON: unexpected end of input")
	}
	return fmt.Errorf("invalid JSON: %v", err)
}
