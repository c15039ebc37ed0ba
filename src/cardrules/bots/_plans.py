"""The PIMC search's knowledge of each game beyond the contract: ``_PLANS``, one ``_Plan`` a
registered game (where a deal ends, what it is worth there, how many tricks are left for the
solver, which playout judges best per CPU second, how the deal's plays so far are rebuilt). What a
deal is worth, and the rule of thumb the playouts play, the plans read from the game's own
``policy`` module, as the game's rollout does; ``cardrules.bots.pimc`` holds the game-agnostic
search that reads them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from cardrules import clubs, pub_derby, rugby_league
from cardrules.bots._scoreboard import minimax
from cardrules.clubs import policy as clubs_policy
from cardrules.manager import policy as manager_policy
from cardrules.pub_derby import policy as pub_derby_policy
from cardrules.rugby_league import policy as rugby_league_policy

Rewards = tuple[float, ...]


def _whole_game(state: Any) -> object:
    return None


@attrs.frozen
class Worth:
    """How a seat's reward in [0, 1] at the search's horizon (a deal's end, or the game's) reads
    to a person: ``offset + scale * reward`` in ``unit`` (a negative ``scale`` for a unit where
    less is better: clubs taken), what it means, and the losses against the best move, in the
    unit, from which a review calls a move an inaccuracy, a mistake and a blunder."""

    unit: str
    """The unit's short name, shown after a number: ``"%"``, ``"clubs"``."""
    meaning: str
    """What the number is, in a sentence."""
    offset: float = 0.0
    scale: float = 100.0
    thresholds: tuple[float, float, float] = (5.0, 10.0, 15.0)
    """The least loss of an inaccuracy, a mistake and a blunder, in the unit."""

    def of(self, reward: float) -> float:
        """A reward in the unit."""
        return self.offset + self.scale * reward

    def loss(self, lead: float) -> float:
        """A lead in reward (the best move's over another's) as a loss in the unit, >= 0 when
        ``lead`` is."""
        return abs(self.scale) * lead


_WIN_CHANCE = Worth("%", "your chance to win the game (a draw counts half), in percent")
"""A game's own rewards, as its outcome gives them: the worth of a game scored at its end (the
default plan's, and a sixth game's until its plan says otherwise)."""


@attrs.frozen
class _Plan:
    """What the search needs to know of one game beyond the contract.

    ``deal(state)`` names the deal (or half, or season) a state is in: a playout or the solver stops
    when it changes or the game ends, and ``value(before, after)`` scores the ``after`` state that
    ended the deal ``before`` was in (the game's ``policy.deal_value``; ``None``: the game's own
    ``rollout`` from ``after``, seed 0, is its worth). ``tricks_left(state)`` counts the tricks
    left in the deal, for the solver (``None``: the game has none). ``playout`` is ``"policy"``
    (the rule of thumb to the deal's end, scored by ``value``) or ``"rollout"`` (the game's own
    ``rollout``). The defaults judge by the game's own rollout, with no deal of its own and no
    tricks.
    """

    deal: Callable[[Any], object] = _whole_game
    value: Callable[[Any, Any], Rewards] | None = None
    tricks_left: Callable[[Any], int] | None = None
    playout: Literal["policy", "rollout"] = "rollout"
    history: Callable[[Any], list[tuple[Any, Any]]] | None = None
    """The moves of the current deal so far, each with the state before it, rebuilt from a
    sampled state (``None``: not rebuilt, and the deals are not weighted)."""
    seen_as: Callable[[Any, Any], object] | None = None
    """``seen_as(view, move)``: what the move is to the seat; moves seen alike are one choice,
    judged once (``None``: every move is its own)."""
    anchor: float = 0.0
    """How many standard errors of the paired difference (over the deals both met) another move's
    mean must lead the rule of thumb's move by to be played instead (0: the highest mean)."""
    ahead: int = 1
    """How many deals a playout runs through (more than one where ``deal`` counts them in ints):
    it ends once ``deal`` has grown by ``ahead``."""
    public: Callable[[Any, list[Any]], list[float] | None] | None = None
    """``public(view, choices)``: each choice's exact worth to the seat where the view's choices
    turn on public facts alone, so that no deal of the hidden cards could tell them apart (the
    search plays the first of the best; ``None``, as a plan or as its answer: search)."""
    worth: Worth = _WIN_CHANCE
    """How the seat's reward at the deal's end reads to a person, and what a review calls an
    inaccuracy, a mistake and a blunder (``cardrules.review``)."""


