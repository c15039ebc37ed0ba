// The cardrules web table, at a table: your choices, the log and the links to share.

import { JOKERS, backNode, cardClasses, cardFace, cardName, cardNode, el, pretty } from "./cards.js";
import { GAMES } from "./games/index.js";
import { buttonWords, classify, completable, completed, movesInWords, slotNumber, typedMove } from "./moves.js";
import { app } from "./session.js";
import { clearChoice, send } from "./replay.js";
import { drawTable } from "./table.js";

/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").CardMove} CardMove */
/** @typedef {import("./types.js").ChoiceUi} ChoiceUi */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableReply} TableReply */
/** @typedef {import("../client/index.js").Games.GameName} GameName */
// These pieces are drawn, and clicked, while the page is at a table: app.table is there.

// ---------------------------------------------------------------- the table: your choices

// What a click does now: which hand and pool cards are live, what is chosen.
/**
 * @param {TableReply} reply
 * @param {unknown} _data
 * @param {boolean} live
 * @returns {ChoiceUi}
 */
export function choiceUi(reply, _data, live) {
  const table = /** @type {Table} */ (app.table);
  const { plays, swaps, buttons } = classify(live ? reply.legal : []);
  const next = completable(table.chosen, plays);
  const done = completed(table.chosen, plays);
  const teamCards = new Set(swaps.map((s) => s.team));
  const poolCards = new Set(swaps.filter((s) => s.team === table.team).map((s) => s.pool));
  const previews = new Map(live && reply.previews ? reply.previews.map((p) => [p.move, p.values]) : []);
  return {
    plays,
    swaps,
    buttons,
    done,
    previews,
    // Is the hand card at `index` clickable, and is it chosen?
    /**
     * @param {Card} code
     * @param {number} index
     */
    handCard(code, index) {
      if (swaps.length) return { live: teamCards.has(code), chosen: table.team === code };
      const chosen = table.chosenIndexes && table.chosenIndexes.includes(index);
      return { live: chosen || next.has(code), chosen };
    },
    /** @param {Card} code */
    poolNode(code) {
      const liveHere = poolCards.has(code);
      return cardNode(code, { onClick: liveHere ? () => send(`${table.team}-${code}`) : null });
    },
  };
}

/**
 * @param {TableReply} reply
 * @param {Card[] | null} cards
 * @param {ChoiceUi} ui
 */
export function handNode(reply, cards, ui) {
  if (GAMES[reply.game].slots) return slotHandNode(reply, ui);
  if (!cards || !cards.length) return null;
  // A seat's reply after the deal: its view is its game's, which the game's entry reads.
  const d = /** @type {{data?: unknown}} */ (reply.view).data;
  const groupOf = /** @type {(d: unknown, card: Card) => string} */ (GAMES[reply.game].group);
  let last = "";
  const nodes = cards.map((code, index) => {
    const { live, chosen } = ui.handCard(code, index);
    const node = cardNode(code, { onClick: live ? () => clickHand(code, index, ui) : null, selected: chosen });
    if (live) node.dataset.focusKey = `hand-${index}`;
    const group = groupOf(d, code);
    if (group !== last) {
      node.dataset.group = group;
      if (index) node.classList.add("group-start");
      last = group;
    }
    return node;
  });
  const label = ui.swaps.length ? "Your team: choose a card to swap, then a pool card" : GAMES[reply.game].words.hand;
  // Where your cards are swapped, the other moves (Manager's pass) sit with them, on screen.
  const beside = ui.swaps.length ? ui.buttons.map((text) => choiceButton(text, reply.game)) : [];
  return handRow(label, nodes, [...chooseNodes(ui), ...beside]);
}

