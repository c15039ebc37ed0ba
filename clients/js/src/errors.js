// The errors the client throws, each its own class so that a caller can tell them apart with
// `instanceof` (and by `name`, which survives a structured clone).

/** The server answered `{"ok": false, "error": {"type", "message"}}`: `type` is the protocol's
 * error type (`IllegalMoveError`, `StateError`, `LimitError`, `ProtocolError`...), `message` the
 * server's words, `request` what was sent and `reply` what came back. Nothing changed on the
 * server (docs/protocol.md: a failed request changes nothing). */
export class ProtocolReplyError extends Error {
  constructor(request, reply) {
    super(reply.error.message);
    this.name = "ProtocolReplyError";
    this.type = reply.error.type;
    this.request = request;
    this.reply = reply;
  }
}

/** The connection closed (or could not be opened, or `close()` was called) before a reply came:
 * the request may or may not have been carried out. A `play` sent with `at` (as `client.play`
 * sends it) is safe to send again once `client.ready()` resolves: if it was played, the server
 * refuses the copy with an `IllegalMoveError`. `code` and `reason` are the WebSocket close's, when
 * there was one. */
export class ConnectionClosedError extends Error {
  constructor(message, { code = null, reason = "" } = {}) {
    super(message);
    this.name = "ConnectionClosedError";
    this.code = code;
    this.reason = reason;
  }
}

/** `client.waitFor` ran out of time before the table reached the state it waited for. */
export class WaitTimeoutError extends Error {
  constructor(message) {
    super(message);
    this.name = "WaitTimeoutError";
  }
}

/** `verifyDeal` found that a revealed deal does not hold: `problems` lists each thing that did
 * not match, in words (the message joins them). */
export class DealCheckError extends Error {
  constructor(problems) {
    super(`the deal does not verify: ${problems.join("; ")}`);
    this.name = "DealCheckError";
    this.problems = problems;
  }
}
