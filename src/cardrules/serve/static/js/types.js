// The web table's own shapes, for tsc --checkJs (tests/js/check_web.mjs): typedefs only, no code.
// A module reads them in JSDoc, import("./types.js").Table; the protocol's and the games' types
// are @cardrules/client's declarations (clients/js/index.d.ts, types/protocol.d.ts, types/games.d.ts).

export {};

// ---------------------------------------------------------------- the protocol's, renamed

/** @typedef {import("../client/index.js").StateReply} StateReply */
/** @typedef {import("../client/index.js").ErrorReply} ErrorReply */
/** @typedef {import("../client/index.js").GamesReply} GamesReply */
/** @typedef {import("../client/index.js").PublicView} PublicView */
/** @typedef {import("../client/index.js").Reveal} Reveal */
/** @typedef {import("../client/index.js").Client} Client */
/** @typedef {import("../client/index.js").Games.GameName} GameName */
/** @typedef {import("../client/index.js").Games.Card} Card */

/**
 * One config field of a game, as the `games` reply describes it.
 * @typedef {GamesReply["games"][number]["fields"][number]} ConfigField
 */
/** One choice of a choice field. @typedef {NonNullable<ConfigField["choices"]>[number]} Choice */

/**
 * A config field as the lobby reads it, by its kind: an int has its min, and its max or null; a
 * choice its choices (protocol.py's _fields).
 * @typedef {Omit<ConfigField, "kind" | "min" | "max" | "choices"> & (
 *   | {kind: "int", min: number, max: number | null, choices?: undefined}
 *   | {kind: "choice", choices: Choice[], min?: undefined, max?: undefined}
 *   | {kind: "bool", min?: undefined, max?: undefined, choices?: undefined}
 * )} LobbyField
 */

/**
 * One game as the `games` reply describes it, its name one of GAMES' (see TableReply) and its
 * fields as the lobby reads them.
 * @typedef {Omit<GamesReply["games"][number], "name" | "config" | "fields"> & GameInfoRead} GameInfo
 */
/** @typedef {{name: GameName, config: Config, fields: LobbyField[]}} GameInfoRead */

/**
 * A config field's value, as the JSON format writes it: a number, a flag, a choice's name, or null.
 * @typedef {number | boolean | string | null} ConfigValue
 */
/** A config: some fields' values, by their names. @typedef {Record<string, ConfigValue>} Config */

/**
 * The lobby's form read: the config, or the first problem with it and the input it is in.
 * @typedef {{config: Config, problem?: undefined} | (Problem & {config?: undefined})} ConfigRead
 */
/**
 * The practice seed read: its text (null: a fair deal), or the problem with it.
 * @typedef {{seed: string | null, problem?: undefined} | (Problem & {seed?: undefined})} SeedRead
 */
/** A problem with the lobby's form in words, and its input. @typedef {{problem: string, input: HTMLElement}} Problem */

/** The `games` reply, its games as GameInfo. @typedef {Omit<GamesReply, "games"> & {games: GameInfo[]}} GamesList */

/**
 * A state reply as the page keeps it (a table's shown and target): its game is one of GAMES' names,
 * which are the server's games' (tests/repo/test_game_knowledge.py holds them the same), and its view a
 * seat's view of that game, or a PublicView (a spectator's, or any seat's before the deal).
 * @typedef {Omit<StateReply, "game" | "view"> & {game: GameName, view: SeatView<GameName> | PublicView}}
 *   TableReply
 */

/**
 * Game `G`'s view, as a seat's state reply carries it in `view.data`.
 * @template {GameName} G
 * @typedef {import("../client/index.js").GameView<G>} GameView
 */

/**
 * A seat's state reply once the cards are dealt: the reply's game is `G` and its view is the
 * seat's view of `G` (the server sends a spectator, or any seat before the deal, a PublicView).
 * @template {GameName} G
 * @typedef {Omit<TableReply, "game" | "view"> & {game: G, view: SeatView<G>}} SeatReply
 */

/**
 * A seat's view document of game `G`.
 * @template {GameName} G
 * @typedef {{format: number, game: G, data: GameView<G>}} SeatView
 */

/**
 * One of any game's events, as an event document's `data` holds it.
 * @typedef {import("../client/index.js").GameEvent<GameName>} GameEvent
 */

/**
 * An event as a reply tells it (`StateReply["events"]`), its data read as one of the games' events.
 * @typedef {{event: {format: number, game: string | null, data: GameEvent}, text: string}} ToldEvent
 */

