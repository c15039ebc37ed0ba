"""Reviews of finished games on a server: what the ``review`` op answers (docs/protocol.md).

A review of one seat's decisions (``cardrules.review``) is computed once a table and seat, in a
thread of its own, one decision at a time on the bot workers (``Thinking.review``: in the same
fair queues as the searches, a decision a job, each within the server's budget), then kept in the
store with the table, so that every later request is answered from there at once. Meanwhile a
request is answered with how far it has come (``done`` of ``total``): a client asks again to see
it move (or asks once with ``wait``). A stranger may ask, so reviews are bounded as searches are:
at most ``Limits.max_reviews`` computed at once, ``Limits.max_reviews_per_client`` for one address.
"""

from __future__ import annotations

import collections
import json
import logging
import threading
from typing import Any

import attrs

from cardrules.errors import CardRulesError
from cardrules.review import Decision, ReviewBudget, decisions_of, review_decision, review_of, to_json
from cardrules.rng import derive_seed
from cardrules.serve.limits import LimitError, Limits
from cardrules.serve.stores import TableStore
from cardrules.serve.table import Table
from cardrules.serve.thinking import Thinking

__all__ = ["REVIEW_BUDGET", "REVIEW_SEED", "Reviews"]

REVIEW_BUDGET = ReviewBudget(deals=24, seconds=0.5)
"""A server's budget for each decision it reviews (``ServeOptions.review_budget``'s default): 24
deals, or 0.5 s of a worker's CPU time if that comes first. A whole game's review of one seat is
then well under a minute in every game at its web table's sizes (docs/web-table.md)."""

REVIEW_SEED = 0
"""The seed of every review a server makes: a review at a budget of deals is the same as
``cardrules review --seed 0`` of the table's transcript."""

_FAILED_KEPT = 64  # reviews that failed, kept until asked about once (then asked again anew)

_log = logging.getLogger("uvicorn.error")


@attrs.define
class _Running:
    """A review being computed: whose (for the caps), how far it has come, how it ended."""

    client: str
    total: int
    done: int = 0
    finished: threading.Event = attrs.Factory(threading.Event)


class Reviews:
    """The reviews a server computes and keeps: ``ask`` for one, of a finished table's seat."""

    def __init__(
        self, store: TableStore, thinking: Thinking | None, budget: ReviewBudget = REVIEW_BUDGET
    ) -> None:
        self.store = store
        self.thinking = thinking
        """Where each decision is judged (``None``: in the review's own thread)."""
        self.budget = budget
        self._running: dict[tuple[str, int], _Running] = {}
        self._failed: collections.OrderedDict[tuple[str, int], str] = collections.OrderedDict()
        self._lock = threading.Lock()

    @property
    def limits(self) -> Limits:
        return self.store.limits

    def ask(self, table: Table, seat: int, client: str, *, wait: bool = False) -> dict[str, Any]:
        """The review of ``seat`` at the finished ``table`` if it is kept, else how far its
        computing has come, which this starts if nobody has (``LimitError`` past a cap, or for
        one that failed: the next ask starts it again). ``wait``: answer once it is done."""
        key = (table.id, seat)
        kept = self.store.stored_review(table.id, seat)
        if kept is None:
            with self._lock:
                failed = self._failed.pop(key, None)
                running = self._running.get(key) if failed is None else None
            if failed is not None:
                raise LimitError(failed)
            if running is None:
                running = self._start(table, seat, client)
            if wait:
                running.finished.wait()
                return self.ask(table, seat, client)
            if running.done < running.total or key in self._running:
                return _reply(table.id, seat, running.done, running.total, None)
            return self.ask(table, seat, client)  # it ended between the two looks
        review = json.loads(kept)
        total = len(review["decisions"])
        return _reply(table.id, seat, total, total, review)

    def _start(self, table: Table, seat: int, client: str) -> _Running:
        """A review's thread started (or the one another request started meanwhile)."""
        transcript = table.transcript()
        points = decisions_of(transcript, seat)
        with self._lock:
            key = (table.id, seat)
            running = self._running.get(key)
            if running is not None:
                return running
            self._admit(client)
            running = self._running[key] = _Running(client, len(points))
        thread = threading.Thread(
            target=self._compute,
            args=(key, running, transcript, points),
            name="cardrules-review",
            daemon=True,
        )
        thread.start()
        return running

    def _admit(self, client: str) -> None:
        """Under the lock: room for one more review of ``client``'s, or ``LimitError``."""
        most, mine = self.limits.max_reviews, self.limits.max_reviews_per_client
        if most is not None and len(self._running) >= most:
            raise LimitError(
                f"the server is reviewing {most} games, the most it does at once; try again soon"
            )
        if mine is not None and sum(r.client == client for r in self._running.values()) >= mine:
            raise LimitError(
                f"one address may have {mine} reviews computed at once; ask again when one is done"
            )

    def _compute(self, key: tuple[str, int], running: _Running, transcript: Any, points: Any) -> None:
        """In the review's thread: each decision judged in turn, then the review kept."""
        try:
            decisions: list[Decision] = []
            for index, state, move in points:
                decisions.append(self._judge(running.client, state, move, index))
                running.done = len(decisions)
            done = review_of(transcript, key[1], self.budget, REVIEW_SEED, decisions)
            self.store.keep_review(key[0], key[1], json.dumps(to_json(done), ensure_ascii=False))
        except Exception as exc:  # a bug of ours too: said to the client (and logged), the server goes on
            if not isinstance(exc, CardRulesError):
                _log.exception("the review of table %s seat %s failed", *key)
            with self._lock:
                self._failed[key] = f"the review could not be made: {exc}"
                while len(self._failed) > _FAILED_KEPT:
                    self._failed.popitem(last=False)
        finally:
            with self._lock:
                del self._running[key]
            running.finished.set()

    def _judge(self, client: str, state: Any, move: Any, index: int) -> Decision:
        if self.thinking is None:
            seed = derive_seed(REVIEW_SEED, index)
            return review_decision(state, move, budget=self.budget, seed=seed, index=index)
        with self.thinking.for_client(client):
            return self.thinking.review(state, move, self.budget, REVIEW_SEED, index)


def _reply(table_id: str, seat: int, done: int, total: int, review: Any) -> dict[str, Any]:
    return {"table": table_id, "reviewed": seat, "done": done, "total": total, "review": review}
