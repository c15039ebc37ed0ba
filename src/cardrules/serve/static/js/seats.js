// The cardrules web table: who sits where: the bots the lobby offers and each seat's name.

import { gameInfo } from "./cards.js";
import { app } from "./session.js";

// The strongest bot first, so that a table is dealt against it unless the creator picks another
// (its half second a move is not a wait a person minds; docs/bot-measurements.md has the ladder).
export const BOTS = [
  ["pimc@0.5s", "Search bot (PIMC, 0.5 s)"],
  ["heuristic", "Heuristic bot"],
  ["ismcts:300", "Search bot (ISMCTS, 300)"],
  ["random", "Random bot"],
  ["human", "A friend (share the link)"],
];
/** @type {Record<string, string>} */
export const SEAT_NAMES = {
  heuristic: "Heuristic bot",
  random: "Random bot",
  "ismcts:300": "Search bot",
  "pimc@0.5s": "PIMC bot",
  human: "Friend",
};

// The lobby's seat choices: the built-in bots, this server's own (cardrules serve --bot NAME=...,
// listed in the games reply's bots), then a friend.
export function seatChoices() {
  const builtIn = ["random", "heuristic", "ismcts", "pimc"];
  const own = ((app.games && app.games.bots) || []).filter((name) => !builtIn.includes(name));
  const friend = BOTS[BOTS.length - 1];
  return [...BOTS.slice(0, -1), ...own.map((name) => [name, `${name} (this server's bot)`]), friend];
}

// ---------------------------------------------------------------- who sits where

/**
 * @param {string} game
 * @param {number} seat
 */
export function teamOf(game, seat) {
  const teams = (gameInfo(game) || {}).teams;
  return teams ? { index: seat % teams.length, name: teams[seat % teams.length] } : null;
}

// Who sits at a seat, as every page and every part of it names the seat: you; a bot by its name;
// another person "Friend" on a seat's page (the creator's or a friend's), "Player" on a spectator's.
/**
 * @param {number} seat
 * @param {number | null} me your seat (null: a spectator)
 */
export function sitter(seat, me) {
  if (seat === me) return "You";
  const kinds = app.table && app.table.kinds;
  const kind = kinds && kinds[seat];
  if (!kind) return null;
  if (kind === "human" || kind === "you") return me === null ? "Player" : "Friend";
  return SEAT_NAMES[kind] || kind;
}

/**
 * The seat's full name: who sits there and the seat's number ("You" for your own).
 * @param {number} seat
 * @param {number | null} me your seat (null: a spectator)
 */
export function seatName(seat, me, capital = true) {
  if (seat === me) return capital ? "You" : "you";
  const who = sitter(seat, me);
  return who ? `${who} (Seat ${seat})` : `Seat ${seat}`;
}

/**
 * The seat's name in a scoreboard, a banner or under a card: who sits there, with the seat's
 * number only where another seat has the same name (three heuristic bots), so that it reads as
 * the seat's plate does.
 * @param {number} seat
 * @param {number | null} me your seat (null: a spectator)
 */
export function shortName(seat, me) {
  if (seat === me) return "You";
  const who = sitter(seat, me);
  if (!who) return `Seat ${seat}`;
  const kinds = (app.table && app.table.kinds) || [];
  const alike = kinds.filter((_, k) => k !== me && sitter(k, me) === who).length;
  return alike > 1 ? `${who} (Seat ${seat})` : who;
}
