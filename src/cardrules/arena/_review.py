"""The arena's reviews: each finished game reviewed in the worker that played it, and each bot's
decisions pooled over its games.

Game ``i``'s seats are reviewed with ``cardrules.review.review`` at the run's budget and the seed
``derive_seed(game_seed, 2)``: a stream of the game's own seed apart from the bots'
(``derive_seed(game_seed, 1, k)`` for move ``k``), so a searching bot never meets the review's
deals, and the review is the same whatever the executor or the number of workers.

A bot's accuracy pools its judged decisions over every reviewed game it sat in (and every seat it
held there). Decisions of one game are not independent (one bad plan costs several moves), so the
interval is taken over games: Wilson's score interval on the pooled share, with the number of
decisions replaced by the effective number that the spread of the games' shares allows (Kish's
design effect, ``p (1 - p) / v`` where ``v`` is the ratio estimator's variance over games, never
more than the decisions themselves). The mean loss's standard error is that ratio estimator's
over games too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import attrs

from cardrules.bots import _plans
from cardrules.registry import AnyGame
from cardrules.review import LABELS, ReviewBudget, SeatSummary, Worth, review
from cardrules.rng import derive_seed
from cardrules.transcript import Transcript

__all__ = ["BotReview", "bot_review", "review_cells", "review_game", "review_header", "review_seed"]
__all__ += ["review_worth", "wilson"]

_REVIEW_STREAM = 2
"""A game's review deals from ``derive_seed(game_seed, 2)``; the bots' decisions use stream 1."""
_Z = 1.96
"""The normal quantile of a two-sided 95% interval."""


@attrs.frozen(kw_only=True)
class BotReview:
    """One bot's decisions over the reviewed games of a run (``run_matches(..., review=)``).

    ``games``: the reviewed (finished) games it sat in; ``decisions`` and ``judged`` (not forced)
    there, over all its seats. ``accuracy``: the percentage of the judged decisions labelled
    ``best`` or ``good``, pooled over the games (``None`` with none judged), and ``accuracy_ci``
    its 95% interval over games (Wilson's on the effective number of decisions, see
    ``cardrules.arena._review``). ``mean_loss``: the mean loss of the judged decisions in the
    game's unit (0 with none judged) and ``mean_loss_stderr`` its standard error over games
    (``None`` with fewer than two games of judged decisions). ``labels``: the count of each label,
    in ``cardrules.review.LABELS`` order.
    """

    games: int
    decisions: int
    judged: int
    accuracy: float | None
    accuracy_ci: tuple[float, float] | None
    mean_loss: float
    mean_loss_stderr: float | None
    labels: tuple[int, ...]


class _Reviewed(Protocol):
    """What ``bot_review`` reads of a ``GameResult``."""

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def review(self) -> tuple[SeatSummary, ...] | None: ...


def review_seed(game_seed: int) -> int:
    """The seed of a game's review: ``derive_seed(game_seed, 2)``, apart from the bots' seeds."""
    return derive_seed(game_seed, _REVIEW_STREAM)


def review_worth(module: AnyGame) -> Worth | None:
    """The unit a review of ``module``'s games judges in; ``None`` for a game with no bots' plan."""
    plan = _plans._PLANS.get(module.NAME)
    return None if plan is None else plan.worth


def review_game(transcript: Transcript, budget: ReviewBudget) -> tuple[SeatSummary, ...]:
    """Every seat of a finished game reviewed at ``budget``: its summaries, in seat order."""
    return review(transcript, None, budget=budget, seed=review_seed(transcript.seed)).summaries


def wilson(p: float, n: float) -> tuple[float, float]:
    """Wilson's 95% score interval of a share ``p`` (0 to 1) seen over ``n`` trials."""
    z2 = _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _ratio_variance(pairs: Sequence[tuple[float, int]], ratio: float) -> float | None:
    """The variance over games of ``sum(y) / sum(n)`` (the ratio estimator's, each game a cluster
    of ``n`` decisions adding ``y``); ``None`` with fewer than two games."""
    g = len(pairs)
    if g < 2:
        return None
    total = sum(n for _, n in pairs)
    spread = math.fsum((y - ratio * n) ** 2 for y, n in pairs)
    return g / (g - 1) * spread / (total * total)


