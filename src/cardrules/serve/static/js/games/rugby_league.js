// Rugby League on the web table: its words and drawing (the keys are listed in games/index.js).

import { el, fact, gameInfo, playNode, pointsText } from "../cards.js";
import { factList, headline, pitchNode, pitchPlaces, slotRow, teamScore } from "../parts.js";
import { shortName, sitter } from "../seats.js";

/** @typedef {import("../types.js").GameInfo} GameInfo */

/** @type {import("./index.js").GameEntry<"rugby_league">} */
export default {
  title: "Rugby League",
  tricks: false,
  slots: true,
  quick: { fields: [], words: "its length is the rules' own, two halves of sets" },
  words: {
    hand: "Your row",
    points: () => "points",
    turn: (d) => (pick(d) ? `Your turn: ${pick(d)}.` : "Your turn."),
    pick: (d) => pick(d),
  },
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
      el("p", { class: "phase", text: situation(d, sides) }),
      revealed,
    );
  },
  hand: () => null,
  group: () => "",
  board: (d, me) => {
    // A table is drawn once the games are loaded (joinTable), and this game has teams: its sides.
    const sides = /** @type {string[]} */ (/** @type {GameInfo} */ (gameInfo("rugby_league")).teams);
    const normal = fact("halves"); // then extra time's halves
    const sets = fact(d.half <= normal ? "sets_per_half" : "extra_time_sets");
    return [
      headline(teamScore("rugby_league", d.scores), { dataScore: d.scores.join("-") }),
      factList([
        me === null ? null : ["You", sides[me]],
        ["Period", d.half <= normal ? `half ${d.half} of ${normal}` : `extra time ${d.half - normal}`],
        ["Set", `${Math.min(d.sets + 1, sets)} of ${sets}`],
        ["Ball", `${sides[d.attacker]}'s, on ${pitchPlaces()[d.ball].name}`],
        d.phase === "tackle" ? ["Tackle", tackleWords(d)] : null,
        ["Pile", `${d.pile_size} cards`],
      ]),
    ];
  },
  brief: (d) => {
    const normal = fact("halves"); // then extra time's halves
    const period = d.half <= normal ? `half ${d.half} of ${normal}` : `extra time ${d.half - normal}`;
    return `${teamScore("rugby_league", d.scores)} · ${period}`;
  },
  final: (d) => `Full time: ${teamScore("rugby_league", d.scores)}`,
  watched: (d) => {
    // A table is drawn once the games are loaded (joinTable), and this game has teams: its sides.
    const sides = /** @type {string[]} */ (/** @type {GameInfo} */ (gameInfo("rugby_league")).teams);
    const shown = d.last[0] || d.last[1];
    return el(
      "section",
      { class: "trick rugby", "aria-label": "Trick" },
      slotRow(d, 1, null, `${sides[1]}'s row (${shortName(1, null)})`),
      pitchNode(d.ball, d.attacker, sides),
      el("p", { class: "phase", text: situation(d, sides) }),
      shown
        ? el(
            "div",
            { class: "plays" },
            d.last.map((c, k) => (c ? playNode([c], sides[k]) : null)),
          )
        : el("p", { class: "trick-note", text: "No cards shown yet this set." }),
      slotRow(d, 0, null, `${sides[0]}'s row (${shortName(0, null)})`),
    );
  },
};

/** @typedef {import("./index.js").View<"rugby_league">} View */

/** @type {Record<string, string>} a kick's name, by its phase */
const KICKS = { conversion: "conversion", penalty_goal: "penalty goal", drop_goal: "drop goal" };

// What your choice is now, in words: the phase actually being played, as you are in it.
/** @param {View} d */
function pick(d) {
  const yours = d.attacker === d.player;
  if (d.phase === "tackle") return `pick a slot to ${yours ? "attack" : "defend"} with`;
  if (d.phase === "penalty") return "a penalty to you: kick for touch, kick for goal, or tap and run";
  if (d.phase in KICKS) return `pick a slot ${yours ? "to take" : "against"} the ${KICKS[d.phase]}`;
  return "";
}

// Which tackle of the set this is and the tackles lost, in the rule text's terms.
/** @param {import("./index.js").SharedView<"rugby_league">} d */
function tackleWords(d) {
  const lost = d.lost ? `${d.lost} lost` : "none lost";
  return `${d.tackles + 1} of the set, ${lost} (${fact("lost_tackles")} lost and the ball goes over)`;
}

// The situation in plain words: who has the ball, where on the pitch, which tackle and how many
// lost; at a penalty, whose; in a kick, its rounds.
/**
 * @param {import("./index.js").SharedView<"rugby_league">} d
 * @param {string[]} sides the teams, home first
 */
function situation(d, sides) {
  const side = sides[d.attacker];
  const where = pitchPlaces()[d.ball].name;
  if (d.phase === "tackle") return `${side}'s ball on ${where} · tackle ${tackleWords(d)}`;
  if (d.phase === "penalty") return `Penalty to ${side}, the ball on ${where}`;
  if (d.phase in KICKS) {
    const kick = KICKS[d.phase];
    const name = kick[0].toUpperCase() + kick.slice(1);
    return `${name} by ${side}: ${d.wins} of ${d.needed} rounds won, round ${d.rounds + 1}`;
  }
  return "Full time";
}
