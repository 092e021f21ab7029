"""The game review in the page's worker (the one the computer thinks in, worker_thinker.py), one move per
request, so the page's own thread stays free and the page can show how far the review has come.

- `review_request(...)` is what the page posts: the record (compact), the seat, the move's index, the
  budget (playouts per estimate, and the search's iterations or movetime) and the seed.
- `review_answer(request)` is what the worker runs (ai_worker.py exports it as `review`): the move
  reviewed by `jaipur.review.think_point` to the end, as JSON (`point_to_json`), or an error text.
- `read_point(text)` is the page's side: the reviewed move, or WorkerProblem.
- `remote_review(link)` is the worker's `review` function once the worker has started (None before, or
  when an older worker script has none: the page then reviews on its own thread, in small steps).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import Protocol, cast

from ...bots.base import run_to_end
from ...record import Record, record_from_compact, record_to_compact
from ...study.review import Point, moves_to_review, point_from_json, point_to_json, think_point
from .worker_thinker import WorkerLink, WorkerProblem, answer_fields, error_answer, remote_function


class ReviewRemote(Protocol):
    """The worker's exported review function as the page sees it."""

    def __call__(self, request: str) -> Awaitable[str]: ...


def review_request(record: Record, seat: int, index: int, playouts: int, seed: int,
                   iterations: int | None = None, movetime: float | None = None) -> str:
    """The JSON request the worker answers: one move of the record (its index) reviewed for `seat`."""
    return json.dumps({"record": record_to_compact(record), "seat": seat, "index": index, "playouts": playouts,
                       "seed": str(seed), "iterations": iterations, "movetime": movetime}, separators=(",", ":"))


def review_answer(request: str) -> str:
    """The worker's side: review the request's move to the end; the reviewed move or an error, as JSON."""
    try:
        got = json.loads(str(request))
        if not isinstance(got, dict):
            raise ValueError("the request is not an object")
        record = record_from_compact(str(got["record"]))
        seat, index = int(got["seat"]), int(got["index"])
        positions, picked, _ = moves_to_review(record, seat, None)
        if not 0 <= index < len(record.moves) or positions[index].to_move != seat or positions[index].round_over:
            raise ValueError(f"move {index} is not one of seat {seat}'s moves")
        iterations = got.get("iterations")
        movetime = got.get("movetime")
        pt = run_to_end(think_point(positions, record.moves, index, seat, int(got["playouts"]),
                                    int(str(got.get("seed", "0"))), None if iterations is None else int(iterations),
                                    None if movetime is None else float(movetime)))
        return json.dumps({"point": point_to_json(pt)})
    except Exception as exc:  # noqa: BLE001 - the page gets a sentence, never a traceback from the worker
        return error_answer(exc)


def read_point(text: str) -> Point:
    """The reviewed move in a worker's answer; WorkerProblem when it answered with an error or nonsense."""
    got = answer_fields(text)
    try:
        return point_from_json(got.get("point"))
    except ValueError as exc:
        raise WorkerProblem(str(exc)) from None


def remote_review(link: WorkerLink | None) -> ReviewRemote | None:
    """The worker's `review` once it has started (None: no worker yet, none at all, or one without it)."""
    return cast("ReviewRemote | None", remote_function(link, "review"))


__all__ = ["ReviewRemote", "read_point", "remote_review", "review_answer", "review_request"]
