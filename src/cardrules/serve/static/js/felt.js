// The cardrules web table: the felt: the seats around the table and what is in the middle.

import { el } from "./cards.js";
import { seatName, sitter, teamOf } from "./seats.js";
import { GAMES } from "./games/index.js";
import { eventWords } from "./choices.js";

/**
 * What the seats around the felt read of a reply: its game and who sits where.
 * @typedef {Pick<import("./types.js").TableReply, "game" | "seats">} Seating
 */
/** @typedef {"left" | "top" | "right"} Place */

/** @param {Seating} reply */
export function seatCount(reply) {
  return reply.seats.length;
}

// Where the other seats sit, clockwise from your left: one opposite; two to your left and right;
// three left, top, right; more fill the top, then a second on each side.
/**
 * @param {number} count
 * @returns {Place[]}
 */
export function seatPlaces(count) {
  const others = count - 1;
  const side = others <= 1 ? 0 : others <= 6 ? 1 : 2;
  const top = others - 2 * side;
  return [...Array(side).fill("left"), ...Array(top).fill("top"), ...Array(side).fill("right")];
}

/**
 * @param {Seating} reply
 * @param {number} seat
 * @param {number | null} me your seat (null: a spectator)
 * @param {number | null} turn the seat to play (null: none)
 * @param {number[] | null} counts each seat's cards (null: not counted)
 */
export function seatNode(reply, seat, me, turn, counts, turnWord = "to play") {
  const team = teamOf(reply.game, seat);
  const count = counts ? counts[seat] : null;
  const words = count === 0 ? "no cards" : `${count} ${count === 1 ? "card" : "cards"}`;
  const backs =
    count === null
      ? null
      : el(
          "div",
          { class: "held", "aria-label": `${words} held` },
          Array.from({ length: Math.min(count, 5) }, () => el("span", { class: "back-mini" })),
          el("span", { class: "count", text: words }),
        );
  return el(
    "div",
    {
      class: `seat${seat === me ? " me" : ""}`,
      dataSeat: seat,
      dataTurn: seat === turn ? "true" : null,
      dataThinking: seat === turn && turnWord === "thinking…" ? "true" : null,
      dataTeam: team ? team.index : null,
      "aria-label": `${seatName(seat, me)}${seat === turn ? ", to play" : ""}`,
    },
    el("div", { class: "seat-name" }, el("span", { class: "name", text: sitter(seat, me) || `Seat ${seat}` })),
    el(
      "div",
      { class: "seat-line" },
      sitter(seat, me) ? el("span", { class: "number", text: `Seat ${seat}` }) : null,
      team ? el("span", { class: `team team-${team.index}`, text: team.name }) : null,
      seat === turn ? el("span", { class: "turn", text: turnWord }) : null,
    ),
    backs,
  );
}

// The felt: the other seats around it, the middle of the table, and your seat at the bottom.
/**
 * @template {import("./types.js").GameName} G
 * @param {import("./types.js").SeatReply<G>} reply
 * @param {number} me
 * @param {import("./types.js").Overlay | null} ov
 * @param {import("./types.js").ChoiceUi} ui
 */
export function feltNode(reply, me, ov, ui) {
  const d = reply.view.data;
  const turn = ov ? ov.actor : reply.to_act;
  const sizes = /** @type {{hand_sizes?: number[]}} */ (d).hand_sizes; // the games that count hands
  const counts = ov && ov.counts ? ov.counts : sizes || null;
  const center = [
    GAMES[reply.game].center(d, me, ov, ui),
    ov && ov.note ? el("p", { class: "announce", role: "status", text: eventWords(ov.note) }) : null,
  ];
  const thinking = !ov && turn !== null && reply.seats[turn] !== "human" && reply.outcome === null;
  return seatsAround(
    reply,
    seatCount(reply),
    me,
    me,
    turn,
    counts,
    center,
    ov ? "playing" : thinking ? "thinking…" : "to play",
  );
}

// `count` seats around the felt, `bottom` nearest (you, or seat 0 for a spectator), `center` in the middle.
/**
 * @param {Seating} reply
 * @param {number} count
 * @param {number} bottom
 * @param {number | null} me your seat (null: a spectator)
 * @param {number | null} turn the seat to play (null: none)
 * @param {number[] | null} counts each seat's cards (null: not counted)
 * @param {import("./types.js").ElChild} center
 */
export function seatsAround(reply, count, bottom, me, turn, counts, center, turnWord = "to play") {
  /** @type {Record<Place, HTMLElement[]>} */
  const groups = { left: [], top: [], right: [] };
  seatPlaces(count).forEach((place, i) => {
    groups[place].push(seatNode(reply, (bottom + 1 + i) % count, me, turn, counts, turnWord));
  });
  return el(
    "div",
    { class: `felt seats-${count}`, "aria-label": "The table" },
    el("div", { class: "seats seats-left" }, groups.left),
    el("div", { class: "seats seats-top" }, groups.top),
    el("div", { class: "seats seats-right" }, groups.right),
    el("div", { class: "center" }, center),
    el("div", { class: "seats seats-me" }, seatNode(reply, bottom, me, turn, counts, turnWord)),
  );
}
