// @cardrules/client: a client of the cardrules serve protocol (docs/protocol.md), for browsers and
// Node 20, with no runtime dependency.
export { Client, PROTOCOL_VERSION, connect } from "./client.js";
export { SCHEME, dealCommitment, dealSeed, sha256Hex, verifyDeal } from "./deal.js";
export { ConnectionClosedError, DealCheckError, ProtocolReplyError, WaitTimeoutError } from "./errors.js";
