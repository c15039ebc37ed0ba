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
      text: `The game ends when someone reaches ${d.config.threshold} points; the lowest score wins.`,
    }),
    scoreTable(
      ["Seat", "Score"],
      d.scores.map((s, k) => [shortName(k, me), s]),
      (k) => k === me,
    ),
  ],
  brief: (d, me) => `Round ${d.round}: ${d.scores.map((s, k) => `${shortName(k, me)} ${s}`).join(" · ")} (lowest wins)`,
  final: (d, me) => `Final scores (lowest wins): ${d.scores.map((s, k) => `${shortName(k, me)} ${s}`).join(" · ")}`,
  watched: () => null,
};
