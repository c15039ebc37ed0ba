"""Review a game: what each decision of a seat was worth, judged from what the seat knew.

For each decision, every legal move is judged by the PIMC search (``cardrules.bots.pimc``,
``estimate_moves``) from the seat's own view at the time: the hidden cards are dealt again and
again with the game's ``sample_state`` from that view, never read from the game, and every move
meets the same deals. A move's worth is its mean over the deals, with its standard error; the
played move's loss is the best move's lead over it, measured again on fresh deals (with the
standard error of that paired difference), and its label says how large the loss is against the
game's thresholds less twice that error. Where few
tricks are left after a move, its open-hands exact worth is given beside it: what it was worth
had the seat seen every card, as double-dummy analysis gives, in hindsight.

Worth is in one unit per game, from the game's plan (``cardrules.bots._plans``: a ``Worth``), the
reward the search scores at the end of a deal read as a person reads it: the chance to win, the
clubs taken. Nothing here knows a game; a game added by the steps of docs/architecture.md is
reviewed through its contract and its plan. See docs/review.md.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules._reprs import short_repr
from cardrules.bots import _plans
from cardrules.bots._plans import Worth
from cardrules.bots.pimc import estimate_moves, solve_move
from cardrules.errors import ConfigError, IllegalMoveError, StateError
from cardrules.game import game_of
from cardrules.registry import get_game
from cardrules.rng import derive_seed
from cardrules.transcript import Transcript, replay_steps

__all__ = ["DEFAULT_BUDGET", "HINDSIGHT_TRICKS", "LABELS", "NOISE_MARGIN", "Decision", "MoveWorth", "Review"]
__all__ += ["ReviewBudget", "SeatSummary", "Worth", "decisions_of", "review", "review_decision"]
__all__ += ["review_of", "to_json"]

LABELS = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")
"""A decision's labels: ``forced`` (one choice), ``best`` (no move judged better), ``good`` (a
loss below the game's inaccuracy threshold once its noise is taken off: see [`NOISE_MARGIN`][]),
then ``inaccuracy``, ``mistake`` and ``blunder`` (a loss that stands clear of each threshold)."""

NOISE_MARGIN = 2.0
"""A loss reaches a label's threshold only by what stands clear of its noise: the loss less this
many of its standard errors (about the lower end of its 95% interval). At 48 deals a loss read
as it stands was a mistake in a review ten times longer 38-45% of the time in four games
(``benchmarks/review_quality.py``): the best move is the highest of several noisy estimates, so
its lead is overstated; a player should not be told of a mistake the search cannot tell from
noise. Exact worths (blind Rugby League) have no noise to take off."""

HINDSIGHT_TRICKS = 3
"""Open-hands exact worths are given where at most this many tricks are left after a move."""


def _check_deals(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (type(value) is not int or value < 2):
        raise ConfigError(f"a review's budget of deals must be an int >= 2, got {short_repr(value)}")


def _check_seconds(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value < math.inf:
        raise ConfigError(f"a review's budget of seconds must be a number above 0, got {short_repr(value)}")


_BUDGET_TEXT = re.compile(r"^\s*(?:(\d+)|(\d+(?:\.\d*)?|\.\d+)\s*(s|ms))\s*$", re.IGNORECASE)


@attrs.frozen
class ReviewBudget:
    """A decision's budget: ``deals`` deals of the hidden cards (every move judged on each), or
    ``seconds`` of CPU time, or both (whichever ends first). Where the move played is not the
    best, its loss is measured again on four times as many fresh deals (two moves on each): a budget of
    seconds gives two thirds of its time to the first look and the rest to the second. On deals
    alone a review is the same on any machine; on the clock it also depends on the machine's
    speed."""

    deals: int | None = attrs.field(default=None, validator=_check_deals)
    seconds: float | None = attrs.field(default=None, validator=_check_seconds)

    def __attrs_post_init__(self) -> None:
        if self.deals is None and self.seconds is None:
            raise ConfigError("a review's budget is deals, seconds or both")

    @classmethod
    def parse(cls, text: str) -> ReviewBudget:
        """``"64"`` (deals), ``"0.5s"`` or ``"500ms"`` (CPU seconds a decision); ``ConfigError``
        for anything else."""
        match = _BUDGET_TEXT.match(text) if isinstance(text, str) else None
        if match is None:
            raise ConfigError(
                "a review's budget is a number of deals (64) or of seconds (0.5s, 500ms), "
                f"got {short_repr(text)}"
            )
        if match.group(1) is not None:
            return cls(deals=int(match.group(1)))
        seconds = float(match.group(2)) / (1000 if match.group(3).lower() == "ms" else 1)
        return cls(seconds=seconds)

    def __str__(self) -> str:
        parts = [] if self.deals is None else [f"{self.deals} deals"]
        return " or ".join([*parts, *([] if self.seconds is None else [f"{self.seconds:g} s"])])


DEFAULT_BUDGET = ReviewBudget(deals=48)
"""The budget of a decision when none is given: 48 deals (docs/review.md gives its speed)."""


@attrs.frozen(kw_only=True)
class MoveWorth:
    """One legal move's worth to the seat, in the game's unit: ``worth`` estimated from the seat's
    view, ``stderr`` its standard error over the deals (0 where exact), and ``hindsight``, its
    open-hands exact worth (every card seen), or ``None`` where too many tricks are left."""

    move: Any
    worth: float
    stderr: float
    hindsight: float | None = None


@attrs.frozen(kw_only=True)
class Decision:
    """One decision reviewed: the ``index`` of its move in the transcript (from 0), the ``seat``,
    the move ``played``, ``moves`` (every legal move's worth, in the game's order; empty when
    ``forced``), the ``best`` move (the first of the highest worth), the played move's ``loss``
    against it and that loss's ``loss_stderr`` (in the game's unit: the paired difference of the
    two moves on four times the ``deals`` again, dealt apart, never below 0), its ``label`` (one of
    ``LABELS``), the ``deals`` every move was judged on and whether the worths are
    ``exact`` (answered from public facts alone: blind Rugby League)."""

    index: int
    seat: int
    played: Any
    moves: tuple[MoveWorth, ...]
    best: Any
    loss: float
    loss_stderr: float
    label: str
    deals: int
    exact: bool = False


@attrs.frozen(kw_only=True)
class SeatSummary:
    """One seat's review: its ``decisions``, those ``judged`` (not forced), its ``accuracy`` (the
    percentage of the judged decisions labelled ``best`` or ``good``: within the game's
    inaccuracy threshold of the best move; ``None`` with none judged), its ``mean_loss`` in the
    game's unit over the judged ones, the count of each label (``labels``, in ``LABELS`` order)
    and ``costliest``, the indices of its (at most three) decisions of the highest loss, costliest
    first."""

    seat: int
    decisions: int
    judged: int
    accuracy: float | None
    mean_loss: float
    labels: tuple[int, ...]
    costliest: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Review:
    """A game reviewed: its ``game`` (registry name), the ``seats`` reviewed, the ``worth`` unit,
    the ``budget`` and ``seed``, the ``decisions`` reviewed in order, a ``SeatSummary`` per seat,
    and whether the review is ``complete`` (``False`` when it was stopped part way)."""

    game: str
    seats: tuple[int, ...]
    worth: Worth
    budget: ReviewBudget
    seed: int
    decisions: tuple[Decision, ...]
    summaries: tuple[SeatSummary, ...]
    complete: bool = True


def _budget(budget: ReviewBudget | int | str) -> ReviewBudget:
    if type(budget) is ReviewBudget:
        return budget
    if type(budget) is int:
        return ReviewBudget(deals=budget)
    if type(budget) is str:
        return ReviewBudget.parse(budget)
    raise ConfigError(
        f"a review's budget is a ReviewBudget, deals (int) or text (0.5s), got {short_repr(budget)}"
    )


def _worth(game: Any) -> Worth:
    return _plans._PLANS[game.NAME].worth


def _label(loss: float, stderr: float, worth: Worth) -> str:
    if loss <= 0:
        return "best"
    clear = loss - NOISE_MARGIN * stderr
    inaccuracy, mistake, blunder = worth.thresholds
    if clear < inaccuracy:
        return "good"
    return "inaccuracy" if clear < mistake else "mistake" if clear < blunder else "blunder"


def review_decision(
    position: Any,
    move: Any,
    *,
    budget: ReviewBudget | int | str = DEFAULT_BUDGET,
    seed: int = 0,
    index: int = 0,
) -> Decision:
    """The review of playing ``move`` at ``position``, a game's ``State`` (then the open-hands
    exact worths, in hindsight, where few tricks are left) or the acting seat's ``View``: every
    legal move judged from the seat's view alone on the deals ``budget`` allows, dealt from
    ``seed``. ``index`` numbers the decision in its game. ``IllegalMoveError`` for a move not
    legal there, ``StateError`` for a position that is neither, or a finished game."""
    budget = _budget(budget)
    derive_seed(seed)
    game = game_of(position)
    if game is None:
        raise StateError(f"expected a game's State or View, got {short_repr(position)}")
    state = position if type(position) is game.State else None
    if state is not None:
        if state.to_act is None:
            raise StateError("the game is over: there is no decision to review")
        view = game.view(state, state.to_act)
    else:
        view = position
    if move not in view.legal_moves:
        raise IllegalMoveError(f"{short_repr(move)} is not a legal move of seat {view.player} there")
    first = None if budget.seconds is None else budget.seconds * _FIRST_SHARE
    found = estimate_moves(view, seed, deals=budget.deals, seconds=first)
    again = None
    if found.exact is None and found.rows:
        best = found.moves[_best([found.reward(k)[0] for k in range(len(found.moves))])]
        if best != move:
            again = _lead_again(view, seed, (best, move), found.deals, budget)
    return _decision(game, state, view, move, found, index, again)


def _lead_again(view: Any, seed: int, among: tuple[Any, Any], deals: int, budget: ReviewBudget) -> Any:
    """The best move and the one played (``among``) judged on fresh deals, ``_AGAIN_DEALS`` times
    the first look's ``deals``, in the rest of a budget of seconds. The best move was chosen as the
    highest of several noisy estimates, so its lead over the move played is overstated on the
    deals that chose it."""
    rest = None if budget.seconds is None else budget.seconds * (1 - _FIRST_SHARE)
    return estimate_moves(
        view, derive_seed(seed, _AGAIN), deals=_AGAIN_DEALS * deals, seconds=rest, among=among
    )


_AGAIN = 1
"""The stream of a decision's seed that deals the best move's lead over the move played again."""

_AGAIN_DEALS = 4
"""How many times the first look's deals measure the best move's lead over the move played again:
two moves a deal rather than every move, so four times the deals cost about what the first look
did in a position of eight moves, and halve the lead's standard error."""

