// The cardrules web table: a lobby and a table for each game, speaking the serve protocol
// (docs/protocol.md) over one WebSocket. No build step: the browser loads this file as it is.
//
// Routes: "#/" the lobby; "#/t/TABLE/SEAT/TOKEN" a seat at a table (the link to share);
// "#/t/TABLE" a spectator. The page's state is in data attributes too, so that people reading
// the markup and browser tests see the same thing: body[data-screen], .table[data-status].

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

const GAME_TITLES = {
  clubs: "Clubs",
  pub_derby: "Pub Derby",
  rugby_league: "Rugby League",
  eighty_points: "80 Points",
  manager: "Manager",
};

// Config fields that are a choice, by game; other fields are numbers, yes/no, or "none or a number".
const CHOICES = {
  clubs: { players: [2, 3, 4] },
  pub_derby: { format: ["classic", "pub", "big_squad"] },
  manager: { stripped_suit: [null, "CLUBS", "DIAMONDS", "HEARTS", "SPADES"] },
};
const PUB_DERBY_SEATS = { classic: 4, pub: 6, big_squad: 8 };
const BOTS = [
  ["heuristic", "heuristic bot"],
  ["random", "random bot"],
  ["ismcts:300", "search bot (ISMCTS, 300)"],
  ["human", "a friend (share the link)"],
];

