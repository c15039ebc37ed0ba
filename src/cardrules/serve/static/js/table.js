// The cardrules web table, at a table: drawing it, the result and the fair deal's check.

import { DealCheckError, verifyDeal } from "../client/index.js";
import { el, gameInfo, playNode } from "./cards.js";
import { seatName, shortName } from "./seats.js";
import { GAMES } from "./games/index.js";
import { feltNode, seatsAround } from "./felt.js";
import { trickCenter } from "./parts.js";
import { reviewNode } from "./review.js";
import { app, ask, screen } from "./session.js";
import { howToPlayNode } from "./lobby.js";
import { PACES, PACE_KEY, pace } from "./replay.js";
import { actionsNode, choiceUi, handNode, logNode, shareNode } from "./choices.js";

/** @typedef {import("./types.js").GameName} GameName */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TrickView} TrickView */
/** @typedef {import("./types.js").TableReply} TableReply */
/**
 * @template {GameName} G
 * @typedef {import("./games/index.js").SharedView<G>} SharedView
 */
/**
 * @template {GameName} G
 * @typedef {import("./types.js").SeatReply<G>} SeatReply
 */

// ---------------------------------------------------------------- the table: drawing it

/**
 * Draws the page's table as its shown reply has it.
 * @template {GameName} G the shown reply's game
 */
