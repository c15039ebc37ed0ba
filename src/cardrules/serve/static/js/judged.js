// The cardrules web table, once a game is over: what each of a seat's decisions was worth.
//
// The server judges them (the `review` op: every legal move's worth, from what the seat could see
// then, on its bot workers) and keeps the result with the table; the page asks for it, and asks
// again every POLL ms while it is computed, to show how far it has come. At each step of the
// review the decisions made in it are marked (best, good, inaccuracy, mistake, blunder, forced)
// and every move the seat could have made is shown with its worth. Worth is in the game's own
// unit, which the server names (a chance to win in %, or clubs taken), and a move is named in the
// words the page says it in everywhere (moves.js's moveInWords, from each game's entry).

import { el, playNode } from "./cards.js";
import { classify, moveInWords } from "./moves.js";
import { shortName } from "./seats.js";
import { app, ask } from "./session.js";
import { drawTable } from "./table.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").Review} Review */
/** @typedef {import("../client/index.js").Review} Judged */
/** @typedef {import("../client/index.js").ReviewDecision} Decision */
/** @typedef {import("../client/index.js").Games.GameName} GameName */

// How often the page asks how far a review being computed has come, in ms.
const POLL = 500;

// What each label says, in words.
const LABEL_WORDS = {
  forced: "forced: the only choice",
  best: "the best move",
  good: "good",
  inaccuracy: "an inaccuracy",
  mistake: "a mistake",
  blunder: "a blunder",
};

/**
 * Ask for the review of `seat`'s decisions (again every POLL ms until it is done).
 * @param {Table} table
 * @param {Review} review
 * @param {number} seat
 */
export async function askJudged(table, review, seat) {
  review.judged = { seat, done: 0, total: 0, result: null };
  for (;;) {
    const reply = await ask("review", { table: table.id, seat }).catch((/** @type {Error} */ error) => ({
      ok: /** @type {const} */ (false),
      error: { type: "Error", message: error.message },
    }));
    const judged = review.judged;
    if (app.table !== table || table.review !== review || !judged || judged.seat !== seat) return;
    if (!reply.ok) judged.error = reply.error.message;
    else Object.assign(judged, { done: reply.done, total: reply.total, result: reply.review });
    drawTable();
    if (!reply.ok || reply.review) return;
    await new Promise((resolve) => setTimeout(resolve, POLL));
  }
}

/**
 * A worth in the game's unit: `62%`, `1.4 clubs` (a whole number of percent from 100 down to 10).
 * @param {number} value
 * @param {string} unit
 */
export function worthText(value, unit) {
  const shown = Number(value.toPrecision(2)); // two figures: 62%, 1.4 clubs, 0.42 clubs
  return unit === "%" ? `${shown}%` : `${shown} ${unit}`;
}

/**
 * The summary: how far the review has come, or the seat's accuracy and labels once it is done.
 * @param {Review} review
 * @param {number | null} me the page's seat
 */
export function judgedSummary(review, me) {
  const judged = review.judged;
  if (!judged) return null;
  const whose = shortName(judged.seat, me);
  if (judged.error) {
    return el("p", { class: "judged-summary error", role: "alert", text: `No review of ${whose}: ${judged.error}` });
  }
  const result = judged.result;
  if (!result) {
    const words = judged.total ? `${judged.done} of ${judged.total}` : "…";
    return el(
      "div",
      { class: "judged-summary", role: "status", dataDone: String(judged.done), dataTotal: String(judged.total) },
      el("span", { text: `Judging ${whose}'s decisions: ${words}` }),
      el("progress", { max: String(judged.total || 1), value: String(judged.done), "aria-label": "Review progress" }),
    );
  }
  const summary = result.summaries[0];
  const unit = result.worth.unit;
  const accuracy = summary.accuracy === null ? "no decision to judge" : `accuracy ${summary.accuracy.toFixed(0)}%`;
  const counts = Object.entries(summary.labels)
    .filter(([, n]) => n)
    .map(([label, n]) => el("span", { class: `judged-label label-${label}`, text: `${n} ${label}` }));
  return el(
    "div",
    { class: "judged-summary", dataAccuracy: summary.accuracy === null ? null : String(summary.accuracy) },
    el("p", {
      class: "judged-accuracy",
      text:
        `${whose}: ${accuracy} (${summary.judged} of ${summary.decisions} decisions judged; ` +
        `mean loss ${worthText(summary.mean_loss, unit)}).`,
    }),
    el("p", { class: "judged-counts" }, counts),
    el("p", {
      class: "review-note",
      text:
        `Worth: ${result.worth.meaning}, judged from what the seat could see. A loss is measured ` +
        "again on fresh deals, so it can differ from the gap between the two worths shown.",
    }),
  );
}

