"""Rule-of-thumb bots: one plain policy per game, written from the game's rules (not tuned).

``HeuristicBot()`` plays any registered game that has a policy here, picking the game from the view's
type. Each policy is deterministic and uses the view alone; the seed is unused. The policies:

- **Clubs**: duck under the trick's winning card with the highest card that still ducks; when void,
  throw the highest club, else the highest card; lead the lowest non-club card.
- **Pub Derby**: when a team-mate is winning the trick play low (never a jack, which would give the
  own team a yellow card); otherwise win as cheaply as possible, or throw a jack onto the opponents'
  trick if it cannot be won; lead the highest card of a plain suit when it is an ace or king, else
  the lowest plain card.
- **Rugby League**: in open-hands play, the highest card that does not repeat the seat's last rank
  (a penalty); blind, the first slot. A penalty in the own half is kicked for touch, in the
  opponent's half played on (tap and run: the ball moves on every tackle, so a try is likely); a
  drop goal in extra time (the first score wins), else only in the second half's last set when level
  or one point behind.
- **80 Points**: keep the hand and never declare no trump unless holding few trumps; discard the
  lowest plain cards without points; feed points to a partner who is winning the trick, otherwise
  win as cheaply as possible, or give away the fewest points; lead the longest, highest plain play.
- **Manager**: the exchange that most improves the season margin against the other team as seen
  now (``season_value``), else pass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from cardrules import clubs, eighty_points, manager, pub_derby, rugby_league
from cardrules._shared.tricks import RANK_OF, SUIT_OF, trick_winner
from cardrules.cards import Card, Suit
from cardrules.eighty_points.entry import order_table
from cardrules.eighty_points.policy import rule_of_thumb
from cardrules.errors import ConfigError, StateError
from cardrules.registry import game_of_view

__all__ = ["POLICIES", "HeuristicBot"]

_CLUB = int(Suit.CLUBS)
_JACK = 11


def _rank(m: Any) -> int:
    return int(RANK_OF[m.card])


def _clubs(view: clubs.View) -> clubs.Play:
    moves = view.legal_moves
    trick = view.trick
    if not trick:
        plain = [m for m in moves if SUIT_OF[m.card] != _CLUB]
        return min(plain or moves, key=_rank)
    led = SUIT_OF[trick[0]]
    if SUIT_OF[moves[0].card] != led:
        clubs_held = [m for m in moves if SUIT_OF[m.card] == _CLUB]
        return max(clubs_held or moves, key=_rank)
    best = trick[trick_winner(trick)]
    ducking = [m for m in moves if RANK_OF[m.card] < RANK_OF[best]]
    if ducking:
        return max(ducking, key=_rank)
    last = len(trick) == len(view.hand_sizes) - 1
    return max(moves, key=_rank) if last else min(moves, key=_rank)


def _pub_derby(view: pub_derby.View) -> pub_derby.Play:
    moves = view.legal_moves
    trick, trump, seat = view.trick, view.trump, view.player
    players = len(view.hand_sizes)
    plain_low = sorted(moves, key=lambda m: (RANK_OF[m.card] == _JACK, SUIT_OF[m.card] == trump, _rank(m)))
    if not trick:
        plain = [m for m in moves if SUIT_OF[m.card] != trump and RANK_OF[m.card] != _JACK]
        top = max(plain, key=_rank, default=None)
        if top is not None and RANK_OF[top.card] >= 13:
            return top
        return plain_low[0]
    winner = (view.leader + trick_winner(trick, trump)) % players
    if pub_derby.INFO.side_of(winner) == pub_derby.INFO.side_of(seat):
        return plain_low[0]
    winning = [m for m in moves if trick_winner((*trick, m.card), trump) == len(trick)]
    if winning:
        return min(winning, key=lambda m: (RANK_OF[m.card] == _JACK, SUIT_OF[m.card] == trump, _rank(m)))
    jacks = [m for m in moves if RANK_OF[m.card] == _JACK]
    return jacks[0] if jacks else plain_low[0]


def _rugby_league(view: rugby_league.View) -> rugby_league.Move:
    moves = view.legal_moves
    kinds = {type(m): m for m in moves}
    seat = view.player
    # Touch is offered only in the kicker's own half, where it gains the most ground.
    if rugby_league.KickForTouch in kinds:
        return kinds[rugby_league.KickForTouch]
    if rugby_league.TapAndRun in kinds:
        return kinds[rugby_league.TapAndRun]
    if rugby_league.AttemptDropGoal in kinds:
        behind = view.scores[1 - seat] - view.scores[seat]
        if _drop_goal_pays(view.half, view.sets, behind):
            return kinds[rugby_league.AttemptDropGoal]
    slots = [m for m in moves if type(m) is rugby_league.Choose]
    if not slots:
        return moves[0]
    row = view.own_row
    last = view.last[seat]
    known = [(m, card) for m in slots if m.slot < len(row) and (card := row[m.slot]) is not None]
    if not known:
        return slots[0]

    def strength(choice: tuple[rugby_league.Choose, Card]) -> tuple[bool, int]:
        card = choice[1]
        repeats = last is not None and RANK_OF[card] == RANK_OF[last]
        return (not repeats, int(RANK_OF[card]))

    return max(known, key=strength)[0]


def _drop_goal_pays(half: int, sets: int, behind: int) -> bool:
    """A drop goal's one point is worth its risk when it wins the match or saves it: in extra time
    (the first score wins), or in the second half's last set (``sets`` played before it) when
    level or one point ``behind``."""
    if rugby_league.in_extra_time(half):
        return True
    last_set = sets + 1 == rugby_league.sets_in_half(half)
    return half == 2 and last_set and behind in (0, 1)


def _eighty_points(view: eighty_points.View) -> eighty_points.Move:
    table = order_table(view.royal, view.trump)
    return rule_of_thumb(view.legal_moves, view.hand, view.trick, view.leader, view.player, table)


def _manager(view: manager.View) -> manager.Exchange | manager.Pass:
    moves = view.legal_moves
    mine, theirs = view.teams[view.player], view.teams[1 - view.player]

    def margin(team: tuple[Card, ...]) -> int:
        return manager.season_value(team, theirs).points - manager.season_value(theirs, team).points

    best: manager.Exchange | manager.Pass | None = None
    best_margin = margin(mine)
    for m in moves:
        if type(m) is manager.Exchange:
            team = tuple(m.pool_card if c == m.team_card else c for c in mine)
            value = margin(team)
            if value > best_margin:
                best, best_margin = m, value
    if best is not None:
        return best
    return next((m for m in moves if type(m) is manager.Pass), moves[0])


POLICIES: Mapping[str, Callable[[Any], Any]] = MappingProxyType(
    {
        "clubs": _clubs,
        "pub_derby": _pub_derby,
        "rugby_league": _rugby_league,
        "eighty_points": _eighty_points,
        "manager": _manager,
    }
)
"""The rule-of-thumb policy of each game, by registry name: ``policy(view) -> move``."""


@attrs.frozen
class HeuristicBot:
    """Plays each game's rule-of-thumb policy (see the module docstring); deterministic, seed unused."""

    def choose(self, view: Any, seed: int) -> Any:
        """The policy's move for ``view``; ``ConfigError`` for a game with no policy."""
        game = game_of_view(view)
        if not view.legal_moves:
            raise StateError(f"seat {view.player} has no move to choose in this view")
        policy = POLICIES.get(game.NAME)
        if policy is None:
            raise ConfigError(f"no rule-of-thumb policy for {game.NAME}; the policies: {', '.join(POLICIES)}")
        return policy(view)
