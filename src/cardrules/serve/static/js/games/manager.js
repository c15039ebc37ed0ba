// Manager on the web table: its words and drawing (the keys are listed in games/index.js).

import { cardNode, el, fact, halves, pretty } from "../cards.js";
import { factList, headline, lastSeasonNode, scoreTable } from "../parts.js";
import { shortName } from "../seats.js";

/** @type {import("./index.js").GameEntry<"manager">} */
export default {
  title: "Manager",
  tricks: false,
  slots: false,
  quick: { fields: ["max_exchanges"], words: "each draft closes at the first swap" },
  words: { hand: "Your team", points: () => "points", turn: () => "Your turn.", pick: () => "" },
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
      previewNode(d, me, ui),
      lastSeasonNode(season, me),
    );
  },
  hand: (d) => d.teams[d.player],
  group: () => "",
  board: (d, me) => {
    const [a, b] = me === null ? [0, 1] : [me, 1 - me]; // your column first; seat 0's for a spectator
    return [
      headline(seasonsWon(d, me)),
      scoreTable(
        ["Season", shortName(a, me), shortName(b, me), "Won by"],
        d.results.map((r) => [
          String(r.season),
          r.values[a].points,
          r.values[b].points,
          r.winner === null ? "halved" : shortName(r.winner, me),
        ]),
      ),
      factList([
        ["Season", seasonNow(d)],
        d.stripped_suit ? ["Suit left out", d.stripped_suit.toLowerCase()] : null,
        ["Stock", `${d.stock_size} cards`],
      ]),
    ];
  },
  brief: (d, me) => `${seasonsWon(d, me)} · season ${seasonNow(d)}`,
  final: (d, me) => seasonsWon(d, me),
  watched: () => null,
};

/**
 * @param {import("./index.js").SharedView<"manager">} d
 * @param {number | null} me
 */
function seasonsWon(d, me) {
  return `Seasons won: ${d.halves.map((n, k) => `${shortName(k, me)} ${halves(n)}`).join(" · ")}`;
}

/** The season being played, of how many. @param {import("./index.js").SharedView<"manager">} d */
function seasonNow(d) {
  return `${Math.min(d.season + 1, fact("seasons"))} of ${fact("seasons")}`;
}

// The swap preview: for each pool card and each card of your team, both teams' season points
// after that swap (the server's, by the game's own scoring); then after a pass, as they stand.
/**
 * @param {import("./index.js").View<"manager">} d
 * @param {number} me
 * @param {import("../types.js").ChoiceUi} ui
 */
function previewNode(d, me, ui) {
  if (!ui.previews.size || !ui.swaps.length) return null;
  const them = shortName(1 - me, me);
  const worth = (/** @type {string} */ move) => {
    const values = ui.previews.get(move);
    return values ? `${values[me]}–${values[1 - me]}` : "";
  };
  const team = d.teams[me].filter((c) => ui.swaps.some((w) => w.team === c));
  const pool = d.pool.filter((c) => ui.swaps.some((w) => w.pool === c));
  const rows = pool.map((p) => [
    `take ${pretty(p)}`,
    ...team.map((t) => worth((ui.swaps.find((w) => w.team === t && w.pool === p) || { text: "" }).text)),
  ]);
  const stay = ui.buttons.find((b) => ui.previews.has(b));
  return el(
    "section",
    { class: "preview", "aria-label": "Swap preview" },
    el("h3", { text: `Worth after a swap (your season points–${them}'s)` }),
    scoreTable(["", ...team.map((t) => `for ${pretty(t)}`)], rows),
    stay ? el("p", { class: "sub", text: `Pass (as the teams stand): ${worth(stay)}` }) : null,
  );
}
