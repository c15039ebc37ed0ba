// The cardrules web table: the lobby: a new table's game, options and seats.

import { el } from "./cards.js";
import { seatChoices } from "./seats.js";
import { GAMES } from "./games/index.js";
import { app, ask, loadGames, screen, showError } from "./session.js";
import { keepLobbyChoices, lobbyChoices, tablesNode } from "./tables.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").LobbyField} LobbyField */
/** @typedef {import("./types.js").Config} Config */
/** @typedef {import("./types.js").Choice} Choice */
/** @typedef {import("./types.js").ConfigValue} ConfigValue */

// ---------------------------------------------------------------- the lobby

/** @param {boolean} [toTables] show "Your tables" (the #/tables address) */
export async function showLobby(toTables = false) {
  screen("loading", el("p", { text: "Loading the games…" }));
  let reply;
  try {
    reply = await loadGames();
  } catch (error) {
    // what the client rejects with is an Error
    showError(`${/** @type {Error} */ (error).message}.`, "The games could not be loaded");
    return;
  }
  // The last table's game, options and seats (a newcomer's: the first game, quick).
  const choices = lobbyChoices();
  const first = reply.games.find((g) => g.name === choices.game) || reply.games[0];
  const form = el("form", { class: "lobby-form", "aria-label": "New table", novalidate: true });
  const gameList = el("fieldset", { class: "games" }, el("legend", { text: "Game" }));
  for (const g of reply.games) {
    gameList.append(
      el(
        "label",
        { class: "choice" },
        el("input", { type: "radio", name: "game", value: g.name, checked: g === first }),
        el("strong", { text: GAMES[g.name] ? GAMES[g.name].title : g.name }),
        el("span", { text: g.description.replace(/^[^:]*: /, "") }),
      ),
    );
  }
  const length = el("fieldset", { class: "length" });
  const details = el("div", { class: "details" });
  const message = el("p", { class: "error", role: "alert" });
  form.append(
    gameList,
    length,
    details,
    el("div", { class: "start" }, el("button", { type: "submit", class: "primary", text: "Start the table" }), message),
  );
  const tables = el("div", { class: "tables" });
  const drawTables = () => tables.replaceChildren(tablesNode(drawTables));
  drawTables();
  const draw = () => {
    const game = selectedGame(form);
    drawLobbyDetails(details, game, choices);
    drawLength(length, game);
    syncLength(form, game);
  };
  form.addEventListener("change", (event) => {
    // a change in the form is one of its inputs' or selects'
    const target = /** @type {HTMLInputElement | HTMLSelectElement} */ (event.target);
    const game = selectedGame(form);
    if (target.name === "game") draw();
    else if (target.name === "length") setLength(form, game, target.value === "quick");
    else if (target.dataset.seats) drawLobbyDetails(details, game, choices);
    syncLength(form, game);
  });
  form.addEventListener("input", () => syncLength(form, selectedGame(form)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startTable(form, message);
  });
  screen(
    "lobby",
    el(
      "section",
      { class: "panel lobby" },
      el("h2", { text: "Start a table" }),
      el("div", { class: "lobby-grid" }, form, tables),
    ),
  );
  draw();
  if (toTables) tables.scrollIntoView();
}

// ---------------------------------------------------------------- quick and full games

// A quick game's config: the game's quick fields at the least they take (an int's min, a choice's first).
/**
 * @param {GameInfo} game
 * @returns {Config}
 */
export function quickConfig(game) {
  /** @type {Config} */
  const config = { ...game.config };
  for (const field of quickFields(game)) {
    if (field.kind === "int") config[field.name] = field.min;
    else if (field.kind === "choice") config[field.name] = /** @type {ConfigValue} */ (field.choices[0].value);
  }
  return config;
}

/**
 * The config fields a quick game sets (none: the game has no shorter game).
 * @param {GameInfo} game
 * @returns {LobbyField[]}
 */
export function quickFields(game) {
  return GAMES[game.name].quick.fields
    .map((name) => game.fields.find((f) => f.name === name))
    .filter((f) => f !== undefined && (f.kind === "int" || f.kind === "choice"));
}

