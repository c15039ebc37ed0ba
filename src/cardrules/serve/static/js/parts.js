// The cardrules web table: the pieces each game's table is drawn with (a trick, a score table, the pitch...).

import { backNode, cardNode, el, fact, gameInfo, levelText, playNode, pointsText } from "./cards.js";
import { seatName, shortName } from "./seats.js";
import { GAMES } from "./games/index.js";
import { seatPlaces } from "./felt.js";
import { app } from "./session.js";
import { drawTable } from "./table.js";

/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").SlotsView} SlotsView */
/** @typedef {[string, string | number | Node]} Fact a fact's term and its value */

// ---------------------------------------------------------------- each game's table

// The trick in the middle: each play (one card, or a double or sisters as one group) under the
// name of the seat that played it; a won trick stays with its winner named until the next lead.
// Once a trick is complete, "Last trick" (a toggle button) shows the last completed trick in its
// place: who played what, and who took it.
/**
 * @param {import("./types.js").TrickView} d
 * @param {number | null} me your seat (null: a spectator, seat 0 at the bottom)
 * @param {import("./types.js").Overlay | null} ov
 * @param {number} seats
 */
export function trickCenter(d, me, ov, seats) {
  const table = app.table;
  const done = !ov && d.tricks && d.tricks.length ? d.tricks[d.tricks.length - 1] : null;
  const peeking = Boolean(done && table && table.peek);
  /** @type {import("./types.js").Play[]} */
  let plays;
  /** @type {number | null} */
  let winner = null;
  /** @type {number | null | undefined} */
  let points = null; // undefined: a game whose tricks have no points
  if (ov) {
    plays = ov.plays;
    winner = ov.winner;
    points = ov.points;
  } else if (done && peeking) {
    plays = (done.plays || (done.cards || []).map((c) => [c])).map((cards, i) => ({
      seat: (done.leader + i) % seats,
      cards,
    }));
    winner = done.winner;
    points = done.points;
  } else {
    plays = d.trick.map((play, i) => ({ seat: (d.leader + i) % seats, cards: Array.isArray(play) ? play : [play] }));
    if (!plays.length && done) {
      winner = done.winner;
      points = done.points;
    }
  }
  // The play just made travels in from its seat; the others are already on the table.
  const arriving = ov && ov.lastKind === "CardPlayed" ? plays.length - 1 : -1;
  const places = seatPlaces(seats);
  const bottom = me === null ? 0 : me;
  const from = (/** @type {number} */ seat) => (seat === me ? "me" : places[(seat - bottom - 1 + seats) % seats]);
  const nodes = plays.map((p, i) =>
    playNode(p.cards, shortName(p.seat, me), {
      dataSeat: p.seat,
      class: i === arriving ? "play arriving" : null,
      dataFrom: i === arriving ? from(p.seat) : null,
    }),
  );
  let note;
  if (winner !== null) {
    // The trick is the shown table's (a table is drawn from its shown reply).
    const shown = /** @type {import("./types.js").TableReply} */ (
      /** @type {import("./types.js").Table} */ (app.table).shown
    );
    const worth = points ? `, ${points} ${GAMES[shown.game].words.points(points)}` : "";
    const verb = peeking ? "took" : winner === me ? "take" : "takes";
    note = `${peeking ? "Last trick: " : ""}${seatName(winner, me)} ${verb} the trick${worth}.`;
  } else if (!plays.length) {
    note = "No card played yet.";
  }
  const peek = done
    ? el("button", {
        type: "button",
        class: "peek",
        "aria-pressed": String(peeking),
        dataFocusKey: "peek",
        title: "Show the last completed trick (press again to go back)",
        text: peeking ? "Back to this trick" : "Last trick",
        onclick: () => {
          if (table) table.peek = !table.peek;
          drawTable();
        },
      })
    : null;
  return el(
    "section",
    {
      class: `trick${peeking ? " peeking" : ""}`,
      "aria-label": peeking ? "Last trick" : "Trick",
      dataWinner: winner === null ? null : String(winner),
      dataPeek: peeking ? "true" : null,
    },
    el("div", { class: "plays" }, nodes),
    note ? el("p", { class: "trick-note", text: note }) : null,
    peek,
  );
}

// A table of scores: a header, then rows whose first cell names the row; `mine(i)` marks your row.
/**
 * @param {string[]} head
 * @param {(string | number)[][]} rows
 * @param {(row: number) => boolean} [mine]
 */
export function scoreTable(head, rows, mine = () => false) {
  const body = rows.map((cells, r) =>
    el(
      "tr",
      { class: mine(r) ? "mine" : null },
      cells.map((c, i) => (i === 0 ? el("th", { scope: "row", text: c }) : el("td", { text: String(c) }))),
    ),
  );
  return el(
    "table",
    { class: "scores" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        head.map((h) => el("th", { scope: "col", text: h })),
      ),
    ),
    el("tbody", {}, body),
  );
}

/** @param {(Fact | null)[]} pairs the facts (null: one left out) */
export function factList(pairs) {
  return el(
    "dl",
    { class: "facts" },
    /** @type {Fact[]} the nulls filtered out */ (pairs.filter(Boolean)).map(([term, value]) => [
      el("dt", { text: term }),
      el("dd", {}, value instanceof Node ? value : String(value)),
    ]),
  );
}