_FIRST_SHARE = 2 / 3
"""The share of a budget's CPU seconds that judges every move; the rest measures the best move's
lead again (two moves a deal, so its deals go further)."""


def _best(means: list[float]) -> int:
    """The index of the first move of the highest mean worth (``means``, the moves' in order)."""
    return max(range(len(means)), key=lambda k: (means[k], -k))


def _decision(game: Any, state: Any, view: Any, move: Any, found: Any, index: int, again: Any) -> Decision:
    """A ``Decision`` from the search's ``MoveEstimates`` (``again``: the best move and the one
    played on fresh deals, or ``None``): worths in the game's unit."""
    worth, seat = _worth(game), view.player
    if found.exact is None and not found.rows:
        return Decision(
            index=index,
            seat=seat,
            played=move,
            moves=(),
            best=move,
            loss=0.0,
            loss_stderr=0.0,
            label="forced",
            deals=0,
        )
    moves = found.moves
    rewards = [found.reward(k) for k in range(len(moves))]
    best = _best([r for r, _ in rewards])
    played = moves.index(move)
    lead, lead_stderr = found.lead(best, played) if again is None else again.lead(0, 1)
    hindsight = _hindsight(game, state, moves, seat)
    judged = tuple(
        MoveWorth(
            move=m,
            worth=worth.of(r),
            stderr=worth.loss(se),
            hindsight=None if hindsight is None else hindsight[k],
        )
        for k, (m, (r, se)) in enumerate(zip(moves, rewards))
    )
    # On fresh deals the played move may do as well as the best: no loss, then.
    loss, loss_stderr = max(0.0, worth.loss(lead)), worth.loss(lead_stderr)
    label = "best" if played == best else _label(loss, loss_stderr, worth)
    return Decision(
        index=index,
        seat=seat,
        played=move,
        moves=judged,
        best=moves[best],
        loss=loss,
        loss_stderr=loss_stderr,
        label=label,
        deals=found.deals,
        exact=found.exact is not None,
    )


