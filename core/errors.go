package core

import (
	"fmt"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// AMQP reply codes the broker answers with (AMQP 0-9-1 constants).
const (
	CodeNoRoute            = 312
	CodeAccessRefused      = 403
	CodeNotFound           = 404
	CodePreconditionFailed = 406
	CodeCommandInvalid     = 503
	CodeNotImplemented     = 540
)

// Error is a channel or connection error exactly as RabbitMQ reports it:
// the reply code and the reply text ("PRECONDITION_FAILED - ...").
// Commands return it as a value; the core never panics on bad input.
type Error struct {
	Code int
	Text string
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Text) }

// newError builds "NAME - explanation", truncated as the broker does it
// (252 characters and "...", erlterm.ReplyText).
func newError(code int, name, format string, args ...any) *Error {
	return &Error{Code: code, Text: erlterm.ReplyText(name, fmt.Sprintf(format, args...))}
}

func preconditionFailed(format string, args ...any) *Error {
	return newError(CodePreconditionFailed, "PRECONDITION_FAILED", format, args...)
}

func notFound(format string, args ...any) *Error {
	return newError(CodeNotFound, "NOT_FOUND", format, args...)
}

func accessRefused(format string, args ...any) *Error {
	return newError(CodeAccessRefused, "ACCESS_REFUSED", format, args...)
}
