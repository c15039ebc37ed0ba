// The cardrules web table: moves: what a click can do.

import { CHOICE_WORDS, SWAP, isCard, playKind, pretty } from "./cards.js";
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

// A slot's number as a person counts it, from 1, for the rules' slot (from 0) a move names.
/** @param {string} move */
export function slotNumber(move) {
  return String(Number(move) + 1);
}

// A typed move as the legal move it means (null: none): a move's notation in any case, its cards
// in any order (10 or T for a ten), a button's words, or in a game played by slots the slot's
// number as the page shows it, from 1.
/**
 * @param {string} typed
 * @param {string[]} legal
 * @param {GameName} game
 */
export function typedMove(typed, legal, game) {
  const text = typed.trim().replace(/\s+/g, " ").toUpperCase();
  const { plays, swaps, buttons } = classify(legal);
  if (GAMES[game].slots && /^\d+$/.test(text)) {
    return buttons.find((b) => /^\d+$/.test(b) && slotNumber(b) === String(Number(text))) || null;
  }
  const exact = legal.find((m) => m.toUpperCase() === text);
  if (exact) return exact;
  const tokens = text
    .replace(/^DISCARD /, "")
    .split(" ")
    .map((t) => t.replace(/^10/, "T"));
  const key = [...tokens].sort().join(" ");
  const play = plays.find((p) => [...p.cards].sort().join(" ") === key);
  if (play) return play.text;
  const swap = swaps.find((w) => `${w.team}-${w.pool}` === text.replace(/\b10/g, "T"));
  if (swap) return swap.text;
  return buttons.find((b) => buttonWords(b, game)[0].toUpperCase() === text) || null;
}

// Each legal move in words, as a list to choose from: the plays, the swaps, then the buttons.
/**
 * @param {string[]} legal
 * @param {GameName} game
 */
export function movesInWords(legal, game) {
  const { plays, swaps, buttons } = classify(legal);
  return [...plays.map((p) => p.text), ...swaps.map((w) => w.text), ...buttons].map((m) => moveInWords(m, game));
}

// One move in the words the page says it in wherever it names a move (the moves you can type, the
// review): "play the 9♠ 9♠ (a double)", "discard the 4♦", "swap your 7♥ for the pool's Q♠",
// "slot 3" (a slot from 1), a button's words ("kick for touch"); never the notation's own.
/**
 * @param {string} move a move in the game's notation
 * @param {GameName} game
 */
export function moveInWords(move, game) {
  const { plays, swaps } = classify([move]);
  const cards = (/** @type {Card[]} */ list) => list.map(pretty).join(" ");
  if (plays.length) {
    const kind = playKind(plays[0].cards);
    return `${move.startsWith("discard") ? "discard" : "play"} the ${cards(plays[0].cards)}${kind ? ` (${kind})` : ""}`;
  }
  if (swaps.length) return `swap your ${pretty(swaps[0].team)} for the pool's ${pretty(swaps[0].pool)}`;
  return GAMES[game].slots && /^\d+$/.test(move)
    ? `slot ${slotNumber(move)}`
    : buttonWords(move, game)[0].toLowerCase();
}