// A config field's value in words: empty (as its help says), on or off, a choice's label, a number.
/**
 * @param {LobbyField} field
 * @param {ConfigValue} value
 */
export function valueText(field, value) {
  if (value === null) return field.help.replace(/^empty: /, "") || "none";
  if (field.kind === "bool") return value ? "on" : "off";
  if (field.kind === "choice") {
    const choice = field.choices.find((c) => c.value === value);
    return choice ? choice.label : String(value);
  }
  return String(value);
}

// The lobby's "Quick game" or "Full game" for the chosen game (or why it has no shorter game).
/**
 * @param {HTMLElement} length the lobby's length fieldset
 * @param {GameInfo} game
 */
export function drawLength(length, game) {
  const fields = quickFields(game);
  const title = GAMES[game.name].title;
  const legend = el("legend", { text: `${title}: length` });
  if (!fields.length) {
    length.replaceChildren(
      legend,
      el("p", {
        class: "hint",
        dataLength: "none",
        text: `${title} has no shorter game: ${GAMES[game.name].quick.words}.`,
      }),
    );
    return;
  }
  const quick = quickConfig(game);
  /** @param {Config} config */
  const values = (config) => fields.map((f) => `${f.label}: ${valueText(f, config[f.name])}`).join(", ");
  /**
   * @param {string} value
   * @param {string} label
   * @param {string} hint
   */
  const option = (value, label, hint) =>
    el(
      "label",
      { class: "choice length-choice" },
      el("input", { type: "radio", name: "length", value }),
      el("strong", { text: label }),
      el("span", { text: hint }),
    );
  length.replaceChildren(
    legend,
    option("quick", "Quick game", `${GAMES[game.name].quick.words} (${values(quick)})`),
    option("full", "Full game", `the rules' full length (${values(game.config)})`),
  );
}

// The quick fields' inputs set to a quick game's values, or a full game's (the defaults).
/**
 * @param {HTMLFormElement} form the lobby's
 * @param {GameInfo} game
 * @param {boolean} quick
 */
export function setLength(form, game, quick) {
  const config = quick ? quickConfig(game) : game.config;
  for (const field of quickFields(game)) {
    // each field's input or select is in the form (configField)
    const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (form.querySelector(`[name=${field.name}]`));
    const value = config[field.name];
    input.value = input.tagName === "SELECT" ? JSON.stringify(value) : value === null ? "" : String(value);
  }
}

// The length chosen, as the options read: quick or full when they are a quick or a full game's, else neither.
/**
 * @param {HTMLFormElement} form the lobby's
 * @param {GameInfo} game
 */
export function syncLength(form, game) {
  // (a game's radio is input before its options are drawn: they are, at its change)
  const details = /** @type {HTMLElement} */ (form.querySelector(".details"));
  if (details.dataset.game !== game.name) return;
  const read = readConfig(form, game);
  const fields = quickFields(game);
  const quick = quickConfig(game);
  /** @param {Config} config */
  const same = (config) => read.config !== undefined && fields.every((f) => read.config[f.name] === config[f.name]);
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input[name=length]")))
    radio.checked = same(radio.value === "quick" ? quick : game.config);
}

// The game whose radio is checked (one is, from the start), among the loaded games, whose radios they are.
/**
 * @param {HTMLFormElement} form the lobby's
 * @returns {GameInfo}
 */
export function selectedGame(form) {
  const name = /** @type {HTMLInputElement} */ (form.querySelector("input[name=game]:checked")).value;
  const games = /** @type {import("./types.js").GamesList} */ (app.games);
  return /** @type {GameInfo} */ (games.games.find((g) => g.name === name));
}

// One config field as the games reply describes it: a labelled input with its range and default.
/**
 * @param {LobbyField} field
 * @param {import("./types.js").ConfigValue} value
 */
