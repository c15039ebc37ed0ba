// 80 Points on the web table: its words and drawing (the keys are listed in games/index.js).

import { fact, levelText, playNode, suitText } from "../cards.js";
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
  hand: (d) => d.hand,
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
  final: (d) => `Levels: ${levelsText("eighty_points", d.levels)}`,
};
