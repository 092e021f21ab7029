"""PyScript worker entry: the computer's thinking off the page's thread (jaipur/web/worker_thinker.py).

The page (WorkerLink) starts this script as a named worker on the same Pyodide and the same jaipur
archive as main.py, and awaits `think(request)`: a JSON request (level, a seat's view, seed, movetime)
in, a JSON answer (the move, or an error text) out. The worker never touches the page.
"""
from jaipur import bots  # noqa: F401 - import the bots now, so the first think does not pay for it
from jaipur.web.worker_thinker import answer


def think(request: str) -> str:
    """Choose a move for the request's view (worker_thinker.answer)."""
    return answer(str(request))


__export__ = ["think"]