export function configField(field, value) {
  const id = `config-${field.name}`;
  let input;
  let range = "";
  const small = field.kind === "int" && field.max !== null && field.max - field.min <= 4;
  if (field.kind === "choice" || small) {
    // (a small int has its max)
    /** @type {{value: unknown, label: string, players?: number}[]} */
    const choices =
      field.kind === "choice"
        ? field.choices
        : Array.from({ length: /** @type {number} */ (field.max) - field.min + 1 }, (_, k) => ({
            value: field.min + k,
            label: String(field.min + k),
          }));
    const options = choices.map((c) =>
      el("option", {
        value: JSON.stringify(c.value),
        selected: c.value === value,
        text:
          c.players && field.kind === "choice" && new Set(field.choices.map((x) => x.players)).size > 1
            ? `${c.label} (${c.players} players)`
            : c.label,
      }),
    );
    if (field.optional)
      options.unshift(el("option", { value: "null", selected: value === null, text: field.help || "none" }));
    input = el(
      "select",
      {
        id,
        name: field.name,
        dataSeats:
          field.name === "players" || (field.choices && new Set(field.choices.map((c) => c.players)).size > 1)
            ? "1"
            : null,
      },
      options,
    );
  } else if (field.kind === "bool") {
    input = el("input", { id, name: field.name, type: "checkbox", checked: value });
  } else {
    range = field.max === null ? `at least ${field.min}` : `${field.min} to ${field.max}`;
    input = el("input", {
      id,
      name: field.name,
      type: "number",
      inputmode: "numeric",
      min: field.min,
      max: field.max,
      step: 1,
      value: value === null ? "" : value,
      placeholder: value === null ? "empty" : null,
      "aria-describedby": `${id}-hint`,
    });
  }
  // (a choice field's default is one of its choices)
  const defaultText =
    field.default === null
      ? "empty"
      : field.kind === "bool"
        ? field.default
          ? "on"
          : "off"
        : field.kind === "choice"
          ? /** @type {Choice} */ (field.choices.find((c) => c.value === field.default)).label
          : String(field.default);
  const hint = [
    range,
    field.kind === "choice" || small ? "" : `default ${defaultText}`,
    field.kind === "choice" || small ? "" : field.help,
  ]
    .filter(Boolean)
    .join(" · ");
  return el(
    "div",
    { class: "field" },
    el("label", { for: id, text: field.label }),
    input,
    hint ? el("small", { id: `${id}-hint`, class: "hint", text: hint }) : null,
  );
}

// The form's config, or the first problem with it in words (checked here, before sending).
/**
 * @param {HTMLFormElement} form the lobby's
 * @param {GameInfo} game
 * @returns {import("./types.js").ConfigRead}
 */
export function readConfig(form, game) {
  /** @type {Config} */
  const config = {};
  for (const field of game.fields) {
    // each field's input or select is in the form (configField)
    const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (form.querySelector(`[name=${field.name}]`));
    if (input.tagName === "SELECT") config[field.name] = JSON.parse(input.value);
    else if (input.type === "checkbox") config[field.name] = /** @type {HTMLInputElement} */ (input).checked;
    else if (input.value.trim() === "") {
      if (!field.optional)
        return {
          problem: `${field.label}: give a whole number (${rangeText(input)}).`,
          input,
        };
      config[field.name] = null;
    } else {
      const number = Number(input.value);
      const int = /** @type {Extract<LobbyField, {kind: "int"}>} */ (field); // a number input is an int's
      const range = int.max === null ? `at least ${int.min}` : `from ${int.min} to ${int.max}`;
      if (!Number.isInteger(number) || number < int.min || (int.max !== null && number > int.max)) {
        return { problem: `${field.label} is a whole number ${range}, not ${input.value}.`, input };
      }
      config[field.name] = number;
    }
  }
  return { config };
}

/**
 * @param {GameInfo} game
 * @param {Config} config
 * @returns {number}
 */
export function seatTotal(game, config) {
  for (const field of game.fields) {
    if (field.name === "players") return /** @type {number} */ (config.players); // an int field
    if (field.kind === "choice") {
      const choice = field.choices.find((c) => c.value === config[field.name]);
      if (choice && new Set(field.choices.map((c) => c.players)).size > 1) return choice.players;
    }
  }
  return game.players;
}

