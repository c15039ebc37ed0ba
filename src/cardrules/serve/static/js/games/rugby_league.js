// Rugby League on the web table: its words and drawing (the keys are listed in games/index.js).

import { el, fact, gameInfo, playNode, pointsText } from "../cards.js";
import { factList, headline, pitchNode, pitchPlaces, rugbyPhase, slotRow, teamScore } from "../parts.js";
import { sitter } from "../seats.js";

/** @typedef {import("../types.js").GameInfo} GameInfo */

/** @type {import("./index.js").GameEntry<"rugby_league">} */
export default {
  title: "Rugby League",
  tricks: false,
  slots: true,
  quick: { fields: [], words: "its length is the rules' own, two halves of sets" },
  words: { hand: "Your row", points: () => "points", turn: () => "Your turn." },
  buttons: () => ({
    touch: ["Kick for touch", `the ball goes ${fact("touch_places")} places forward, a new set`],
    goal: ["Kick for goal", `${pointsText(fact("penalty_goal_points"))} if you win the kick's rounds`],
    drop: ["Drop goal", `${pointsText(fact("drop_goal_points"))} if you win the kick's rounds`],
  }),
  center: (d, me, ov) => {
    const shown = ov && ov.revealed ? ov.revealed : d.last;
    // A table is drawn once the games are loaded (joinTable), and this game has teams: its sides.
    const sides = /** @type {string[]} */ (/** @type {GameInfo} */ (gameInfo("rugby_league")).teams);
    const arriving = ov && ov.lastKind === "CardsRevealed" ? "play arriving" : null;
    const revealed =
      shown[0] || shown[1]
        ? el(
            "div",
            { class: "plays" },
            shown.map((c, k) => (c ? playNode([c], k === me ? "You" : sides[k], { class: arriving }) : null)),
          )
        : el("p", { class: "trick-note", text: "No cards shown yet this set." });
    return el(
      "section",
      { class: "trick rugby", "aria-label": "Trick" },
      slotRow(d, 1 - me, me, `${sides[1 - me]}'s row (${sitter(1 - me, me) || `Seat ${1 - me}`})`),
      pitchNode(ov && ov.ball !== null ? ov.ball : d.ball, d.attacker, sides),
      el("p", { class: "phase", text: rugbyPhase(d, sides) }),
      revealed,
    );
  },
  hand: () => null,
  board: (d, me) => {
    // A table is drawn once the games are loaded (joinTable), and this game has teams: its sides.
    const sides = /** @type {string[]} */ (/** @type {GameInfo} */ (gameInfo("rugby_league")).teams);
    const normal = fact("halves"); // then extra time's halves
    const sets = fact(d.half <= normal ? "sets_per_half" : "extra_time_sets");
    return [
      headline(teamScore("rugby_league", d.scores), { dataScore: d.scores.join("-") }),
      factList([
        ["You", sides[me]],
        ["Period", d.half <= normal ? `half ${d.half} of ${normal}` : `extra time ${d.half - normal}`],
        ["Set", `${Math.min(d.sets + 1, sets)} of ${sets}`],
        ["Ball", `${pitchPlaces()[d.ball].name}, ${sides[d.attacker]} in possession`],
        ["Tackles", `${d.tackles} made, ${d.lost} lost this set`],
        ["Pile", `${d.pile_size} cards`],
      ]),
    ];
  },
  final: (d) => `Full time: ${teamScore("rugby_league", d.scores)}`,
};