def _hindsight(game: Any, state: Any, moves: Sequence[Any], seat: int) -> list[float | None] | None:
    """Each move's open-hands exact worth in the game's unit, where few tricks are left after it."""
    if state is None:
        return None
    worth = _worth(game)
    table: dict[Any, Any] = {}
    values: list[float | None] = []
    for move in moves:
        rewards = solve_move(game, state, move, HINDSIGHT_TRICKS, table)
        values.append(None if rewards is None else worth.of(rewards[seat]))
    return None if all(v is None for v in values) else values


def decisions_of(transcript: Transcript, seat: int | None = None) -> tuple[tuple[int, Any, Any], ...]:
    """The decisions of ``seat`` (every seat's by default) in ``transcript``: each move's index
    (from 0), the state before it, the move. ``StateError`` for anything but a transcript,
    ``ConfigError`` for a seat the game does not have."""
    if type(transcript) is not Transcript:
        raise StateError(f"expected a Transcript, got {short_repr(transcript)}")
    game = get_game(transcript.game)
    seats = game.num_players(transcript.config)
    if seat is not None and (type(seat) is not int or not 0 <= seat < seats):
        raise ConfigError(
            f"seat must be a seat of this {game.NAME} game, 0 to {seats - 1}, got {short_repr(seat)}"
        )
    return tuple(
        (k, before, move)
        for k, (before, move, _, _) in enumerate(replay_steps(transcript))
        if seat is None or before.to_act == seat
    )


