// The web table's names of moves (src/cardrules/serve/static/js/moves.js's moveInWords), run in node:
// every game's moves in the words the page says them in, never in the notation (issue 60: the
// review showed Manager's swaps as "9C-5H"), and judged.js's nearest judged decisions. The page is
// laid out as the server serves it (js/ and client/), as check_web.mjs does; the expected words
// are written out by hand from each game's buttons (static/js/games/) and cards.js's words.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "cardrules-moves-"));
try {
  cpSync(join(root, "src", "cardrules", "serve", "static", "js"), join(scratch, "js"), { recursive: true });
  cpSync(join(root, "clients", "js", "src"), join(scratch, "client"), { recursive: true });
  const page = (/** @type {string} */ name) => import(pathToFileURL(join(scratch, "js", name)).href);
  const { app } = await page("session.js");
  // Rugby League's kicks say the table's numbers (its facts), as a table's state reply has them.
  app.table = { shown: { facts: { touch_places: 2, penalty_goal_points: 2, drop_goal_points: 1 } } };
  const { moveInWords, movesInWords } = await page("moves.js");
  const { judgedNearby } = await page("judged.js");

  const words = {
    manager: { "9C-5H": "swap your 9♣ for the pool's 5♥", "TH-AS": "swap your 10♥ for the pool's A♠", pass: "pass" },
    rugby_league: { 0: "slot 1", 5: "slot 6", touch: "kick for touch", goal: "kick for goal", tap: "tap and run" },
    eighty_points: {
      "discard 4D": "discard the 4♦",
      "9S 9S": "play the 9♠ 9♠ (a double)",
      BJ: "play the big joker",
      pass: "do not declare",
      declare: "declare no trump",
      ask: "ask for a redeal",
    },
    clubs: { QC: "play the Q♣" },
    pub_derby: { TD: "play the 10♦" },
  };
  for (const [game, moves] of Object.entries(words)) {
    for (const [move, said] of Object.entries(moves)) assert.equal(moveInWords(move, game), said, `${game} ${move}`);
  }
  // The moves you can type, when one typed is not one of them: plays, then swaps, then buttons.
  assert.deepEqual(movesInWords(["pass", "9C-5H"], "manager"), ["swap your 9♣ for the pool's 5♥", "pass"]);

  // Moves 4 and 5 are the step shown: its own decisions are neither before it nor after it, and a
  // forced decision is not judged.
  const decision = (/** @type {number} */ index, /** @type {string} */ label) => ({ index, label });
  const result = {
    decisions: [decision(1, "best"), decision(3, "forced"), decision(4, "blunder"), decision(6, "good")],
  };
  assert.deepEqual(judgedNearby(result, 4, 6), { previous: 1, next: 6, previousMistake: null, nextMistake: null });
  assert.deepEqual(judgedNearby(result, 0, 0), { previous: null, next: 1, previousMistake: null, nextMistake: 4 });
  assert.deepEqual(judgedNearby(result, 7, 7), { previous: 6, next: null, previousMistake: 4, nextMistake: null });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
