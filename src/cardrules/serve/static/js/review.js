// The cardrules web table, once a game is over: reviewing it step by step.
//
// What a step shows is what the server told: the game's events from the start (the `events` op,
// the same words as the log), a trick game's trick as it stood, and every card in its place (the
// `cards` op, which a finished game answers for any step: the page has no rules to deal from the
// seed). Each step's cards are asked for once. What each decision was worth is judged.js's.

import { el, playNode, pretty } from "./cards.js";
import { eventWords } from "./choices.js";
import { askJudged, judgedAt, judgedNearby, judgedSummary } from "./judged.js";
import { shortName } from "./seats.js";
import { app, ask } from "./session.js";
import { stepsOf } from "./replay.js";
import { drawTable } from "./table.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableReply} TableReply */
/** @typedef {import("./types.js").ToldEvent} ToldEvent */
/** @typedef {import("./types.js").Card} Card */

// The most events the server gives in one reply of the events op (its default page).
const PAGE = 200;

/**
 * Every event of the table from the start, oldest first, paging back from the latest.
 * @param {Table} table
 * @returns {Promise<ToldEvent[]>}
 */
export async function allEvents(table) {
  /** @type {ToldEvent[]} */
  const events = [];
  /** @type {number | undefined} */
  let before;
  for (;;) {
    const fields = { table: table.id, limit: PAGE, ...(table.token ? { token: table.token } : {}) };
    const reply = await ask("events", before === undefined ? fields : { ...fields, before });
    if (!reply.ok) throw new Error(reply.error.message);
    // Each event the server tells is one of its games' (types/games.d.ts).
    events.unshift(.../** @type {ToldEvent[]} */ (/** @type {unknown} */ (reply.events)));
    if (reply.events_from <= 0 || !reply.events.length) return events;
    before = reply.events_from;
  }
}

/**
 * @param {Table} table
 * @param {number | null} seat the seat whose decisions are judged (null: none yet, a spectator chooses)
 */
export async function openReview(table, seat) {
  table.review = { events: null, at: 0, cards: new Map(), asked: new Map() };
  drawTable();
  /** @type {import("./types.js").Review} */
  let review;
  try {
    const events = await allEvents(table);
    review = { events, at: stepsOf(events).length, cards: new Map(), asked: new Map() };
  } catch (error) {
    // (ask rejects with Errors, and allEvents throws one)
    const message = /** @type {Error} */ (error).message;
    review = { events: [], at: 0, cards: new Map(), asked: new Map(), error: message };
  }
  if (app.table !== table) return;
  table.review = review;
  if (seat !== null && !review.error) askJudged(table, review, seat);
  drawTable();
  const node = /** @type {HTMLElement | null} */ (document.querySelector(".review"));
  if (node) node.focus();
}

/**
 * @param {Table} table
 * @param {number} at the step to show
 */
function goTo(table, at) {
  const review = /** @type {import("./types.js").Review} */ (table.review);
  const steps = stepsOf(/** @type {ToldEvent[]} */ (review.events)).length;
  review.at = Math.max(0, Math.min(steps, at));
  drawTable();
}

/**
 * Every card in its place when `told` of the game's events had been told, as far as it is known.
 * @param {Table} table
 * @param {import("./types.js").Review} review
 * @param {number} told
 * @returns {import("./types.js").ReviewCards | undefined} undefined while it is asked for
 */
function cardsAt(table, review, told) {
  const known = review.cards.get(told);
  if (!known) cardsLater(table, review, told);
  return known;
}

/**
 * Every card in its place when `told` of the game's events had been told, asked for once (the
 * page drawn again when it comes).
 * @param {Table} table
 * @param {import("./types.js").Review} review
 * @param {number} told
 * @returns {Promise<import("./types.js").ReviewCards>}
 */
