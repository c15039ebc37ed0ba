// The API of @cardrules/client (written by hand); the messages' types are generated:
// types/protocol.d.ts from the protocol's JSON Schema, types/games.d.ts from the games' views and
// events. See docs/clients.md.
import type {
  CardsReply,
  CardsRequest,
  ClaimReply,
  ClaimRequest,
  ErrorReply,
  EventsReply,
  EventsRequest,
  GamesReply,
  GamesRequest,
  JoinRequest,
  NewReply,
  NewRequest,
  PlayRequest,
  Reply,
  Request,
  SitRequest,
  StateReply,
  RematchRequest,
  ReviewReply,
  ReviewRequest,
  TranscriptReply,
  TranscriptRequest,
  ViewRequest,
} from "./types/protocol.js";
import type { Events as GameEvents, GameName, Views } from "./types/games.js";

export type * from "./types/protocol.js";
export type * as Games from "./types/games.js";

/** Game `G`'s view, as the `data` of a seat's state reply's `view` (`reply.view.data as unknown as
 * GameView<"clubs">` once `reply.game` and `reply.seat` say so). */
export type GameView<G extends GameName> = Views[G];
/** One of game `G`'s events, as the `data` of an event document. */
export type GameEvent<G extends GameName> = GameEvents[G];

/** The protocol version this client speaks (the `games` reply's `protocol`): 4. */
export declare const PROTOCOL_VERSION: 4;

/** A request's declared fields, without `op` and `id` (the client sets both); the schema lets a
 * request carry more, which the server ignores, but a typo here is a type error. */
type Fields<R> = R extends unknown ? { [K in keyof R as K extends "op" | "id" ? never : string extends K ? never : K]: R[K] } : never;

/** Each op's request fields and reply. */
export interface Ops {
  games: { fields: Fields<GamesRequest>; reply: GamesReply };
  new: { fields: Fields<NewRequest>; reply: NewReply };
  claim: { fields: Fields<ClaimRequest>; reply: ClaimReply };
  rematch: { fields: Fields<RematchRequest>; reply: ClaimReply };
  sit: { fields: Fields<SitRequest>; reply: StateReply };
  join: { fields: Fields<JoinRequest>; reply: StateReply };
  view: { fields: Fields<ViewRequest>; reply: StateReply };
  play: { fields: Fields<PlayRequest>; reply: StateReply };
  events: { fields: Fields<EventsRequest>; reply: EventsReply };
  transcript: { fields: Fields<TranscriptRequest>; reply: TranscriptReply };
  cards: { fields: Fields<CardsRequest>; reply: CardsReply };
  review: { fields: Fields<ReviewRequest>; reply: ReviewReply };
}
export type Op = keyof Ops;

/** A WebSocket as browsers and the ws package both have it. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: any) => any) | null;
  onmessage: ((event: any) => any) | null;
  onerror: ((event: any) => any) | null;
  onclose: ((event: any) => any) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener?(type: "close", listener: () => void): void;
}

export interface ReconnectOptions {
  /** The first wait after a drop, in ms (250). */
  initialDelay?: number;
  /** The longest wait, in ms (5000). */
  maxDelay?: number;
  /** Each wait is the one before times this (2). */
  factor?: number;
  /** Each wait varies at random by up to this fraction either way (0.2). */
  jitter?: number;
  /** Attempts in a row before giving up (Infinity). */
  maxAttempts?: number;
}

export interface ConnectOptions {
  /** The WebSocket constructor: `globalThis.WebSocket` by default (Node 20 has none: pass the ws package's). */
  WebSocket?: new (url: string) => SocketLike;
  /** Or a function that opens a socket to `url`. */
  createSocket?: (url: string) => SocketLike;
  /** `false`: never reconnect. Otherwise the backoff of the reconnects. */
  reconnect?: false | ReconnectOptions;
  /** The ms an attempt to connect may take before it is given up (10,000). */
  openTimeout?: number;
}

export type Status = "connecting" | "open" | "reconnecting" | "closed";

export type StatusChange =
  | { status: "open"; rejoined: string[]; failed: { table: string; error: ProtocolReplyError }[] }
  | { status: "reconnecting"; attempt: number; delay: number; code: number | null; reason: string }
  | { status: "closed"; code: number | null; reason: string };

/** One event of a table, numbered from 0 in the order the table's events happened. */
export interface NumberedEvent {
  number: number;
  event: StateReply["events"][number]["event"];
  text: string;
}

export interface EventsTold {
  table: string;
  seat: number | null;
  events: NumberedEvent[];
}

/** A state reply pushed to a watching connection (`id` is `null`). */
export type Push = StateReply & { id: null };

export declare class Client {
  readonly url: string;
  readonly status: Status;
  request<K extends Op>(op: K, fields?: Ops[K]["fields"]): Promise<Ops[K]["reply"]>;
  play(
    table: string,
    token: string,
    move: string | number,
    options?: { at?: number; botsAfterReply?: boolean },
  ): Promise<StateReply>;
  latest(table: string): StateReply | undefined;
  joined(): Map<string, string | null>;
  forget(table: string): void;
  waitFor(table: string, predicate: (state: StateReply) => boolean, options?: { timeout?: number }): Promise<StateReply>;
  ready(): Promise<void>;
  onPush(callback: (push: Push) => void): () => void;
  onState(callback: (state: StateReply) => void): () => void;
  onStatus(callback: (change: StatusChange) => void): () => void;
  onEvents(callback: (told: EventsTold) => void): () => void;
  pushes(): AsyncIterableIterator<Push>;
  close(): Promise<void>;
}

/** Open a connection and resolve to its client once it is open. */
export declare function connect(url: string, options?: ConnectOptions): Promise<Client>;

/** What a finished fair table's `deal.reveal` holds. */
export type Reveal = Exclude<StateReply["deal"]["reveal"], null>;

export interface VerifyOptions {
  /** The commitment you were shown before the deal. */
  commitmentSeen?: string | null;
  /** The string seat `seat` sent with `sit` (give both, or neither). */
  ownContribution?: string;
  seat?: number | null;
}

export declare const SCHEME: "cardrules-deal-1";
export declare function verifyDeal(reveal: Reveal, options?: VerifyOptions): Promise<{ seed: string }>;
export declare function dealCommitment(serverSeed: string, salt: string): Promise<string>;
export declare function dealSeed(serverSeed: string, contributions: Record<string, string>): Promise<string>;
export declare function sha256Hex(text: string): Promise<string>;

/** The server's error reply to a request (`ok: false`). */
export declare class ProtocolReplyError extends Error {
  readonly name: "ProtocolReplyError";
  readonly type: ErrorReply["error"]["type"];
  readonly request: Request;
  readonly reply: ErrorReply;
}

/** The connection closed before the reply came, or the client is closed. */
export declare class ConnectionClosedError extends Error {
  readonly name: "ConnectionClosedError";
  readonly code: number | null;
  readonly reason: string;
}

/** `waitFor` ran out of time. */
export declare class WaitTimeoutError extends Error {
  readonly name: "WaitTimeoutError";
}

/** A revealed deal does not verify: each thing that did not match. */
export declare class DealCheckError extends Error {
  readonly name: "DealCheckError";
  readonly problems: string[];
}

