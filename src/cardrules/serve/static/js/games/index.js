// GAMES, the web table's one per-game table: each game's words and drawing, one module per game
// (games/<name>.js, the only modules of the page that know a game by its name). Every entry has
// the same keys, listed in GameEntry; a rule's number in an entry's words is the game's, read with
// fact(name), never written there.

import clubs from "./clubs.js";
import eighty_points from "./eighty_points.js";
import manager from "./manager.js";
import pub_derby from "./pub_derby.js";
import rugby_league from "./rugby_league.js";

/** @typedef {import("../../client/index.js").Games.GameName} GameName */

/**
 * One game's entry in GAMES.
 * @template {GameName} G
 * @typedef {object} GameEntry
 * @property {string} title the game's name in words
 * @property {boolean} tricks whether the view has a trick (a leader and the cards played to it)
 * @property {boolean} slots whether your cards are a row of slots played by number, not a hand
 * @property {{fields: string[], words: string}} quick the lobby's quick game: the config fields it
 *   sets to the least they take (an int's min, a choice's first), and what it is in words; no
 *   fields: the game's config cannot make it shorter, and the words say why ("its length is…")
 * @property {{hand: string, points: (n: number) => string, turn: (d: View<G>) => string,
 *   pick: (d: View<G>) => string}} words what your cards are called, what a trick's n points are, the
 *   status line on your turn, and what your row's slots are picked for now ("": nothing)
 * @property {() => Record<string, [string, string]>} buttons the words of a move that is not a
 *   card where they are this game's own (else CHOICE_WORDS): its label and its explanation
 * @property {(d: View<G>, me: number, ov: Overlay | null, ui: ChoiceUi) => Node} center the middle of the
 *   felt, `ov` the table as the replay has told it so far (null: as `d` has it)
 * @property {(d: View<G>) => string[] | null} hand your cards (null: none), in the order they are shown
 * @property {(d: View<G>, card: string) => string} group the group of your hand a card is shown in
 *   ("trumps", a suit's name; "": the hand is not grouped), a new group set apart from the last
 * @property {(d: SharedView<G>, me: number | null) => (Node | null)[]} board the scoreboard, from what
 *   every seat sees alike (a seat's view, or a spectator's `shared`), the seats named as `me` sees
 *   them (null: a spectator)
 * @property {(d: SharedView<G>, me: number | null) => string} brief the score in one line, in the game's
 *   terms: shown above the table where the scoreboard is below it (a phone)
 * @property {(d: SharedView<G>, me: number | null) => string} final the result in the game's own terms
 * @property {(d: SharedView<G>) => Node | null} watched the middle of the felt as a spectator sees it,
 *   from what every seat sees alike (null: the trick in a trick game, else the public zones)
 */

/**
 * @template {GameName} G
 * @typedef {import("../../client/index.js").Games.Views[G]} View
 */
/**
 * What every seat of game `G` sees alike: a seat's view but its own fields (a spectator's `shared`).
 * @template {GameName} G
 * @typedef {import("../../client/index.js").Games.SharedViews[G]} SharedView
 */
/** @typedef {import("../types.js").Overlay} Overlay */
/** @typedef {import("../types.js").ChoiceUi} ChoiceUi */

/**
 * Each game's entry, by the game's name: the same names as the server's `games` reply.
 * @type {{[G in GameName]: GameEntry<G>}}
 */
export const GAMES = { clubs, pub_derby, rugby_league, eighty_points, manager };