function cardsLater(table, review, told) {
  const asked = review.asked.get(told);
  if (asked) return asked;
  /** @type {Promise<import("./types.js").ReviewCards>} */
  const asking = ask("cards", { table: table.id, events: told }).then(
    (reply) => (reply.ok ? { moves: reply.moves, zones: reply.zones } : { error: reply.error.message }),
    (/** @type {Error} */ error) => ({ error: error.message }),
  );
  review.asked.set(told, asking);
  asking.then((cards) => {
    review.cards.set(told, cards);
    if (app.table === table && table.review === review) drawTable();
  });
  return asking;
}

/**
 * Show the step in which move `index` was made: the first of steps `low` to `high` (from 1) whose
 * cards had been laid out after more than `index` moves, found by halving (each step's cards asked
 * for once, as the review asks for them), so a jump across a long game asks a few steps only.
 * @param {Table} table
 * @param {import("./types.js").Review} review
 * @param {number} index a move's number, from 0
 * @param {number} low
 * @param {number} high
 */
async function jumpTo(table, review, index, low, high) {
  const steps = stepsOf(/** @type {ToldEvent[]} */ (review.events));
  /** @type {number[]} how many events had been told after each step, the first's at 0 */
  const ends = [];
  for (const step of steps) ends.push((ends.length ? ends[ends.length - 1] : 0) + step.events.length);
  let [lo, hi] = [low, high];
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const cards = await cardsLater(table, review, ends[mid - 1]);
    if ("error" in cards) return; // the step shown says why its cards could not be fetched
    if (cards.moves > index) hi = mid;
    else lo = mid + 1;
  }
  if (app.table === table && table.review === review) goTo(table, lo);
}

/**
 * A place's name in words, its seat named as the table names it: `hand 2` is seat 2's hand,
 * `kick-off card of seat 2` that seat's kick-off card.
 * @param {string} name
 * @param {number} seats
 * @param {number | null} me
 */
function zoneName(name, seats, me) {
  const upper = (/** @type {string} */ text) => text.replace(/^./, (c) => c.toUpperCase());
  const owned = /^(\S+) (\d+)$/.exec(name); // a place of a seat's own: "hand 2", "won 1"
  if (owned && Number(owned[2]) < seats) return `${upper(owned[1])}, ${shortName(Number(owned[2]), me)}`;
  const of = /^(.*) seat (\d+)$/.exec(name); // "kick-off card of seat 2"
  if (of && Number(of[2]) < seats) return upper(`${of[1]} ${shortName(Number(of[2]), me)}`);
  return upper(name);
}

/**
 * The step's cards: every place, or why they are not shown yet.
 * @param {import("./types.js").ReviewCards | undefined} cards
 * @param {number} seats
 * @param {number | null} me
 */
function cardsNode(cards, seats, me) {
  if (!cards || !("zones" in cards || "error" in cards)) {
    return el("p", { class: "review-cards", text: "Laying out every card of this step…" });
  }
  if ("error" in cards) {
    return el("p", {
      class: "review-cards error",
      text: `The cards of this step could not be fetched: ${cards.error}`,
    });
  }
  return el(
    "ul",
    { class: "review-cards", "aria-label": "Every card after this step", dataMoves: String(cards.moves) },
    cards.zones.map((zone) =>
      el(
        "li",
        { dataZone: zone.name, dataCards: zone.cards.join(" ") },
        el("strong", { text: `${zoneName(zone.name, seats, me)}: ` }),
        zone.cards.length ? zone.cards.map(pretty).join(" ") : "none",
      ),
    ),
  );
}

/**
 * A trick game's trick as it stood after some events.
 * @param {ToldEvent[]} events
 */
export function reviewTrick(events) {
  /** @type {import("./types.js").Play[]} */
  let plays = [];
  /** @type {number | null} */
  let winner = null;
  let last = "";
  for (const { event } of events) {
    const data = event.data;
    if (data.type === "Dealt") {
      [plays, winner] = [[], null];
    } else if (data.type === "CardPlayed") {
      if (winner !== null) [plays, winner] = [[], null];
      const top = plays[plays.length - 1];
      if (last === "CardPlayed" && top && top.seat === data.seat) top.cards = [...top.cards, data.card];
      else plays.push({ seat: data.seat, cards: [data.card] });
    } else if (data.type === "TrickWon") {
      winner = data.seat;
    }
    last = data.type;
  }
  return { plays, winner };
}