// What a non-card choice does, for its button.
const CHOICE_WORDS = {
  touch: ["Kick for touch", "the ball goes 2 places forward, a new set"],
  goal: ["Kick for goal", "2 points if you win the kick's rounds"],
  drop: ["Drop goal", "1 point if you win the kick's rounds"],
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

function cardFace(code) {
  if (code === "SJ") return ["J", "☆", false];
  if (code === "BJ") return ["J", "★", true];
  const rank = code[0] === "T" ? "10" : code[0];
  return [rank, SUITS[code[1]].symbol, SUITS[code[1]].red];
}

function pretty(code) {
  if (JOKERS[code]) return code === "BJ" ? "big joker" : "small joker";
  const [rank, symbol] = cardFace(code);
  return rank + symbol;
}

function seatName(seat, me, capital = true) {
  if (seat === me) return capital ? "You" : "you";
  return `Seat ${seat}`;
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

// A card drawn as a card: a button when it can be chosen now, else a plain picture.
function cardNode(code, options = {}) {
  const { onClick = null, selected = false, caption = null } = options;
  const [rank, symbol, red] = cardFace(code);
  const classes = ["card", red ? "red" : "black", selected ? "selected" : "", onClick ? "legal" : ""];
  const face = [el("span", { class: "rank", text: rank }), el("span", { class: "suit", text: symbol })];
  const label = cardName(code) + (selected ? ", chosen" : "");
  const node = onClick
    ? el("button", { type: "button", class: classes.join(" "), dataCard: code, "aria-label": label, "aria-pressed": selected ? "true" : "false", onclick: onClick }, face)
    : el("span", { class: classes.join(" "), dataCard: code, role: "img", "aria-label": label }, face);
  if (caption === null) return node;
  return el("figure", { class: "placed" }, node, el("figcaption", { text: caption }));
}

function backNode(caption = null) {
  const node = el("span", { class: "card back", role: "img", "aria-label": "a face-down card" });
  if (caption === null) return node;
  return el("figure", { class: "placed" }, node, el("figcaption", { text: caption }));
}

function cardRow(label, nodes, extra = {}) {
  const shown = nodes.filter((n) => n !== null);
  const cards = shown.length ? shown : [el("span", { class: "none", text: "no cards yet" })];
  return el("section", { class: "row", "aria-label": label, ...extra }, el("h3", { text: label }), el("div", { class: "cards" }, cards));
}

function facts(pairs) {
  return el("dl", { class: "facts" }, pairs.filter((p) => p !== null).map(([term, value]) => [el("dt", { text: term }), el("dd", { text: String(value) })]));
}

function suitText(code) {
  if (code === null || code === undefined) return "no trump";
  const suit = SUITS[SUIT_ORDER[code]];
  return `${suit.symbol} ${suit.name}`;
}

function teamOf(seat) {
  return seat % 2 === 0 ? "A" : "B";
}

// The cards of a trick, each captioned with the seat that played it.
function trickNodes(plays, leader, seats, me) {
  const nodes = [];
  plays.forEach((play, i) => {
    const seat = (leader + i) % seats;
    const cards = Array.isArray(play) ? play : [play];
    cards.forEach((code, k) => nodes.push(cardNode(code, { caption: k === 0 ? seatName(seat, me) : "" })));
  });
  return nodes;
}

function lastTrickRow(tricks, seats, me, points = false) {
  if (!tricks || tricks.length === 0) return null;
  const last = tricks[tricks.length - 1];
  const plays = last.plays || last.cards;
  const worth = points ? `, ${last.points} points` : "";
  return cardRow(`Last trick: ${seatName(last.winner, me, true)} took it${worth}`, trickNodes(plays, last.leader, seats, me), { class: "row last" });
}

// ---------------------------------------------------------------- each game's table

// Each game: info(data, me) -> facts; rows(data, me, ui) -> card rows; hand(data) -> your cards.
const GAMES = {
  clubs: {
    info: (d, me) => [
      ["Round", d.round],
      ["Scores", d.scores.map((s, k) => `${seatName(k, me)} ${s}`).join(" · ")],
      ["Ends at", `${d.config.threshold} points (lowest score wins)`],
      ["Cards held", d.hand_sizes.map((n, k) => `${seatName(k, me)} ${n}`).join(" · ")],
    ],
    rows: (d, me) => [cardRow("Trick", trickNodes(d.trick, d.leader, d.hand_sizes.length, me)), lastTrickRow(d.tricks, d.hand_sizes.length, me)],
    hand: (d) => d.hand,
  },
  pub_derby: {
    info: (d, me) => [
      ["You", `team ${teamOf(me)}`],
      ["Half", `${d.half} of 2`],
      ["Trump", suitText(d.trump)],
      ["Goals", `A ${d.goals[0]}–${d.goals[1]} B`],
      ["Waves", `A ${d.waves[0]} · B ${d.waves[1]}`],
      ["Yellow cards", `A ${d.yellows[0]} · B ${d.yellows[1]}`],
      d.bench_top ? ["Bench", pretty(d.bench_top)] : null,
      ["Cards held", d.hand_sizes.map((n, k) => `${seatName(k, me)} ${n}`).join(" · ")],
    ],
    rows: (d, me) => [cardRow("Trick", trickNodes(d.trick, d.leader, d.hand_sizes.length, me)), lastTrickRow(d.tricks, d.hand_sizes.length, me)],
    hand: (d) => d.hand,
  },
  rugby_league: {
    info: (d, me) => {
      const sides = ["home", "away"];
      const phase = {
        tackle: `tackle ${d.tackles + 1} of the set, tackles lost ${d.lost}`,
        penalty: `penalty to ${sides[d.attacker]}`,
        over: "full time",
      }[d.phase] || `${d.phase.replace(/_/g, " ")}: ${d.wins} of ${d.needed} wins, round ${d.rounds + 1}`;
      return [
        ["You", sides[me]],
        ["Score", `home ${d.scores[0]}–${d.scores[1]} away`],
        ["Period", d.half <= 2 ? `half ${d.half}` : `extra time ${d.half - 2}`],
        ["Ball", `${PLACES[d.ball]} (${sides[d.attacker]} ${d.phase.includes("kick") || d.phase.includes("goal") ? "kicking" : "attacking"})`],
        ["Set", d.sets + 1],
        ["Now", phase],
        ["Pile", `${d.pile_size} cards`],
      ];
    },
    rows: (d, me) => [pitchRow(d), rugbyRow(d, me, me), rugbyRow(d, 1 - me, me), revealedRow(d)],
    hand: () => [],
  },
  eighty_points: {
    info: (d, me) => [
      ["You", `team ${teamOf(me)}`],
      ["Round", d.round],
      ["Royal", d.royal === 10 ? "10" : ({ 11: "J", 12: "Q", 13: "K", 14: "A" }[d.royal] || d.royal)],
      ["Trump", suitText(d.trump)],
      ["Levels", `A ${levelText(d.levels[0])} · B ${levelText(d.levels[1])}`],
      ["Starter", `${seatName(d.starter, me)} (team ${teamOf(d.starter)} defends)`],
      ["Attackers' points", d.points],
      ["Phase", d.phase],
      ["Bottom", `${d.bottom_size} cards`],
      ["Cards held", d.hand_sizes.map((n, k) => `${seatName(k, me)} ${n}`).join(" · ")],
    ],
    rows: (d, me) => [
      cardRow("Trick", trickNodes(d.trick, d.leader, 4, me)),
      lastTrickRow(d.tricks, 4, me, true),
      d.bottom && d.bottom.length ? cardRow(d.phase === "over" ? "The bottom" : "The bottom (yours: you discarded it)", d.bottom.map((c) => cardNode(c))) : null,
    ],
    hand: (d) => d.hand,
  },
  manager: {
    info: (d, me) => [
        ["Season", `${d.season} of 11`],
        ["Seasons won", d.halves.map((n, k) => `${seatName(k, me)} ${n % 2 ? `${(n - 1) / 2}½` : n / 2}`).join(" · ")],
        ["Swaps this season", `${d.exchanges} of ${d.config.max_exchanges}`],
        ["Stock", `${d.stock_size} cards`],
        d.stripped_suit ? ["Stripped suit", d.stripped_suit.toLowerCase()] : null,
        ["Passed", d.passed ? "you have passed" : "not yet"],
    ],
    rows: (d, me, ui) => [
      cardRow("Pool", d.pool.map((c) => ui.poolNode(c))),
      cardRow(`${seatName(1 - me, me)}'s team`, d.teams[1 - me].map((c) => cardNode(c))),
      lastSeasonRow(d, me),
    ],
    hand: (d) => d.teams[d.player],
  },
};

const PLACES = ["home T", "home 1", "home 2", "home 3", "away 3", "away 2", "away 1", "away T"];

function levelText(level) {
  return { 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A" }[level] || String(level);
}

function pitchRow(d) {
  const cells = PLACES.map((name, k) =>
    el("li", { class: k === d.ball ? "ball" : "", "aria-label": k === d.ball ? `${name}: the ball` : name }, name.split(" ")[1], k === d.ball ? el("span", { class: "ballmark", text: "●" }) : null),
  );
  return el("section", { class: "row pitch", "aria-label": "Pitch" }, el("h3", { text: "Pitch (home try line left)" }), el("ol", { class: "places" }, cells));
}

function rugbyRow(d, side, me) {
  const nodes = d.filled[side].map((filled, k) => {
    if (!filled) return el("figure", { class: "placed" }, el("span", { class: "card empty", "aria-label": "an empty slot" }), el("figcaption", { text: `slot ${k}` }));
    const own = side === me && d.own_row.length ? d.own_row[k] : null;
    return own ? cardNode(own, { caption: `slot ${k}` }) : backNode(`slot ${k}`);
  });
  const title = side === me ? "Your row" : `${seatName(side, me)}'s row`;
  return cardRow(title, nodes);
}

function revealedRow(d) {
  if (d.last[0] === null && d.last[1] === null) return null;
  const nodes = d.last.map((c, k) => (c ? cardNode(c, { caption: ["home", "away"][k] }) : null));
  return cardRow("Last shown", nodes);
}

function lastSeasonRow(d, me) {
  if (!d.results.length) return null;
  const r = d.results[d.results.length - 1];
  const nodes = r.teams.flatMap((team, k) => team.map((c, i) => cardNode(c, { caption: i === 0 ? `${seatName(k, me)}: ${r.values[k].points}` : "" })));
  const winner = r.winner === null ? "halved" : `${seatName(r.winner, me)} won`;
  return cardRow(`Season ${r.season}: ${winner}`, nodes, { class: "row last" });
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

function buttonWords(text, data, game) {
  if (game === "rugby_league" && /^\d+$/.test(text)) {
    const card = data.own_row.length ? data.own_row[Number(text)] : null;
    return [`Slot ${text}`, card ? `play the ${pretty(card)}` : "play your face-down card there"];
  }
  if (text === "pass") return game === "manager" ? ["Pass", "keep your team as it is"] : ["Do not declare", "no no-trump declaration"];
  return CHOICE_WORDS[text] || [text, ""];
}

// ---------------------------------------------------------------- the connection

class Connection {
  constructor(onPush, onState) {
    this.onPush = onPush;
    this.onState = onState;
    this.waiting = new Map();
    this.next = 1;
    this.socket = null;
    this.ready = null;
  }

  open() {
    if (this.ready) return this.ready;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    this.ready = new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.onopen = () => {
        this.onState("connected");
        resolve(socket);
      };
      socket.onerror = () => reject(new Error("cannot reach the server"));
      socket.onclose = () => {
        this.ready = null;
        for (const [, pending] of this.waiting) pending.reject(new Error("the connection closed"));
        this.waiting.clear();
        this.onState("closed");
      };
      socket.onmessage = (message) => this.receive(JSON.parse(message.data));
      this.socket = socket;
    });
    return this.ready;
  }

  receive(reply) {
    const pending = this.waiting.get(reply.id);
    if (reply.id === null || pending === undefined) {
      this.onPush(reply);
      return;
    }
    this.waiting.delete(reply.id);
    pending.resolve(reply);
  }

  async request(message) {
    const socket = await this.open();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ ...message, id }));
    });
  }
}