def review(
    transcript: Transcript,
    seat: int | None = None,
    *,
    budget: ReviewBudget | int | str = DEFAULT_BUDGET,
    seed: int = 0,
    on_decision: Callable[[Decision, int, int], None] | None = None,
) -> Review:
    """Review the decisions of ``seat`` (every seat's by default) in ``transcript``: each with
    ``review_decision`` on its state, the ``k``-th move of the game dealt from ``derive_seed(seed,
    k)`` (so a decision's review does not depend on which others are reviewed). ``on_decision(d,
    done, total)`` is called after each. Deterministic for a seed and a budget of deals."""
    budget = _budget(budget)
    derive_seed(seed)
    points = decisions_of(transcript, seat)
    decisions: list[Decision] = []
    for index, state, move in points:
        decisions.append(
            review_decision(state, move, budget=budget, seed=derive_seed(seed, index), index=index)
        )
        if on_decision is not None:
            on_decision(decisions[-1], len(decisions), len(points))
    return review_of(transcript, seat, budget, seed, decisions)


def review_of(
    transcript: Transcript,
    seat: int | None,
    budget: ReviewBudget,
    seed: int,
    decisions: Sequence[Decision],
    *,
    complete: bool = True,
) -> Review:
    """The ``Review`` of ``transcript`` made of ``decisions`` (those reviewed so far, when it was
    stopped part way: then ``complete`` is ``False``), with each seat's summary."""
    game = get_game(transcript.game)
    worth = _worth(game)
    seats = tuple(range(game.num_players(transcript.config))) if seat is None else (seat,)
    summaries = tuple(_summary(s, [d for d in decisions if d.seat == s], worth) for s in seats)
    return Review(
        game=game.NAME,
        seats=seats,
        worth=worth,
        budget=budget,
        seed=seed,
        decisions=tuple(decisions),
        summaries=summaries,
        complete=complete,
    )


def _summary(seat: int, decisions: list[Decision], worth: Worth) -> SeatSummary:
    judged = [d for d in decisions if d.label != "forced"]
    within = sum(d.label in ("best", "good") for d in judged)
    costly = sorted((d for d in judged if d.loss > 0), key=lambda d: (-d.loss, d.index))[:3]
    return SeatSummary(
        seat=seat,
        decisions=len(decisions),
        judged=len(judged),
        accuracy=100.0 * within / len(judged) if judged else None,
        mean_loss=math.fsum(d.loss for d in judged) / len(judged) if judged else 0.0,
        labels=tuple(sum(d.label == label for d in decisions) for label in LABELS),
        costliest=tuple(d.index for d in costly),
    )


def _number(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def to_json(review: Review) -> dict[str, Any]:
    """The review as plain JSON values (``json.dumps`` takes it; ``cardrules review --json``
    prints it): moves in the game's notation, numbers rounded to 4 decimals. docs/review.md gives
    its shape."""
    game = get_game(review.game)
    fmt = game.format_move
    w = review.worth
    return {
        "format": 1,
        "game": review.game,
        "seats": list(review.seats),
        "seed": review.seed,
        "budget": {"deals": review.budget.deals, "seconds": review.budget.seconds},
        "complete": review.complete,
        "worth": {"unit": w.unit, "meaning": w.meaning, "thresholds": list(w.thresholds)},
        "decisions": [_decision_json(d, fmt) for d in review.decisions],
        "summaries": [
            {
                "seat": s.seat,
                "decisions": s.decisions,
                "judged": s.judged,
                "accuracy": _number(s.accuracy),
                "mean_loss": _number(s.mean_loss),
                "labels": dict(zip(LABELS, s.labels)),
                "costliest": list(s.costliest),
            }
            for s in review.summaries
        ],
    }


def _decision_json(d: Decision, fmt: Callable[[Any], str]) -> dict[str, Any]:
    return {
        "index": d.index,
        "seat": d.seat,
        "played": fmt(d.played),
        "best": fmt(d.best),
        "loss": _number(d.loss),
        "loss_stderr": _number(d.loss_stderr),
        "label": d.label,
        "deals": d.deals,
        "exact": d.exact,
        "moves": [
            {
                "move": fmt(m.move),
                "worth": _number(m.worth),
                "stderr": _number(m.stderr),
                "hindsight": _number(m.hindsight),
            }
            for m in d.moves
        ],
    }