// ---------------------------------------------------------------- the app

/**
 * The page's state (session.js's `app`).
 * @typedef {object} App
 * @property {Promise<Client> | null} conn the connection, once asked for
 * @property {GamesList | null} games the `games` reply, once loaded
 * @property {Table | null} table the table the page shows (null: the lobby)
 */

/**
 * The table the page is at (`app.table`), as route() makes it.
 * @typedef {object} Table
 * @property {string} id the table's id
 * @property {number | null} seat your seat (null: a spectator)
 * @property {string | null} token your seat's token (null: a spectator, or an invitation not claimed yet)
 * @property {string | null} invitation the invitation code to claim (null once claimed, or none)
 * @property {TableReply | null} shown the reply the table shows (its events told up to it)
 * @property {TableReply | null} target the latest reply, which the replay ends on
 * @property {Step[]} queue the steps still to replay
 * @property {Overlay | null} overlay what the replay changed on the shown reply's table so far
 * @property {string[]} log the events' words, oldest first
 * @property {Card[]} chosen the hand cards chosen for a play of several
 * @property {number[]} chosenIndexes where in the hand the chosen cards are
 * @property {Card | null} team the team card chosen for a swap
 * @property {boolean} busy a move is being sent
 * @property {number} early the cards of the move being sent, put on the felt before its reply (0: none)
 * @property {string} error the last move's refusal ("": none)
 * @property {string[] | null} kinds who sits at each seat ("human", a bot's name; "you" in the creator's page)
 * @property {DealCheck | null} dealCheck the fair deal's check in this browser, once begun
 * @property {boolean} [gone] the page has left this table
 * @property {boolean} [playing] the replay is running
 * @property {() => void} [wake] cuts the replay's pause short
 * @property {boolean} [howto] the how-to-play box is open
 * @property {boolean} [shareOpen] the share box is open
 * @property {boolean} [peek] the trick's place shows the last completed trick
 * @property {Review} [review] the finished game's review, once opened
 */

/**
 * The fair deal's check, as the table says it.
 * @typedef {{state: "checking" | "unchecked" | "failed" | "verified", text: string}} DealCheck
 */

// ---------------------------------------------------------------- what this browser keeps

/**
 * A table this browser made, claimed or watched, as "Your tables" keeps it (tables.js).
 * @typedef {object} KeptTable
 * @property {string} id the table's id
 * @property {GameName} game its game
 * @property {number | null} seat your seat (null: watching)
 * @property {string} link the page's address for it: your seat's own (with its token), or the watchers'
 * @property {string[]} seats who sits at each seat ("human" or a bot's name)
 * @property {Config} config its options
 * @property {number} seen when the page last had its state (ms since 1970)
 * @property {KeptState} state its state as last seen
 */
/**
 * A kept table's state: waiting for a friend, your turn, another seat's turn, or over (the result).
 * @typedef {{kind: "waiting" | "your-turn" | "turn" | "over", text: string}} KeptState
 */
/**
 * The lobby's last choices: the game, and each game's options and seats as last chosen or seen.
 * @typedef {object} LobbyChoices
 * @property {GameName | null} game the last game (null: none yet)
 * @property {Partial<Record<GameName, Config>>} configs each game's last options
 * @property {Partial<Record<GameName, string[]>>} seats each game's last seats ("human" or a bot's name)
 * @property {string} you where you sat ("watch": nowhere)
 */

// ---------------------------------------------------------------- the replay

/**
 * A step of the replay: one event, or the cards a seat played at once.
 * @typedef {object} Step
 * @property {GameEvent["type"]} kind the events' type
 * @property {ToldEvent[]} events the step's events
 * @property {boolean} closed no more cards join the step
 */

/** A play on the trick: its seat and its card, or cards played as one. @typedef {{seat: number, cards: Card[]}} Play */

/**
 * A season as the table shows it: the one just revealed, or a view's last result.
 * @typedef {object} Season
 * @property {number} season its number
 * @property {Card[][]} teams both teams as revealed, seat 0's first
 * @property {{points: number}[]} values each team's value
 * @property {number | null} winner the winning seat (null: halved, or not told yet)
 */

