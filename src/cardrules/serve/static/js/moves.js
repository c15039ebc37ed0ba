// The cardrules web table: moves: what a click can do.

import { CHOICE_WORDS, SWAP, isCard } from "./cards.js";
import { GAMES } from "./games/index.js";

/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").CardMove} CardMove */
/** @typedef {import("./types.js").GameName} GameName */

// ---------------------------------------------------------------- moves: what a click can do

// The legal moves sorted by how they are chosen: cards (one or several, maybe after a verb such as
// "discard"), a team card swapped for a pool card, or a button.
/**
 * @param {string[]} legal
 * @returns {import("./types.js").Moves}
 */
export function classify(legal) {
  /** @type {import("./types.js").CardMove[]} */
  const plays = [];
  /** @type {import("./types.js").Swap[]} */
  const swaps = [];
  /** @type {string[]} */
  const buttons = [];
  for (const text of legal) {
    const tokens = text.split(" ");
    const swap = SWAP.exec(text);
    if (tokens.every(isCard)) plays.push({ text, cards: tokens });
    else if (tokens.length === 2 && tokens[0] === "discard" && isCard(tokens[1]))
      plays.push({ text, cards: [tokens[1]] });
    else if (swap) swaps.push({ text, team: swap[1], pool: swap[2] });
    else buttons.push(text);
  }
  return { plays, swaps, buttons };
}

/** @param {Card[]} cards */
export function counts(cards) {
  /** @type {Map<Card, number>} */
  const bag = new Map();
  for (const c of cards) bag.set(c, (bag.get(c) || 0) + 1);
  return bag;
}

/**
 * @param {Card[]} small
 * @param {Card[]} big
 */
export function within(small, big) {
  const have = counts(big);
  for (const [c, n] of counts(small)) if ((have.get(c) || 0) < n) return false;
  return true;
}

// Cards that can be added to the chosen ones and still complete some legal play.
/**
 * @param {Card[]} chosen
 * @param {CardMove[]} plays
 */
export function completable(chosen, plays) {
  /** @type {Set<Card>} */
  const next = new Set();
  for (const play of plays) {
    if (play.cards.length <= chosen.length || !within(chosen, play.cards)) continue;
    const rest = counts(play.cards);
    for (const c of chosen) rest.set(c, /** @type {number} */ (rest.get(c)) - 1); // within(): each is there
    for (const [c, n] of rest) if (n > 0) next.add(c);
  }
  return next;
}

/**
 * @param {Card[]} chosen
 * @param {CardMove[]} plays
 */
export function completed(chosen, plays) {
  return plays.find((p) => p.cards.length === chosen.length && within(chosen, p.cards)) || null;
}

// What a button says for a move that is not a card (Rugby League's slots are the cards of its row).
/**
 * @param {string} text
 * @param {GameName} game
 */
export function buttonWords(text, game) {
  return GAMES[game].buttons()[text] || CHOICE_WORDS[text] || [text, ""];
}
