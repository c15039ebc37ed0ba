// The cardrules web table: the app's state, its connection (@cardrules/client) and its routes.

import { ProtocolReplyError, connect } from "../client/index.js";
import { el } from "./cards.js";
import { showLobby } from "./lobby.js";
import { joinTable, tableError, takeState } from "./replay.js";

// ---------------------------------------------------------------- the app

/** @type {import("./types.js").App} */
export const app = {
  conn: null,
  games: null,
  table: null, // {id, seat, token, shown, target, queue, overlay, log, chosen, team, busy, error, kinds}
};

export function main() {
  app.conn = open();
  window.addEventListener("hashchange", route);
  route();
}

// The connection is @cardrules/client's (served at /client/): it matches replies to requests,
// hands on the server's pushes, and when the connection drops reconnects with backoff and joins
// the tables again. A first attempt that fails is tried again until the server answers.
// (#connection and #app are the page's own elements, index.html's: always there.)
/** @returns {Promise<import("./types.js").Client>} */
export async function open() {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  for (;;) {
    try {
      const client = await connect(url);
      /** @type {HTMLElement} */ (document.getElementById("connection")).textContent = "";
      client.onPush(onPush);
      client.onStatus(onConnection);
      return client;
    } catch {
      /** @type {HTMLElement} */ (document.getElementById("connection")).textContent = "Disconnected: reconnecting…";
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

// A request's reply; the server's refusal ({ok: false, error}) is a reply too, for the page to say.
/**
 * @template {import("../client/index.js").Op} K
 * @param {K} op
 * @param {import("../client/index.js").Ops[K]["fields"]} [fields]
 * @returns {Promise<import("../client/index.js").Ops[K]["reply"] | import("./types.js").ErrorReply>}
 */
export async function ask(op, fields = {}) {
  const client = await /** @type {Promise<import("./types.js").Client>} */ (app.conn); // main() opened it
  try {
    return await client.request(op, fields);
  } catch (error) {
    if (error instanceof ProtocolReplyError) return error.reply;
    throw error;
  }
}

// Back after a drop (the client has joined the table again): the table is asked for afresh,
// so that the page shows every event from the start and the position as it is now.
/** @param {import("../client/index.js").StatusChange} change */
export function onConnection(change) {
  /** @type {HTMLElement} */ (document.getElementById("connection")).textContent =
    change.status === "open" ? "" : "Disconnected: reconnecting…";
  if (change.status === "closed") app.conn = open().then((client) => rejoin(client));
  const table = app.table;
  if (change.status !== "open" || !table) return;
  const refused = change.failed.find((f) => f.table === table.id);
  if (refused) showError(tableError(refused.error.reply.error));
  else joinTable(table);
}

// A client that gave up reconnecting is replaced by a new one, which joins the table afresh.
/** @param {import("./types.js").Client} client */
function rejoin(client) {
  if (app.table) setTimeout(() => app.table && joinTable(app.table));
  return client;
}

/** @param {import("../client/index.js").Push} reply */
export function onPush(reply) {
  if (!app.table || !reply.ok || reply.table !== app.table.id) return;
  takeState(reply);
}

// The page's addresses (main.js lists them); any other is said to be no table's, in words.
export function route() {
  const hash = location.hash.replace(/^#\/?/, "");
  const parts = hash.split("/");
  if (app.table) app.table.gone = true;
  app.table = null;
  if (hash === "" || hash === "tables") {
    showLobby(hash === "tables");
    return;
  }
  const address = parts[0] === "t" ? tableAddress(parts.slice(1)) : null;
  if (!address) {
    showError(
      "This address is not a table's: it may have been cut short or mistyped. A seat's link looks like " +
        `${location.origin}/#/t/TABLE/SEAT/KEY.`,
    );
    return;
  }
  const kinds = JSON.parse(sessionStorage.getItem(`seats-${address.id}`) || "null");
  app.table = {
    ...address,
    shown: null,
    target: null,
    queue: [],
    overlay: null,
    log: [],
    chosen: [],
    chosenIndexes: [],
    team: null,
    busy: false,
    early: 0,
    error: "",
    kinds,
    dealCheck: null,
  };
  joinTable(app.table);
}

// A table's address after "#/t/": TABLE (watching), TABLE/SEAT/TOKEN (a seat's own link), or
// TABLE/invite/SEAT/CODE (an invitation); null: none of them.
/**
 * @param {string[]} parts
 * @returns {{id: string, seat: number | null, token: string | null, invitation: string | null} | null}
 */
export function tableAddress(parts) {
  const [id, first, second, third, ...more] = parts;
  /** @param {string | undefined} text */
  const seatOf = (text) => (text !== undefined && /^(0|[1-9][0-9]*)$/.test(text) ? Number(text) : null);
  if (!id || more.length) return null;
  if (first === undefined) return { id, seat: null, token: null, invitation: null };
  if (first === "invite")
    return seatOf(second) !== null && third ? { id, seat: seatOf(second), token: null, invitation: third } : null;
  if (third === undefined && seatOf(first) !== null && second)
    return { id, seat: seatOf(first), token: second, invitation: null };
  return null;
}

/**
 * @param {string} name
 * @param {...Node} children
 */
export function screen(name, ...children) {
  document.body.dataset.screen = name;
  /** @type {HTMLElement} */ (document.getElementById("app")).replaceChildren(...children);
}

/**
 * @param {string} message what went wrong, in words
 * @param {string} [heading]
 */
export function showError(message, heading = "This table cannot be opened") {
  screen(
    "error",
    el(
      "section",
      { class: "panel" },
      el("h2", { text: heading }),
      el("p", { role: "alert", text: message }),
      el(
        "p",
        { class: "ways-back" },
        el("a", { href: "#/", class: "button", text: "Back to the lobby" }),
        el("a", { href: "#/tables", class: "button", text: "Your tables" }),
      ),
    ),
  );
}

/** @returns {Promise<import("./types.js").GamesList>} */
export async function loadGames() {
  // The games op has nothing a server refuses (protocol.py's _games): its reply is the games.
  if (!app.games) app.games = /** @type {import("./types.js").GamesList} */ (await ask("games"));
  return app.games;
}
