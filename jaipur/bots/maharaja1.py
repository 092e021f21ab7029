"""`maharaja-1`: the first maharaja, frozen as the arena's baseline (not a level offered to players).

Determinized Monte Carlo search over the hidden cards, guided by the trader heuristic.

The root moves are the trader's best candidates. Each iteration deals the
hidden parts of the view at random (`jaipur.determinize`: the opponent's hand,
the deck order, unknown bonus values) and plays a short rollout after a root
move, both sides following the cheap trader policy; the end is scored for the
seat to move at the root: the round's winner (blended with the margin) when
the round ended, otherwise a win probability from the heuristic margin.

Two ways to spend the budget: `sh` (default), sequential halving — every live
candidate is played out in the same dealt worlds with the same rollout seed
(common random numbers), and the worse half drops out at each phase; or `ucb`,
UCB1 over the candidates with a fresh world per iteration. A time budget
(monotonic clock) or a fixed iteration count bounds the search; with a fixed
count and seed the choice is deterministic.
"""

from __future__ import annotations

import math
import time

from ..position import Position
from ..rng import Rng
from ..rules import legal_cache, play_unchecked, result
from ..types import View
from ..view import determinize
from .base import Bot, Thinking, check_movetime, legal_from_view
from .heuristics import DEFAULT, Scorer, Weights, table_from_view
from .rollout import evaluate, policy_move

DEFAULT_MOVETIME = 1.0
"""Seconds per move in CPython."""
BROWSER_MOVETIME = 0.8
"""Seconds per move in the browser (Pyodide runs at roughly CPython speed; keeps the median under 1 s)."""
DEFAULT_ITERATIONS = 800
"""Iterations when neither a time budget nor an iteration count is given."""
YIELD_EVERY = 0.015
"""Seconds of work between two yields of `think`."""
CACHE_SOFT_LIMIT = 20_000
"""The engine memoizes legal-move listings (about 3 KB each); past this many, a new search starts them afresh
so memory stays under about 100 MB (clearing costs no measurable speed)."""


def _trim_engine_caches() -> None:
    """Empty the engine's legal-move memo tables when they have grown past CACHE_SOFT_LIMIT."""
    if len(legal_cache) > CACHE_SOFT_LIMIT:
        legal_cache.clear()


