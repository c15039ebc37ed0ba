// Manager on the web table: its words and drawing (the keys are listed in games/index.js).

import { cardNode, el, fact, halves } from "../cards.js";
import { factList, headline, lastSeasonNode, scoreTable } from "../parts.js";
import { shortName } from "../seats.js";

/** @type {import("./index.js").GameEntry<"manager">} */
export default {
  title: "Manager",
  tricks: false,
  slots: false,
  quick: { fields: ["max_exchanges"], words: "each draft closes at the first swap" },
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
};