def _accuracy_ci(within: Sequence[tuple[float, int]], p: float) -> tuple[float, float]:
    """The accuracy's 95% interval in percent: Wilson's on the effective number of decisions."""
    n = sum(k for _, k in within)
    variance = _ratio_variance(within, p)
    effective = float(n)
    if variance is not None and variance > 0:
        effective = min(effective, p * (1 - p) / variance)
    lo, hi = wilson(p, effective)
    return (100.0 * lo, 100.0 * hi)


def bot_review(bot: int, results: Sequence[_Reviewed]) -> BotReview:
    """Bot ``bot``'s decisions over the reviewed games of ``results`` (those with a ``review``)."""
    labels = [0] * len(LABELS)
    within: list[tuple[float, int]] = []  # per game with judged decisions: (best or good, judged)
    losses: list[tuple[float, int]] = []  # per game with judged decisions: (sum of losses, judged)
    games = decisions = 0
    for r in results:
        if r.review is None or bot not in r.seats:
            continue
        games += 1
        mine = [s for seat, s in enumerate(r.review) if r.seats[seat] == bot]
        decisions += sum(s.decisions for s in mine)
        for s in mine:
            labels = [a + b for a, b in zip(labels, s.labels)]
        judged = sum(s.judged for s in mine)
        if judged:
            good = sum(s.labels[LABELS.index("best")] + s.labels[LABELS.index("good")] for s in mine)
            within.append((float(good), judged))
            losses.append((math.fsum(s.mean_loss * s.judged for s in mine), judged))
    judged = sum(n for _, n in within)
    if not judged:
        return BotReview(
            games=games,
            decisions=decisions,
            judged=0,
            accuracy=None,
            accuracy_ci=None,
            mean_loss=0.0,
            mean_loss_stderr=None,
            labels=tuple(labels),
        )
    p = math.fsum(y for y, _ in within) / judged
    mean_loss = math.fsum(y for y, _ in losses) / judged
    variance = _ratio_variance(losses, mean_loss)
    return BotReview(
        games=games,
        decisions=decisions,
        judged=judged,
        accuracy=100.0 * p,
        accuracy_ci=_accuracy_ci(within, p),
        mean_loss=mean_loss,
        mean_loss_stderr=None if variance is None else math.sqrt(variance),
        labels=tuple(labels),
    )


_ACCURACY_WIDTH = 22
_LOSS_WIDTH = 22


def review_header(unit: str) -> str:
    """The table's review columns' heading, the loss in ``unit``."""
    return f"{'accuracy (95% CI)':<{_ACCURACY_WIDTH}} {f'mean loss ± se ({unit})':<{_LOSS_WIDTH}}"


def review_cells(record: BotReview | None, unit: str) -> str:
    """A bot's review columns: its accuracy and interval, its mean loss ± its standard error."""
    if record is None or record.accuracy is None or record.accuracy_ci is None:
        return f"{'-':<{_ACCURACY_WIDTH}} {'-':<{_LOSS_WIDTH}}"
    lo, hi = record.accuracy_ci
    accuracy = f"{record.accuracy:5.1f}% [{lo:.1f}, {hi:.1f}]"
    digits = 1 if unit == "%" else 2
    loss = f"{record.mean_loss:.{digits}f}"
    if record.mean_loss_stderr is not None:
        loss += f" ± {record.mean_loss_stderr:.{digits}f}"
    return f"{accuracy:<{_ACCURACY_WIDTH}} {loss:<{_LOSS_WIDTH}}"