// A play of several cards: the cards chosen so far, and the buttons that play or clear them, kept
// at the head of the hand so that they are on screen with it.
/** @param {ChoiceUi} ui */
export function chooseNodes(ui) {
  const table = /** @type {Table} */ (app.table);
  if (!ui.plays.some((p) => p.cards.length > 1) && !table.chosen.length) return [];
  const chosen = table.chosen.map(pretty).join(" ") || "nothing yet";
  return [
    el("p", { class: "chosen", text: `Chosen: ${chosen}` }),
    el("button", {
      type: "button",
      class: "primary",
      dataFocusKey: "play",
      disabled: !ui.done,
      onclick: () => sendChosen(/** @type {CardMove} */ (ui.done)), // disabled without one
      text: "Play the chosen cards",
    }),
    el("button", {
      type: "button",
      dataFocusKey: "clear",
      disabled: !table.chosen.length,
      onclick: () => {
        clearChoice(table);
        drawTable();
      },
      text: "Clear",
    }),
  ];
}

/**
 * A move that is not a card, as a button saying what it does.
 * @param {string} text the move's notation
 * @param {GameName} game
 */
function choiceButton(text, game) {
  const [title, what] = buttonWords(text, game);
  return el(
    "button",
    { type: "button", class: "choice", dataMove: text, dataFocusKey: `move-${text}`, onclick: () => send(text) },
    el("strong", { text: title }),
    what ? el("span", { text: what }) : null,
  );
}

// Rugby League's hand is your row of face-down slots: a live slot is a button that plays it.
/**
 * @param {TableReply} reply a seat's reply, of a game played by slots
 * @param {ChoiceUi} ui
 */
export function slotHandNode(reply, ui) {
  const d = /** @type {import("./types.js").SlotsView} */ (/** @type {{data?: unknown}} */ (reply.view).data);
  const me = /** @type {number} */ (reply.seat); // a seat's
  const live = new Set(ui.buttons.filter((b) => /^\d+$/.test(b)));
  // Slots are numbered as a person counts, from 1 (the move sent is the rules' slot, from 0).
  const nodes = d.filled[me].map((filled, k) => {
    const own = d.own_row.length ? d.own_row[k] : null;
    const n = k + 1;
    if (!filled) return el("span", { class: "card empty", role: "img", "aria-label": `slot ${n}: played` });
    if (!live.has(String(k))) return own ? cardNode(own) : backNode(`slot ${n}: a face-down card`);
    const label = own ? `slot ${n}: play the ${cardName(own)}` : `slot ${n}: play your face-down card`;
    const face = own ? cardFace(own) : [el("span", { class: "slot-number", text: String(n) })];
    return el(
      "button",
      {
        type: "button",
        class: own ? cardClasses(own, ["legal"]) : "card back legal",
        dataMove: String(k),
        dataFocusKey: `slot-${k}`,
        "aria-label": label,
        onclick: () => send(String(k)),
      },
      face,
    );
  });
  // What the slots are picked for: the phase actually being played (none at a penalty's choice).
  const pick = live.size ? /** @type {(d: unknown) => string} */ (GAMES[reply.game].words.pick)(d) : "";
  const title = pick ? `Your row: ${pick}` : "Your row";
  return handRow(title, nodes);
}

/**
 * @param {string} label
 * @param {HTMLElement[]} nodes
 * @param {HTMLElement[]} [head] beside the label: the chosen cards and their buttons
 */
export function handRow(label, nodes, head = []) {
  const row = el(
    "section",
    { class: "row hand", "aria-label": label },
    el("div", { class: "hand-head" }, el("h3", { text: label }), head),
    el("div", { class: "cards" }, nodes),
  );
  row.addEventListener("keydown", (event) => moveFocus(event, row));
  return row;
}

// Arrow keys walk the live cards; Enter plays a complete choice, Escape clears it.
/**
 * @param {KeyboardEvent} event
 * @param {HTMLElement} row
 */
export function moveFocus(event, row) {
  const live = /** @type {HTMLButtonElement[]} */ ([...row.querySelectorAll("button.card")]);
  // (indexOf: -1 for any other element, or none)
  const at = live.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    const step = event.key === "ArrowRight" ? 1 : -1;
    const target = live[(at + step + live.length) % live.length];
    if (target) target.focus();
    event.preventDefault();
  } else if (event.key === "Escape") {
    clearChoice(/** @type {Table} */ (app.table));
    drawTable();
  }
}

