// The cardrules web table: cards and their words, and el(), which makes the page's elements.

import { app } from "./session.js";

/** @typedef {import("./types.js").Card} Card */

/** @type {Record<string, {symbol: string, name: string, red: boolean}>} a suit's letter: its symbol and name */
export const SUITS = {
  C: { symbol: "♣", name: "clubs", red: false },
  D: { symbol: "♦", name: "diamonds", red: true },
  H: { symbol: "♥", name: "hearts", red: true },
  S: { symbol: "♠", name: "spades", red: false },
};
export const SUIT_ORDER = ["C", "D", "H", "S"];
/** @type {Record<string, string>} */
export const RANK_NAMES = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
/** @type {Record<string, string>} */
export const JOKERS = { SJ: "small joker", BJ: "big joker" };
export const CARD = /^(?:[2-9TJQKA][CDHS]|SJ|BJ)$/;
export const SWAP = /^([2-9TJQKA][CDHS])-([2-9TJQKA][CDHS])$/;
/** @type {Record<number, string>} */
export const LEVELS = { 11: "J", 12: "Q", 13: "K", 14: "A" };

// What a non-card move does, for its button, where the word means the same in any game that has
// it (a word that means something else in each game, such as pass, or whose words hold one of the
// game's numbers, such as a kick's points, is in the game's entry).
/** @type {Record<string, [string, string]>} */
export const CHOICE_WORDS = {
  tap: ["Tap and run", "play on from here with a fresh set of tackles"],
  ask: ["Ask for a redeal", "every card is dealt again"],
  keep: ["Keep your hand", "no redeal"],
  declare: ["Declare no trump", "with your two identical jokers"],
};

// ---------------------------------------------------------------- cards and words

/** @param {string} text */
export function isCard(text) {
  return CARD.test(text);
}

/** @param {Card} code */
export function cardName(code) {
  if (JOKERS[code]) return JOKERS[code];
  const rank = RANK_NAMES[code[0]] || code[0];
  return `${rank} of ${SUITS[code[1]].name}`;
}

/** @param {Card} code */
export function pretty(code) {
  if (JOKERS[code]) return JOKERS[code];
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]].symbol;
}

/** @param {number} level */
export function levelText(level) {
  return LEVELS[level] || String(level);
}

/**
 * An element: its tag, its attributes (see ElAttrs) and its children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {import("./types.js").ElAttrs} [attrs]
 * @param {...import("./types.js").ElChild} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    // String(): what the DOM makes of a number given as an attribute's value or a text
    if (key === "class") node.className = String(value);
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key.startsWith("data"))
      node.setAttribute(
        key.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`),
        String(value),
      );
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  // flat(Infinity) leaves no list: only the leaves (tsc types a flat of any depth loosely)
  for (const child of /** @type {import("./types.js").ElLeaf[]} */ (children.flat(Infinity))) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// A card's face: its rank in two corners and its suit in the middle; a joker says JOKER
// down its side with a star (the big joker red, the small one black), never "J".
/** @param {Card} code */
export function cardFace(code) {
  if (JOKERS[code]) {
    return [
      el("span", { class: "corner", text: "JOKER" }),
      el("span", { class: "pip", text: "★" }),
      el("span", { class: "size", text: code === "BJ" ? "big" : "small" }),
    ];
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const symbol = SUITS[code[1]].symbol;
  return [
    el("span", { class: "corner", text: rank + symbol }),
    el("span", { class: "pip", text: symbol }),
    el("span", { class: "corner low", text: rank + symbol }),
  ];
}

/**
 * @param {Card} code
 * @param {string[]} extra
 */
export function cardClasses(code, extra) {
  const colour = code === "BJ" || (!JOKERS[code] && SUITS[code[1]].red) ? "red" : "black";
  return ["card", colour, JOKERS[code] ? "joker" : "", ...extra].filter(Boolean).join(" ");
}

// A card drawn as a card: a button when it can be chosen now, else a picture.
/**
 * @param {Card} code
 * @param {{onClick?: (() => void) | null, selected?: boolean}} [options]
 */
export function cardNode(code, options = {}) {
  const { onClick = null, selected = false } = options;
  const classes = cardClasses(code, [selected ? "selected" : "", onClick ? "legal" : ""]);
  const label = cardName(code) + (selected ? ", chosen" : "");
  if (onClick) {
    return el(
      "button",
      {
        type: "button",
        class: classes,
        dataCard: code,
        "aria-label": label,
        "aria-pressed": selected ? "true" : "false",
        onclick: onClick,
      },
      cardFace(code),
    );
  }
  return el("span", { class: classes, dataCard: code, role: "img", "aria-label": label }, cardFace(code));
}

export function backNode(label = "a face-down card") {
  return el("span", { class: "card back", role: "img", "aria-label": label });
}

// What a play of several cards is called (null: one card).
/** @param {Card[]} cards */
export function playKind(cards) {
  return cards.length === 2 ? "a double" : cards.length > 2 ? `sisters (${cards.length} cards)` : null;
}

// Several cards played at once (80 Points' doubles and sisters) are one play: one group, one label.
/**
 * @param {Card[]} cards
 * @param {string} caption
 * @param {import("./types.js").ElAttrs} [extra]
 */
export function playNode(cards, caption, extra = {}, named = true) {
  const label = named ? playKind(cards) : null;
  const classes = [extra.class || "play", cards.length > 1 ? "multi" : ""].filter(Boolean).join(" ");
  return el(
    "figure",
    { ...extra, class: classes },
    el(
      "div",
      { class: "cards" },
      cards.map((c) => cardNode(c)),
    ),
    el(
      "figcaption",
      {},
      el("span", { class: "who", text: caption }),
      label ? el("span", { class: "kind", text: label }) : null,
    ),
  );
}

/** @param {number | null | undefined} code a suit's number, 0 clubs to 3 spades (none: no trump) */
export function suitText(code) {
  if (code === null || code === undefined) return "no trump";
  const suit = SUITS[SUIT_ORDER[code]];
  return `${suit.symbol} ${suit.name}`;
}

/** @param {number} n */
export function halves(n) {
  return n % 2 ? `${(n - 1) / 2}½` : String(n / 2);
}

/** @param {string} name */
export function gameInfo(name) {
  return app.games ? app.games.games.find((g) => g.name === name) : null;
}

// A number of the table's rules, as the game says it: the state reply's facts are the numbers
// the table's config has (Pub Derby's goal length for its format, Rugby League's sets in a half).
// The page never writes a rule's number itself, so it cannot say another than the game plays.
/** @param {string} name */
export function fact(name) {
  const facts = app.table && app.table.shown ? app.table.shown.facts : null;
  if (!facts || typeof facts[name] !== "number") throw new Error(`the server sent no fact ${name}`);
  return facts[name];
}

/** @param {number} n */
export function pointsText(n) {
  return `${n} ${n === 1 ? "point" : "points"}`;
}
