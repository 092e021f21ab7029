"""The page's worker: thinking off the page's thread. `worker_thinker.py` (the computer's move), `worker_hint.py`
(the hint button's suggestion) and `worker_review.py` (the game review, a move at a time) each hold the page's side
(the request it posts) and the worker's (the answer it runs); `ai_worker.py` at the site root is the worker's entry.
"""