/**
 * The review: a button to begin it, then the steps with their controls (buttons; the arrow keys,
 * Home and End while it has the focus), and jumps to the judged decisions nearest the step shown,
 * or to the nearest mistakes or blunders (buttons; N, P, M and Shift+M).
 * @param {TableReply} reply a finished game's
 * @param {Table} table
 */
export function reviewNode(reply, table) {
  const review = table.review;
  const section = el("section", {
    class: "review panel",
    "aria-label": "Review the game",
    tabindex: review && review.events ? "0" : null,
    dataFocusKey: "review",
  });
  if (!review) {
    section.append(
      el("button", {
        type: "button",
        class: "review-open",
        dataFocusKey: "review-open",
        text: "Review the game",
        onclick: () => openReview(table, reply.seat),
      }),
    );
    return section;
  }
  if (!review.events) {
    section.append(el("p", { text: "Fetching the game's moves…" }));
    return section;
  }
  if (review.error) {
    section.append(el("p", { class: "error", text: `The game's moves could not be fetched: ${review.error}` }));
    return section;
  }
  const me = reply.seat;
  const steps = stepsOf(review.events);
  const at = review.at;
  const told = steps.slice(0, at).flatMap((s) => s.events);
  const { plays, winner } = reviewTrick(told);
  const cards = cardsAt(table, review, told.length);
  const before = at ? cardsAt(table, review, told.length - steps[at - 1].events.length) : { moves: 0 };
  const judged = judgedStep(review, before, cards, me, reply.game);
  const step = at ? steps[at - 1] : null;
  const words = step ? step.events.map((e) => eventWords(e.text)).join(" ") : "The start of the game.";
  /**
   * @param {string} text
   * @param {string} key
   * @param {number} to
   * @param {boolean} off
   */
  const control = (text, key, to, off) =>
    el("button", {
      type: "button",
      dataFocusKey: `review-${key}`,
      dataStep: key,
      text,
      disabled: off,
      onclick: () => goTo(table, to),
    });
  const near = nearbyDecisions(review, before, cards);
  /** @type {Record<string, () => unknown>} a jump, by its key */
  const jumps = {};
  /**
   * A button (and a key) to the step of the nearest judged decision of a kind, before the step
   * shown or after it; disabled where there is none (or while it is not known yet).
   * @param {string} text
   * @param {string} what what it goes to, in words (its tooltip)
   * @param {string} key the key that does it too (its event's `key`)
   * @param {string} shortcut the key as aria-keyshortcuts names it
   * @param {"previous" | "next" | "previousMistake" | "nextMistake"} which
   */
  const jump = (text, what, key, shortcut, which) => {
    const index = near ? near[which] : null;
    const later = which === "next" || which === "nextMistake";
    const go = () => index !== null && jumpTo(table, review, index, later ? at + 1 : 1, later ? steps.length : at - 1);
    if (index !== null) jumps[key] = go;
    return el("button", {
      type: "button",
      dataFocusKey: `review-${which}`,
      dataJump: which,
      "aria-keyshortcuts": shortcut,
      title: `${what} (${shortcut})`,
      text,
      disabled: index === null,
      onclick: go,
    });
  };
  const jumpButtons = [
    jump("◀ Previous decision", "The previous judged decision", "p", "P", "previous"),
    jump("Next decision ▶", "The next judged decision", "n", "N", "next"),
    jump("◀ Previous mistake", "The previous mistake or blunder", "M", "Shift+M", "previousMistake"),
    jump("Next mistake ▶", "The next mistake or blunder", "m", "M", "nextMistake"),
  ];
  section.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length };
    const to = /** @type {Record<string, number>} */ (moves)[event.key];
    if (to !== undefined) {
      event.preventDefault();
      goTo(table, to);
    } else if (jumps[event.key]) {
      event.preventDefault();
      jumps[event.key]();
    }
  });
  section.dataset.at = String(at);
  section.dataset.steps = String(steps.length);
  section.dataset.events = String(told.length);
  // How many judged decisions the step shows ("": not known yet: the review or the cards to come).
  section.dataset.judged = judged.count === null ? "" : String(judged.count);
  section.append(el("h3", { text: `Review: step ${at} of ${steps.length}` }));
  section.append(judgedSummary(review, me) || seatChoice(table, review, reply.seats.length, me) || "");
  section.append(
    el(
      "div",
      { class: "review-body" },
      el(
        "div",
        { class: "review-controls" },
        control("« Start", "start", 0, at === 0),
        control("◀ Back", "back", at - 1, at === 0),
        control("Forward ▶", "forward", at + 1, at === steps.length),
        control("End »", "end", steps.length, at === steps.length),
      ),
      el(
        "div",
        { class: "review-controls review-jumps", role: "group", "aria-label": "Judged decisions" },
        jumpButtons,
      ),
      el("p", { class: "review-event", role: "status", text: words }),
      plays.length
        ? el(
            "div",
            { class: "plays review-trick", dataWinner: winner === null ? null : String(winner) },
            plays.map((p) => playNode(p.cards, shortName(p.seat, me), { dataSeat: p.seat })),
          )
        : null,
      judged.node,
      cardsNode(cards, reply.seats.length, me),
      el("p", {
        class: "review-note",
        text:
          "Every card where it lay after this step, each seat's hand included: " +
          "nothing is hidden once the game is over.",
      }),
    ),
  );
  return section;
}

