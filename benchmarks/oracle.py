"""An open-hands oracle, a measuring instrument for benchmarks only: it reads every hidden card.

``OracleBot`` is ``PIMCBot``'s search run on the true state instead of sampled deals: each of its
"deals" is the state the table is really in, so its judgements differ only by their playouts'
seeds. It plays the highest mean, never anchored to the rule of thumb (as PIMC is in Rugby
League), and searches blind Rugby League, which PIMC answers over its public scoreboard. It
learns the true state by ``watch(game)``, which wraps the game module's ``view`` (the
function the arena's runner asks for each seat's view) so that each view it hands out is
remembered with the state it came from. It therefore works in the process that plays (the arena
with one worker), and it must never be seated at a real table: it is not in the library, and
nothing outside ``benchmarks/`` imports it.

``OracleBot(blind=True)`` is the ceiling of what a seat can decide in blind Rugby League: it sees
every card but its own face-down row, whose cards each of its "deals" shuffles among the row's
slots, so that every slot it may pick looks alike to it, as to any player (the other seat's row,
the pile and every pick stay as they are). In the other games, and in open-hands Rugby League, a
seat sees its whole hand, and ``blind`` changes nothing.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.bots import _plans
from cardrules.bots.pimc import PIMCBot
from cardrules.errors import StateError
from cardrules.registry import game_of_view
from cardrules.rng import Rng
from cardrules.rugby_league import View as RugbyView

_SEEN: list[tuple[Any, Any]] = []
"""The last view the watched ``view`` handed out and the state it was made from."""


def watch(game: Any) -> None:
    """Wrap ``game.view`` (once) so that the oracle can find the state behind the view it is given."""
    if getattr(game.view, "_oracle_watch", False):
        return
    plain = game.view

    def view(state: Any, seat: int) -> Any:
        seen = plain(state, seat)
        _SEEN[:] = [(seen, state)]
        return seen

    view._oracle_watch = True  # type: ignore[attr-defined]
    game.view = view


def own_row_shuffled(truth: Any, view: Any, seed: int) -> Any:
    """``truth`` with the cards of the Rugby League seat's own face-down slots that ``view`` does
    not show shuffled among those slots by ``seed``; ``truth`` itself for any other view."""
    if not isinstance(view, RugbyView):
        return truth
    row = truth.rows[view.player]
    shown = view.own_row
    hidden = [k for k, card in enumerate(row) if card is not None and (k >= len(shown) or shown[k] is None)]
    cards, _ = Rng.from_seed(seed).shuffle([row[k] for k in hidden])
    new_row = list(row)
    for k, card in zip(hidden, cards):
        new_row[k] = card
    rows = tuple(tuple(new_row) if seat == view.player else r for seat, r in enumerate(truth.rows))
    return attrs.evolve(truth, rows=rows)


def _searched(plan: Any, seen_as: Any) -> Any:
    """``plan`` searched on a plain mean (no anchor) with no public answer, moves seen alike as
    ``seen_as`` has them (``None``: every move its own)."""
    return attrs.evolve(plan, seen_as=seen_as, anchor=0.0, public=None)


@attrs.frozen
class OracleBot:
    """PIMCBot's search on the true state (every card face up) at ``time_per_move`` seconds; with
    ``blind``, every card but the seat's own face-down Rugby League row."""

    time_per_move: float = 0.1
    blind: bool = False

    def choose(self, view: Any, seed: int) -> Any:
        """PIMCBot's move when every deal it samples is the true state behind ``view``."""
        game: Any = game_of_view(view)
        if not _SEEN or _SEEN[0][0] is not view:
            raise StateError("the oracle sees only views its watched game.view handed out (watch(game))")
        truth = _SEEN[0][1]
        plain = game.sample_state
        plans = _plans._PLANS
        # The oracle searches where PIMC answers from public facts alone (blind Rugby League).
        if self.blind:
            game.sample_state = lambda seen, deal_seed: own_row_shuffled(truth, seen, deal_seed)
            _plans._PLANS = {name: _searched(plan, plan.seen_as) for name, plan in plans.items()}
        else:
            game.sample_state = lambda _view, _seed: truth
            # PIMC judges once the moves a seat cannot tell apart; the oracle tells them all apart.
            _plans._PLANS = {name: _searched(plan, None) for name, plan in plans.items()}
        try:
            return PIMCBot(time_per_move=self.time_per_move, epsilon=None).choose(view, seed)
        finally:
            game.sample_state = plain
            _plans._PLANS = plans
