// 80 Points on the web table: its words and drawing (the keys are listed in games/index.js).

import { SUITS, SUIT_ORDER, fact, levelText, playNode, suitText } from "../cards.js";
import { factList, headline, levelsText, phaseWords, trickCenter } from "../parts.js";
import { shortName, teamOf } from "../seats.js";

/** @type {import("./index.js").GameEntry<"eighty_points">} */
export default {
  title: "80 Points",
  tricks: true,
  slots: false,
  quick: { fields: ["rounds"], words: "a single round" },
  words: {
    hand: "Your hand",
    points: () => "points",
    turn: (d) => (d.phase === "discard" ? "Your turn: discard a card to the bottom." : "Your turn."),
    pick: () => "",
  },
  buttons: () => ({ pass: ["Do not declare", "no no-trump declaration"] }),
  center: (d, me, ov) => {
    const trick = trickCenter(d, me, ov, d.hand_sizes.length);
    if (d.bottom && d.bottom.length)
      trick.append(
        playNode(
          d.bottom,
          d.phase === "over" ? "the bottom" : `the bottom: you discard ${fact("bottom_cards")} into it`,
          { class: "play bottom" },
          false,
        ),
      );
    return trick;
  },
  hand: (d) => trumpsFirst(d),
  group: (d, card) => (isTrump(d, card) ? "trumps" : SUITS[card[1]].name),
  board: (d, me) => {
    // This game has teams, so a seat has one.
    const defenders = /** @type {{index: number, name: string}} */ (teamOf("eighty_points", d.starter));
    return [
      headline(levelsText("eighty_points", d.levels), { dataLevels: d.levels.map(levelText).join("-") }),
      factList([
        ["Round", d.round],
        ["Defending", `${defenders.name} (${shortName(d.starter, me)} started)`],
        ["Royal number", levelText(d.royal)],
        ["Trump", suitText(d.trump)],
        ["Attackers' points", `${d.points} (${fact("take_over_points")} takes over)`],
        ["Now", phaseWords(d.phase)],
      ]),
    ];
  },
  brief: (d) => `Levels: ${levelsText("eighty_points", d.levels)} · attackers' points ${d.points}`,
  final: (d) => `Levels: ${levelsText("eighty_points", d.levels)}`,
  watched: () => null,
};

// The ranks by their numbers: a rank's place in this string is its number (the ace's the highest).
const RANKS = "..23456789TJQKA";

/**
 * Whether a card is a trump this round: a joker, a card of the royal number, or the trump suit's.
 * @param {import("./index.js").View<"eighty_points">} d
 * @param {string} card
 */
function isTrump(d, card) {
  const trump = d.trump === null ? null : SUIT_ORDER[d.trump];
  return card === "BJ" || card === "SJ" || RANKS.indexOf(card[0]) === d.royal || card[1] === trump;
}

// Your hand as the rule text ranks the cards: the trumps together, highest first (the big jokers,
// the small jokers, the royal number of the trump suit, the royal number of the other suits, then
// the trump suit from the ace down), then each other suit from the ace down.
/** @param {import("./index.js").View<"eighty_points">} d */
function trumpsFirst(d) {
  const trump = d.trump === null ? null : SUIT_ORDER[d.trump];
  // the groups in order: each joker, the royal number in the trump suit and in the others, the
  // trump suit, then the other suits
  const groups = ["BJ", "SJ", "royal trump", "royal", "trump", ...SUIT_ORDER.filter((s) => s !== trump)];
  /** @param {string} card its place: [its group, then high to low within it] */
  const place = (card) => {
    if (card === "BJ" || card === "SJ") return [groups.indexOf(card), 0];
    const rank = RANKS.indexOf(card[0]);
    if (rank === d.royal)
      return [groups.indexOf(card[1] === trump ? "royal trump" : "royal"), SUIT_ORDER.indexOf(card[1])];
    return [groups.indexOf(card[1] === trump ? "trump" : card[1]), -rank];
  };
  return [...d.hand].sort((a, b) => {
    const [pa, pb] = [place(a), place(b)];
    return pa[0] - pb[0] || pa[1] - pb[1];
  });
}