/**
 * The server's review and the moves the step shown made (`from`, the cards before it, to `to`, the
 * cards after it), once both steps' cards and the review are known; null until then.
 * @param {import("./types.js").Review} review
 * @param {import("./types.js").ReviewCards | {moves: number} | undefined} before
 * @param {import("./types.js").ReviewCards | undefined} after
 * @returns {{result: import("../client/index.js").Review, from: number, to: number} | null}
 */
function judgedSpan(review, before, after) {
  const result = review.judged && review.judged.result;
  if (!result || !before || !after || !("moves" in before) || !("moves" in after)) return null;
  return { result, from: before.moves, to: after.moves };
}

/**
 * The decisions made in the step shown, once known (judgedSpan).
 * @param {import("./types.js").Review} review
 * @param {import("./types.js").ReviewCards | {moves: number} | undefined} before
 * @param {import("./types.js").ReviewCards | undefined} after
 * @param {number | null} me
 * @param {import("./types.js").GameName} game
 */
function judgedStep(review, before, after, me, game) {
  const span = judgedSpan(review, before, after);
  return span ? judgedAt(span.result, span.from, span.to, me, game) : { node: null, count: null };
}

/**
 * The move numbers of the judged decisions nearest the step shown (judged.js's judgedNearby),
 * once known (judgedSpan; null until then).
 * @param {import("./types.js").Review} review
 * @param {import("./types.js").ReviewCards | {moves: number} | undefined} before
 * @param {import("./types.js").ReviewCards | undefined} after
 */
function nearbyDecisions(review, before, after) {
  const span = judgedSpan(review, before, after);
  return span ? judgedNearby(span.result, span.from, span.to) : null;
}

/**
 * A spectator's choice of the seat whose decisions are judged (a seat's own page judges its own).
 * @param {Table} table
 * @param {import("./types.js").Review} review
 * @param {number} seats
 * @param {number | null} me
 */
function seatChoice(table, review, seats, me) {
  if (me !== null || review.error) return null;
  return el(
    "p",
    { class: "judged-choice" },
    "What was each decision worth? ",
    Array.from({ length: seats }, (_, seat) =>
      el("button", {
        type: "button",
        dataFocusKey: `judge-${seat}`,
        dataJudge: String(seat),
        text: `Judge ${shortName(seat, me)}`,
        onclick: () => askJudged(table, review, seat).then(() => undefined),
      }),
    ),
  );
}