class Maharaja1Bot(Bot):
    """Searches the hidden information by determinization and heuristic rollouts."""

    name = "maharaja-1"

    def __init__(
        self,
        movetime: float | None = DEFAULT_MOVETIME,
        iterations: int | None = None,
        candidates: int = 10,
        depth: int = 8,
        exploration: float = 0.5,
        epsilon: float = 0.1,
        scale: float = 7.0,
        margin_weight: float = 0.2,
        method: str = "sh",
        weights: Weights | None = None,
    ) -> None:
        self.movetime = movetime
        self.iterations = iterations
        self.candidates = candidates
        self.depth = depth
        self.exploration = exploration
        self.epsilon = epsilon
        self.scale = scale
        self.margin_weight = margin_weight
        if method not in ("ucb", "sh"):
            raise ValueError(f"unknown search method {method!r}")
        self.method = method
        self.weights = weights or DEFAULT
        self.last_iterations = 0

    def _budget(self, movetime: float | None) -> tuple[float | None, int | None]:
        """(seconds of search, iterations) bounding this search; at least one is set.

        The search stops a little before the movetime (2%, at most 10 ms) so that
        the last rollout and choosing the move still fit inside it.
        """
        seconds = check_movetime(movetime) if movetime is not None else (
            None if self.iterations is not None else check_movetime(self.movetime))
        if seconds is not None:
            return seconds - min(0.01, 0.02 * seconds), self.iterations
        if self.iterations is not None:
            return None, self.iterations
        return None, DEFAULT_ITERATIONS

    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """Search until the budget is spent, yielding every ~15 ms of work; return the best root move."""
        start = time.monotonic()
        _trim_engine_caches()
        seconds, cap = self._budget(movetime)
        moves = legal_from_view(view)
        scorer = Scorer(table_from_view(view), self.weights)
        scores = [scorer.score(m) for m in moves]
        order = sorted(range(len(moves)), key=lambda i: -scores[i])
        roots = [moves[i] for i in order[: self.candidates]]
        if len(roots) == 1:
            return roots[0]
        seat: int = view["seat"]
        if self.method == "sh":
            return (yield from self._halving(view, rng, roots, seat, start, seconds, cap))
        k = len(roots)
        visits = [0] * k
        totals = [0.0] * k
        done = 0
        last_yield = start
        while True:
            if cap is not None and done >= cap:
                break
            now = time.monotonic()
            if seconds is not None and now - start >= seconds and done >= k:
                break
            if now - last_yield >= YIELD_EVERY:
                yield None
                last_yield = time.monotonic()
            if done < k:
                i = done
            else:
                log_n = math.log(done)
                c = self.exploration
                best = -1.0
                i = 0
                for j in range(k):
                    u = totals[j] / visits[j] + c * math.sqrt(log_n / visits[j])
                    if u > best:
                        best = u
                        i = j
            world = determinize(view, rng)
            value = self._rollout(play_unchecked(world, roots[i]), seat, rng)
            visits[i] += 1
            totals[i] += value
            done += 1
        self.last_iterations = done
        best_i = max(range(k), key=lambda j: (visits[j], totals[j] / visits[j] if visits[j] else 0.0, -j))
        return roots[best_i]

    def _halving(self, view: View, rng: Rng, roots: list[str], seat: int, start: float,
                 seconds: float | None, cap: int | None) -> Thinking:
        """Sequential halving: every live candidate is played out in the same dealt worlds; the worse half drops."""
        k = len(roots)
        visits = [0] * k
        totals = [0.0] * k
        alive = list(range(k))
        phases = max(1, math.ceil(math.log2(k)))
        limit = max(cap, k) if cap is not None else None
        deadline = start + seconds if seconds is not None else None
        done = 0
        last_yield = start
        out_of_time = False
        for phase in range(phases):
            count_end = limit * (phase + 1) // phases if limit is not None else None
            time_end = start + seconds * (phase + 1) / phases if seconds is not None else None
            while not out_of_time:
                world = determinize(view, rng)
                seed = rng.next64()
                for i in alive:
                    if limit is not None and done >= limit:
                        break
                    totals[i] += self._rollout(play_unchecked(world, roots[i]), seat, Rng(seed))
                    visits[i] += 1
                    done += 1
                    now = time.monotonic()
                    if deadline is not None and now >= deadline and done >= k:
                        out_of_time = True  # the budget is firm: stop even inside a world
                        break
                    if now - last_yield >= YIELD_EVERY:
                        yield None
                        last_yield = time.monotonic()
                if count_end is not None and done >= count_end:
                    break
                if time_end is not None and time.monotonic() >= time_end:
                    break
            if phase < phases - 1 and len(alive) > 1:
                alive.sort(key=lambda j: (-totals[j] / visits[j], j))
                alive = alive[: (len(alive) + 1) // 2]
        self.last_iterations = done
        best_i = max(alive, key=lambda j: (totals[j] / visits[j], visits[j], -j))
        return roots[best_i]

    def _rollout(self, p: Position, seat: int, rng: Rng) -> float:
        """Play the cheap trader policy for `depth` plies (or to the round's end) and score it for `seat`."""
        w = self.weights
        eps = self.epsilon
        for _ in range(self.depth):
            if p.round_over:
                break
            p = play_unchecked(p, policy_move(p, w, rng, eps))
        if p.round_over:
            res = result(p)
            winner = res["winner"]
            win = 0.5 if winner is None else (1.0 if winner == seat else 0.0)
            scores = res["scores"]
            margin = scores[seat] - scores[1 - seat]
            mw = self.margin_weight
            return (1 - mw) * win + mw / (1.0 + math.exp(-margin / self.scale))
        diff = evaluate(p, seat, w)
        return 1.0 / (1.0 + math.exp(-diff / self.scale))
