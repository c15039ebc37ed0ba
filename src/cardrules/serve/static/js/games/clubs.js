// Clubs on the web table: its words and drawing (the keys are listed in games/index.js).

import { el } from "../cards.js";
import { headline, scoreTable, trickCenter } from "../parts.js";
import { shortName } from "../seats.js";

/** @type {import("./index.js").GameEntry<"clubs">} */
export default {
  title: "Clubs",
  tricks: true,
  slots: false,
  quick: { fields: ["threshold"], words: "one round: the game ends at the first point" },
  words: { hand: "Your hand", points: (n) => (n === 1 ? "club" : "clubs"), turn: () => "Your turn.", pick: () => "" },
  buttons: () => ({}),
  center: (d, me, ov) => trickCenter(d, me, ov, d.hand_sizes.length),
  hand: (d) => d.hand,
  group: () => "",
  board: (d, me) => [
    headline(`Round ${d.round}`),
    el("p", {
      class: "sub",
      text:
        `The game ends when someone reaches ${d.config.threshold} ` +
        `${d.config.threshold === 1 ? "point" : "points"}; the lowest score wins.`,
    }),
    scoreTable(
      ["Seat", "Score", "Clubs taken this round"],
      d.scores.map((s, k) => [shortName(k, me), s, takenThisRound(d, k)]),
      (k) => k === me,
    ),
  ],
  brief: (d, me) => `Round ${d.round}: ${scoresText(d, me)} (lowest wins)`,
  final: (d, me) => `Final scores (lowest wins): ${scoresText(d, me)}`,
  watched: () => null,
};

/**
 * The clubs in the tricks a seat has won this round (a point each when the round is scored).
 * @param {import("./index.js").SharedView<"clubs">} d
 * @param {number} seat
 */
function takenThisRound(d, seat) {
  return d.tricks.filter((t) => t.winner === seat).reduce((n, t) => n + t.cards.filter((c) => c[1] === "C").length, 0);
}

/**
 * Each seat's score, named as `me` sees it.
 * @param {import("./index.js").SharedView<"clubs">} d
 * @param {number | null} me
 */
function scoresText(d, me) {
  return d.scores.map((s, k) => `${shortName(k, me)} ${s}`).join(" · ");
}