// ---------------------------------------------------------------- the app

const app = {
  conn: null,
  games: null,
  table: null, // {id, seat, token, reply, log, chosen, team, busy, error}
};

function main() {
  app.conn = new Connection(onPush, onConnection);
  window.addEventListener("hashchange", route);
  route();
}

function onConnection(state) {
  const status = document.getElementById("connection");
  status.textContent = state === "connected" ? "" : "Disconnected: reconnecting…";
  if (state === "closed" && app.table) setTimeout(() => app.table && joinTable(app.table), 1000);
}

function onPush(reply) {
  if (!app.table || !reply.ok || reply.table !== app.table.id) return;
  takeState(reply);
}

function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "t" && parts[1]) {
    const seat = parts[2] === undefined ? null : Number(parts[2]);
    app.table = { id: parts[1], seat, token: parts[3] || null, reply: null, log: [], chosen: [], chosenIndexes: [], team: null, busy: false, error: "" };
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

// ---------------------------------------------------------------- the lobby

async function showLobby() {
  screen("loading", el("p", { text: "Loading the games…" }));
  let reply;
  try {
    reply = app.games || (await app.conn.request({ op: "games" }));
  } catch (error) {
    showError(error.message);
    return;
  }
  app.games = reply;
  const form = el("form", { class: "panel lobby", "aria-label": "New table" });
  const gameList = el("fieldset", {}, el("legend", { text: "Game" }));
  reply.games.forEach((g, i) => {
    gameList.append(el("label", { class: "choice" }, el("input", { type: "radio", name: "game", value: g.name, checked: i === 0 }), el("strong", { text: GAME_TITLES[g.name] || g.name }), el("span", { text: g.description.replace(/^[^:]*: /, "") })));
  });
  const details = el("div", { class: "details" });
  const message = el("p", { class: "error", role: "alert" });
  form.append(el("h2", { text: "Start a table" }), gameList, details, message, el("button", { type: "submit", class: "primary", text: "Start the table" }));
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

function configField(game, key, value) {
  const id = `config-${key}`;
  const label = key.replace(/_/g, " ");
  const choices = (CHOICES[game] || {})[key];
  let input;
  if (choices) {
    input = el("select", { id, name: key, dataSeats: key === "players" || key === "format" ? "1" : null }, choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === value, text: c === null ? "none" : String(c) })));
  } else if (typeof value === "boolean") {
    input = el("input", { id, name: key, type: "checkbox", checked: value });
  } else {
    input = el("input", { id, name: key, type: "number", min: "0", value: value === null ? "" : value, placeholder: value === null ? "none" : null });
  }
  return el("div", { class: "field" }, el("label", { for: id, text: label }), input);
}

