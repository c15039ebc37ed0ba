// The cardrules web table, once a game is over: reviewing it step by step.
//
// What a step shows is what the server told: the game's events from the start (the `events` op,
// the same words as the log), each seat's cards as the game showed them up to that step in the
// deal (played to a trick, revealed, a season's team), and a trick game's trick as it stood. A
// hand's cards that were never shown are not in any event, and the page has no rules to deal
// them from the transcript's seed: they are not shown (see docs/protocol.md's events op).

import { el, playNode, pretty } from "./cards.js";
import { eventWords } from "./choices.js";
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

/** @param {Table} table */
export async function openReview(table) {
  table.review = { events: null, at: 0 };
  drawTable();
  try {
    const events = await allEvents(table);
    table.review = { events, at: stepsOf(events).length };
  } catch (error) {
    // (ask rejects with Errors, and allEvents throws one)
    table.review = { events: [], at: 0, error: /** @type {Error} */ (error).message };
  }
  if (app.table !== table) return;
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
 * What the table showed after some events: a trick game's trick, and each seat's cards shown
 * since the last deal.
 * @param {ToldEvent[]} events
 * @param {number} seats
 */
export function reviewState(events, seats) {
  /** @type {import("./types.js").Play[]} */
  let plays = [];
  /** @type {number | null} */
  let winner = null;
  /** @type {Card[][]} */
  let shown = Array.from({ length: seats }, () => []);
  let last = "";
  for (const { event } of events) {
    const data = event.data;
    if (data.type === "Dealt") {
      shown = Array.from({ length: seats }, () => []);
      [plays, winner] = [[], null];
    } else if (data.type === "CardPlayed") {
      if (winner !== null) [plays, winner] = [[], null];
      const top = plays[plays.length - 1];
      if (last === "CardPlayed" && top && top.seat === data.seat) top.cards = [...top.cards, data.card];
      else plays.push({ seat: data.seat, cards: [data.card] });
      shown[data.seat].push(data.card);
    } else if (data.type === "TrickWon") {
      winner = data.seat;
    } else if (data.type === "CardsRevealed") {
      data.cards.forEach((card, k) => {
        if (card) shown[k].push(card);
      });
    } else if (data.type === "SeasonRevealed") {
      data.teams.forEach((team, k) => {
        shown[k] = [...team];
      });
    }
    last = data.type;
  }
  return { plays, winner, shown };
}

/**
 * The review: a button to begin it, then the steps with their controls (buttons; the arrow keys,
 * Home and End while it has the focus).
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
        onclick: () => openReview(table),
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
  const { plays, winner, shown } = reviewState(told, reply.seats.length);
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
  section.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length };
    const to = /** @type {Record<string, number>} */ (moves)[event.key];
    if (to === undefined) return;
    event.preventDefault();
    goTo(table, to);
  });
  section.dataset.at = String(at);
  section.dataset.steps = String(steps.length);
  section.append(el("h3", { text: `Review: step ${at} of ${steps.length}` }));
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
      el("p", { class: "review-event", role: "status", text: words }),
      plays.length
        ? el(
            "div",
            { class: "plays review-trick", dataWinner: winner === null ? null : String(winner) },
            plays.map((p) => playNode(p.cards, shortName(p.seat, me), { dataSeat: p.seat })),
          )
        : null,
      el(
        "ul",
        { class: "review-seats", "aria-label": "Each seat's cards shown so far this deal" },
        shown.map((cards, k) =>
          el(
            "li",
            { dataSeat: k, dataCards: cards.join(" ") },
            el("strong", { text: `${shortName(k, me)}: ` }),
            cards.length ? cards.map(pretty).join(" ") : "no card shown yet this deal",
          ),
        ),
      ),
      el("p", {
        class: "review-note",
        text:
          "Each seat's cards as the game showed them up to this step (played or revealed): " +
          "the server tells no seat's unplayed cards.",
      }),
    ),
  );
  return section;
}
