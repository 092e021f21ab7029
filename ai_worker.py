"""PyScript worker entry: the computer's thinking off the page's thread (jaipur/web/worker/worker_thinker.py).

The page (WorkerLink) starts this script as a named worker on the same Pyodide and the same jaipur
archive as main.py, and awaits `think(request)`: a JSON request (level, a seat's view, seed, movetime,
and `heard`, the player's move since the view it pondered) in, a JSON answer (the move, or an error text) out;
`ponder(request)`, a slice of the top level's search while the player thinks
(jaipur/web/worker/worker_ponder.py); `review(request)`, one move of the game review
(jaipur/web/worker/worker_review.py); and `suggest(request)`, the hint button's suggestion for a seat's view
(jaipur/web/worker/worker_hint.py). The worker never touches the page.
"""
from jaipur import bots  # noqa: F401 - import the bots now, so the first think does not pay for it
from jaipur.web.worker.worker_hint import hint_answer
from jaipur.web.worker.worker_ponder import Desk
from jaipur.web.worker.worker_review import review_answer

DESK = Desk()
"""This worker's bots between requests (what the top level pondered waits here for its think)."""


def think(request: str) -> str:
    """Choose a move for the request's view (worker_ponder.Desk.think)."""
    return DESK.think(str(request))


def ponder(request: str) -> str:
    """Search the computer's view for a slice while the player thinks, or drop that search (Desk.ponder)."""
    return DESK.ponder(str(request))


def review(request: str) -> str:
    """Review one move of a record for the game review (worker_review.review_answer)."""
    return review_answer(str(request))


def suggest(request: str) -> str:
    """The hint button's suggestion for the request's view, with its reason code (worker_hint.hint_answer)."""
    return hint_answer(str(request))


__export__ = ["think", "ponder", "review", "suggest"]