/**
 * @param {string} text
 * @param {import("./types.js").ElAttrs} [extra]
 */
export function headline(text, extra = {}) {
  return el("p", { class: "headline", ...extra, text });
}

/**
 * @param {string} game a game with teams
 * @param {number[]} values each team's
 * @param {(value: number) => string} [fmt]
 */
export function teamScore(game, values, fmt = String) {
  // A table is drawn once the games are loaded (joinTable), and `game` has teams.
  const teams = /** @type {string[]} */ (/** @type {GameInfo} */ (gameInfo(game)).teams);
  return `${teams[0]} ${fmt(values[0])} – ${fmt(values[1])} ${teams[1]}`;
}

/**
 * @param {string} game a game with teams
 * @param {number[]} levels each team's
 */
export function levelsText(game, levels) {
  // A table is drawn once the games are loaded (joinTable), and `game` has teams.
  const teams = /** @type {string[]} */ (/** @type {GameInfo} */ (gameInfo(game)).teams);
  return `${teams[0]}: ${levelText(levels[0])} · ${teams[1]}: ${levelText(levels[1])}`;
}

// A team's yellow cards, drawn as yellow cards.
/**
 * @param {string} team
 * @param {number} n
 */
export function yellowCards(team, n) {
  const cards = Array.from({ length: n }, () => el("span", { class: "yellow-card", "aria-hidden": "true" }));
  return el(
    "span",
    { class: "yellows", "aria-label": `team ${team}: ${n} yellow ${n === 1 ? "card" : "cards"}` },
    `${team} `,
    cards,
    n ? ` ${n}` : "none",
  );
}

/** @param {string} phase */
export function phaseWords(phase) {
  /** @type {Record<string, string>} */
  const words = {
    redeal: "asking for redeals",
    declare: "declaring no trump",
    discard: `the starter discards ${fact("bottom_cards")} to the bottom`,
    play: "playing tricks",
    over: "the match is over",
  };
  return words[phase] || phase;
}

// The pitch's places from the home try line, as many as the game's pitch has: a try line, the
// home half's places numbered up from it, the away half's numbered down to the other try line.
export function pitchPlaces() {
  const count = fact("places");
  return Array.from({ length: count }, (_, k) => {
    const home = k < count / 2;
    const line = k === 0 || k === count - 1;
    const number = String(home ? k : count - 1 - k);
    // named as the rule text names them: "the home try line", "Home 2", "Away 1"
    const name = line ? `the ${home ? "home" : "away"} try line` : `${home ? "Home" : "Away"} ${number}`;
    return { name, short: line ? "T" : number, home, line };
  });
}

/**
 * @param {number} ball the ball's place
 * @param {number} attacker the seat with the ball
 * @param {string[]} sides the teams, home first
 */
export function pitchNode(ball, attacker, sides) {
  const cells = pitchPlaces().map(({ name, short, home, line }, k) =>
    el(
      "li",
      {
        class: `${home ? "home" : "away"}${k === ball ? " ball" : ""}${line ? " line" : ""}`,
        "aria-label": k === ball ? `${name}: the ball` : name,
      },
      el("span", { text: short }),
      k === ball ? el("span", { class: "ballmark", text: "●" }) : null,
    ),
  );
  return el(
    "section",
    { class: "pitch", "aria-label": "Pitch" },
    el(
      "p",
      { class: "pitch-ends" },
      el("span", { text: `◀ ${sides[0]} try line` }),
      el("span", { text: `${sides[attacker]} attacking ${attacker === 0 ? "▶" : "◀"}` }),
      el("span", { text: `${sides[1]} try line ▶` }),
    ),
    el("ol", { class: "places" }, cells),
  );
}

/**
 * @param {Pick<SlotsView, "filled"> & {own_row?: SlotsView["own_row"]}} d a seat's view (its own row
 *   face up), or what every seat sees alike (every row face down)
 * @param {number} side the seat whose row it is
 * @param {number | null} me your seat (null: a spectator)
 * @param {string} title
 */
export function slotRow(d, side, me, title) {
  const cards = d.filled[side].map((filled, k) => {
    // numbered as a person counts, from 1
    if (!filled) return el("span", { class: "card empty", role: "img", "aria-label": `slot ${k + 1}: played` });
    const own = side === me && d.own_row && d.own_row.length ? d.own_row[k] : null;
    return own ? cardNode(own) : backNode(`slot ${k + 1}: a face-down card`);
  });
  return el(
    "section",
    { class: "slots", "aria-label": title },
    el("h3", { text: title }),
    el("div", { class: "cards" }, cards),
  );
}

/**
 * @param {import("./types.js").Season | undefined} result (undefined: no season yet)
 * @param {number} me
 */
export function lastSeasonNode(result, me) {
  if (!result) return null;
  const winner =
    result.winner === null ? "halved" : `${shortName(result.winner, me)} ${result.winner === me ? "win" : "wins"}`;
  const groups = result.teams.map((team, k) =>
    playNode(team, `${shortName(k, me)}: ${pointsText(result.values[k].points)}`, {}, false),
  );
  return el(
    "section",
    { class: "season", "aria-label": "Last season" },
    el("h3", { text: `Season ${result.season}: ${winner}` }),
    el("div", { class: "plays" }, groups),
  );
}