def _clubs_deal(state: Any) -> object:
    return state.match.round


def _trick_history(
    state: Any, before: Callable[..., Any], play: Callable[[Any], Any]
) -> list[tuple[Any, Any]]:
    """Every card of this deal so far with the state before it: the sampled hands, each with the
    cards its seat has played since put back, replayed trick by trick. ``before(hands, trick,
    seat, leader, tricks)`` builds a past state (the game's ``State``), ``play(card)`` the move."""
    done = state.progress.tricks
    plays = [(t.leader, t.cards) for t in done]
    plays.append((state.progress.leader, state.trick))
    held = [list(h) for h in state.hands]
    for leader, cards in plays:
        for j, card in enumerate(cards):
            held[(leader + j) % len(held)].append(card)
    hands = [tuple(sorted(h)) for h in held]
    out: list[tuple[Any, Any]] = []
    players = len(hands)
    for t, (leader, cards) in enumerate(plays):
        for j, card in enumerate(cards):
            seat = (leader + j) % players
            out.append((before(tuple(hands), cards[:j], seat, leader, done[:t]), play(card)))
            hands[seat] = tuple(c for c in hands[seat] if c != card)
    return out


def _clubs_history(state: Any) -> list[tuple[Any, Any]]:
    """Clubs' round so far (see ``_trick_history``)."""
    match = state.match

    def before(hands: Any, trick: Any, seat: int, leader: int, tricks: Any) -> clubs.State:
        return clubs.State(
            hands=hands, trick=trick, to_act=seat, progress=clubs.Progress(leader, tricks, match)
        )

    return _trick_history(state, before, clubs.Play)


def _pub_derby_history(state: Any) -> list[tuple[Any, Any]]:
    """Pub Derby's half so far (see ``_trick_history``), each past state with today's waves and
    match (goals, yellow cards): the rule of thumb reads neither."""
    progress = state.progress
    match, waves = progress.match, progress.waves

    def before(hands: Any, trick: Any, seat: int, leader: int, tricks: Any) -> pub_derby.State:
        progress = pub_derby.Progress(leader=leader, tricks=tricks, waves=waves, match=match)
        return pub_derby.State(hands=hands, trick=trick, to_act=seat, progress=progress)

    return _trick_history(state, before, pub_derby.Play)


def _hand_tricks(state: Any) -> int:
    return max(len(h) for h in state.hands)


def _pub_derby_half(state: Any) -> object:
    return state.progress.match.half


def _season(state: Any) -> object:
    return state.match.season


def _eighty_points_deal(state: Any) -> object:
    """The round, and whether its last trick has been led: every play after that is forced (each
    seat holds just the cards it must play), so the round's value is known there."""
    table = state.table
    return (table.match.round, bool(state.trick) and not state.hands[table.leader])


def _rugby_first_half(state: Any) -> object:
    """Whether the first half is on: a playout from it stops at half time, one from later plays to
    the end, as Rugby League's rollout does."""
    return state.field.match.half == 1


def _rugby_seen_as(view: Any, move: Any) -> object:
    """Every face-down slot the view does not show is the same choice: the seat cannot tell its
    cards apart (blind play), and every deal is as likely with them swapped."""
    if type(move) is rugby_league.Choose and (
        move.slot >= len(view.own_row) or view.own_row[move.slot] is None
    ):
        return rugby_league.Choose
    return move


