// The cardrules web table: cards and their words, and el(), which makes the page's elements.

import { app } from "./session.js";

export const SUITS = {
  C: { symbol: "♣", name: "clubs", red: false },
  D: { symbol: "♦", name: "diamonds", red: true },
  H: { symbol: "♥", name: "hearts", red: true },
  S: { symbol: "♠", name: "spades", red: false },
};
export const SUIT_ORDER = ["C", "D", "H", "S"];
export const RANK_NAMES = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
export const JOKERS = { SJ: "small joker", BJ: "big joker" };
export const CARD = /^(?:[2-9TJQKA][CDHS]|SJ|BJ)$/;
export const SWAP = /^([2-9TJQKA][CDHS])-([2-9TJQKA][CDHS])$/;
export const LEVELS = { 11: "J", 12: "Q", 13: "K", 14: "A" };

// What a non-card move does, for its button, where the word means the same in any game that has
// it (a word that means something else in each game, such as pass, or whose words hold one of the
// game's numbers, such as a kick's points, is in the game's entry).
export const CHOICE_WORDS = {
  tap: ["Tap and run", "play on from here with a fresh set of tackles"],
  ask: ["Ask for a redeal", "every card is dealt again"],
  keep: ["Keep your hand", "no redeal"],
  declare: ["Declare no trump", "with your two identical jokers"],
};

// ---------------------------------------------------------------- cards and words

export function isCard(text) {
  return CARD.test(text);
}

export function cardName(code) {
  if (JOKERS[code]) return JOKERS[code];
  const rank = RANK_NAMES[code[0]] || code[0];
  return `${rank} of ${SUITS[code[1]].name}`;
}

export function pretty(code) {
  if (JOKERS[code]) return JOKERS[code];
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]].symbol;
}

export function levelText(level) {
  return LEVELS[level] || String(level);
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.startsWith("data"))
      node.setAttribute(
        key.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`),
        value,
      );
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// A card's face: its rank in two corners and its suit in the middle; a joker says JOKER
// down its side with a star (the big joker red, the small one black), never "J".
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

export function cardClasses(code, extra) {
  const colour = code === "BJ" || (!JOKERS[code] && SUITS[code[1]].red) ? "red" : "black";
  return ["card", colour, JOKERS[code] ? "joker" : "", ...extra].filter(Boolean).join(" ");
}

// A card drawn as a card: a button when it can be chosen now, else a picture.
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

// Several cards played at once (80 Points' doubles and sisters) are one play: one group, one label.
export function playNode(cards, caption, extra = {}, named = true) {
  const several = cards.length === 2 ? "a double" : cards.length > 2 ? `sisters (${cards.length} cards)` : null;
  const label = named ? several : null;
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

export function suitText(code) {
  if (code === null || code === undefined) return "no trump";
  const suit = SUITS[SUIT_ORDER[code]];
  return `${suit.symbol} ${suit.name}`;
}

export function halves(n) {
  return n % 2 ? `${(n - 1) / 2}½` : String(n / 2);
}

export function gameInfo(name) {
  return app.games ? app.games.games.find((g) => g.name === name) : null;
}

// A number of the table's rules, as the game says it: the state reply's facts are the numbers
// the table's config has (Pub Derby's goal length for its format, Rugby League's sets in a half).
// The page never writes a rule's number itself, so it cannot say another than the game plays.
export function fact(name) {
  const facts = app.table && app.table.shown ? app.table.shown.facts : null;
  if (!facts || typeof facts[name] !== "number") throw new Error(`the server sent no fact ${name}`);
  return facts[name];
}

export function pointsText(n) {
  return `${n} ${n === 1 ? "point" : "points"}`;
}