/**
 * @param {Card} code
 * @param {number} index
 * @param {ChoiceUi} ui
 */
export function clickHand(code, index, ui) {
  const table = /** @type {Table} */ (app.table);
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

/** @param {CardMove} play */
export function sendChosen(play) {
  clearChoice(/** @type {Table} */ (app.table));
  send(play.text, play.cards);
}

/**
 * @param {ChoiceUi} ui
 * @param {TableReply} reply
 */
export function actionsNode(ui, reply) {
  const table = /** @type {Table} */ (app.table);
  const box = el("section", { class: "actions", "aria-label": "Moves" });
  for (const text of ui.swaps.length ? [] : ui.buttons) {
    // (with swaps, the buttons are at the head of the hand: handNode)
    if (GAMES[reply.game].slots && /^\d+$/.test(text)) continue; // the slots of your row
    box.append(choiceButton(text, reply.game));
  }
  if (ui.plays.length + ui.swaps.length + ui.buttons.length && !table.busy) {
    const first = reply.legal[0];
    const example = GAMES[reply.game].slots && /^\d+$/.test(first) ? slotNumber(first) : first; // a slot from 1
    const input = el("input", {
      type: "text",
      name: "move",
      autocomplete: "off",
      "aria-label": "Type a move",
      placeholder: `or type a move: ${example}`,
      dataFocusKey: "typed",
    });
    box.append(
      el(
        "form",
        {
          class: "typed",
          onsubmit: (event) => {
            event.preventDefault();
            if (!input.value.trim()) return;
            const move = typedMove(input.value, reply.legal, reply.game);
            if (move) {
              send(move);
              return;
            }
            // Not a move of yours now: said so, with the moves that are, in words.
            const choices = movesInWords(reply.legal, reply.game).join("; ");
            table.error = `"${input.value.trim()}" is not one of your moves now. You can: ${choices}.`;
            drawTable();
          },
        },
        input,
        el("button", { type: "submit", text: "Play" }),
      ),
    );
  }
  return box.childElementCount ? box : null;
}

// An event's words, with a joker's code (SJ, BJ) in words too, as the cards say it.
/** @param {string} text */
export function eventWords(text) {
  return text.replace(/\b(SJ|BJ)\b/g, (code) => JOKERS[code]);
}

/** @param {string[]} log */
export function logNode(log) {
  if (!log.length) return null;
  const list = el(
    "ol",
    { class: "log", "aria-live": "polite", "aria-label": "What happened" },
    log.map((text) => el("li", { text: eventWords(text) })),
  );
  const node = el("section", { class: "events" }, el("h3", { text: "What happened" }), list);
  requestAnimationFrame(() => {
    list.scrollTop = list.scrollHeight;
  });
  return node;
}

/** @param {string} tableId */
export function shareNode(tableId) {
  // each invitation as the lobby keeps it: [seat, code]
  const links = /** @type {[number, string][]} */ (JSON.parse(sessionStorage.getItem(`links-${tableId}`) || "[]"));
  const base = `${location.origin}${location.pathname}#/t/${tableId}`;
  const items = links.map(([seat, code]) =>
    el(
      "li",
      {},
      `Seat ${seat} (opens the seat once): `,
      el("a", { href: `${base}/invite/${seat}/${code}`, text: `${base}/invite/${seat}/${code}` }),
    ),
  );
  items.push(el("li", {}, "Watchers: ", el("a", { href: base, text: base })));
  // Open at first when a friend's seat waits for its link; then as the reader left it.
  const table = /** @type {Table} */ (app.table);
  if (table.shareOpen === undefined) table.shareOpen = links.length > 0;
  const node = el(
    "details",
    { class: "share", open: table.shareOpen },
    el("summary", { text: "Share this table" }),
    el("ul", {}, items),
  );
  node.addEventListener("toggle", () => {
    table.shareOpen = node.open;
  });
  return node;
}
