"""The hint button's suggestion in the page's worker (the one the computer thinks in, worker_thinker.py), so the
page's own thread stays free while the top bot thinks for the player.

- `hint_request(...)` is what the page posts: a seat's VIEW (never the position), the level, the seed, the movetime.
- `hint_answer(request)` is what the worker runs (ai_worker.py exports it as `suggest`): `think_suggest` to the end,
  the move and its reason code as JSON (`reason_to_json`), or an error text.
- `read_hint(text)` is the page's side: the move and its reason, or WorkerProblem.
- `remote_hint(link)` is the worker's `suggest` once the worker has started (None before, or when an older worker
  script has none: the page then thinks the hint on its own thread, in small steps).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import Any, Protocol, cast

from ...lang import Reason
from ...rng import MASK64, Rng
from .worker_thinker import WorkerLink, WorkerProblem, answer_fields, error_answer, remote_function


class HintRemote(Protocol):
    """The worker's exported suggest function as the page sees it."""

    def __call__(self, request: str) -> Awaitable[str]: ...


def hint_request(view: dict[str, Any], level: str, seed: int, movetime: float | None) -> str:
    """The JSON request the worker answers: a seat's VIEW, the level, the seed (as text: 64 bits), the movetime."""
    return json.dumps({"view": view, "level": level, "seed": str(seed & MASK64), "movetime": movetime},
                      separators=(",", ":"))


def hint_answer(request: str) -> str:
    """The worker's side: the level's suggestion for the request's view, thought to the end; as JSON."""
    try:
        got = json.loads(str(request))
        if not isinstance(got, dict) or not isinstance(got.get("view"), dict):
            raise ValueError("the request is not a view and a level")
        from ...bots.base import run_to_end  # imported here: the page imports this module before (or without) the bots
        from ...bots.suggest import think_suggest
        from ...study.review import reason_to_json

        movetime = got.get("movetime")
        sug = run_to_end(think_suggest(got["view"], str(got.get("level") or "trader"),
                                       Rng(int(str(got.get("seed", "0")))),
                                       None if movetime is None else float(movetime)))
        return json.dumps({"move": str(sug.move), "reason": reason_to_json(sug.reason)})
    except Exception as exc:  # noqa: BLE001 - the page gets a sentence, never a traceback from the worker
        return error_answer(exc)


def read_hint(text: str) -> tuple[str, Reason]:
    """The move and its reason in a worker's answer; WorkerProblem when it answered with an error or nonsense."""
    from ...study.review import reason_from_json

    got = answer_fields(text)
    if not isinstance(got.get("move"), str):
        raise WorkerProblem("the worker's answer has no move")
    try:
        return str(got["move"]), reason_from_json(got.get("reason"))
    except ValueError as exc:
        raise WorkerProblem(str(exc)) from None


def remote_hint(link: WorkerLink | None) -> HintRemote | None:
    """The worker's `suggest` once it has started (None: no worker yet, none at all, or one without it)."""
    return cast("HintRemote | None", remote_function(link, "suggest"))


__all__ = ["HintRemote", "hint_answer", "hint_request", "read_hint", "remote_hint"]