function readConfig(form, game) {
  const config = {};
  for (const [key, value] of Object.entries(game.config)) {
    const input = form.querySelector(`[name=${key}]`);
    if (input.tagName === "SELECT") config[key] = JSON.parse(input.value);
    else if (input.type === "checkbox") config[key] = input.checked;
    else config[key] = input.value === "" ? (value === null ? null : value) : Number(input.value);
  }
  return config;
}

function seatCount(game, config) {
  if (game.name === "clubs") return config.players;
  if (game.name === "pub_derby") return PUB_DERBY_SEATS[config.format];
  return game.players;
}

function drawLobbyDetails(details, game) {
  const old = details.querySelector("fieldset.config");
  const config = old && details.dataset.game === game.name ? readConfig(details.closest("form"), game) : { ...game.config };
  details.dataset.game = game.name;
  const configSet = el("fieldset", { class: "config" }, el("legend", { text: "Options" }), Object.entries(config).map(([k, v]) => configField(game.name, k, v)));
  // Empty: a fair deal (the server commits to its seed, every seat adds its own). A seed makes a
  // practice table, whose every hand anyone who knows the seed can know.
  const seeded = el("div", { class: "field" }, el("label", { for: "seed", text: "seed (practice)" }), el("input", { id: "seed", name: "seed", type: "number", min: "0", value: "", placeholder: "empty: a fair deal" }));
  configSet.append(seeded);
  details.replaceChildren(configSet);
  const seats = seatCount(game, config);
  const you = el("select", { id: "you", name: "you" }, [...Array(seats).keys()].map((k) => el("option", { value: k, text: `Seat ${k}` })), el("option", { value: "watch", text: "none: watch the bots" }));
  const seatSet = el("fieldset", { class: "seats" }, el("legend", { text: "Seats" }), el("div", { class: "field" }, el("label", { for: "you", text: "you sit at" }), you));
  for (let k = 0; k < seats; k++) {
    seatSet.append(el("div", { class: "field seat", dataSeat: k }, el("label", { for: `seat-${k}`, text: `Seat ${k}${game.name === "pub_derby" || game.name === "eighty_points" ? ` (team ${teamOf(k)})` : game.name === "rugby_league" ? ` (${["home", "away"][k]})` : ""}` }), el("select", { id: `seat-${k}`, name: `seat-${k}` }, BOTS.map(([v, t]) => el("option", { value: v, text: t })))));
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
  details.append(seatSet);
}

async function startTable(form, message) {
  const game = selectedGame(form);
  const config = readConfig(form, game);
  const you = form.querySelector("#you").value;
  const seats = [...form.querySelectorAll(".seat")].map((row) => (row.dataset.seat === you ? "human" : row.querySelector("select").value));
  const seedText = form.querySelector("#seed").value;
  message.textContent = "";
  const request = { op: "new", game: game.name, config, seats };
  if (seedText !== "") request.seed = Number(seedText);
  const reply = await app.conn.request(request);
  if (!reply.ok) {
    message.textContent = reply.error.message;
    return;
  }
  const links = Object.entries(reply.tokens).map(([seat, token]) => [Number(seat), token]);
  sessionStorage.setItem(`links-${reply.table}`, JSON.stringify(links.filter(([seat]) => String(seat) !== you)));
  location.hash = you === "watch" ? `#/t/${reply.table}` : `#/t/${reply.table}/${you}/${reply.tokens[you]}`;
}

// ---------------------------------------------------------------- the table

async function joinTable(table) {
  if (app.table !== table) return;
  if (!table.reply) screen("loading", el("p", { text: "Joining the table…" }));
  let reply;
  try {
    // A seat's own random string goes into the deal's seed, so the server alone did not choose it.
    const contribution = table.token ? randomText() : undefined;
    reply = await app.conn.request({ op: "join", table: table.id, token: table.token || undefined, contribution });
  } catch (error) {
    // The socket's close handler tries again in a second.
    if (app.table === table) document.getElementById("connection").textContent = `${error.message}: reconnecting…`;
    return;
  }
  if (!reply.ok) {
    showError(`${reply.error.type}: ${reply.error.message}`);
    return;
  }
  table.log = []; // a join's reply tells every event from the start
  table.reply = null;
  table.error = "";
  takeState(reply);
}

function takeState(reply) {
  const table = app.table;
  table.log.push(...reply.events.map((e) => e.text));
  if (table.reply && reply.moves < table.reply.moves) {
    drawTable();
    return; // an older position than the one shown
  }
  if (!table.reply || reply.moves !== table.reply.moves) {
    table.chosen = [];
    table.chosenIndexes = [];
    table.team = null;
  }
  table.reply = reply;
  drawTable();
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
    reply = await app.conn.request({ op: "play", table: table.id, token: table.token, move, at: table.reply.moves });
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

function drawTable() {
  const table = app.table;
  const reply = table.reply;
  if (!reply) return;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focusKey : null;
  const me = reply.seat;
  const game = GAMES[reply.game];
  const mine = me !== null && reply.to_act === me && reply.legal.length > 0;
  const status = reply.outcome ? "over" : mine ? (table.busy ? "sending" : "your-turn") : "waiting";
  const section = el("section", { class: `table game-${reply.game}`, dataStatus: status, dataMoves: reply.moves, dataGame: reply.game, "aria-label": "Table" });
  section.append(el("h2", {}, GAME_TITLES[reply.game], el("small", { text: ` table ${reply.table}, ${me === null ? "watching" : `you are Seat ${me}`}` })));
  section.append(el("p", { class: "status", role: "status", text: statusText(reply, me, table) }));
  section.append(dealNode(reply.deal));
  if (table.error) section.append(el("p", { class: "error", role: "alert", text: table.error }));
  if (reply.deal.waiting.length) {
    section.append(logNode(table.log), shareNode(table.id));
    screen("table", section);
    return;
  }
  if (reply.outcome) section.append(resultNode(reply, me));
  const board = el("div", { class: "board" });
  if (me === null) {
    board.append(facts([["Moves", reply.moves]]), spectatorRows(reply.view));
  } else {
    const data = reply.view.data;
    const ui = choiceUi(reply, data, mine && !table.busy);
    board.append(facts(game.info(data, me)), el("div", { class: "rows" }, game.rows(data, me, ui)));
    section.append(...[board, handNode(game.hand(data), ui), actionsNode(ui, reply, data)].filter(Boolean));
  }
  if (me === null) section.append(board);
  section.append(logNode(table.log), shareNode(table.id));
  screen("table", section);
  if (focused) {
    const again = section.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

function statusText(reply, me, table) {
  const waiting = reply.deal.waiting;
  if (waiting.length) return `Waiting for ${waiting.map((k) => seatName(k, me, false)).join(" and ")} to join: the cards are dealt when every seat has sat down.`;
  if (reply.outcome) return "Game over.";
  if (reply.to_act === null) return "";
  if (table.busy) return "Playing…";
  if (reply.to_act === me && reply.legal.length) {
    if (reply.game === "eighty_points" && reply.view.data.phase === "discard") return "Your turn: discard a card to the bottom.";
    return "Your turn.";
  }
  return `${seatName(reply.to_act, me)} to play.`;
}

function resultNode(reply, me) {
  const { scores, winners } = reply.outcome;
  let verdict;
  if (winners.length === scores.length) verdict = "A draw.";
  else if (me !== null) verdict = winners.includes(me) ? "You win!" : "You lose.";
  else verdict = `${winners.map((k) => `Seat ${k}`).join(" and ")} ${winners.length > 1 ? "win" : "wins"}.`;
  const rows = scores.map((s, k) => el("tr", { class: winners.includes(k) ? "winner" : "" }, el("th", { scope: "row", text: seatName(k, me) }), el("td", { text: String(s) }), el("td", { text: winners.includes(k) ? "winner" : "" })));
  return el("section", { class: "result", role: "alert", dataWinners: winners.join(","), dataScores: scores.join(",") }, el("h3", { text: `Game over. ${verdict}` }), el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "Seat" }), el("th", { text: "Score" }), el("th", { text: "" }))), el("tbody", {}, rows)), el("p", {}, el("button", { type: "button", onclick: downloadTranscript, text: "Download the transcript" }), " ", reply.deal.reveal ? el("button", { type: "button", class: "proof", onclick: () => download(reply.deal.reveal, `cardrules-${reply.table}-deal.json`), text: "Download the deal's proof" }) : null, " ", el("a", { href: "#/", text: "New table" })));
}

