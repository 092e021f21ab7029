"""Game review: the top bot goes through one player's moves of a round and marks those that cost the most.

For every move the player made, the player's chance of winning the round is estimated from the player's own
view (`jaipur.puzzlebook.win_rate`: dealings of the hidden cards played out by the trader) after the move
played and after the move the top bot prefers there (the search bot's choice, or the trader's when its
chance is higher). The same dealings are used for both (the same seed), so the difference is the move's.
The moves whose cost is largest (at least `MIN_COST`) are marked, at most `MARKS` of them, each with the
preferred move and why in words (`jaipur.bots.suggest.explain`: a reason code with values).

Bounded: `playouts` per estimate, and `iterations` (deterministic) or `movetime` (seconds) for the search of
the registry's top bot (`get_bot("maharaja")`, whatever its parameters); `think_review` and `think_point` (one
move, what the page's worker answers) yield during the search and after every estimate, so a page can draw and
stay responsive (or stop). `point_to_json` / `point_from_json` carry a reviewed move across to the page.

>>> from jaipur import Record
>>> r = review(Record(seed=1, moves=[]), seat=0)
>>> r.points, r.marks
([], [])
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from ..bots.base import run_to_end
from ..bots.suggest import explain
from ..lang import Reason
from ..position import Position
from ..record import Record, replay
from ..rng import Rng
from ..view import view

MARKS = 3
"""At most this many moves are marked."""
MIN_COST = 0.1
"""A move is marked only when it lowers the estimated chance of winning by at least this much."""
PLAYOUTS = 12
"""Playouts per estimate by default (the page's budget)."""
ITERATIONS = 150
"""The search bot's iterations per position by default."""


@dataclass(frozen=True)
class Point:
    """One move of the player: where it is in the record, the chance of winning after it and after the
    preferred move (the chance "before", with the best play the bot found), the move preferred and why."""

    index: int
    """The move's index in the record's moves."""
    move: str
    chance: float
    best: float
    preferred: str
    why: Reason

    @property
    def cost(self) -> float:
        """How much the move lowered the estimated chance of winning (never below 0)."""
        return max(0.0, self.best - self.chance)


@dataclass(frozen=True)
class Review:
    """The player's moves of the round in order (the chart's points) and the ones marked, costliest first."""

    seat: int
    round: int
    points: list[Point]
    marks: list[Point]
    complete: bool = True
    """False when `stop` ended the review early: `points` are the round's first moves only."""


def _round_moves(positions: list[Position], moves: list[str], seat: int, rnd: int | None) -> list[int]:
    """The indexes of the seat's moves in the round (the first round it played when `rnd` is None)."""
    mine = [i for i, m in enumerate(moves) if positions[i].status == "playing" and not positions[i].round_over
            and positions[i].to_move == seat]
    if not mine:
        return []
    want = positions[mine[0]].round if rnd is None else rnd
    return [i for i in mine if positions[i].round == want]


def marks_of(points: list[Point], most: int = MARKS, min_cost: float = MIN_COST) -> list[Point]:
    """The costliest moves (at least `min_cost`), at most `most`, costliest first (earlier first on a tie)."""
    costly = [p for p in points if p.cost >= min_cost]
    return sorted(costly, key=lambda p: (-p.cost, p.index))[:most]


def moves_to_review(record: Record, seat: int, rnd: int | None = None) -> tuple[list[Position], list[int], int]:
    """The record's positions, the indexes of `seat`'s moves in round `rnd` (its first when None), and that round."""
    positions = replay(record)
    picked = _round_moves(positions, record.moves, seat, rnd)
    return positions, picked, positions[picked[0]].round if picked else (rnd or 1)


def searcher(iterations: int | None = None) -> Any:
    """The top bot of the registry (maharaja, with its own parameters); `iterations` caps its search
    (deterministic), otherwise the think's `movetime` bounds it."""
    from ..bots import get_bot

    return get_bot("maharaja") if iterations is None else get_bot("maharaja", iterations=max(1, int(iterations)))


def think_point(positions: list[Position], moves: list[str], i: int, seat: int, playouts: int = PLAYOUTS,
                seed: int = 0, iterations: int | None = ITERATIONS, movetime: float | None = None,
                bot: Any = None) -> Generator[None, None, Point]:
    """One move reviewed (move `i` of the record, played by `seat`), as a generator that yields often: during
    the top bot's search (every ~15 ms of work) and after every playout of the estimates. The search stops at
    `iterations` or after `movetime` seconds, whichever comes first (neither: the bot's own budget)."""
    from ..bots import get_bot
    from .puzzlebook import think_win_rate

    p = positions[i]
    played = moves[i]
    v = view(p, seat)
    salt = seed * 1009 + i
    search = bot if bot is not None else searcher(iterations)
    found = yield from search.think(v, Rng(salt), movetime)
    choices = [str(found)]
    other = get_bot("trader").choose(v, Rng(salt))
    if other not in choices:
        choices.append(other)
    chance = yield from think_win_rate(p, played, playouts, salt)
    best, preferred = chance, played
    for move in choices:
        if move == played:
            continue
        rate = yield from think_win_rate(p, move, playouts, salt)
        if rate > best:
            best, preferred = rate, move
    return Point(i, played, chance, best, preferred, explain(preferred, v))


def think_review(record: Record, seat: int, rnd: int | None = None, playouts: int = PLAYOUTS, seed: int = 0,
                 iterations: int | None = ITERATIONS, stop: Callable[[], bool] | None = None,
                 movetime: float | None = None) -> Generator[None, None, Review]:
    """`review` as a generator: yields often (think_point), returns the Review. `stop` (asked before each
    move) may end it early, e.g. a page's time budget: the Review then covers the moves seen so far."""
    positions, picked, rnd_shown = moves_to_review(record, seat, rnd)
    bot = searcher(iterations)
    points: list[Point] = []
    complete = True
    for i in picked:
        if stop is not None and stop():
            complete = False
            break
        points.append((yield from think_point(positions, record.moves, i, seat, playouts, seed, iterations,
                                              movetime, bot)))
    return Review(seat, rnd_shown, points, marks_of(points), complete)


def review(record: Record, seat: int, rnd: int | None = None, playouts: int = PLAYOUTS, seed: int = 0,
           iterations: int | None = ITERATIONS, movetime: float | None = None) -> Review:
    """The review of `seat`'s moves in round `rnd` of the record (its first round when None)."""
    return run_to_end(think_review(record, seat, rnd, playouts, seed, iterations, movetime=movetime))


def reason_to_json(r: Reason) -> dict[str, Any]:
    """A reason as JSON data (values that are reasons too, nested)."""
    return {"code": r.code, "message": r.message,
            "values": {k: {"reason": reason_to_json(v)} if isinstance(v, Reason) else v for k, v in r.values.items()}}


def reason_from_json(data: Any) -> Reason:
    """The reason of `reason_to_json` (ValueError when it is not one)."""
    if not isinstance(data, dict) or not isinstance(data.get("code"), str) or not isinstance(data.get("values"), dict):
        raise ValueError("not a reason")
    values = {str(k): reason_from_json(v["reason"]) if isinstance(v, dict) and "reason" in v else v
              for k, v in data["values"].items()}
    code: str = data["code"]
    return Reason(code, str(data.get("message") or ""), values)


def point_to_json(pt: Point) -> dict[str, Any]:
    """A reviewed move as JSON data (what the page's worker answers)."""
    return {"index": pt.index, "move": pt.move, "chance": pt.chance, "best": pt.best, "preferred": pt.preferred,
            "why": reason_to_json(pt.why)}


def point_from_json(data: Any) -> Point:
    """The reviewed move of `point_to_json` (ValueError when the data is not one)."""
    try:
        return Point(int(data["index"]), str(data["move"]), float(data["chance"]), float(data["best"]),
                     str(data["preferred"]), reason_from_json(data["why"]))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a reviewed move: {exc}") from None
