"""PyScript worker entry: the computer's thinking off the page's thread (jaipur/web/worker/worker_thinker.py).

The page (WorkerLink) starts this script as a named worker on the same Pyodide and the same jaipur
archive as main.py, and awaits `think(request)`: a JSON request (level, a seat's view, seed, movetime)
in, a JSON answer (the move, or an error text) out; and `review(request)`, one move of the game review
(jaipur/web/worker/worker_review.py); and `suggest(request)`, the hint button's suggestion for a seat's view
(jaipur/web/worker/worker_hint.py). The worker never touches the page.
"""
from jaipur import bots  # noqa: F401 - import the bots now, so the first think does not pay for it
from jaipur.web.worker.worker_hint import hint_answer
from jaipur.web.worker.worker_review import review_answer
from jaipur.web.worker.worker_thinker import answer


def think(request: str) -> str:
    """Choose a move for the request's view (worker_thinker.answer)."""
    return answer(str(request))


def review(request: str) -> str:
    """Review one move of a record for the game review (worker_review.review_answer)."""
    return review_answer(str(request))


def suggest(request: str) -> str:
    """The hint button's suggestion for the request's view, with its reason code (worker_hint.hint_answer)."""
    return hint_answer(str(request))


__export__ = ["think", "review", "suggest"]