// How the deal was made: a practice table's seed was chosen; a fair deal shows the commitment
// from the start and, at the end, that it checks out (cardrules verify FILE does the same).
function dealNode(deal) {
  if (deal.chosen) return el("p", { class: "deal practice", dataDeal: "chosen", text: "Practice table: the deal was chosen by the table's creator." });
  const short = deal.commitment.slice(0, 16);
  const text = deal.reveal ? `Fair deal: the server's seed and every seat's string are revealed; the commitment ${short}… checks with cardrules verify.` : `Fair deal: the server committed to its seed before the deal (SHA-256 ${short}…), and every seat adds its own.`;
  return el("p", { class: "deal fair", dataDeal: deal.reveal ? "revealed" : "committed", title: deal.commitment, text });
}

function randomText() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function download(data, name) {
  const link = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" })), download: name });
  link.click();
}

async function downloadTranscript() {
  const table = app.table;
  const reply = await app.conn.request({ op: "transcript", table: table.id });
  if (!reply.ok) return;
  download(reply.transcript, `cardrules-${table.id}.json`);
}

function spectatorRows(view) {
  const rows = view.public.filter((z) => z.cards.length).map((z) => cardRow(z.name, z.cards.map((c) => cardNode(c))));
  const hidden = view.hidden.filter((z) => z.count).map((z) => `${z.name}: ${z.count}`);
  return el("div", { class: "rows" }, rows, hidden.length ? el("p", { text: `Face down: ${hidden.join(" · ")}` }) : null);
}

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