// The options and seats of the chosen game: as the reader left them, else as last chosen or seen
// (the last table's), else a quick game's (a newcomer's).
/**
 * @param {HTMLElement} details the lobby's details, in its form
 * @param {GameInfo} game
 * @param {import("./types.js").LobbyChoices} choices the lobby's last choices
 */
export function drawLobbyDetails(details, game, choices) {
  const old = details.querySelector("fieldset.config");
  const saved = choices.configs[game.name];
  /** @type {Config} */
  let config = saved ? { ...game.config } : quickConfig(game);
  if (saved) for (const f of game.fields) if (f.name in saved) config[f.name] = saved[f.name];
  const again = old && details.dataset.game === game.name;
  if (again) {
    const read = readConfig(/** @type {HTMLFormElement} */ (details.closest("form")), game);
    if (read.config) config = read.config;
  }
  details.dataset.game = game.name;
  const configSet = el(
    "fieldset",
    { class: "config" },
    el("legend", { text: `${GAMES[game.name].title}: options` }),
    game.fields.map((f) => configField(f, config[f.name])),
  );
  // Empty: a fair deal (the server commits to its seed, every seat adds its own). A seed makes a
  // practice table, whose every hand anyone who knows the seed can know. Text, not a number
  // input: a seed goes up to 2**64 - 1, past the integers a JavaScript number holds exactly.
  const seeded = el(
    "div",
    { class: "field" },
    el("label", { for: "seed", text: "Practice seed" }),
    el("input", {
      id: "seed",
      name: "seed",
      type: "text",
      inputmode: "numeric",
      pattern: "0|[1-9][0-9]{0,19}",
      autocomplete: "off",
      value: "",
      placeholder: "empty: a fair deal",
      "aria-describedby": "seed-hint",
    }),
    el("small", {
      id: "seed-hint",
      class: "hint",
      text: "a seed makes a practice table, whose hands anyone with the seed can know",
    }),
  );
  configSet.append(seeded);
  const seats = seatTotal(game, config);
  const you = el(
    "select",
    { id: "you", name: "you" },
    [...Array(seats).keys()].map((k) => el("option", { value: k, text: `Seat ${k}` })),
    el("option", { value: "watch", text: "Nowhere: watch the bots" }),
  );
  const seatSet = el(
    "fieldset",
    { class: "seats" },
    el("legend", { text: "Seats" }),
    el("div", { class: "field" }, el("label", { for: "you", text: "You sit at" }), you),
  );
  for (let k = 0; k < seats; k++) {
    const team = game.teams ? ` (${game.teams[k % game.teams.length]})` : "";
    seatSet.append(
      el(
        "div",
        { class: "field seat", dataSeat: k },
        el("label", { for: `seat-${k}`, text: `Seat ${k}${team}` }),
        el(
          "select",
          { id: `seat-${k}`, name: `seat-${k}` },
          seatChoices().map(([v, t]) => el("option", { value: v, text: t })),
        ),
      ),
    );
  }
  const sync = () => {
    for (const row of /** @type {NodeListOf<HTMLElement>} */ (seatSet.querySelectorAll(".seat"))) {
      const mine = row.dataset.seat === you.value;
      /** @type {HTMLSelectElement} */ (row.querySelector("select")).hidden = mine; // each seat's row has its select
      row.classList.toggle("mine", mine);
    }
  };
  // The last seats of this game, where they fit: who sat where, and where you sat.
  const kinds = choices.seats[game.name];
  if (!again && kinds && kinds.length === seats) {
    /** @param {HTMLSelectElement} select @param {string} value */
    const choose = (select, value) => {
      if ([...select.options].some((o) => o.value === value)) select.value = value;
    };
    choose(you, choices.you);
    kinds.forEach((kind, k) => {
      const select = /** @type {HTMLSelectElement} */ (seatSet.querySelector(`#seat-${k}`));
      if (String(k) !== choices.you) choose(select, kind);
    });
  }
  you.addEventListener("change", sync);
  sync();
  details.replaceChildren(configSet, seatSet, howToPlayNode(game, true));
}

