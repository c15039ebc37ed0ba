// The cardrules web table: a lobby and a card table for each game, speaking the serve protocol
// (docs/protocol.md) over one WebSocket. No build step: the browser loads this file as it is.
//
// Routes: "#/" the lobby; "#/t/TABLE/SEAT/TOKEN" your seat at a table (keep it: it is the seat's
// secret); "#/t/TABLE/invite/SEAT/CODE" an invitation to a seat (the link to share: opened, it
// claims the seat once and becomes the seat's own link); "#/t/TABLE" a spectator. The page's state is in data attributes too, so that people reading
// the markup and browser tests see the same thing: body[data-screen], .table[data-status].
//
// What the other seats do arrives as events in each reply; the table replays them one at a time
// (a card travels to the trick, a won trick waits with its winner named) at the pace chosen in
// the page, and shows the reply's position once they are all told.

import { DealCheckError, ProtocolReplyError, connect, verifyDeal } from "./client/index.js";

const SUITS = {
  C: { symbol: "♣", name: "clubs", red: false },
  D: { symbol: "♦", name: "diamonds", red: true },
  H: { symbol: "♥", name: "hearts", red: true },
  S: { symbol: "♠", name: "spades", red: false },
};
const SUIT_ORDER = ["C", "D", "H", "S"];
const RANK_NAMES = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
const JOKERS = { SJ: "small joker", BJ: "big joker" };
const CARD = /^(?:[2-9TJQKA][CDHS]|SJ|BJ)$/;
const SWAP = /^([2-9TJQKA][CDHS])-([2-9TJQKA][CDHS])$/;
const LEVELS = { 11: "J", 12: "Q", 13: "K", 14: "A" };

// The strongest bot first, so that a table is dealt against it unless the creator picks another
// (its half second a move is not a wait a person minds; docs/bots.md has the ladder).
const BOTS = [
  ["pimc@0.5s", "Search bot (PIMC, 0.5 s)"],
  ["heuristic", "Heuristic bot"],
  ["ismcts:300", "Search bot (ISMCTS, 300)"],
  ["random", "Random bot"],
  ["human", "A friend (share the link)"],
];
const SEAT_NAMES = { heuristic: "Heuristic bot", random: "Random bot", "ismcts:300": "Search bot", "pimc@0.5s": "PIMC bot", human: "Friend" };

// The lobby's seat choices: the built-in bots, this server's own (cardrules serve --bot NAME=...,
// listed in the games reply's bots), then a friend.
function seatChoices() {
  const builtIn = ["random", "heuristic", "ismcts", "pimc"];
  const own = ((app.games && app.games.bots) || []).filter((name) => !builtIn.includes(name));
  const friend = BOTS[BOTS.length - 1];
  return [...BOTS.slice(0, -1), ...own.map((name) => [name, `${name} (this server's bot)`]), friend];
}

// The pause after each step of the replay, in seconds a card; 0 is full speed.
const PACES = [
  ["1.2", "Slow (1.2 s a card)"],
  ["0.6", "Normal (0.6 s a card)"],
  ["0.25", "Fast (0.25 s a card)"],
  ["0", "Full speed"],
];
const PACE_KEY = "cardrules.pace";

// What a non-card move does, for its button, where the word means the same in any game that has
// it (a word that means something else in each game, such as pass, or whose words hold one of the
// game's numbers, such as a kick's points, is in the game's entry).
const CHOICE_WORDS = {
  tap: ["Tap and run", "play on from here with a fresh set of tackles"],
  ask: ["Ask for a redeal", "every card is dealt again"],
  keep: ["Keep your hand", "no redeal"],
  declare: ["Declare no trump", "with your two identical jokers"],
};

// ---------------------------------------------------------------- cards and words

function isCard(text) {
  return CARD.test(text);
}

function cardName(code) {
  if (JOKERS[code]) return JOKERS[code];
  const rank = RANK_NAMES[code[0]] || code[0];
  return `${rank} of ${SUITS[code[1]].name}`;
}

function pretty(code) {
  if (JOKERS[code]) return JOKERS[code];
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]].symbol;
}

function levelText(level) {
  return LEVELS[level] || String(level);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.startsWith("data")) node.setAttribute(key.replace(/[A-Z]/g, (m) => "-" + m.toLowerCase()), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// A card's face: its rank in two corners and its suit in the middle; a joker says JOKER
// down its side with a star (the big joker red, the small one black), never "J".
function cardFace(code) {
  if (JOKERS[code]) {
    return [el("span", { class: "corner", text: "JOKER" }), el("span", { class: "pip", text: "★" }), el("span", { class: "size", text: code === "BJ" ? "big" : "small" })];
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const symbol = SUITS[code[1]].symbol;
  return [el("span", { class: "corner", text: rank + symbol }), el("span", { class: "pip", text: symbol }), el("span", { class: "corner low", text: rank + symbol })];
}

function cardClasses(code, extra) {
  const colour = code === "BJ" || (!JOKERS[code] && SUITS[code[1]].red) ? "red" : "black";
  return ["card", colour, JOKERS[code] ? "joker" : "", ...extra].filter(Boolean).join(" ");
}

// A card drawn as a card: a button when it can be chosen now, else a picture.
function cardNode(code, options = {}) {
  const { onClick = null, selected = false } = options;
  const classes = cardClasses(code, [selected ? "selected" : "", onClick ? "legal" : ""]);
  const label = cardName(code) + (selected ? ", chosen" : "");
  if (onClick) {
    return el("button", { type: "button", class: classes, dataCard: code, "aria-label": label, "aria-pressed": selected ? "true" : "false", onclick: onClick }, cardFace(code));
  }
  return el("span", { class: classes, dataCard: code, role: "img", "aria-label": label }, cardFace(code));
}

function backNode(label = "a face-down card") {
  return el("span", { class: "card back", role: "img", "aria-label": label });
}

// Several cards played at once (80 Points' doubles and sisters) are one play: one group, one label.
function playNode(cards, caption, extra = {}, named = true) {
  const label = !named ? null : cards.length === 2 ? "a double" : cards.length > 2 ? `sisters (${cards.length} cards)` : null;
  const classes = [extra.class || "play", cards.length > 1 ? "multi" : ""].filter(Boolean).join(" ");
  return el(
    "figure",
    { ...extra, class: classes },
    el("div", { class: "cards" }, cards.map((c) => cardNode(c))),
    el("figcaption", {}, el("span", { class: "who", text: caption }), label ? el("span", { class: "kind", text: label }) : null),
  );
}

function suitText(code) {
  if (code === null || code === undefined) return "no trump";
  const suit = SUITS[SUIT_ORDER[code]];
  return `${suit.symbol} ${suit.name}`;
}

function halves(n) {
  return n % 2 ? `${(n - 1) / 2}½` : String(n / 2);
}

function gameInfo(name) {
  return app.games ? app.games.games.find((g) => g.name === name) : null;
}

// A number of the table's rules, as the game says it: the state reply's facts are the numbers
// the table's config has (Pub Derby's goal length for its format, Rugby League's sets in a half).
// The page never writes a rule's number itself, so it cannot say another than the game plays.
function fact(name) {
  const facts = app.table && app.table.shown ? app.table.shown.facts : null;
  if (!facts || typeof facts[name] !== "number") throw new Error(`the server sent no fact ${name}`);
  return facts[name];
}

function pointsText(n) {
  return `${n} ${n === 1 ? "point" : "points"}`;
}

// ---------------------------------------------------------------- who sits where

function teamOf(game, seat) {
  const teams = (gameInfo(game) || {}).teams;
  return teams ? { index: seat % teams.length, name: teams[seat % teams.length] } : null;
}

// Who sits at a seat: you, a bot or a friend (as the table's creator chose), else its number.
function sitter(seat, me) {
  if (seat === me) return "You";
  const kinds = app.table && app.table.kinds;
  return kinds && kinds[seat] ? SEAT_NAMES[kinds[seat]] || kinds[seat] : null;
}

function seatName(seat, me, capital = true) {
  if (seat === me) return capital ? "You" : "you";
  const who = sitter(seat, me);
  return who ? `${who} (Seat ${seat})` : `Seat ${seat}`;
}

function shortName(seat, me) {
  return seat === me ? "You" : `Seat ${seat}`;
}

// ---------------------------------------------------------------- each game's table

// The trick in the middle: each play (one card, or a double or sisters as one group) under the
// name of the seat that played it; a won trick stays with its winner named until the next lead.
function trickCenter(d, me, ov, seats) {
  let plays;
  let winner = null;
  let points = null;
  if (ov) {
    plays = ov.plays;
    winner = ov.winner;
    points = ov.points;
  } else {
    plays = d.trick.map((play, i) => ({ seat: (d.leader + i) % seats, cards: Array.isArray(play) ? play : [play] }));
    const last = d.tricks && d.tricks.length ? d.tricks[d.tricks.length - 1] : null;
    if (!plays.length && last) {
      winner = last.winner;
      points = last.points;
    }
  }
  // The play just made travels in from its seat; the others are already on the table.
  const arriving = ov && ov.lastKind === "CardPlayed" ? plays.length - 1 : -1;
  const places = seatPlaces(seats);
  const from = (seat) => (seat === me ? "me" : places[(seat - me - 1 + seats) % seats]);
  const nodes = plays.map((p, i) => playNode(p.cards, shortName(p.seat, me), { dataSeat: p.seat, class: i === arriving ? "play arriving" : null, dataFrom: i === arriving ? from(p.seat) : null }));
  let note;
  if (winner !== null) {
    const worth = points ? `, ${points} ${GAMES[app.table.shown.game].pointWords(points)}` : "";
    note = `${seatName(winner, me)} ${winner === me ? "take" : "takes"} the trick${worth}.`;
  } else if (!plays.length) {
    note = "No card played yet.";
  }
  return el("section", { class: "trick", "aria-label": "Trick", dataWinner: winner === null ? null : String(winner) }, el("div", { class: "plays" }, nodes), note ? el("p", { class: "trick-note", text: note }) : null);
}

// A table of scores: a header, then rows whose first cell names the row; `mine(i)` marks your row.
function scoreTable(head, rows, mine = () => false) {
  const body = rows.map((cells, r) => el("tr", { class: mine(r) ? "mine" : null }, cells.map((c, i) => (i === 0 ? el("th", { scope: "row", text: c }) : el("td", { text: String(c) })))));
  return el("table", { class: "scores" }, el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))), el("tbody", {}, body));
}