/**
 * The decisions made between two steps (moves `from` to `to`, the later excluded), each marked,
 * with every move the seat could have made and its worth beside it; and how many there are.
 * @param {Judged} result
 * @param {number} from
 * @param {number} to
 * @param {number | null} me
 * @param {GameName} game the moves' game, which names them
 * @returns {{node: HTMLElement | null, count: number}}
 */
export function judgedAt(result, from, to, me, game) {
  const made = result.decisions.filter((d) => d.index >= from && d.index < to);
  if (!made.length) return { node: null, count: 0 };
  const node = el(
    "div",
    { class: "judged-step" },
    made.map((d) => decisionNode(d, result, me, game)),
  );
  return { node, count: made.length };
}

/**
 * The judged decisions (a forced one is not judged) nearest the step shown, which made moves `from`
 * to `to` (the later excluded): the move number of the last before it and the first after it, and
 * of the last and first mistake or blunder; null where there is none.
 * @param {Judged} result
 * @param {number} from
 * @param {number} to
 * @returns {Record<"previous" | "next" | "previousMistake" | "nextMistake", number | null>}
 */
export function judgedNearby(result, from, to) {
  const judged = result.decisions.filter((d) => d.label !== "forced").sort((a, b) => a.index - b.index);
  const mistakes = judged.filter((d) => d.label === "mistake" || d.label === "blunder");
  /** @param {Decision | undefined} d */
  const index = (d) => (d ? d.index : null);
  /** @param {Decision[]} list */
  const before = (list) => index(list.filter((d) => d.index < from).pop());
  /** @param {Decision[]} list */
  const after = (list) => index(list.find((d) => d.index >= to));
  return {
    previous: before(judged),
    next: after(judged),
    previousMistake: before(mistakes),
    nextMistake: after(mistakes),
  };
}

/**
 * @param {Decision} d
 * @param {Judged} result
 * @param {number | null} me
 * @param {GameName} game
 */
function decisionNode(d, result, me, game) {
  const unit = result.worth.unit;
  const who = shortName(d.seat, me);
  const loss =
    d.loss > 0
      ? `: ${worthText(d.loss, unit)} (± ${worthText(d.loss_stderr, unit)}) below “${moveInWords(d.best, game)}”`
      : "";
  const label = LABEL_WORDS[/** @type {keyof LABEL_WORDS} */ (d.label)];
  const head = el(
    "p",
    { class: "judged-verdict" },
    el("span", { class: `judged-label label-${d.label}`, text: d.label }),
    ` ${who} chose “${moveInWords(d.played, game)}”, ${label}${loss}.`,
  );
  const best = d.moves.find((m) => m.move === d.best);
  const ranked = [...d.moves].sort(
    (a, b) => Math.abs(a.worth - (best ? best.worth : 0)) - Math.abs(b.worth - (best ? best.worth : 0)),
  );
  const moves = ranked.map((m) => moveNode(m, d, unit, game));
  return el(
    "section",
    { class: "judged-decision", dataLabel: d.label, dataIndex: String(d.index), "aria-label": `Move ${d.index + 1}` },
    head,
    moves.length ? el("div", { class: "judged-moves", "aria-label": "Every move and its worth" }, moves) : null,
  );
}

/**
 * One move the seat could have made: its cards (or its words) with its worth beneath, its words
 * as the page says them elsewhere (moveInWords) in its label.
 * @param {import("../client/index.js").MoveWorth} m
 * @param {Decision} d
 * @param {string} unit
 * @param {GameName} game
 */
function moveNode(m, d, unit, game) {
  const tags = [m.move === d.best ? "best" : "", m.move === d.played ? "played" : ""].filter(Boolean);
  const hindsight = m.hindsight === null ? "" : ` (open hands: ${worthText(m.hindsight, unit)})`;
  const caption = `${worthText(m.worth, unit)}${tags.length ? ` · ${tags.join(", ")}` : ""}`;
  const words = moveInWords(m.move, game);
  const extra = {
    class: ["play", "judged-move", ...tags].join(" "),
    dataMove: m.move,
    dataWorth: String(m.worth),
    title: `${words}: ${worthText(m.worth, unit)} ± ${worthText(m.stderr, unit)}${hindsight}`,
  };
  const { plays } = classify([m.move]);
  if (plays.length) return playNode(plays[0].cards, caption, { ...extra, "aria-label": `${words}: ${caption}` }, false);
  return el("figure", extra, el("span", { class: "judged-words", text: words }), el("figcaption", { text: caption }));
}
