// The cardrules web table: the felt: the seats around the table and what is in the middle.

import { el } from "./cards.js";
import { seatName, sitter, teamOf } from "./seats.js";
import { GAMES } from "./games/index.js";
import { eventWords } from "./choices.js";

export function seatCount(reply) {
  return reply.seats.length;
}

// Where the other seats sit, clockwise from your left: one opposite; two to your left and right;
// three left, top, right; more fill the top, then a second on each side.
export function seatPlaces(count) {
  const others = count - 1;
  const side = others <= 1 ? 0 : others <= 6 ? 1 : 2;
  const top = others - 2 * side;
  return [...Array(side).fill("left"), ...Array(top).fill("top"), ...Array(side).fill("right")];
}

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
export function feltNode(reply, me, ov, ui) {
  const d = reply.view.data;
  const turn = ov ? ov.actor : reply.to_act;
  const counts = ov && ov.counts ? ov.counts : d.hand_sizes || null;
  const center = [
    GAMES[reply.game].center(d, me, ov, ui),
    ov && ov.note ? el("p", { class: "announce", role: "status", text: eventWords(ov.note) }) : null,
  ];
  return seatsAround(reply, seatCount(reply), me, me, turn, counts, center, ov ? "playing" : "to play");
}

// `count` seats around the felt, `bottom` nearest (you, or seat 0 for a spectator), `center` in the middle.
export function seatsAround(reply, count, bottom, me, turn, counts, center, turnWord = "to play") {
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