/**
 * The overlay (`ov`): the table as the replay has told it so far, over the shown reply's view.
 * @typedef {object} Overlay
 * @property {Play[]} plays the trick's plays
 * @property {number | null} winner the seat that won the trick (null: not won yet)
 * @property {number | null} points the won trick's points
 * @property {string} note the last event's words
 * @property {number[] | null} counts each seat's cards (null: the game does not count them)
 * @property {Card[]} mine the cards you played so far
 * @property {boolean} dealt a new deal was told
 * @property {(Card | null)[] | null} revealed the cards revealed last (null: none yet)
 * @property {number | null} ball where the ball is (null: as the view has it)
 * @property {number | null} actor the seat that acted last
 * @property {Season | null} season the season revealed last
 * @property {GameEvent["type"] | null} lastKind the last event's type
 */

/**
 * The view of the game played by slots (its row of face-down cards).
 * @typedef {import("../client/index.js").Games.RugbyLeague.View} SlotsView
 */
/**
 * What every seat of the game played by slots sees alike (a spectator's `shared`).
 * @typedef {import("../client/index.js").Games.RugbyLeague.SharedView} SlotsShared
 */

/**
 * What a trick's middle reads of a trick game's view.
 * @typedef {object} TrickView
 * @property {(Card | Card[])[]} trick the current trick's plays (a card, or a play's cards)
 * @property {number} leader the seat that led it
 * @property {CompletedTrick[]} tricks this round's completed tricks
 */

/**
 * A completed trick as a trick game's view has it: its leader, its cards in play order (or its
 * plays, a play's cards together), its winner and its points where tricks have points.
 * @typedef {{leader: number, winner: number, points?: number, cards?: Card[], plays?: Card[][]}} CompletedTrick
 */

// ---------------------------------------------------------------- the review

/**
 * A finished game's review (table.js's reviewNode): every event from the start, and the step shown.
 * @typedef {object} Review
 * @property {ToldEvent[] | null} events the game's events, oldest first (null: still being fetched)
 * @property {number} at the step shown, from 1 (0: the start, before any)
 * @property {string} [error] why the events could not be fetched
 * @property {Map<number, ReviewCards>} cards each step's cards, by how many events were told, once come
 * @property {Map<number, Promise<ReviewCards>>} asked each step's cards asked for, by how many events were told
 * @property {Judged} [judged] the server's review of one seat's decisions (judged.js), once asked for
 */

/**
 * A seat's decisions as the server judges them: how far it has come, then the review itself.
 * @typedef {object} Judged
 * @property {number} seat the seat whose decisions are judged
 * @property {number} done its decisions judged so far
 * @property {number} total its decisions in the game (0: not known yet)
 * @property {import("../client/index.js").Review | null} result the review, once done
 * @property {string} [error] why there is none
 */

/**
 * A step's cards: every place (the `cards` op's reply), or why they could not be fetched.
 * @typedef {{moves: number, zones: import("../client/index.js").CardsReply["zones"]} | {error: string}} ReviewCards
 */

// ---------------------------------------------------------------- your choices

/** A legal move of cards: its notation and its cards. @typedef {{text: string, cards: Card[]}} CardMove */
/** A legal swap: its notation, its team card and pool card. @typedef {{text: string, team: Card, pool: Card}} Swap */

/**
 * The legal moves sorted by how they are chosen (moves.js's classify).
 * @typedef {object} Moves
 * @property {CardMove[]} plays moves of one card or several
 * @property {Swap[]} swaps a team card for a pool card
 * @property {string[]} buttons every other move
 */

/**
 * What a click does now (choices.js's choiceUi), the `ui` of a game's entry.
 * @typedef {object} ChoiceUi
 * @property {CardMove[]} plays moves of one card or several
 * @property {Swap[]} swaps a team card for a pool card
 * @property {string[]} buttons every other move
 * @property {CardMove | null} done the move the chosen cards complete
 * @property {(code: Card, index: number) => {live: boolean, chosen: boolean}} handCard whether the hand
 *   card at `index` is clickable, and whether it is chosen
 * @property {(code: Card) => HTMLElement} poolNode a pool card, a button when it can be taken now
 * @property {Map<string, number[]>} previews what each legal move would make each seat's worth, by the
 *   game's own scoring, by the move's notation (empty: the game previews none, or not your turn)
 */

// ---------------------------------------------------------------- the page's elements

/** A node, text, or nothing. @typedef {Node | string | null | undefined} ElLeaf */
/** A child of el(): a node, text, nothing, or lists of them. @typedef {ElLeaf | ElLeaf[] | ElLeaf[][]} ElChild */

/**
 * el()'s attributes: `class`, `text`, `on...` (a listener), `data...` (a data attribute), any other;
 * null, undefined and false leave one out.
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} ElAttrs
 */