function handNode(cards, ui) {
  const table = app.table;
  if (!cards.length) return null;
  const nodes = cards.map((code, index) => {
    const { live, chosen } = ui.handCard(code, index);
    const node = cardNode(code, { onClick: live ? () => clickHand(code, index, ui) : null, selected: chosen });
    if (live) node.dataset.focusKey = `hand-${index}`;
    return node;
  });
  const label = ui.swaps.length ? "Your team (choose a card to swap, then a pool card)" : "Your hand";
  const row = cardRow(label, nodes, { class: "row hand" });
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
    app.table.chosen = [];
    app.table.chosenIndexes = [];
    app.table.team = null;
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
  table.chosenIndexes = table.chosenIndexes || [];
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
  app.table.chosen = [];
  app.table.chosenIndexes = [];
  send(play.text);
}

function actionsNode(ui, reply, data) {
  const table = app.table;
  const box = el("section", { class: "actions", "aria-label": "Moves" });
  if (ui.plays.some((p) => p.cards.length > 1) || table.chosen.length) {
    const chosen = table.chosen.map(pretty).join(" ") || "nothing yet";
    box.append(el("p", { class: "chosen", text: `Chosen: ${chosen}` }));
    box.append(el("button", { type: "button", class: "primary", dataFocusKey: "play", disabled: !ui.done, onclick: () => sendChosen(ui.done), text: "Play the chosen cards" }));
    box.append(el("button", { type: "button", dataFocusKey: "clear", disabled: !table.chosen.length, onclick: () => { table.chosen = []; table.chosenIndexes = []; drawTable(); }, text: "Clear" }));
  }
  for (const text of ui.buttons) {
    const [title, what] = buttonWords(text, data, reply.game);
    box.append(el("button", { type: "button", class: "choice", dataMove: text, dataFocusKey: `move-${text}`, onclick: () => send(text) }, el("strong", { text: title }), what ? el("span", { text: what }) : null));
  }
  if (reply.to_act === reply.seat && reply.legal.length && !table.busy) {
    const input = el("input", { type: "text", name: "move", autocomplete: "off", "aria-label": "Type a move", placeholder: `type a move: ${reply.legal[0]}`, dataFocusKey: "typed" });
    box.append(el("form", { class: "typed", onsubmit: (event) => { event.preventDefault(); if (input.value.trim()) send(input.value.trim()); } }, input, el("button", { type: "submit", text: "Play" })));
  }
  return box.childElementCount ? box : null;
}

function logNode(log) {
  const list = el("ol", { class: "log", "aria-live": "polite", "aria-label": "What happened" }, log.map((text) => el("li", { text })));
  const node = el("section", { class: "events" }, el("h3", { text: "What happened" }), list);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return node;
}

function shareNode(tableId) {
  const links = JSON.parse(sessionStorage.getItem(`links-${tableId}`) || "[]");
  const base = `${location.origin}${location.pathname}#/t/${tableId}`;
  const items = links.map(([seat, token]) => el("li", {}, `Seat ${seat}: `, el("a", { href: `${base}/${seat}/${token}`, text: `${base}/${seat}/${token}` })));
  items.push(el("li", {}, "Watchers: ", el("a", { href: base, text: base })));
  // Open at first when a friend's seat waits for its link; then as the reader left it.
  const table = app.table;
  if (table.shareOpen === undefined) table.shareOpen = links.length > 0;
  const node = el("details", { class: "share", open: table.shareOpen }, el("summary", { text: "Share this table" }), el("ul", {}, items));
  node.addEventListener("toggle", () => { table.shareOpen = node.open; });
  return node;
}

main();
