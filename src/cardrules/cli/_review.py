"""``cardrules review``'s report at the terminal: each decision with its label and the worth of
every move, then each seat's summary; coloured by label where the terminal table colours
(``cardrules.cli._console``), plain text anywhere else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from cardrules.cli._console import Console
from cardrules.registry import get_game
from cardrules.review import LABELS, Decision, Review, Worth

__all__ = ["write_report"]

_KIND = {
    "forced": "event",
    "best": "best",
    "good": "event",
    "inaccuracy": "inaccuracy",
    "mistake": "mistake",
    "blunder": "blunder",
}
"""The console's kind of a decision's line, by its label."""


def _amount(value: float, worth: Worth) -> str:
    """A worth or a loss, as many decimals as its unit wants (a percentage has one)."""
    return f"{value:.1f}" if worth.unit == "%" else f"{value:.2f}"


def _unit(worth: Worth) -> str:
    return worth.unit if worth.unit == "%" else f" {worth.unit}"


def _moves_line(decision: Decision, worth: Worth, fmt: Callable[[Any], str]) -> str:
    """Every move's worth ± its standard error, the best first; hindsight after, marked."""
    shown = sorted(decision.moves, key=lambda m: -(m.worth - worth.offset) / worth.scale)  # best first
    parts = [
        f"{fmt(m.move)} {_amount(m.worth, worth)}"
        + ("" if decision.exact else f"±{_amount(m.stderr, worth)}")
        for m in shown
    ]
    line = "      " + "  ".join(parts)
    if any(m.hindsight is not None for m in decision.moves):
        seen = [f"{fmt(m.move)} {_amount(m.hindsight, worth)}" for m in shown if m.hindsight is not None]
        line += "   hindsight (every card seen): " + "  ".join(seen)
    return line


def _decision_lines(console: Console, decision: Decision, worth: Worth, fmt: Callable[[Any], str]) -> None:
    head = f"{decision.index + 1:>4}. seat {decision.seat}: {fmt(decision.played)}"
    if decision.label == "forced":
        console.line(f"{head}   forced", _KIND["forced"])
        return
    if decision.label == "best":
        text = f"{head}   best"
    else:
        loss = _amount(decision.loss, worth) + (
            "" if decision.exact else f"±{_amount(decision.loss_stderr, worth)}"
        )
        text = f"{head}   {decision.label}: best {fmt(decision.best)}, {loss}{_unit(worth)} lost"
    console.line(text, _KIND[decision.label])
    console.line(_moves_line(decision, worth, fmt))


def _summary_lines(console: Console, result: Review, fmt: Callable[[Any], str]) -> None:
    worth = result.worth
    by_index = {d.index: d for d in result.decisions}
    for s in result.summaries:
        console.gap()
        if s.accuracy is None:
            console.line(f"Seat {s.seat}: no decision to judge ({s.decisions} forced)", "heading")
            continue
        within = s.labels[LABELS.index("best")] + s.labels[LABELS.index("good")]
        console.line(
            f"Seat {s.seat}: accuracy {s.accuracy:.1f}% ({within} of {s.judged} judged decisions within "
            f"{_amount(worth.thresholds[0], worth)}{_unit(worth)} of the best), mean loss "
            f"{_amount(s.mean_loss, worth)}{_unit(worth)}",
            "heading",
        )
        console.line("  " + ", ".join(f"{label} {n}" for label, n in zip(LABELS, s.labels)))
        costly = [by_index[k] for k in s.costliest]
        if costly:
            console.line(
                "  Costliest: "
                + "; ".join(
                    f"move {d.index + 1} {fmt(d.played)} (best {fmt(d.best)}, "
                    f"{_amount(d.loss, worth)}{_unit(worth)})"
                    for d in costly
                )
            )


def write_report(out: TextIO, result: Review, *, colour: bool | None = None) -> None:
    """The review as lines for a person: a heading, the unit and thresholds, each decision, and
    each seat's summary (coloured where ``cardrules.cli._console.wants_colour``)."""
    console = Console(out, colour=colour)
    fmt = get_game(result.game).format_move
    worth = result.worth
    seats = ", ".join(str(s) for s in result.seats)
    console.line(
        f"Review of {result.game}: seat{'s' if len(result.seats) > 1 else ''} {seats}, "
        f"{result.budget} a decision, seed {result.seed}",
        "title",
    )
    low, mid, high = (_amount(t, worth) for t in worth.thresholds)
    console.line(
        f"Worth in {worth.unit}: {worth.meaning}. A loss of {low}{_unit(worth)} is an inaccuracy, "
        f"{mid} a mistake, {high} a blunder. Judged from each seat's own view; hindsight values "
        "saw every card.",
        prose=True,
    )
    console.gap()
    for decision in result.decisions:
        _decision_lines(console, decision, worth, fmt)
    _summary_lines(console, result, fmt)
    if not result.complete:
        console.gap()
        console.line(f"Stopped after {len(result.decisions)} decisions: the summary counts those.", "error")
