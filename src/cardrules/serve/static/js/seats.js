// The cardrules web table: who sits where: the bots the lobby offers and each seat's name.

import { gameInfo } from "./cards.js";
import { app } from "./session.js";

/** @typedef {NonNullable<import("./types.js").GamesList["library_bots"]>[number]} LibraryBot */

/** A friend's seat, offered last. */
const FRIEND = ["human", "A friend (share the link)"];

/**
 * The library's bots as the server's games reply describes them (cardrules.bots.catalogue), the
 * strongest first: the page keeps no list of its own, so a bot added to the catalogue is offered.
 * @returns {LibraryBot[]}
 */
function libraryBots() {
  return (app.games && app.games.library_bots) || [];
}

// The lobby's seat choices: the library's bots, the strongest first, each at the budget the server
// offers, so that a table is dealt against the strongest unless the creator picks another (its
// half second a move is not a wait a person minds; docs/bot-measurements.md has the ladder); this
// server's own (cardrules serve --bot NAME=..., the rest of the games reply's bots); then a friend.
export function seatChoices() {
  const library = libraryBots();
  const names = library.map((bot) => bot.name);
  const own = ((app.games && app.games.bots) || []).filter((name) => !names.includes(name));
  return [
    ...library.map((bot) => [bot.offer, offerWords(bot)]),
    ...own.map((name) => [name, `${name} (this server's bot)`]),
    FRIEND,
  ];
}

/**
 * A library bot as the lobby's seat list names it, short enough for the list: its title and the
 * budget it is offered at ("PIMC bot, 0.5 s a move"; "Search bot, 300 iterations a move").
 * @param {{title: string, offer: string, counts?: string | null}} bot
 */
function offerWords(bot) {
  const time = /@([\d.]+)s$/.exec(bot.offer);
  if (time) return `${bot.title}, ${time[1]} s a move`;
  const count = /:(\d+)$/.exec(bot.offer);
  if (count && bot.counts) return `${bot.title}, ${count[1]} ${bot.counts} a move`;
  return bot.title;
}

/**
 * What the page calls whoever sits at a seat named `kind`: a library bot by its title, whatever
 * its budget (`pimc`, `pimc:40`, `pimc@0.5s`), a person "Friend", a server's own bot by its name.
 * @param {string} kind
 */
export function botTitle(kind) {
  if (kind === "human") return "Friend";
  const bot = libraryBots().find(
    (b) => kind === b.name || [`${b.name}:`, `${b.name}@`].some((s) => kind.startsWith(s)),
  );
  return bot ? bot.title : kind;
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
  return botTitle(kind);
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
