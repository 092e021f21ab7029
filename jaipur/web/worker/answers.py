"""What the page and its worker say to each other, apart from any one request: an error answer, reading an answer,
and finding a function the worker exports. (The thinker, the hint, the review and pondering all use these.)"""

from __future__ import annotations

import json
from typing import Any


class WorkerProblem(RuntimeError):
    """The worker answered with an error text instead of a move (a bot raised, or the request was bad)."""


def error_answer(exc: BaseException) -> str:
    """What a worker answers when a request fails: the error's type and a one-line sentence, never a traceback."""
    return json.dumps({"error": f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"})


def answer_fields(text: str) -> dict[str, Any]:
    """A worker's answer as an object; WorkerProblem when it is not JSON, not an object, or an error text."""
    try:
        got = json.loads(str(text))
    except ValueError:
        raise WorkerProblem("the worker's answer is not JSON") from None
    if not isinstance(got, dict):
        raise WorkerProblem("the worker's answer is not an object")
    if "error" in got:
        raise WorkerProblem(str(got["error"]))
    return got


def remote_function(link: Any, name: str) -> Any | None:
    """The worker's exported function `name` once the worker has started (None: no worker yet, none at all, or an
    older worker script without it)."""
    remote: Any = link.remote if link is not None else None
    if remote is None:
        return None
    try:
        fn = getattr(remote, name, None)
    except Exception:  # noqa: BLE001 - a proxy that cannot say: no such function there
        return None
    return fn if callable(fn) else None


__all__ = ["WorkerProblem", "answer_fields", "error_answer", "remote_function"]