export function drawTable() {
  const table = app.table;
  const reply = table && table.shown;
  if (!reply) return;
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const focused = active && active.dataset ? active.dataset.focusKey : null;
  const me = reply.seat;
  const ov = table.overlay;
  const replaying = Boolean(ov) || table.queue.length > 0;
  const mine = !replaying && me !== null && reply.to_act === me && reply.legal.length > 0;
  const status = replaying
    ? "replaying"
    : reply.outcome
      ? "over"
      : mine
        ? table.busy
          ? "sending"
          : "your-turn"
        : "waiting";
  const section = el("section", {
    class: `table game-${reply.game}`,
    dataStatus: status,
    dataMoves: reply.moves,
    dataToAct: reply.to_act === null ? "none" : String(reply.to_act),
    dataThinking: reply.to_act !== null && reply.seats[reply.to_act] !== "human" ? "true" : null, // a bot's turn
    dataGame: reply.game,
    "aria-label": "Table",
  });
  section.append(toolbarNode(reply, me, table, replaying));
  if (table.error) section.append(el("p", { class: "error", role: "alert", text: table.error }));
  const side = el("aside", { class: "side" });
  const main = el("div", { class: "playarea" });
  if (!reply.deal.waiting.length) {
    // Where the side column is below the table (a phone), the score in one line above it; the
    // scoreboard below says it again, so screen readers are told it there only.
    const dealt = /** @type {SeatReply<G>} */ (reply); // its game is G (its view is read as sharedOf's)
    const brief = GAMES[dealt.game].brief(/** @type {SharedView<G>} */ (sharedOf(reply)), me);
    main.append(el("p", { class: "score-strip", "aria-hidden": "true", text: brief }));
  }
  if (reply.deal.waiting.length) {
    main.append(waitingNode(reply, me, table));
  } else if (me === null) {
    if (reply.outcome) main.append(resultNode(reply, me));
    main.append(spectatorNode(reply));
    side.append(scoreboardNode(reply.game, sharedOf(reply), me));
  } else {
    const seated = /** @type {SeatReply<G>} */ (reply); // a seat's after the deal: its view is its game's
    const d = seated.view.data;
    const ui = choiceUi(reply, d, mine && !table.busy);
    if (reply.outcome && !replaying) main.append(resultNode(reply, me));
    main.append(feltNode(seated, me, ov, ui));
    const hand = handNode(reply, handCards(seated, table, ov), ui);
    if (hand) main.append(hand);
    const actions = actionsNode(ui, reply);
    if (actions) main.append(actions);
    side.append(scoreboardNode(seated.game, d, me));
  }
  if (reply.outcome && !replaying) main.append(reviewNode(reply, table));
  const info = gameInfo(reply.game);
  if (info) {
    const howto = howToPlayNode(info, table.howto === true); // closed at first, then as the reader left it
    howto.addEventListener("toggle", () => {
      table.howto = howto.open;
    });
    side.append(howto);
  }
  const log = logNode(table.log); // none before the first event
  if (log) side.append(log);
  side.append(dealNode(reply, table), shareNode(table.id));
  section.append(el("div", { class: "layout" }, main, side));
  screen("table", section);
  if (focused) {
    // (a focus key is a button's or the typed move's input's)
    const again = /** @type {HTMLButtonElement | HTMLInputElement | null} */ (
      section.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`)
    );
    if (again && !again.disabled) again.focus();
    // A review's button that has nothing more to go to (Forward at the end, the last decision's
    // Next): the review itself keeps the focus, so that its keys go on working.
    else if (focused.startsWith("review-")) {
      const review = /** @type {HTMLElement | null} */ (section.querySelector(".review[tabindex]"));
      if (review) review.focus();
    }
  }
}

// The scoreboard in the game's terms, from what every seat sees alike (a seat's view, or a
// spectator's `shared`), each seat named as `me` sees it.
/**
 * @template {GameName} G
 * @param {G} game
 * @param {SharedView<G>} d
 * @param {number | null} me your seat (null: a spectator)
 */
export function scoreboardNode(game, d, me) {
  return el(
    "section",
    { class: "scoreboard", "aria-label": "Scoreboard" },
    el("h3", { text: "Score" }),
    GAMES[game].board(d, me),
  );
}

// What every seat sees alike of a dealt table: a seat's view's data, or a spectator's `shared`.
/**
 * @template {GameName} G the reply's game
 * @param {TableReply} reply a dealt table's
 * @returns {SharedView<G>}
 */
export function sharedOf(reply) {
  const view = /** @type {{data?: object, shared?: object}} */ (reply.view);
  // A seat's view has its game's data; a spectator's PublicView its game's shared fields.
  return /** @type {SharedView<G>} */ (view.data || view.shared);
}

// Your cards while the replay runs: the ones you played leave your hand as they reach the trick.
/**
 * @template {GameName} G
 * @param {SeatReply<G>} reply
 * @param {Table} table
 * @param {import("./types.js").Overlay | null} ov
 */
export function handCards(reply, table, ov) {
  // A deal told: the latest reply's hand, the same seat's at the same table (so its game's view).
  const source = ov && ov.dealt ? /** @type {SeatReply<G>} */ (table.target) : reply;
  const cards = GAMES[reply.game].hand(source.view.data);
  if (!cards || !ov || ov.dealt) return cards;
  const left = [...cards];
  for (const c of ov.mine) {
    const at = left.indexOf(c);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/**
 * @param {TableReply} reply
 * @param {number | null} me your seat (null: a spectator)
 * @param {Table} table
 * @param {boolean} replaying
 */
export function toolbarNode(reply, me, table, replaying) {
  const paces = PACES.some(([value]) => Number(value) === pace())
    ? PACES
    : [...PACES, [String(pace()), `${pace()} s a card`]];
  const speed = el(
    "select",
    { id: "speed", "aria-label": "Pace of play" },
    paces.map(([value, text]) => el("option", { value, text, selected: Number(value) === pace() })),
  );
  speed.addEventListener("change", () => {
    localStorage.setItem(PACE_KEY, speed.value);
    if (table.wake) table.wake();
  });
  const who = me === null ? "watching" : `you are Seat ${me}`;
  return el(
    "div",
    { class: "toolbar" },
    el("h2", {}, GAMES[reply.game].title, el("small", { text: ` table ${reply.table}, ${who}` })),
    el("p", { class: "status", role: "status", text: statusText(reply, me, table, replaying) }),
    el("label", { class: "pace" }, "Pace ", speed),
  );
}

/**
 * @template {GameName} G the reply's game
 * @param {TableReply} reply
 * @param {number | null} me your seat (null: a spectator)
 * @param {Table} table
 * @param {boolean} replaying
 */
export function statusText(reply, me, table, replaying) {
  const waiting = reply.deal.waiting;
  if (waiting.length) return waitingText(waiting, me);
  if (table.busy) return "Playing…";
  if (replaying) return "Playing out the last moves…";
  if (reply.outcome) return "Game over.";
  if (reply.to_act === null) return "";
  if (reply.seats[reply.to_act] !== "human") return `${seatName(reply.to_act, me)} is thinking…`;
  if (reply.to_act === me && reply.legal.length) {
    const seated = /** @type {SeatReply<G>} */ (reply); // the seat to act's, dealt: its view is its game's
    return GAMES[seated.game].words.turn(seated.view.data);
  }
  return `${seatName(reply.to_act, me)} to play.`;
}

/**
 * @param {number[]} waiting the seats the deal waits for
 * @param {number | null} me your seat (null: a spectator)
 */
export function waitingText(waiting, me) {
  const others = waiting.filter((k) => k !== me);
  if (!others.length) return "Sitting down…";
  const seats = others.map((k) => `Seat ${k}`).join(" and ");
  const who = others.length > 1 ? "friends" : "a friend";
  return `Waiting for ${who} at ${seats}: the cards are dealt when every seat has sat down.`;
}

// Before the deal: who is awaited, and each awaited seat's invitation with a Copy button.
/**
 * @param {TableReply} reply
 * @param {number | null} me your seat (null: a spectator)
 * @param {Table} table
 */
export function waitingNode(reply, me, table) {
  // each invitation as the lobby keeps it: [seat, code]
  /** @type {[number, string][]} */
  const kept = JSON.parse(sessionStorage.getItem(`links-${table.id}`) || "[]");
  const links = new Map(kept);
  const base = `${location.origin}${location.pathname}#/t/${table.id}`;
  const items = reply.deal.waiting
    .filter((k) => k !== me)
    .map((seat) => {
      const code = links.get(seat);
      if (!code) return el("li", { text: `Seat ${seat}: its invitation is with the table's creator.` });
      const url = `${base}/invite/${seat}/${code}`;
      const field = el("input", {
        type: "text",
        readonly: true,
        value: url,
        "aria-label": `Invitation link for Seat ${seat}`,
        class: "invite-link",
      });
      const copy = el("button", { type: "button", class: "copy", dataSeat: seat, text: "Copy" });
      copy.addEventListener("click", () => copyLink(field, copy));
      return el(
        "li",
        {},
        el("span", { text: `Seat ${seat}: send your friend this link` }),
        el("div", { class: "invite" }, field, copy),
      );
    });
  return el(
    "section",
    { class: "waiting panel", "aria-label": "Waiting" },
    el("h3", { text: waitingText(reply.deal.waiting, me).split(":")[0] }),
    el("ul", { class: "invites" }, items),
  );
}

/**
 * @param {HTMLInputElement} field
 * @param {HTMLButtonElement} button
 */
export async function copyLink(field, button) {
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    field.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  button.dataset.copied = "true";
}

/**
 * The end banner's words, the same shape in every game and on every page: the verdict, the winner named
 * (a seat as its plate names it, or a team and its seats), and the scores in the game's own terms.
 * @template {GameName} G the reply's game
 * @param {TableReply} reply a finished game's
 * @param {number | null} me your seat (null: a spectator)
 * @returns {{verdict: string, final: string, winnersText: string | null}}
 */
export function resultWords(reply, me) {
  const { scores, winners } = /** @type {NonNullable<TableReply["outcome"]>} */ (reply.outcome);
  const teams = (gameInfo(reply.game) || {}).teams;
  const draw = winners.length === scores.length;
  const names = winners.map((k) => shortName(k, me)).join(" and ");
  let verdict;
  if (draw) verdict = "A draw.";
  else if (me !== null) verdict = winners.includes(me) ? "You win!" : "You lose.";
  else if (teams) verdict = `${teams[winners[0] % teams.length]} wins.`;
  else verdict = `${names} ${winners.length > 1 ? "win" : "wins"}.`;
  const finished = /** @type {SeatReply<G>} */ (reply); // its game is G (its view is read as sharedOf's)
  const final = GAMES[finished.game].final(/** @type {SharedView<G>} */ (sharedOf(reply)), me);
  let winnersText = null;
  if (teams && !draw) winnersText = `Winners: ${teams[winners[0] % teams.length]}: ${names}`;
  else if (winners.length > 1 && !draw) winnersText = `Winners: ${names} share the win`;
  else if (!draw) winnersText = `Winner: ${names}`;
  return { verdict, final, winnersText };
}

/**
 * @param {TableReply} reply a finished game's
 * @param {number | null} me your seat (null: a spectator)
 */
export function resultNode(reply, me) {
  const { scores, winners } = /** @type {NonNullable<TableReply["outcome"]>} */ (reply.outcome);
  const { verdict, final, winnersText } = resultWords(reply, me);
  return el(
    "section",
    { class: "result", role: "alert", dataWinners: winners.join(","), dataScores: scores.join(",") },
    el("h3", { text: `Game over. ${verdict}` }),
    winnersText ? el("p", { class: "winners", text: winnersText }) : null,
    el("p", { class: "final", text: final }),
    el(
      "p",
      { class: "after" },
      el("button", { type: "button", onclick: downloadTranscript, text: "Download the transcript" }),
      reply.deal.reveal
        ? el("button", {
            type: "button",
            class: "proof",
            onclick: () => download(reply.deal.reveal, `cardrules-${reply.table}-deal.json`),
            text: "Download the deal's proof",
          })
        : null,
      rematchNode(reply, me),
      el("a", { href: "#/", class: "button", text: "New table" }),
    ),
  );
}

// Play again: the same game, options and seats at a new fair deal. The first seat to ask makes
// the rematch; each other seat is told of it (a push of this table) and takes its own place there.
/**
 * @param {TableReply} reply a finished game's
 * @param {number | null} me your seat (null: a spectator)
 */
export function rematchNode(reply, me) {
  const made = /** @type {{rematch?: string | null}} */ (reply).rematch || null;
  if (me === null) return made ? el("a", { href: `#/t/${made}`, class: "button", text: "Watch the rematch" }) : null;
  const words = made ? "Join the rematch" : "Play again";
  const button = el("button", { type: "button", class: "rematch", dataFocusKey: "rematch", text: words });
  button.addEventListener("click", () => askRematch(reply, button));
  return button;
}

/**
 * @param {TableReply} reply a finished game's, at a seat
 * @param {HTMLButtonElement} button
 */
async function askRematch(reply, button) {
  const table = /** @type {Table} */ (app.table);
  button.disabled = true;
  const token = /** @type {string} */ (table.token); // a seat's page has its token
  const asked = await ask("rematch", { table: reply.table, token, bots_after_reply: true });
  if (!asked.ok) {
    table.error = asked.error.message;
    drawTable();
    return;
  }
  location.hash = `#/t/${asked.table}/${asked.seat}/${asked.token}`;
}

// How the deal was made: a practice table's seed was chosen; a fair deal shows the commitment
// from the start and, at the end, checks the reveal in this browser (as cardrules verify does).
/**
 * @param {TableReply} reply
 * @param {Table} table
 */
export function dealNode(reply, table) {
  const deal = reply.deal;
  if (deal.chosen)
    return el("p", {
      class: "deal practice",
      dataDeal: "chosen",
      text: "Practice table: the deal was chosen by the table's creator.",
    });
  const commitment = /** @type {string} */ (deal.commitment); // a fair deal's, there from the start
  const short = commitment.slice(0, 16);
  if (!deal.reveal)
    return el("p", {
      class: "deal fair",
      dataDeal: "committed",
      title: deal.commitment,
      text:
        `Fair deal: the server committed to its seed before the deal (SHA-256 ${short}…), ` +
        "and every seat adds its own.",
    });
  if (!table.dealCheck) {
    table.dealCheck = { state: "checking", text: "Fair deal: checking the revealed seed in your browser…" };
    checkDeal(deal.reveal, table.id, reply.seat).then((result) => {
      table.dealCheck = result;
      if (app.table === table) drawTable();
    });
  }
  return el("p", {
    class: "deal fair",
    dataDeal: table.dealCheck.state,
    title: deal.commitment,
    text: table.dealCheck.text,
  });
}

// The fair-deal recipe of docs/protocol.md ("cardrules-deal-1"), checked by @cardrules/client's
// verifyDeal with the page's own crypto: the commitment, the commitment this page was shown
// before the deal, this seat's own string, and the seed the strings make.
/**
 * @param {import("./types.js").Reveal} reveal
 * @param {string} tableId
 * @param {number | null} seat your seat (null: a spectator)
 * @returns {Promise<import("./types.js").DealCheck>}
 */
export async function checkDeal(reveal, tableId, seat) {
  if (!globalThis.crypto || !crypto.subtle)
    return {
      state: "unchecked",
      text:
        "Fair deal: this browser gives the page no SHA-256 " +
        "(the page is not served over HTTPS or from this computer), so it cannot check the deal itself: " +
        "download the proof and run cardrules verify.",
    };
  const seen = sessionStorage.getItem(`commitment-${tableId}`);
  const mine = seat === null ? null : sessionStorage.getItem(`contribution-${tableId}-${seat}`);
  const given = { commitmentSeen: seen || undefined, ...(mine !== null ? { ownContribution: mine, seat } : {}) };
  let seed;
  try {
    ({ seed } = await verifyDeal(reveal, given));
  } catch (error) {
    // (verifyDeal rejects with Errors)
    const problems = error instanceof DealCheckError ? error.problems : [/** @type {Error} */ (error).message];
    return { state: "failed", text: `Fair deal NOT verified in your browser: ${problems.join("; ")}.` };
  }
  const own = mine !== null ? " your own string is among them," : "";
  return {
    state: "verified",
    text:
      "Fair deal, verified in your browser: " +
      `the revealed seed matches the commitment ${reveal.commitment.slice(0, 16)}… ` +
      `shown before the deal;${own} and every seat's string with the server's seed makes the seed ${seed}.`,
  };
}

export function randomText() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Saves what the server sent as it sent it: every number in a reply is within 2**53 - 1 (a seed
// is a decimal string), so JSON.parse and JSON.stringify change no value of a proof or transcript.
/**
 * @param {unknown} data what the server sent (JSON)
 * @param {string} name
 */
export function download(data, name) {
  const link = el("a", {
    href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" })),
    download: name,
  });
  link.click();
}

export async function downloadTranscript() {
  const table = /** @type {Table} */ (app.table); // its button is at the table
  const reply = await ask("transcript", { table: table.id });
  if (!reply.ok) return;
  download(reply.transcript, `cardrules-${table.id}.json`);
}

// A spectator is shown the public table: the seats (each hand or row face down, counted; a
// Manager team face up), the trick in the middle as the seats see it (who played what, and the
// last trick a click away) or the pool, and the cards that lie face down elsewhere, in words.
/**
 * @template {GameName} G the reply's game
 * @param {TableReply} reply a spectator's
 */
export function spectatorNode(reply) {
  const { public: open, hidden } = /** @type {import("./types.js").PublicView} */ (reply.view);
  /** @typedef {import("./types.js").PublicView["public"][number]} Zone */
  /** @type {Map<number, number>} */
  const held = new Map();
  for (const z of hidden) {
    const m = /^(?:hand|row) (\d+)$/.exec(z.name);
    if (m) held.set(Number(m[1]), z.count);
  }
  const teams = new Map(
    /** @type {[RegExpExecArray, Zone][]} the zones named "team N", with the name's match */ (
      open.map((z) => [/^team (\d+)$/.exec(z.name), z]).filter(([m]) => m)
    ).map(([m, z]) => /** @type {[number, string[]]} */ ([Number(m[1]), z.cards])),
  );
  const count = reply.seats.length;
  const counts = held.size ? Array.from({ length: count }, (_, k) => held.get(k) ?? 0) : null;
  const entry = /** @type {import("./games/index.js").GameEntry<G>} */ (GAMES[reply.game]); // the reply's game is G
  const tricks = entry.tricks;
  const watched = entry.watched(/** @type {SharedView<G>} */ (sharedOf(reply)));
  // A trick game's shared fields have its trick, leader and completed tricks.
  const trick = tricks ? trickCenter(/** @type {TrickView} */ (sharedOf(reply)), null, null, count) : null;
  const middle = tricks || watched ? [] : open.filter((z) => z.name === "trick" || z.name === "pool");
  // The face-down piles but the hands and rows (the bottom, a pile, the stock), said in words.
  const piles = hidden
    .filter((z) => z.count && !/^(?:hand|row) \d+$/.test(z.name))
    .map(
      (z) => `${z.name[0].toUpperCase()}${z.name.slice(1)}: ${z.count} ${z.count === 1 ? "card" : "cards"} face down`,
    );
  const center = [
    watched,
    trick,
    middle.length || teams.size
      ? el(
          "section",
          { class: "trick", "aria-label": tricks ? "Teams" : "Trick" },
          middle.map((z) =>
            z.cards.length
              ? playNode(z.cards, z.name, {}, false)
              : el("p", { class: "trick-note", text: `No card in the ${z.name}.` }),
          ),
          [...teams].map(([seat, cards]) => playNode(cards, `${shortName(seat, null)}'s team`, {}, false)),
        )
      : null,
    piles.length ? el("p", { class: "trick-note piles", text: piles.join(" · ") }) : null,
  ];
  return seatsAround(reply, count, 0, null, reply.to_act, counts, center);
}
