// The cardrules web table: GAMES, the one per-game table: each game's words and drawing; no other module names a game.

import { cardNode, el, fact, gameInfo, halves, levelText, playNode, pointsText, pretty, suitText } from "./cards.js";
import { shortName, sitter, teamOf } from "./seats.js";
import {
  factList,
  headline,
  lastSeasonNode,
  levelsText,
  phaseWords,
  pitchNode,
  pitchPlaces,
  rugbyPhase,
  scoreTable,
  slotRow,
  teamScore,
  trickCenter,
  yellowCards,
} from "./parts.js";

// Each game, every one with the same keys (the one place this page knows a game by its name):
// title its name in words; tricks whether the view has a trick (a leader and the cards played to
// it); slots whether your cards are a row of slots, played by number (Rugby League), not a hand;
// words.hand what your cards are called, words.points(n) what a trick's n points are, words.turn(d)
// the status line on your turn; buttons() the words of a move that is not a card where they are
// this game's own (else CHOICE_WORDS);
// center(d, me, ov, ui) the middle of the felt; hand(d) your cards (null: none);
// board(d, me) the scoreboard; final(d, me) the result in the game's own terms.
// A rule's number in these words is the game's, read with fact(name), never written here.
export const GAMES = {
  clubs: {
    title: "Clubs",
    tricks: true,
    slots: false,
    words: { hand: "Your hand", points: (n) => (n === 1 ? "club" : "clubs"), turn: () => "Your turn." },
    buttons: () => ({}),
    center: (d, me, ov) => trickCenter(d, me, ov, d.hand_sizes.length),
    hand: (d) => d.hand,
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
    final: (d, me) => `Final scores (lowest wins): ${d.scores.map((s, k) => `${shortName(k, me)} ${s}`).join(" · ")}`,
  },
  pub_derby: {
    title: "Pub Derby",
    tricks: true,
    slots: false,
    words: { hand: "Your hand", points: () => "points", turn: () => "Your turn." },
    buttons: () => ({}),
    center: (d, me, ov) => trickCenter(d, me, ov, d.hand_sizes.length),
    hand: (d) => d.hand,
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
    final: (d) => `Full time: ${teamScore("pub_derby", d.goals)}`,
  },
  rugby_league: {
    title: "Rugby League",
    tricks: false,
    slots: true,
    words: { hand: "Your row", points: () => "points", turn: () => "Your turn." },
    buttons: () => ({
      touch: ["Kick for touch", `the ball goes ${fact("touch_places")} places forward, a new set`],
      goal: ["Kick for goal", `${pointsText(fact("penalty_goal_points"))} if you win the kick's rounds`],
      drop: ["Drop goal", `${pointsText(fact("drop_goal_points"))} if you win the kick's rounds`],
    }),
    center: (d, me, ov) => {
      const shown = ov && ov.revealed ? ov.revealed : d.last;
      const sides = gameInfo("rugby_league").teams;
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
      const sides = gameInfo("rugby_league").teams;
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
  },
  eighty_points: {
    title: "80 Points",
    tricks: true,
    slots: false,
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
      const defenders = teamOf("eighty_points", d.starter);
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
  },
  manager: {
    title: "Manager",
    tricks: false,
    slots: false,
    words: { hand: "Your team", points: () => "points", turn: () => "Your turn." },
    buttons: () => ({ pass: ["Pass", "keep your team as it is"] }),
    center: (d, me, ov, ui) => {
      const pool = d.pool.length
        ? el(
            "div",
            { class: "cards" },
            d.pool.map((c) => ui.poolNode(c)),
          )
        : el("p", { class: "trick-note", text: "No draft open." });
      const season = ov && ov.season ? ov.season : d.results[d.results.length - 1];
      return el(
        "section",
        { class: "trick manager", "aria-label": "Trick" },
        el(
          "section",
          { class: "pool", "aria-label": "Pool" },
          el("h3", {
            text: d.pool.length ? `Pool · swaps this draft ${d.exchanges} of ${d.config.max_exchanges}` : "Pool",
          }),
          pool,
        ),
        el(
          "section",
          { class: "other-team", "aria-label": "Other team" },
          el("h3", { text: `${shortName(1 - me, me)}'s team` }),
          el(
            "div",
            { class: "cards" },
            d.teams[1 - me].map((c) => cardNode(c)),
          ),
        ),
        lastSeasonNode(season, me),
      );
    },
    hand: (d) => d.teams[d.player],
    board: (d, me) => [
      headline(`Seasons won: ${d.halves.map((n, k) => `${shortName(k, me)} ${halves(n)}`).join(" · ")}`),
      scoreTable(
        ["Season", shortName(me, me), shortName(1 - me, me), "Won by"],
        d.results.map((r) => [
          String(r.season),
          r.values[me].points,
          r.values[1 - me].points,
          r.winner === null ? "halved" : shortName(r.winner, me),
        ]),
      ),
      factList([
        ["Season", `${Math.min(d.season + 1, fact("seasons"))} of ${fact("seasons")}`],
        d.stripped_suit ? ["Suit left out", d.stripped_suit.toLowerCase()] : null,
        ["Stock", `${d.stock_size} cards`],
      ]),
    ],
    final: (d, me) => `Seasons won: ${d.halves.map((n, k) => `${shortName(k, me)} ${halves(n)}`).join(" · ")}`,
  },
};