function factList(pairs) {
  return el("dl", { class: "facts" }, pairs.filter(Boolean).map(([term, value]) => [el("dt", { text: term }), el("dd", {}, value instanceof Node ? value : String(value))]));
}

function headline(text, extra = {}) {
  return el("p", { class: "headline", ...extra, text });
}

function teamScore(game, values, fmt = String) {
  const teams = gameInfo(game).teams;
  return `${teams[0]} ${fmt(values[0])} – ${fmt(values[1])} ${teams[1]}`;
}

function levelsText(game, levels) {
  const teams = gameInfo(game).teams;
  return `${teams[0]}: ${levelText(levels[0])} · ${teams[1]}: ${levelText(levels[1])}`;
}

// A team's yellow cards, drawn as yellow cards.
function yellowCards(team, n) {
  const cards = Array.from({ length: n }, () => el("span", { class: "yellow-card", "aria-hidden": "true" }));
  return el("span", { class: "yellows", "aria-label": `team ${team}: ${n} yellow ${n === 1 ? "card" : "cards"}` }, `${team} `, cards, n ? ` ${n}` : "none");
}

function phaseWords(phase) {
  const words = { redeal: "asking for redeals", declare: "declaring no trump", discard: `the starter discards ${fact("bottom_cards")} to the bottom`, play: "playing tricks", over: "the match is over" };
  return words[phase] || phase;
}

// The pitch's places from the home try line, as many as the game's pitch has: a try line, the
// home half's places numbered up from it, the away half's numbered down to the other try line.
function pitchPlaces() {
  const count = fact("places");
  return Array.from({ length: count }, (_, k) => {
    const home = k < count / 2;
    const line = k === 0 || k === count - 1;
    const number = String(home ? k : count - 1 - k);
    return { name: `${home ? "home" : "away"} ${line ? "try line" : number}`, short: line ? "T" : number, home, line };
  });
}

function pitchNode(ball, attacker, sides) {
  const cells = pitchPlaces().map(({ name, short, home, line }, k) =>
    el("li", { class: `${home ? "home" : "away"}${k === ball ? " ball" : ""}${line ? " line" : ""}`, "aria-label": k === ball ? `${name}: the ball` : name }, el("span", { text: short }), k === ball ? el("span", { class: "ballmark", text: "●" }) : null),
  );
  return el("section", { class: "pitch", "aria-label": "Pitch" }, el("p", { class: "pitch-ends" }, el("span", { text: `◀ ${sides[0]} try line` }), el("span", { text: `${sides[attacker]} attacking ${attacker === 0 ? "▶" : "◀"}` }), el("span", { text: `${sides[1]} try line ▶` })), el("ol", { class: "places" }, cells));
}

function rugbyPhase(d, sides) {
  if (d.phase === "tackle") return `Tackle ${d.tackles + 1} of the set · tackles lost ${d.lost} of ${fact("lost_tackles")}`;
  if (d.phase === "penalty") return `Penalty to ${sides[d.attacker]}`;
  if (d.phase === "over") return "Full time";
  return `${d.phase.replace(/_/g, " ")} by ${sides[d.attacker]}: ${d.wins} of ${d.needed} rounds won, round ${d.rounds + 1}`;
}

function slotRow(d, side, me, title) {
  const cards = d.filled[side].map((filled, k) => {
    if (!filled) return el("span", { class: "card empty", role: "img", "aria-label": `slot ${k}: played` });
    const own = side === me && d.own_row.length ? d.own_row[k] : null;
    return own ? cardNode(own) : backNode(`slot ${k}: a face-down card`);
  });
  return el("section", { class: "slots", "aria-label": title }, el("h3", { text: title }), el("div", { class: "cards" }, cards));
}

function lastSeasonNode(result, me) {
  if (!result) return null;
  const winner = result.winner === null ? "halved" : `${shortName(result.winner, me)} ${result.winner === me ? "win" : "wins"}`;
  const groups = result.teams.map((team, k) => playNode(team, `${shortName(k, me)}: ${pointsText(result.values[k].points)}`, {}, false));
  return el("section", { class: "season", "aria-label": "Last season" }, el("h3", { text: `Season ${result.season}: ${winner}` }), el("div", { class: "plays" }, groups));
}