/** @param {GameInfo} game */
export function howToPlayNode(game, open = false) {
  const node = el(
    "details",
    { class: "howto", open },
    el("summary", { text: `How to play ${GAMES[game.name].title}` }),
    game.how_to_play.map((p) => el("p", { text: p })),
    el(
      "p",
      {},
      el("a", {
        href: game.rules,
        target: "_blank",
        rel: "noopener",
        text: `The full rules of ${GAMES[game.name].title}`,
      }),
    ),
  );
  return node;
}

// The practice seed as the protocol takes it: its decimal text, never a Number (which would round
// a seed beyond 2**53 - 1 into another deal); null for a fair deal, or the problem in words.
export const MAX_SEED = 2n ** 64n - 1n;
/**
 * @param {HTMLInputElement} input
 * @returns {import("./types.js").SeedRead}
 */
export function readSeed(input) {
  const text = input.value.trim();
  if (text === "") return { seed: null };
  if (!/^(0|[1-9][0-9]{0,19})$/.test(text) || BigInt(text) > MAX_SEED) {
    return { problem: `Practice seed is a whole number from 0 to ${MAX_SEED}, not ${input.value}.`, input };
  }
  return { seed: text };
}

// (The lobby's form has its #seed input, its #you select, and a select in each .seat row.)
/**
 * @param {HTMLFormElement} form the lobby's
 * @param {HTMLElement} message where a problem is said
 */
export async function startTable(form, message) {
  const game = selectedGame(form);
  const read = readConfig(form, game);
  const seed = readSeed(/** @type {HTMLInputElement} */ (form.querySelector("#seed")));
  for (const bad of form.querySelectorAll("[aria-invalid]")) bad.removeAttribute("aria-invalid");
  const wrong = read.problem ? read : seed.problem ? seed : null;
  if (wrong) {
    message.textContent = wrong.problem;
    wrong.input.setAttribute("aria-invalid", "true");
    wrong.input.focus();
    return;
  }
  const you = /** @type {HTMLSelectElement} */ (form.querySelector("#you")).value;
  const seats = [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".seat"))].map((row) =>
    row.dataset.seat === you ? "human" : /** @type {HTMLSelectElement} */ (row.querySelector("select")).value,
  );
  message.textContent = "";
  /** @type {import("../client/index.js").Ops["new"]["fields"]} */
  const request = {
    game: game.name,
    config: read.config,
    seats,
    seat: you === "watch" ? null : Number(you),
    bots_after_reply: true, // the bots' opening moves told one by one, as they are made
  };
  if (seed.seed !== null) request.seed = seed.seed;
  const reply = await ask("new", request);
  if (!reply.ok) {
    message.textContent = reply.error.message;
    return;
  }
  keepLobbyChoices({
    ...lobbyChoices(),
    game: game.name,
    configs: { ...lobbyChoices().configs, [game.name]: read.config },
    seats: { ...lobbyChoices().seats, [game.name]: seats },
    you,
  });
  // Only invitations are shared: a seat's token stays with whoever claimed the seat.
  const links = Object.entries(reply.invitations).map(([seat, code]) => [Number(seat), code]);
  sessionStorage.setItem(`links-${reply.table}`, JSON.stringify(links));
  sessionStorage.setItem(
    `seats-${reply.table}`,
    JSON.stringify(seats.map((kind, k) => (String(k) === you ? "you" : kind))),
  );
  location.hash = you === "watch" ? `#/t/${reply.table}` : `#/t/${reply.table}/${you}/${reply.tokens[you]}`;
}

// The words of a number field's range, from the hint its aria-describedby names.
/** @param {HTMLElement} input */
function rangeText(input) {
  const hint = input.getAttribute("aria-describedby");
  // (a number input's hint is there: it says its range)
  return hint ? /** @type {HTMLElement} */ (document.getElementById(hint)).textContent : "";
}
