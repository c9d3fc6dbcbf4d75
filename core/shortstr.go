package core

// AMQP 0-9-1 carries exchange and queue names, routing and binding keys,
// consumer tags, message properties and table field names as short
// strings: one length byte, so at most 255 bytes. No client can send a
// longer one to RabbitMQ (the Go client refuses with "shortstr exceeds 255
// bytes" before anything is written), so the simulator refuses it too,
// with a 502 SYNTAX_ERROR, the code AMQP gives to a malformed method. The
// bound also keeps topic matching cheap: a binding key has at most 128
// words, so matching a routing key costs at most 128 comparisons a word.

// MaxShortString is the most bytes an AMQP short string holds.
const MaxShortString = 255

// CodeSyntaxError is AMQP's reply code for a method that cannot be read.
const CodeSyntaxError = 502

// checkShort refuses the first of the (what, value) pairs that is too long
// for a short string.
func checkShort(pairs ...string) *Error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if n := len(pairs[i+1]); n > MaxShortString {
			return newError(CodeSyntaxError, "SYNTAX_ERROR", "%s is %d bytes; an AMQP short string holds at most %d",
				pairs[i], n, MaxShortString)
		}
	}
	return nil
}