// Each game, every one with the same keys (the one place this page knows a game by its name):
// title its name in words; tricks whether the view has a trick (a leader and the cards played to
// it); slots whether your cards are a row of slots, played by number (Rugby League), not a hand;
// handTitle what your cards are called; pointWords(n) what a trick's n points are; turnWords(d)
// the status line on your turn; buttons() the words of a move that is not a card where they are
// this game's own (else CHOICE_WORDS);
// center(d, me, ov, ui) the middle of the felt; hand(d) your cards (null: none);
// board(d, me) the scoreboard; final(d, me) the result in the game's own terms.
// A rule's number in these words is the game's, read with fact(name), never written here.
const GAMES = {
  clubs: {
    title: "Clubs", tricks: true, slots: false, handTitle: "Your hand",
    pointWords: (n) => (n === 1 ? "club" : "clubs"),
    turnWords: () => "Your turn.",
    buttons: () => ({}),
    center: (d, me, ov) => trickCenter(d, me, ov, d.hand_sizes.length),
    hand: (d) => d.hand,
    board: (d, me) => [
      headline(`Round ${d.round}`),
      el("p", { class: "sub", text: `The game ends when someone reaches ${d.config.threshold} points; the lowest score wins.` }),
      scoreTable(["Seat", "Score"], d.scores.map((s, k) => [shortName(k, me), s]), (k) => k === me),
    ],
    final: (d, me) => `Final scores (lowest wins): ${d.scores.map((s, k) => `${shortName(k, me)} ${s}`).join(" · ")}`,
  },
  pub_derby: {
    title: "Pub Derby", tricks: true, slots: false, handTitle: "Your hand",
    pointWords: () => "points",
    turnWords: () => "Your turn.",
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
    title: "Rugby League", tricks: false, slots: true, handTitle: "Your row",
    pointWords: () => "points",
    turnWords: () => "Your turn.",
    buttons: () => ({
      touch: ["Kick for touch", `the ball goes ${fact("touch_places")} places forward, a new set`],
      goal: ["Kick for goal", `${pointsText(fact("penalty_goal_points"))} if you win the kick's rounds`],
      drop: ["Drop goal", `${pointsText(fact("drop_goal_points"))} if you win the kick's rounds`],
    }),
    center: (d, me, ov) => {
      const shown = ov && ov.revealed ? ov.revealed : d.last;
      const sides = gameInfo("rugby_league").teams;
      const arriving = ov && ov.lastKind === "CardsRevealed" ? "play arriving" : null;
      const revealed = shown[0] || shown[1] ? el("div", { class: "plays" }, shown.map((c, k) => (c ? playNode([c], k === me ? "You" : sides[k], { class: arriving }) : null))) : el("p", { class: "trick-note", text: "No cards shown yet this set." });
      return el("section", { class: "trick rugby", "aria-label": "Trick" }, slotRow(d, 1 - me, me, `${sides[1 - me]}'s row (${sitter(1 - me, me) || `Seat ${1 - me}`})`), pitchNode(ov && ov.ball !== null ? ov.ball : d.ball, d.attacker, sides), el("p", { class: "phase", text: rugbyPhase(d, sides) }), revealed);
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
    title: "80 Points", tricks: true, slots: false, handTitle: "Your hand",
    pointWords: () => "points",
    turnWords: (d) => (d.phase === "discard" ? "Your turn: discard a card to the bottom." : "Your turn."),
    buttons: () => ({ pass: ["Do not declare", "no no-trump declaration"] }),
    center: (d, me, ov) => {
      const trick = trickCenter(d, me, ov, d.hand_sizes.length);
      if (d.bottom && d.bottom.length) trick.append(playNode(d.bottom, d.phase === "over" ? "the bottom" : `the bottom: you discard ${fact("bottom_cards")} into it`, { class: "play bottom" }, false));
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
    title: "Manager", tricks: false, slots: false, handTitle: "Your team",
    pointWords: () => "points",
    turnWords: () => "Your turn.",
    buttons: () => ({ pass: ["Pass", "keep your team as it is"] }),
    center: (d, me, ov, ui) => {
      const pool = d.pool.length ? el("div", { class: "cards" }, d.pool.map((c) => ui.poolNode(c))) : el("p", { class: "trick-note", text: "No draft open." });
      const season = ov && ov.season ? ov.season : d.results[d.results.length - 1];
      return el("section", { class: "trick manager", "aria-label": "Trick" }, el("section", { class: "pool", "aria-label": "Pool" }, el("h3", { text: d.pool.length ? `Pool · swaps this draft ${d.exchanges} of ${d.config.max_exchanges}` : "Pool" }), pool), el("section", { class: "other-team", "aria-label": "Other team" }, el("h3", { text: `${shortName(1 - me, me)}'s team` }), el("div", { class: "cards" }, d.teams[1 - me].map((c) => cardNode(c)))), lastSeasonNode(season, me));
    },
    hand: (d) => d.teams[d.player],
    board: (d, me) => [
      headline(`Seasons won: ${d.halves.map((n, k) => `${shortName(k, me)} ${halves(n)}`).join(" · ")}`),
      scoreTable(["Season", shortName(me, me), shortName(1 - me, me), "Won by"], d.results.map((r) => [String(r.season), r.values[me].points, r.values[1 - me].points, r.winner === null ? "halved" : shortName(r.winner, me)])),
      factList([["Season", `${Math.min(d.season + 1, fact("seasons"))} of ${fact("seasons")}`], d.stripped_suit ? ["Suit left out", d.stripped_suit.toLowerCase()] : null, ["Stock", `${d.stock_size} cards`]]),
    ],
    final: (d, me) => `Seasons won: ${d.halves.map((n, k) => `${shortName(k, me)} ${halves(n)}`).join(" · ")}`,
  },
};

function seatCount(reply) {
  return reply.seats.length;
}

// Where the other seats sit, clockwise from your left: one opposite; two to your left and right;
// three left, top, right; more fill the top, then a second on each side.
function seatPlaces(count) {
  const others = count - 1;
  const side = others <= 1 ? 0 : others <= 6 ? 1 : 2;
  const top = others - 2 * side;
  return [...Array(side).fill("left"), ...Array(top).fill("top"), ...Array(side).fill("right")];
}

function seatNode(reply, seat, me, turn, counts, turnWord = "to play") {
  const team = teamOf(reply.game, seat);
  const count = counts ? counts[seat] : null;
  const words = count === 0 ? "no cards" : `${count} ${count === 1 ? "card" : "cards"}`;
  const backs = count === null ? null : el("div", { class: "held", "aria-label": `${words} held` }, Array.from({ length: Math.min(count, 5) }, () => el("span", { class: "back-mini" })), el("span", { class: "count", text: words }));
  return el(
    "div",
    { class: `seat${seat === me ? " me" : ""}`, dataSeat: seat, dataTurn: seat === turn ? "true" : null, dataTeam: team ? team.index : null, "aria-label": `${seatName(seat, me)}${seat === turn ? ", to play" : ""}` },
    el("div", { class: "seat-name" }, el("span", { class: "name", text: sitter(seat, me) || `Seat ${seat}` })),
    el("div", { class: "seat-line" }, sitter(seat, me) ? el("span", { class: "number", text: `Seat ${seat}` }) : null, team ? el("span", { class: `team team-${team.index}`, text: team.name }) : null, seat === turn ? el("span", { class: "turn", text: turnWord }) : null),
    backs,
  );
}

// The felt: the other seats around it, the middle of the table, and your seat at the bottom.
function feltNode(reply, me, ov, ui) {
  const d = reply.view.data;
  const turn = ov ? ov.actor : reply.to_act;
  const counts = ov && ov.counts ? ov.counts : d.hand_sizes || null;
  const center = [GAMES[reply.game].center(d, me, ov, ui), ov && ov.note ? el("p", { class: "announce", role: "status", text: eventWords(ov.note) }) : null];
  return seatsAround(reply, seatCount(reply), me, me, turn, counts, center, ov ? "playing" : "to play");
}

// `count` seats around the felt, `bottom` nearest (you, or seat 0 for a spectator), `center` in the middle.
function seatsAround(reply, count, bottom, me, turn, counts, center, turnWord = "to play") {
  const groups = { left: [], top: [], right: [] };
  seatPlaces(count).forEach((place, i) => groups[place].push(seatNode(reply, (bottom + 1 + i) % count, me, turn, counts, turnWord)));
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

// ---------------------------------------------------------------- moves: what a click can do

// The legal moves sorted by how they are chosen: cards (one or several, maybe after a verb such as
// "discard"), a team card swapped for a pool card, or a button.
function classify(legal) {
  const plays = [];
  const swaps = [];
  const buttons = [];
  for (const text of legal) {
    const tokens = text.split(" ");
    const swap = SWAP.exec(text);
    if (tokens.every(isCard)) plays.push({ text, cards: tokens });
    else if (tokens.length === 2 && tokens[0] === "discard" && isCard(tokens[1])) plays.push({ text, cards: [tokens[1]] });
    else if (swap) swaps.push({ text, team: swap[1], pool: swap[2] });
    else buttons.push(text);
  }
  return { plays, swaps, buttons };
}

function counts(cards) {
  const bag = new Map();
  for (const c of cards) bag.set(c, (bag.get(c) || 0) + 1);
  return bag;
}

function within(small, big) {
  const have = counts(big);
  for (const [c, n] of counts(small)) if ((have.get(c) || 0) < n) return false;
  return true;
}

// Cards that can be added to the chosen ones and still complete some legal play.
function completable(chosen, plays) {
  const next = new Set();
  for (const play of plays) {
    if (play.cards.length <= chosen.length || !within(chosen, play.cards)) continue;
    const rest = counts(play.cards);
    for (const c of chosen) rest.set(c, rest.get(c) - 1);
    for (const [c, n] of rest) if (n > 0) next.add(c);
  }
  return next;
}

function completed(chosen, plays) {
  return plays.find((p) => p.cards.length === chosen.length && within(chosen, p.cards)) || null;
}

// What a button says for a move that is not a card (Rugby League's slots are the cards of its row).
function buttonWords(text, game) {
  return GAMES[game].buttons()[text] || CHOICE_WORDS[text] || [text, ""];
}

// ---------------------------------------------------------------- the app

const app = {
  conn: null,
  games: null,
  table: null, // {id, seat, token, shown, target, queue, overlay, log, chosen, team, busy, error, kinds}
};

function main() {
  app.conn = open();
  window.addEventListener("hashchange", route);
  route();
}

// The connection is @cardrules/client's (served at /client/): it matches replies to requests,
// hands on the server's pushes, and when the connection drops reconnects with backoff and joins
// the tables again. A first attempt that fails is tried again until the server answers.
async function open() {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  for (;;) {
    try {
      const client = await connect(url);
      document.getElementById("connection").textContent = "";
      client.onPush(onPush);
      client.onStatus(onConnection);
      return client;
    } catch {
      document.getElementById("connection").textContent = "Disconnected: reconnecting…";
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

// A request's reply; the server's refusal ({ok: false, error}) is a reply too, for the page to say.
async function ask(op, fields = {}) {
  const client = await app.conn;
  try {
    return await client.request(op, fields);
  } catch (error) {
    if (error instanceof ProtocolReplyError) return error.reply;
    throw error;
  }
}

// Back after a drop (the client has joined the table again): the table is asked for afresh,
// so that the page shows every event from the start and the position as it is now.
function onConnection({ status, failed }) {
  document.getElementById("connection").textContent = status === "open" ? "" : "Disconnected: reconnecting…";
  if (status !== "open" || !app.table) return;
  const refused = (failed || []).find((f) => f.table === app.table.id);
  if (refused) showError(tableError(refused.error.reply.error));
  else joinTable(app.table);
}

function onPush(reply) {
  if (!app.table || !reply.ok || reply.table !== app.table.id) return;
  takeState(reply);
}

function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (app.table) app.table.gone = true;
  if (parts[0] === "t" && parts[1]) {
    const invited = parts[2] === "invite";
    const seat = invited ? Number(parts[3]) : parts[2] === undefined ? null : Number(parts[2]);
    const kinds = JSON.parse(sessionStorage.getItem(`seats-${parts[1]}`) || "null");
    app.table = { id: parts[1], seat, token: invited ? null : parts[3] || null, invitation: invited ? parts[4] : null, shown: null, target: null, queue: [], overlay: null, log: [], chosen: [], chosenIndexes: [], team: null, busy: false, error: "", kinds, dealCheck: null };
    joinTable(app.table);
  } else {
    app.table = null;
    showLobby();
  }
}

function screen(name, ...children) {
  document.body.dataset.screen = name;
  document.getElementById("app").replaceChildren(...children);
}

function showError(message) {
  screen("error", el("section", { class: "panel" }, el("h2", { text: "Something went wrong" }), el("p", { role: "alert", text: message }), el("p", {}, el("a", { href: "#/", text: "Back to the lobby" }))));
}

async function loadGames() {
  if (!app.games) app.games = await ask("games");
  return app.games;
}

// ---------------------------------------------------------------- the lobby

async function showLobby() {
  screen("loading", el("p", { text: "Loading the games…" }));
  let reply;
  try {
    reply = await loadGames();
  } catch (error) {
    showError(error.message);
    return;
  }
  const form = el("form", { class: "panel lobby", "aria-label": "New table", novalidate: true });
  const gameList = el("fieldset", { class: "games" }, el("legend", { text: "Game" }));
  reply.games.forEach((g, i) => {
    gameList.append(el("label", { class: "choice" }, el("input", { type: "radio", name: "game", value: g.name, checked: i === 0 }), el("strong", { text: (GAMES[g.name] ? GAMES[g.name].title : g.name) }), el("span", { text: g.description.replace(/^[^:]*: /, "") })));
  });
  const details = el("div", { class: "details" });
  const message = el("p", { class: "error", role: "alert" });
  form.append(el("h2", { text: "Start a table" }), el("div", { class: "lobby-grid" }, gameList, details), message, el("button", { type: "submit", class: "primary", text: "Start the table" }));
  const draw = () => drawLobbyDetails(details, selectedGame(form));
  form.addEventListener("change", (event) => {
    if (event.target.name === "game" || event.target.dataset.seats) draw();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startTable(form, message);
  });
  screen("lobby", form);
  draw();
}

function selectedGame(form) {
  const name = form.querySelector("input[name=game]:checked").value;
  return app.games.games.find((g) => g.name === name);
}

// One config field as the games reply describes it: a labelled input with its range and default.
function configField(field, value) {
  const id = `config-${field.name}`;
  let input;
  let range = "";
  const small = field.kind === "int" && field.max !== null && field.max - field.min <= 4;
  if (field.kind === "choice" || small) {
    const choices = field.kind === "choice" ? field.choices : Array.from({ length: field.max - field.min + 1 }, (_, k) => ({ value: field.min + k, label: String(field.min + k) }));
    const options = choices.map((c) => el("option", { value: JSON.stringify(c.value), selected: c.value === value, text: c.players && field.kind === "choice" && new Set(field.choices.map((x) => x.players)).size > 1 ? `${c.label} (${c.players} players)` : c.label }));
    if (field.optional) options.unshift(el("option", { value: "null", selected: value === null, text: field.help || "none" }));
    input = el("select", { id, name: field.name, dataSeats: field.name === "players" || (field.choices && new Set(field.choices.map((c) => c.players)).size > 1) ? "1" : null }, options);
  } else if (field.kind === "bool") {
    input = el("input", { id, name: field.name, type: "checkbox", checked: value });
  } else {
    range = field.max === null ? `at least ${field.min}` : `${field.min} to ${field.max}`;
    input = el("input", { id, name: field.name, type: "number", inputmode: "numeric", min: field.min, max: field.max, step: 1, value: value === null ? "" : value, placeholder: value === null ? "empty" : null, "aria-describedby": `${id}-hint` });
  }
  const defaultText = field.default === null ? "empty" : field.kind === "bool" ? (field.default ? "on" : "off") : field.kind === "choice" ? field.choices.find((c) => c.value === field.default).label : String(field.default);
  const hint = [range, field.kind === "choice" || small ? "" : `default ${defaultText}`, field.kind === "choice" || small ? "" : field.help].filter(Boolean).join(" · ");
  return el("div", { class: "field" }, el("label", { for: id, text: field.label }), input, hint ? el("small", { id: `${id}-hint`, class: "hint", text: hint }) : null);
}

// The form's config, or the first problem with it in words (checked here, before sending).
function readConfig(form, game) {
  const config = {};
  for (const field of game.fields) {
    const input = form.querySelector(`[name=${field.name}]`);
    if (input.tagName === "SELECT") config[field.name] = JSON.parse(input.value);
    else if (input.type === "checkbox") config[field.name] = input.checked;
    else if (input.value.trim() === "") {
      if (!field.optional) return { problem: `${field.label}: give a whole number (${input.getAttribute("aria-describedby") ? document.getElementById(input.getAttribute("aria-describedby")).textContent : ""}).`, input };
      config[field.name] = null;
    } else {
      const number = Number(input.value);
      const range = field.max === null ? `at least ${field.min}` : `from ${field.min} to ${field.max}`;
      if (!Number.isInteger(number) || number < field.min || (field.max !== null && number > field.max)) {
        return { problem: `${field.label} is a whole number ${range}, not ${input.value}.`, input };
      }
      config[field.name] = number;
    }
  }
  return { config };
}

function seatTotal(game, config) {
  for (const field of game.fields) {
    if (field.name === "players") return config.players;
    if (field.kind === "choice") {
      const choice = field.choices.find((c) => c.value === config[field.name]);
      if (choice && new Set(field.choices.map((c) => c.players)).size > 1) return choice.players;
    }
  }
  return game.players;
}

function drawLobbyDetails(details, game) {
  const old = details.querySelector("fieldset.config");
  let config = { ...game.config };
  if (old && details.dataset.game === game.name) {
    const read = readConfig(details.closest("form"), game);
    if (read.config) config = read.config;
  }
  details.dataset.game = game.name;
  const configSet = el("fieldset", { class: "config" }, el("legend", { text: `${GAMES[game.name].title}: options` }), game.fields.map((f) => configField(f, config[f.name])));
  // Empty: a fair deal (the server commits to its seed, every seat adds its own). A seed makes a
  // practice table, whose every hand anyone who knows the seed can know. Text, not a number
  // input: a seed goes up to 2**64 - 1, past the integers a JavaScript number holds exactly.
  const seeded = el("div", { class: "field" }, el("label", { for: "seed", text: "Practice seed" }), el("input", { id: "seed", name: "seed", type: "text", inputmode: "numeric", pattern: "0|[1-9][0-9]{0,19}", autocomplete: "off", value: "", placeholder: "empty: a fair deal", "aria-describedby": "seed-hint" }), el("small", { id: "seed-hint", class: "hint", text: "a seed makes a practice table, whose hands anyone with the seed can know" }));
  configSet.append(seeded);
  const seats = seatTotal(game, config);
  const you = el("select", { id: "you", name: "you" }, [...Array(seats).keys()].map((k) => el("option", { value: k, text: `Seat ${k}` })), el("option", { value: "watch", text: "Nowhere: watch the bots" }));
  const seatSet = el("fieldset", { class: "seats" }, el("legend", { text: "Seats" }), el("div", { class: "field" }, el("label", { for: "you", text: "You sit at" }), you));
  for (let k = 0; k < seats; k++) {
    const team = game.teams ? ` (${game.teams[k % game.teams.length]})` : "";
    seatSet.append(el("div", { class: "field seat", dataSeat: k }, el("label", { for: `seat-${k}`, text: `Seat ${k}${team}` }), el("select", { id: `seat-${k}`, name: `seat-${k}` }, seatChoices().map(([v, t]) => el("option", { value: v, text: t })))));
  }
  const sync = () => {
    for (const row of seatSet.querySelectorAll(".seat")) {
      const mine = row.dataset.seat === you.value;
      row.querySelector("select").hidden = mine;
      row.classList.toggle("mine", mine);
    }
  };
  you.addEventListener("change", sync);
  sync();
  details.replaceChildren(configSet, seatSet, howToPlayNode(game, true));
}

function howToPlayNode(game, open = false) {
  const node = el("details", { class: "howto", open }, el("summary", { text: `How to play ${GAMES[game.name].title}` }), game.how_to_play.map((p) => el("p", { text: p })), el("p", {}, el("a", { href: game.rules, target: "_blank", rel: "noopener", text: `The full rules of ${GAMES[game.name].title}` })));
  return node;
}

// The practice seed as the protocol takes it: its decimal text, never a Number (which would round
// a seed beyond 2**53 - 1 into another deal); null for a fair deal, or the problem in words.
const MAX_SEED = 2n ** 64n - 1n;
function readSeed(input) {
  const text = input.value.trim();
  if (text === "") return { seed: null };
  if (!/^(0|[1-9][0-9]{0,19})$/.test(text) || BigInt(text) > MAX_SEED) {
    return { problem: `Practice seed is a whole number from 0 to ${MAX_SEED}, not ${input.value}.`, input };
  }
  return { seed: text };
}

async function startTable(form, message) {
  const game = selectedGame(form);
  const read = readConfig(form, game);
  const seed = readSeed(form.querySelector("#seed"));
  for (const bad of form.querySelectorAll("[aria-invalid]")) bad.removeAttribute("aria-invalid");
  const wrong = read.problem ? read : seed.problem ? seed : null;
  if (wrong) {
    message.textContent = wrong.problem;
    wrong.input.setAttribute("aria-invalid", "true");
    wrong.input.focus();
    return;
  }
  const you = form.querySelector("#you").value;
  const seats = [...form.querySelectorAll(".seat")].map((row) => (row.dataset.seat === you ? "human" : row.querySelector("select").value));
  message.textContent = "";
  const request = { game: game.name, config: read.config, seats, seat: you === "watch" ? null : Number(you) };
  if (seed.seed !== null) request.seed = seed.seed;
  const reply = await ask("new", request);
  if (!reply.ok) {
    message.textContent = reply.error.message;
    return;
  }
  // Only invitations are shared: a seat's token stays with whoever claimed the seat.
  const links = Object.entries(reply.invitations).map(([seat, code]) => [Number(seat), code]);
  sessionStorage.setItem(`links-${reply.table}`, JSON.stringify(links));
  sessionStorage.setItem(`seats-${reply.table}`, JSON.stringify(seats.map((kind, k) => (String(k) === you ? "you" : kind))));
  location.hash = you === "watch" ? `#/t/${reply.table}` : `#/t/${reply.table}/${you}/${reply.tokens[you]}`;
}

// ---------------------------------------------------------------- the table: replies and their replay

async function joinTable(table) {
  if (app.table !== table) return;
  if (!table.shown) screen("loading", el("p", { text: "Joining the table…" }));
  let reply;
  try {
    await loadGames();
    if (table.invitation && !(await claimSeat(table))) return;
    reply = await ask("join", { table: table.id, token: table.token || undefined });
    if (reply.ok && reply.seat !== null && reply.deal.waiting.includes(reply.seat)) reply = await sitDown(table, reply);
  } catch (error) {
    // The socket's close handler tries again in a second.
    if (app.table === table) document.getElementById("connection").textContent = `${error.message}: reconnecting…`;
    return;
  }
  if (app.table !== table) return;
  if (!reply.ok) {
    showError(tableError(reply.error));
    return;
  }
  // A join's reply tells every event from the start: told at once, not replayed.
  if (reply.seats) table.kinds = reply.seats; // who sits where, for every page (a friend's too)
  table.log = reply.events.map((e) => e.text);
  table.queue = [];
  table.overlay = null;
  table.shown = reply;
  table.target = reply;
  table.error = "";
  drawTable();
}

// An invitation is claimed once: the seat's own token comes back, and the address becomes the
// seat's own link (kept by this browser; the invitation no longer opens the seat to anyone).
async function claimSeat(table) {
  const reply = await ask("claim", { table: table.id, invitation: table.invitation });
  if (app.table !== table) return false;
  if (!reply.ok) {
    const taken = reply.error.type === "StateError" && reply.error.message.includes("is taken");
    showError(taken ? `This invitation was used already: Seat ${table.seat} is taken. Each invitation opens its seat once; if it was you, go back to the page where you opened it (its address holds your seat).` : tableError(reply.error));
    return false;
  }
  table.token = reply.token;
  table.invitation = null;
  history.replaceState(null, "", `#/t/${table.id}/${reply.seat}/${reply.token}`);
  return true;
}

// A seat sits down once, after the join's reply has shown it the deal's commitment: only then
// does it send its own random string, so the server cannot have chosen its seed knowing it.
async function sitDown(table, joined) {
  if (joined.deal.chosen) return joined;
  sessionStorage.setItem(`commitment-${table.id}`, joined.deal.commitment);
  table.shown = joined;
  table.target = joined;
  drawTable();
  const contribution = randomText();
  sessionStorage.setItem(`contribution-${table.id}-${joined.seat}`, contribution);
  return ask("sit", { table: table.id, token: table.token, contribution });
}

// A table's error as a person reads it: a table that is not there is said plainly.
function tableError(error) {
  if (error.type === "StateError" && error.message.startsWith("no table")) return "There is no such table on this server: the link may be mistyped, or the table was made on another server.";
  return `${error.type}: ${error.message}`;
}

function takeState(reply) {
  const table = app.table;
  if (reply.seats) table.kinds = reply.seats; // who sits where, for every page (a friend's too)
  const steps = stepsOf(reply.events);
  const known = table.target;
  if (!known || reply.moves >= known.moves) table.target = reply;
  if (!table.shown || !table.shown.view.data || !reply.view.data) {
    // Nothing on the table to replay onto (the deal was waiting): show the new position.
    table.log.push(...reply.events.map((e) => e.text));
    table.shown = table.target;
    clearChoice(table);
    drawTable();
    return;
  }
  table.queue.push(...steps);
  replay(table);
}

// The events of a reply as steps of the replay: one event each, but the cards a seat plays at
// once (a double, sisters) are one step.
function stepsOf(events) {
  const steps = [];
  for (const e of events) {
    const data = e.event.data;
    const last = steps[steps.length - 1];
    if (data.type === "CardPlayed" && last && last.kind === "CardPlayed" && last.events[0].event.data.seat === data.seat && !last.closed) {
      last.events.push(e);
      continue;
    }
    if (last && last.kind === "CardPlayed") last.closed = true;
    steps.push({ kind: data.type, events: [e] });
  }
  return steps;
}

const STEP_WEIGHTS = { CardPlayed: 1, TrickWon: 1.5, CardsRevealed: 1.2, SeasonRevealed: 2, Exchanged: 1, Discarded: 0.15, GameOver: 0 };

function pace() {
  const saved = localStorage.getItem(PACE_KEY);
  return saved === null ? 0.6 : Number(saved);
}

// A pause that a change of pace (to full speed, say) cuts short.
function pause(table, seconds) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    table.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

async function replay(table) {
  if (table.playing) return;
  table.playing = true;
  while (table.queue.length && !table.gone) {
    const step = table.queue.shift();
    if (!table.overlay) table.overlay = freshOverlay(table.shown);
    for (const e of step.events) tell(table, e);
    const weight = STEP_WEIGHTS[step.kind] ?? 0.6;
    const seconds = pace() * weight;
    if (seconds > 0 && (table.queue.length || step.kind === "TrickWon")) {
      drawTable();
      await pause(table, seconds);
    }
  }
  table.playing = false;
  if (table.gone) return;
  table.overlay = null;
  if (table.target !== table.shown) clearChoice(table);
  table.shown = table.target;
  drawTable();
}

function clearChoice(table) {
  table.chosen = [];
  table.chosenIndexes = [];
  table.team = null;
}

function freshOverlay(reply) {
  const d = reply.view.data;
  const seats = seatCount(reply);
  const plays = GAMES[reply.game].tricks ? (d.trick || []).map((play, i) => ({ seat: (d.leader + i) % seats, cards: Array.isArray(play) ? play : [play] })) : [];
  return { plays, winner: null, points: null, note: "", counts: d.hand_sizes ? [...d.hand_sizes] : null, mine: [], dealt: false, revealed: null, ball: null, actor: reply.to_act, season: null, lastKind: null };
}

// One event told: into the log, and onto the table being replayed.
function tell(table, e) {
  const ov = table.overlay;
  const data = e.event.data;
  const me = table.shown.seat;
  table.log.push(e.text);
  ov.note = e.text;
  if (data.type === "CardPlayed") {
    if (ov.winner !== null) Object.assign(ov, { plays: [], winner: null, points: null });
    const last = ov.plays[ov.plays.length - 1];
    if (ov.lastKind === "CardPlayed" && last && last.seat === data.seat) last.cards = [...last.cards, data.card];
    else ov.plays.push({ seat: data.seat, cards: [data.card] });
    if (ov.counts) ov.counts[data.seat] = Math.max(0, ov.counts[data.seat] - 1);
    if (data.seat === me) ov.mine.push(data.card);
    ov.actor = data.seat;
  } else if (data.type === "TrickWon") {
    Object.assign(ov, { winner: data.seat, points: data.points, actor: data.seat });
  } else if (data.type === "Dealt") {
    Object.assign(ov, { counts: [...data.hand_sizes], plays: [], winner: null, dealt: true });
  } else if (data.type === "BottomTaken" && ov.counts) {
    ov.counts[data.seat] += fact("bottom_cards");
  } else if (data.type === "Discarded" && ov.counts) {
    ov.counts[data.seat] = Math.max(0, ov.counts[data.seat] - 1);
  } else if (data.type === "CardsRevealed") {
    ov.revealed = data.cards;
  } else if (data.type === "BallMoved") {
    ov.ball = data.end;
  } else if (data.type === "SeasonRevealed") {
    ov.season = { season: data.season, teams: data.teams, values: data.values, winner: null };
  } else if (data.type === "SeasonWon" && ov.season) {
    ov.season.winner = data.seat;
  } else if ("seat" in data) {
    ov.actor = data.seat;
  }
  ov.lastKind = data.type;
}

async function send(move) {
  const table = app.table;
  if (table.busy) return;
  table.busy = true;
  table.error = "";
  drawTable();
  let reply;
  try {
    // "at": the position this move was chosen in; a move sent twice is refused the second time.
    reply = await ask("play", { table: table.id, token: table.token, move, at: table.shown.moves });
  } catch (error) {
    reply = { ok: false, error: { type: "Disconnected", message: error.message } };
  }
  table.busy = false;
  if (reply.ok) {
    takeState(reply);
  } else {
    table.error = reply.error.message;
    drawTable();
  }
}

// ---------------------------------------------------------------- the table: drawing it

function drawTable() {
  const table = app.table;
  const reply = table && table.shown;
  if (!reply) return;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focusKey : null;
  const me = reply.seat;
  const ov = table.overlay;
  const replaying = Boolean(ov) || table.queue.length > 0;
  const mine = !replaying && me !== null && reply.to_act === me && reply.legal.length > 0;
  const status = replaying ? "replaying" : reply.outcome ? "over" : mine ? (table.busy ? "sending" : "your-turn") : "waiting";
  const section = el("section", { class: `table game-${reply.game}`, dataStatus: status, dataMoves: reply.moves, dataToAct: reply.to_act === null ? "none" : String(reply.to_act), dataGame: reply.game, "aria-label": "Table" });
  section.append(toolbarNode(reply, me, table, replaying));
  if (table.error) section.append(el("p", { class: "error", role: "alert", text: table.error }));
  const side = el("aside", { class: "side" });
  const main = el("div", { class: "playarea" });
  if (reply.deal.waiting.length) {
    main.append(waitingNode(reply, me, table));
  } else if (me === null) {
    if (reply.outcome) main.append(resultNode(reply, me));
    main.append(spectatorNode(reply));
  } else {
    const d = reply.view.data;
    const ui = choiceUi(reply, d, mine && !table.busy);
    if (reply.outcome && !replaying) main.append(resultNode(reply, me));
    main.append(feltNode(reply, me, ov, ui));
    const hand = handNode(reply, handCards(reply, table, ov), ui);
    if (hand) main.append(hand);
    const actions = actionsNode(ui, reply);
    if (actions) main.append(actions);
    side.append(el("section", { class: "scoreboard", "aria-label": "Scoreboard" }, el("h3", { text: "Score" }), GAMES[reply.game].board(d, me)));
  }
  const info = gameInfo(reply.game);
  if (info) {
    const howto = howToPlayNode(info, table.howto === true); // closed at first, then as the reader left it
    howto.addEventListener("toggle", () => { table.howto = howto.open; });
    side.append(howto);
  }
  side.append(logNode(table.log), dealNode(reply, table), shareNode(table.id));
  section.append(el("div", { class: "layout" }, main, side));
  screen("table", section);
  if (focused) {
    const again = section.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

// Your cards while the replay runs: the ones you played leave your hand as they reach the trick.
function handCards(reply, table, ov) {
  const source = ov && ov.dealt ? table.target : reply;
  const cards = GAMES[reply.game].hand(source.view.data);
  if (!cards || !ov || ov.dealt) return cards;
  const left = [...cards];
  for (const c of ov.mine) {
    const at = left.indexOf(c);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

function toolbarNode(reply, me, table, replaying) {
  const paces = PACES.some(([value]) => Number(value) === pace()) ? PACES : [...PACES, [String(pace()), `${pace()} s a card`]];
  const speed = el("select", { id: "speed", "aria-label": "Pace of play" }, paces.map(([value, text]) => el("option", { value, text, selected: Number(value) === pace() })));
  speed.addEventListener("change", () => {
    localStorage.setItem(PACE_KEY, speed.value);
    if (table.wake) table.wake();
  });
  const who = me === null ? "watching" : `you are Seat ${me}`;
  return el(
    "div",
    { class: "toolbar" },
    el("h2", {}, GAMES[reply.game].title, el("small", { text: ` table ${reply.table}, ${who}` })),
    el("p", { class: "status", role: "status", text: statusText(reply, me, table, replaying) }),
    el("label", { class: "pace" }, "Pace ", speed),
  );
}

function statusText(reply, me, table, replaying) {
  const waiting = reply.deal.waiting;
  if (waiting.length) return waitingText(waiting, me);
  if (replaying) return "Playing out the last moves…";
  if (reply.outcome) return "Game over.";
  if (reply.to_act === null) return "";
  if (table.busy) return "Playing…";
  if (reply.to_act === me && reply.legal.length) {
    return GAMES[reply.game].turnWords(reply.view.data);
  }
  return `${seatName(reply.to_act, me)} to play.`;
}

function waitingText(waiting, me) {
  const others = waiting.filter((k) => k !== me);
  if (!others.length) return "Sitting down…";
  const seats = others.map((k) => `Seat ${k}`).join(" and ");
  return `Waiting for ${others.length > 1 ? "friends" : "a friend"} at ${seats}: the cards are dealt when every seat has sat down.`;
}

// Before the deal: who is awaited, and each awaited seat's invitation with a Copy button.
function waitingNode(reply, me, table) {
  const links = new Map(JSON.parse(sessionStorage.getItem(`links-${table.id}`) || "[]"));
  const base = `${location.origin}${location.pathname}#/t/${table.id}`;
  const items = reply.deal.waiting.filter((k) => k !== me).map((seat) => {
    const code = links.get(seat);
    if (!code) return el("li", { text: `Seat ${seat}: its invitation is with the table's creator.` });
    const url = `${base}/invite/${seat}/${code}`;
    const field = el("input", { type: "text", readonly: true, value: url, "aria-label": `Invitation link for Seat ${seat}`, class: "invite-link" });
    const copy = el("button", { type: "button", class: "copy", dataSeat: seat, text: "Copy" });
    copy.addEventListener("click", () => copyLink(field, copy));
    return el("li", {}, el("span", { text: `Seat ${seat}: send your friend this link` }), el("div", { class: "invite" }, field, copy));
  });
  return el("section", { class: "waiting panel", "aria-label": "Waiting" }, el("h3", { text: waitingText(reply.deal.waiting, me).split(":")[0] }), el("ul", { class: "invites" }, items));
}

async function copyLink(field, button) {
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    field.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  button.dataset.copied = "true";
}

function resultNode(reply, me) {
  const { scores, winners } = reply.outcome;
  const teams = (gameInfo(reply.game) || {}).teams;
  let verdict;
  if (winners.length === scores.length) verdict = "A draw.";
  else if (me !== null) verdict = winners.includes(me) ? "You win!" : "You lose.";
  else if (teams) verdict = `${teams[winners[0] % teams.length]} wins.`;
  else verdict = `${winners.map((k) => `Seat ${k}`).join(" and ")} ${winners.length > 1 ? "win" : "wins"}.`;
  const final = me !== null && reply.view.data ? GAMES[reply.game].final(reply.view.data, me) : null;
  let winnersText = null;
  if (teams && winners.length < scores.length) winnersText = `${teams[winners[0] % teams.length]}: ${winners.map((k) => shortName(k, me)).join(" and ")}`;
  else if (winners.length > 1 && winners.length < scores.length) winnersText = `${winners.map((k) => shortName(k, me)).join(" and ")} share the win`;
  return el(
    "section",
    { class: "result", role: "alert", dataWinners: winners.join(","), dataScores: scores.join(",") },
    el("h3", { text: `Game over. ${verdict}` }),
    final ? el("p", { class: "final", text: final }) : null,
    winnersText ? el("p", { class: "winners", text: `Winners: ${winnersText}` }) : null,
    el("p", { class: "after" }, el("button", { type: "button", onclick: downloadTranscript, text: "Download the transcript" }), reply.deal.reveal ? el("button", { type: "button", class: "proof", onclick: () => download(reply.deal.reveal, `cardrules-${reply.table}-deal.json`), text: "Download the deal's proof" }) : null, el("a", { href: "#/", class: "button", text: "New table" })),
  );
}

// How the deal was made: a practice table's seed was chosen; a fair deal shows the commitment
// from the start and, at the end, checks the reveal in this browser (as cardrules verify does).
function dealNode(reply, table) {
  const deal = reply.deal;
  if (deal.chosen) return el("p", { class: "deal practice", dataDeal: "chosen", text: "Practice table: the deal was chosen by the table's creator." });
  const short = deal.commitment.slice(0, 16);
  if (!deal.reveal) return el("p", { class: "deal fair", dataDeal: "committed", title: deal.commitment, text: `Fair deal: the server committed to its seed before the deal (SHA-256 ${short}…), and every seat adds its own.` });
  if (!table.dealCheck) {
    table.dealCheck = { state: "checking", text: "Fair deal: checking the revealed seed in your browser…" };
    checkDeal(deal.reveal, table.id, reply.seat).then((result) => {
      table.dealCheck = result;
      if (app.table === table) drawTable();
    });
  }
  return el("p", { class: "deal fair", dataDeal: table.dealCheck.state, title: deal.commitment, text: table.dealCheck.text });
}

// The fair-deal recipe of docs/protocol.md ("cardrules-deal-1"), checked by @cardrules/client's
// verifyDeal with the page's own crypto: the commitment, the commitment this page was shown
// before the deal, this seat's own string, and the seed the strings make.
async function checkDeal(reveal, tableId, seat) {
  if (!globalThis.crypto || !crypto.subtle) return { state: "unchecked", text: "Fair deal: this browser gives the page no SHA-256 (the page is not served over HTTPS or from this computer), so it cannot check the deal itself: download the proof and run cardrules verify." };
  const seen = sessionStorage.getItem(`commitment-${tableId}`);
  const mine = seat === null ? null : sessionStorage.getItem(`contribution-${tableId}-${seat}`);
  const given = { commitmentSeen: seen || undefined, ...(mine !== null ? { ownContribution: mine, seat } : {}) };
  let seed;
  try {
    ({ seed } = await verifyDeal(reveal, given));
  } catch (error) {
    const problems = error instanceof DealCheckError ? error.problems : [error.message];
    return { state: "failed", text: `Fair deal NOT verified in your browser: ${problems.join("; ")}.` };
  }
  const own = mine !== null ? " your own string is among them," : "";
  return { state: "verified", text: `Fair deal, verified in your browser: the revealed seed matches the commitment ${reveal.commitment.slice(0, 16)}… shown before the deal;${own} and every seat's string with the server's seed makes the seed ${seed}.` };
}

function randomText() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Saves what the server sent as it sent it: every number in a reply is within 2**53 - 1 (a seed
// is a decimal string), so JSON.parse and JSON.stringify change no value of a proof or transcript.
function download(data, name) {
  const link = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" })), download: name });
  link.click();
}

async function downloadTranscript() {
  const table = app.table;
  const reply = await ask("transcript", { table: table.id });
  if (!reply.ok) return;
  download(reply.transcript, `cardrules-${table.id}.json`);
}

// A spectator is shown the public table: the seats (each hand or row face down, counted; a
// Manager team face up), the trick or pool in the middle, and how many cards lie elsewhere.
function spectatorNode(reply) {
  const { public: open, hidden } = reply.view;
  const held = new Map();
  for (const z of hidden) {
    const m = /^(?:hand|row) (\d+)$/.exec(z.name);
    if (m) held.set(Number(m[1]), z.count);
  }
  const teams = new Map(open.map((z) => [/^team (\d+)$/.exec(z.name), z]).filter(([m]) => m).map(([m, z]) => [Number(m[1]), z.cards]));
  const count = reply.seats.length;
  const counts = held.size ? Array.from({ length: count }, (_, k) => held.get(k) ?? 0) : null;
  const middle = open.filter((z) => z.name === "trick" || z.name === "pool");
  const elsewhere = [...open.filter((z) => !middle.includes(z) && !/^team \d+$/.test(z.name)).map((z) => [z.name, z.cards.length]), ...hidden.filter((z) => !/^(?:hand|row) \d+$/.test(z.name)).map((z) => [`${z.name} (face down)`, z.count])].filter(([, n]) => n);
  const center = el(
    "section",
    { class: "trick", "aria-label": "Trick" },
    middle.map((z) => (z.cards.length ? playNode(z.cards, z.name, {}, false) : el("p", { class: "trick-note", text: `No card in the ${z.name}.` }))),
    [...teams].map(([seat, cards]) => playNode(cards, `${seatName(seat, null)}'s team`, {}, false)),
    elsewhere.length ? el("p", { class: "trick-note piles", text: elsewhere.map(([name, n]) => `${name.replace(/^won (\d+)$/, "taken by Seat $1")}: ${n}`).join(" · ") }) : null,
  );
  return seatsAround(reply, count, 0, null, reply.to_act, counts, center);
}

// ---------------------------------------------------------------- the table: your choices

// What a click does now: which hand and pool cards are live, what is chosen.
function choiceUi(reply, data, live) {
  const table = app.table;
  const { plays, swaps, buttons } = classify(live ? reply.legal : []);
  const next = completable(table.chosen, plays);
  const done = completed(table.chosen, plays);
  const teamCards = new Set(swaps.map((s) => s.team));
  const poolCards = new Set(swaps.filter((s) => s.team === table.team).map((s) => s.pool));
  return {
    plays,
    swaps,
    buttons,
    done,
    // Is the hand card at `index` clickable, and is it chosen?
    handCard(code, index) {
      if (swaps.length) return { live: teamCards.has(code), chosen: table.team === code };
      const chosen = table.chosenIndexes && table.chosenIndexes.includes(index);
      return { live: chosen || next.has(code), chosen };
    },
    poolNode(code) {
      const liveHere = poolCards.has(code);
      return cardNode(code, { onClick: liveHere ? () => send(`${table.team}-${code}`) : null });
    },
  };
}

function handNode(reply, cards, ui) {
  if (GAMES[reply.game].slots) return slotHandNode(reply, ui);
  if (!cards || !cards.length) return null;
  const nodes = cards.map((code, index) => {
    const { live, chosen } = ui.handCard(code, index);
    const node = cardNode(code, { onClick: live ? () => clickHand(code, index, ui) : null, selected: chosen });
    if (live) node.dataset.focusKey = `hand-${index}`;
    return node;
  });
  const label = ui.swaps.length ? "Your team: choose a card to swap, then a pool card" : GAMES[reply.game].handTitle;
  return handRow(label, nodes);
}

// Rugby League's hand is your row of face-down slots: a live slot is a button that plays it.
function slotHandNode(reply, ui) {
  const d = reply.view.data;
  const me = reply.seat;
  const live = new Set(ui.buttons.filter((b) => /^\d+$/.test(b)));
  const nodes = d.filled[me].map((filled, k) => {
    const own = d.own_row.length ? d.own_row[k] : null;
    if (!filled) return el("span", { class: "card empty", role: "img", "aria-label": `slot ${k}: played` });
    if (!live.has(String(k))) return own ? cardNode(own) : backNode(`slot ${k}: a face-down card`);
    const label = own ? `slot ${k}: play the ${cardName(own)}` : `slot ${k}: play your face-down card`;
    const face = own ? cardFace(own) : [el("span", { class: "slot-number", text: String(k) })];
    return el("button", { type: "button", class: own ? cardClasses(own, ["legal"]) : "card back legal", dataMove: String(k), dataFocusKey: `slot-${k}`, "aria-label": label, onclick: () => send(String(k)) }, face);
  });
  const title = !live.size ? "Your row" : reply.seat === d.attacker ? "Your row: pick a slot to attack with" : "Your row: pick a slot to defend with";
  return handRow(title, nodes);
}

function handRow(label, nodes) {
  const row = el("section", { class: "row hand", "aria-label": label }, el("h3", { text: label }), el("div", { class: "cards" }, nodes));
  row.addEventListener("keydown", (event) => moveFocus(event, row));
  return row;
}

// Arrow keys walk the live cards; Enter plays a complete choice, Escape clears it.
function moveFocus(event, row) {
  const live = [...row.querySelectorAll("button.card")];
  const at = live.indexOf(document.activeElement);
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    const step = event.key === "ArrowRight" ? 1 : -1;
    const target = live[(at + step + live.length) % live.length];
    if (target) target.focus();
    event.preventDefault();
  } else if (event.key === "Escape") {
    clearChoice(app.table);
    drawTable();
  }
}

function clickHand(code, index, ui) {
  const table = app.table;
  if (ui.swaps.length) {
    table.team = table.team === code ? null : code;
    drawTable();
    return;
  }
  const at = table.chosenIndexes.indexOf(index);
  if (at >= 0) {
    table.chosenIndexes.splice(at, 1);
    table.chosen.splice(table.chosen.indexOf(code), 1);
    drawTable();
    return;
  }
  table.chosen.push(code);
  table.chosenIndexes.push(index);
  const done = completed(table.chosen, ui.plays);
  if (done && completable(table.chosen, ui.plays).size === 0) {
    sendChosen(done);
    return;
  }
  drawTable();
}

function sendChosen(play) {
  clearChoice(app.table);
  send(play.text);
}

function actionsNode(ui, reply) {
  const table = app.table;
  const box = el("section", { class: "actions", "aria-label": "Moves" });
  if (ui.plays.some((p) => p.cards.length > 1) || table.chosen.length) {
    const chosen = table.chosen.map(pretty).join(" ") || "nothing yet";
    box.append(el("p", { class: "chosen", text: `Chosen: ${chosen}` }));
    box.append(el("button", { type: "button", class: "primary", dataFocusKey: "play", disabled: !ui.done, onclick: () => sendChosen(ui.done), text: "Play the chosen cards" }));
    box.append(el("button", { type: "button", dataFocusKey: "clear", disabled: !table.chosen.length, onclick: () => { clearChoice(table); drawTable(); }, text: "Clear" }));
  }
  for (const text of ui.buttons) {
    if (GAMES[reply.game].slots && /^\d+$/.test(text)) continue; // the slots of your row
    const [title, what] = buttonWords(text, reply.game);
    box.append(el("button", { type: "button", class: "choice", dataMove: text, dataFocusKey: `move-${text}`, onclick: () => send(text) }, el("strong", { text: title }), what ? el("span", { text: what }) : null));
  }
  if (ui.plays.length + ui.swaps.length + ui.buttons.length && !table.busy) {
    const input = el("input", { type: "text", name: "move", autocomplete: "off", "aria-label": "Type a move", placeholder: `or type a move: ${reply.legal[0]}`, dataFocusKey: "typed" });
    box.append(el("form", { class: "typed", onsubmit: (event) => { event.preventDefault(); if (input.value.trim()) send(input.value.trim()); } }, input, el("button", { type: "submit", text: "Play" })));
  }
  return box.childElementCount ? box : null;
}

// An event's words, with a joker's code (SJ, BJ) in words too, as the cards say it.
function eventWords(text) {
  return text.replace(/\b(SJ|BJ)\b/g, (code) => JOKERS[code]);
}

function logNode(log) {
  if (!log.length) return null;
  const list = el("ol", { class: "log", "aria-live": "polite", "aria-label": "What happened" }, log.map((text) => el("li", { text: eventWords(text) })));
  const node = el("section", { class: "events" }, el("h3", { text: "What happened" }), list);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return node;
}

function shareNode(tableId) {
  const links = JSON.parse(sessionStorage.getItem(`links-${tableId}`) || "[]");
  const base = `${location.origin}${location.pathname}#/t/${tableId}`;
  const items = links.map(([seat, code]) => el("li", {}, `Seat ${seat} (opens the seat once): `, el("a", { href: `${base}/invite/${seat}/${code}`, text: `${base}/invite/${seat}/${code}` })));
  items.push(el("li", {}, "Watchers: ", el("a", { href: base, text: base })));
  // Open at first when a friend's seat waits for its link; then as the reader left it.
  const table = app.table;
  if (table.shareOpen === undefined) table.shareOpen = links.length > 0;
  const node = el("details", { class: "share", open: table.shareOpen }, el("summary", { text: "Share this table" }), el("ul", {}, items));
  node.addEventListener("toggle", () => { table.shareOpen = node.open; });
  return node;
}

main();
