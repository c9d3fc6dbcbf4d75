package share

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// topology is the part of a scenario (docs/scenario-format.md "Scenario format": RabbitMQ
// definitions.json field names, as scenarios.CanonicalJSON writes them)
// that the poster draws. Unknown fields are ignored here; the scenarios
// package owns the format. The poster decodes JSON itself rather than
// using scenarios.Scenario so it can also draw a scenario the broker
// would reject (a missing DLX, a bad argument): that is what it is for.
type topology struct {
	Version   json.Number `json:"version"`
	Title     string      `json:"title"`
	Exchanges []struct {
		Name      string         `json:"name"`
		Type      string         `json:"type"`
		Arguments map[string]any `json:"arguments"`
	} `json:"exchanges"`
	Queues []struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	} `json:"queues"`
	Bindings []struct {
		Source          string `json:"source"`
		Destination     string `json:"destination"`
		DestinationType string `json:"destination_type"`
		RoutingKey      string `json:"routing_key"`
	} `json:"bindings"`
	Policies []struct {
		Name       string         `json:"name"`
		Pattern    string         `json:"pattern"`
		ApplyTo    string         `json:"apply-to"`
		Priority   json.Number    `json:"priority"`
		Definition map[string]any `json:"definition"`
	} `json:"policies"`
	Steps []map[string]json.RawMessage `json:"steps"`
}

// decodeTopology reads one JSON object. It rejects anything that is not
// a single JSON object, and fields of the wrong JSON type.
func decodeTopology(data []byte) (*topology, error) {
	if err := checkSingleObject(data); err != nil {
		return nil, err
	}
	var t topology
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&t); err != nil {
		return nil, jsonError(err)
	}
	return &t, nil
}

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
