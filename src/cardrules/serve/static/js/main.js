// The cardrules web table: a lobby and a card table for each game, speaking the serve protocol
// (docs/protocol.md) over one WebSocket. No build step: the browser loads these modules as they are.
//
// Routes: "#/" the lobby ("#/tables": at its "Your tables"); "#/t/TABLE/SEAT/TOKEN" your seat at a
// table (keep it: it is the seat's secret); "#/t/TABLE/invite/SEAT/CODE" an invitation to a seat
// (the link to share: opened, it claims the seat once and becomes the seat's own link);
// "#/t/TABLE" a spectator; any other address is said to be no table's. The tables this browser has
// been at are kept in localStorage (tables.js: "Your tables", each seat's link with its token, and
// the lobby's last choices). The page's state is in data attributes too, so that people reading
// the markup and browser tests see the same thing: body[data-screen], .table[data-status].
//
// What the other seats do arrives as events in each reply; the table replays them one at a time
// (a card travels to the trick, a won trick waits with its winner named) at the pace chosen in
// the page, and shows the reply's position once they are all told.

import { main } from "./session.js";

main();
