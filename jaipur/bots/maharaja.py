"""The `maharaja` level: information-set Monte Carlo tree search over every legal move.

Each iteration deals the hidden cards at random, consistent with the view
(`jaipur.determinize`: the opponent's hand with what the public moves showed of
it, the deck order, unknown bonus values), and walks one shared tree of moves
in that world. Every legal move at the root (every exchange included) gets a
prior, and the `width` best (12) are searched; below the root, the playout
policy's candidates that are legal in the world. Each step is picked by PUCT
with priors that mix the trader heuristic's scores and the trained
evaluator's value of the position the move leads to. From a new node the cheap
playout policy (`jaipur.bots.playout`: it never lists every exchange) plays
`cutoff` plies, then the evaluator values the position. The cut-off is short on
purpose: the cheap policy's playouts to the end of the round mislead the search
(against maharaja-1, cut-off 60 scored 0.40 and cut-off 8 scores well above
half; the figures are in `bench/arena_results.md`). A round that ends inside the
tree or a playout is scored exactly, tie-breaks included: seals are all
a match counts, so the value is winning the round (a tenth of it rewards the
margin, which keeps close playouts informative). A time budget (monotonic clock, firm)
or an iteration count bounds the search; with an iteration count and a seed the
choice is deterministic. Memory stays bounded during a long think: the tree
stops growing at `max_nodes` and the engine's memo tables are trimmed as it goes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator

from ..position import Position
from ..rng import Rng
from ..rules import legal_cache, play_unchecked, result
from ..types import View
from ..view import Dealer
from .base import Bot, NoMoveError, Thinking, check_movetime, legal_from_view
from .budgets import DEFAULT_MOVETIME, MAX_MOVETIME
from .evaluator import Evaluator, load, shipped
from .heuristics import DEFAULT, Scorer, Weights, table_from_view
from .playout import candidates, playout_table, policy_move
from .ponder import follows

DEFAULT_ITERATIONS = 800
"""Iterations when neither a time budget nor an iteration count is given."""
YIELD_EVERY = 0.015
"""Seconds of work between two yields of `think`."""
CACHE_SOFT_LIMIT = 20_000
"""Past this many memoised legal-move listings (about 3 KB each) the engine's tables are emptied, checked every
TRIM_EVERY iterations during the search, so memory stays under about 100 MB however long it thinks."""
TRIM_EVERY = 64
"""Iterations between two checks of the engine's memo tables."""
MAX_NODES = 200_000
"""The tree stops growing past this many nodes (a long think goes on sampling the tree it has)."""


class Node:
    """A move in the tree: who played it, its prior, visits and the mover's summed value; its replies."""

    __slots__ = ("seat", "prior", "visits", "total", "kids")

    def __init__(self, seat: int, prior: float) -> None:
        self.seat = seat
        self.prior = prior
        self.visits = 0
        self.total = 0.0
        self.kids: dict[str, Node] = {}


def softmax_priors(scores: list[float], temperature: float) -> list[float]:
    """Priors from heuristic scores: a softmax at `temperature` rupees."""
    top = max(scores)
    raw = [math.exp((s - top) / temperature) for s in scores]
    total = sum(raw)
    return [r / total for r in raw]


class Search:
    """One search's tree: its root, the seat it searches for, how many nodes it holds and iterations it made."""

    __slots__ = ("root", "seat", "nodes", "done")

    def __init__(self, root: Node, seat: int) -> None:
        self.root = root
        self.seat = seat
        self.nodes = 1
        self.done = 0