def _rugby_public(view: Any, choices: list[Any]) -> list[float] | None:
    """In blind play, each choice's minimax value in the public game
    (``cardrules.bots._scoreboard``): every card is a coin flip to a seat that sees none, so a
    drop goal and a penalty's options turn on the scoreboard alone. ``None`` in open-hands play."""
    return None if view.config.open_hands else minimax().values(view, choices)


def _trick_plan(
    deal: Callable[[Any], object],
    value: Callable[[Any, Any], Rewards],
    history: Callable[[Any], list[tuple[Any, Any]]],
) -> _Plan:
    """A trick game's plan: the rule of thumb to the deal's end, the solver for its last tricks,
    and the deal's plays rebuilt to weight the deals."""
    return _Plan(deal=deal, value=value, tricks_left=_hand_tricks, playout="policy", history=history)


_PLANS: Mapping[str, _Plan] = MappingProxyType(
    {
        "clubs": attrs.evolve(
            _trick_plan(_clubs_deal, clubs_policy.deal_value, _clubs_history),
            worth=Worth(
                unit="clubs",
                meaning=(
                    "the clubs you are expected to take from here to the round's end (fewer is "
                    "better; where the round ends the match, 0 for a win and 13 for a loss)"
                ),
                offset=13.0,
                scale=-13.0,
                thresholds=(1.0, 2.0, 3.0),
            ),
        ),
        # The first half is judged at half time by the odds of the second (``policy._SECOND_HALF``), so
        # that its playouts are shorter and free of the second half's luck.
        "pub_derby": attrs.evolve(
            _trick_plan(_pub_derby_half, pub_derby_policy.deal_value, _pub_derby_history),
            worth=Worth("%", "your team's chance to win the match (a draw counts half), in percent"),
        ),
        # A playout's half or match is mostly luck: follow the rule of thumb unless another move is
        # clearly better (measured: 0.41 against the heuristic on a plain mean, 0.51 so). The rule
        # of thumb's playouts did as well as random ones (measured; see docs/bot-measurements.md).
        # Blind play is solved over the scoreboard (``_rugby_public``); open-hands play is searched.
        "rugby_league": _Plan(
            deal=_rugby_first_half,
            value=rugby_league_policy.deal_value,
            playout="policy",
            seen_as=_rugby_seen_as,
            anchor=2.0,
            public=_rugby_public,
            worth=Worth(
                "%",
                "your chance to win the match (a draw counts half), in percent; in the first half "
                "of open-hands play, the half-time value: 50 and 3.125 a point of lead (16 at most)",
            ),
        ),
        # A lead affords about 25 deals over 20 moves or more, so the highest mean is often a
        # lucky one: follow the rule of thumb unless another move leads it by a standard error
        # (measured at 0.5 s: see docs/bot-measurements.md).
        # A round whose last trick is led is worth what the game's rollout plays out (``value``).
        # Once the hands hold few cards, the round's free plays are solved exactly (``tricks_left``
        # counts cards: a double or sisters play several a trick).
        "eighty_points": _Plan(
            deal=_eighty_points_deal,
            tricks_left=_hand_tricks,
            anchor=1.0,
            worth=Worth(
                "%",
                "the round's worth to your team, in percent: the mean of its levels' worth (1/8 a "
                "level gained, or the match's result) and its share of the round's 160 points",
            ),
        ),
        # The rule of thumb (the greedy draft) through the next two seasons, the second's pool
        # from the sampled stock: what a draft keeps for later counts, not only the next season.
        "manager": _Plan(
            deal=_season,
            value=manager_policy.deal_value,
            playout="policy",
            ahead=2,
            worth=Worth(
                "%",
                "the next two seasons' worth to you, in percent: three quarters who wins each "
                "(a halved season half), a quarter the points' margin (8 at most either way)",
            ),
        ),
    }
)
