// Pub Derby on the web table: its words and drawing (the keys are listed in games/index.js).

import { el, fact, pretty, suitText } from "../cards.js";
import { factList, headline, teamScore, trickCenter, yellowCards } from "../parts.js";

/** @type {import("./index.js").GameEntry<"pub_derby">} */
export default {
  title: "Pub Derby",
  tricks: true,
  slots: false,
  quick: { fields: [], words: "its length is the rules' own, two halves in every format" },
  words: { hand: "Your hand", points: () => "points", turn: () => "Your turn.", pick: () => "" },
  buttons: () => ({}),
  center: (d, me, ov) => trickCenter(d, me, ov, d.hand_sizes.length),
  hand: (d) => d.hand,
  group: () => "",
  board: (d) => [
    headline(teamScore("pub_derby", d.goals), { dataScore: d.goals.join("-") }),
    factList([
      ["Half", `${d.half} of ${fact("halves")}`],
      ["Trump", suitText(d.trump)],
      ["Yellow cards", el("span", {}, yellowCards("A", d.yellows[0]), " · ", yellowCards("B", d.yellows[1]))],
      ["Wave", `A ${d.waves[0]} · B ${d.waves[1]} (${fact("goal_length")} in a row scores)`],
      d.bench_top ? ["Bench", pretty(d.bench_top)] : null,
    ]),
  ],
  brief: (d) => `${teamScore("pub_derby", d.goals)} · half ${d.half} of ${fact("halves")}`,
  final: (d) => `Full time: ${teamScore("pub_derby", d.goals)}`,
  watched: () => null,
};