class MaharajaBot(Bot):
    """Information-set MCTS with heuristic priors, short playouts and a trained evaluator."""

    name = "maharaja"

    def __init__(
        self,
        movetime: float | None = DEFAULT_MOVETIME,
        iterations: int | None = None,
        cutoff: int = 8,
        exploration: float = 1.0,
        fpu: float = 0.1,
        temperature: float = 4.0,
        prior_mix: float = 0.5,
        epsilon: float = 0.1,
        margin_weight: float = 0.1,
        scale: float = 7.0,
        max_nodes: int = MAX_NODES,
        width: int = 12,
        weights: Weights | None = None,
        evaluator: Evaluator | str | None = None,
        ponder: float = 0.0,
    ) -> None:
        if cutoff < 0 or exploration < 0 or temperature <= 0 or not 0 <= epsilon <= 1 or max_nodes < 1 \
                or not 0 <= prior_mix <= 1 or width < 0 \
                or not 0 <= ponder <= MAX_MOVETIME:
            raise ValueError("cutoff, exploration, temperature, epsilon, prior_mix, width, max_nodes and ponder must be "
                             "usable numbers")
        self.movetime = movetime
        self.iterations = iterations
        self.cutoff = cutoff
        self.exploration = exploration
        self.fpu = fpu
        self.temperature = temperature
        self.prior_mix = prior_mix
        self.epsilon = epsilon
        self.margin_weight = margin_weight
        self.scale = scale
        self.max_nodes = max_nodes
        self.width = width
        self.weights = weights or DEFAULT
        self.evaluator = load(evaluator) if isinstance(evaluator, str) else (evaluator or shipped())
        self.ponder_time = float(ponder)
        """Seconds this bot ponders each opponent turn where a driver models a player's thinking (the arena's
        `ponder=T`); 0: it does not ponder there."""
        self.last_iterations = 0
        self.last_nodes = 0
        self.last_pondered = 0
        """Visits of the last pondered search (0: the last think did not start from one)."""
        self.last_kept = 0
        """Of those, the visits kept for the move that came (under the root moves the last think searched)."""
        self._pondered: tuple[View, Search] | None = None
        self._heard: tuple[View, Node, int] | None = None

    def _budget(self, movetime: float | None) -> tuple[float | None, int | None]:
        """(seconds of search, iterations) bounding this search; at least one is set.

        The search stops a little before the movetime (2%, at most 10 ms) so the last iteration fits inside it.
        """
        seconds = check_movetime(movetime) if movetime is not None else (
            None if self.iterations is not None else check_movetime(self.movetime))
        if seconds is not None:
            return seconds - min(0.01, 0.02 * seconds), self.iterations
        if self.iterations is not None:
            return None, self.iterations
        return None, DEFAULT_ITERATIONS

    def _expand(self, node: Node, p: Position, moves: list[str] | tuple[str, ...], scorer: Scorer) -> None:
        """Give `node` a child for each of `moves` not yet there (played by the side to move in `p`), with priors:
        the heuristic's scores and the evaluator's value of the position each move leads to, mixed."""
        fresh = [m for m in moves if m not in node.kids]
        if not fresh:
            return
        seat = p.to_move
        score = scorer.score
        priors = softmax_priors([score(m) for m in fresh], self.temperature)
        mix = self.prior_mix
        if mix:
            value = self.evaluator.value
            values = [value(play_unchecked(p, m), seat) for m in fresh]
            top, low = max(values), min(values)
            spread = max(0.05, top - low)
            raw = [math.exp(4.0 * (v - top) / spread) for v in values]
            total = sum(raw)
            priors = [(1 - mix) * a + mix * r / total for a, r in zip(priors, raw)]
        scale = 1.0 if not node.kids else len(fresh) / (len(fresh) + len(node.kids))
        for m, prior in zip(fresh, priors):
            node.kids[m] = Node(seat, prior * scale)

    def _select(self, node: Node, moves: list[str] | tuple[str, ...]) -> str:
        """PUCT among the moves available in this world."""
        kids = node.kids
        available = [kids[m] for m in moves]
        n = 0
        total = 0.0
        for k in available:
            n += k.visits
            total += k.total
        fpu = total / n - self.fpu if n else 0.5  # an unvisited move: a little worse than the visited ones
        c = self.exploration * math.sqrt(n + 1)
        best = -1e9
        choice = moves[0]
        for m, k in zip(moves, available):
            q = k.total / k.visits if k.visits else fpu
            u = q + c * k.prior / (1 + k.visits)
            if u > best:
                best = u
                choice = m
        return choice

    def _value(self, p: Position, seat: int) -> float:
        """A finished round's worth to `seat`: the win (tie-breaks included), a little margin."""
        res = result(p)
        winner = res["winner"]
        win = 0.5 if winner is None else (1.0 if winner == seat else 0.0)
        scores = res["scores"]
        mw = self.margin_weight
        return (1 - mw) * win + mw / (1.0 + math.exp(-(scores[seat] - scores[1 - seat]) / self.scale))

    def _playout(self, p: Position, seat: int, rng: Rng, clock: list[float],
                 deadline: float | None) -> Generator[None, None, float | None]:
        """Play the cheap policy for `cutoff` plies, then value the position for `seat`.

        Yields when YIELD_EVERY has passed since `clock[0]` (and sets it); returns None, abandoning the playout,
        once the deadline has passed, so a slow machine keeps the budget.
        """
        w = self.weights
        eps = self.epsilon
        for ply in range(self.cutoff):
            if p.round_over:
                break
            p = play_unchecked(p, policy_move(p, w, rng, eps))
            if ply & 3 == 3:
                now = time.monotonic()
                if deadline is not None and now >= deadline:
                    return None
                if now - clock[0] >= YIELD_EVERY:
                    yield None
                    clock[0] = time.monotonic()
        if p.round_over:
            return self._value(p, seat)
        return self.evaluator.value(p, seat)

    def _moves_below(self, search: Search, node: Node, p: Position) -> list[str]:
        """The moves searched from `node` in this world: the policy's candidates, given priors while the tree may
        grow; once it is full, only those already in the tree."""
        moves = candidates(p)
        if search.nodes < self.max_nodes:
            before = len(node.kids)
            self._expand(node, p, moves, Scorer(playout_table(p), self.weights, contention=False))
            search.nodes += len(node.kids) - before
            return moves
        return [m for m in moves if m in node.kids]

    def _iterate(self, search: Search, p: Position, moves: list[str] | tuple[str, ...], rng: Rng,
                 clock: list[float], deadline: float | None) -> Generator[None, None, bool]:
        """One iteration in the world `p`: walk the tree from its root by PUCT, play out, back the value up.
        Returns False when the deadline cut the playout short (the iteration does not count)."""
        seat = search.seat
        node = search.root
        path: list[Node] = []
        while True:
            move = self._select(node, moves)
            p = play_unchecked(p, move)
            node = node.kids[move]
            path.append(node)
            if node.visits == 0 or p.round_over:
                break
            moves = self._moves_below(search, node, p)
            if not moves:
                break
        if p.round_over:
            value = self._value(p, seat)
        else:
            found = yield from self._playout(p, seat, rng, clock, deadline)
            if found is None:
                return False
            value = found
        for n in path:
            n.visits += 1
            n.total += value if n.seat == seat else 1.0 - value
        search.done += 1
        return True

    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """Search until the budget is spent, yielding every ~15 ms of work; return the most visited root move.

        When this bot pondered the view before the opponent's move and `heard` that move, the search starts from
        what the pondering learned for it (see `ponder`)."""
        start = time.monotonic()
        kept, self._heard, self._pondered = self._heard, None, None
        self.last_kept = self.last_pondered = 0
        if len(legal_cache) > CACHE_SOFT_LIMIT:
            legal_cache.clear()
        seconds, cap = self._budget(movetime)
        root_moves = legal_from_view(view)
        if len(root_moves) == 1:
            return root_moves[0]
        seat: int = view["seat"]
        dealer = Dealer(view)  # reads the view once; each deal is `determinize(view, rng)`
        search = Search(Node(1 - seat, 1.0), seat)
        root = search.root
        self._expand(root, dealer.deal(rng), root_moves, Scorer(table_from_view(view), self.weights))
        if kept is not None and not follows(kept[0], view):
            kept = None  # not the view after the pondered one: start afresh
        if kept is not None:
            search.nodes += self._graft(root, kept[1])
        search.nodes += len(root.kids)
        if 0 < self.width < len(root_moves):  # every legal move has its prior; the `width` best are searched
            root_moves = sorted(root_moves, key=lambda m: -root.kids[m].prior)[: self.width]
        if kept is not None:
            self.last_pondered = kept[2]
            self.last_kept = sum(root.kids[m].visits for m in root_moves)
        deadline = start + seconds if seconds is not None else None
        clock = [start]
        while cap is None or search.done < cap:
            done = search.done
            if done % TRIM_EVERY == TRIM_EVERY - 1 and len(legal_cache) > CACHE_SOFT_LIMIT:
                legal_cache.clear()
            now = time.monotonic()
            if deadline is not None and now >= deadline and done:
                break
            if now - clock[0] >= YIELD_EVERY:
                yield None
                clock[0] = time.monotonic()
            counted = yield from self._iterate(search, dealer.deal(rng), root_moves, rng, clock,
                                               deadline if done else None)
            if not counted:
                break  # out of time inside the playout: this iteration does not count
        self.last_iterations = search.done
        self.last_nodes = search.nodes
        kids = root.kids
        return max(root_moves, key=lambda m: (kids[m].visits, kids[m].total / kids[m].visits if kids[m].visits else 0.0))

    @staticmethod
    def _graft(root: Node, kept: Node) -> int:
        """Give the root's moves what the pondered search learned under them (visits, values and subtrees; the
        root's own priors stay). Returns how many nodes came with them."""
        grafted = 0
        for move, node in kept.kids.items():
            fresh = root.kids.get(move)
            if fresh is None:
                continue
            fresh.visits, fresh.total, fresh.kids = node.visits, node.total, node.kids
            stack = list(node.kids.values())
            while stack:
                grafted += 1
                stack.extend(stack.pop().kids.values())
        return grafted

    def ponder(self, view: View, rng: Rng, iterations: int | None = None) -> Generator[None, None, None]:
        """Search the opponent's turn from this seat's view while the opponent thinks; yields every ~15 ms and runs
        until the caller stops driving it, or after `iterations` (then, with a seeded `rng`, it is deterministic).

        The root is the opponent's move, over its likely moves (the playout policy's candidates) in each world dealt
        from the view: never more than this seat may see. Call `heard(move)` once the opponent has moved, and the
        next `think` starts from what was learned for that move and the refill that came. Memory stays bounded as
        in `think`. Pondering a new view drops the old one.

        >>> from jaipur import new_match, view, apply
        >>> bot = MaharajaBot(iterations=40)
        >>> p = new_match(seed=2)
        >>> pondering = bot.ponder(view(p, 1 - p.to_move), Rng(1))
        >>> for _ in range(3): next(pondering)
        >>> move = MaharajaBot(iterations=20).choose(view(p, p.to_move), Rng(2))  # the opponent's move
        >>> bot.heard(move)
        >>> reply = bot.choose(view(apply(p, move), 1 - p.to_move), Rng(3))
        >>> bot.last_pondered > 0 and 0 <= bot.last_kept <= bot.last_pondered
        True
        """
        seat: int = view["seat"]
        if view.get("status", "playing") != "playing" or view["to_move"] == seat:
            raise NoMoveError("Pondering needs a view in which the opponent is to move in a round being played.")
        dealer = Dealer(view)
        search = Search(Node(seat, 1.0), seat)
        self._pondered = (view, search)
        self._heard = None
        clock = [time.monotonic()]
        while iterations is None or search.done < iterations:
            if search.done % TRIM_EVERY == TRIM_EVERY - 1 and len(legal_cache) > CACHE_SOFT_LIMIT:
                legal_cache.clear()
            if time.monotonic() - clock[0] >= YIELD_EVERY:
                yield None
                clock[0] = time.monotonic()
            if self._pondered is None or self._pondered[1] is not search:
                return  # heard, thought or pondering something else: this search is over
            p = dealer.deal(rng)
            moves = self._moves_below(search, search.root, p)
            if moves:
                yield from self._iterate(search, p, moves, rng, clock, None)
            else:
                search.done += 1  # a full tree with none of this world's moves: the world is skipped

    def heard(self, move: str) -> None:
        """The opponent played `move` in the view being pondered: keep what the search learned for it (the next
        `think` starts there) and drop the rest. A move never pondered, or no pondering, keeps nothing."""
        pondered, self._pondered = self._pondered, None
        self._heard = None
        if pondered is None:
            return
        before, search = pondered
        node = search.root.kids.get(str(move))
        if node is not None:
            self._heard = (before, node, sum(k.visits for k in search.root.kids.values()))

    @property
    def pondered_iterations(self) -> int:
        """Iterations of the search being pondered (0: none)."""
        return self._pondered[1].done if self._pondered is not None else 0

    def forget(self) -> None:
        """Drop any pondered search (the game was undone, left or replaced)."""
        self._pondered = None
        self._heard = None

    @property
    def pondering(self) -> bool:
        """Whether a pondered search is held (pondering, or heard and not yet used by `think`)."""
        return self._pondered is not None or self._heard is not None
