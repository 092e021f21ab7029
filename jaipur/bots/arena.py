"""The arena: two bots play seeded single-round deals in pairs, seats swapped, and the results are tallied."""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from .. import safejson
from ..cards import letters_of
from ..errors import JaipurError
from ..position import Position
from ..rng import Rng, mix64
from ..rules import apply, new_match
from ..types import View
from ..view import view
from .base import Bot
from .ponder import Ponderer, ponder_for, ponders
from .registry import get_bot, parse_options
from .runner import run_tasks

MAX_PLIES = 400
"""A game still going after this many moves (bots exchanging back and forth) is called a tie."""


class BadArenaError(JaipurError):
    """Arena settings that cannot be used."""

    code = "bad-input"


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Read a bot spec: a level, optionally with options, like `maharaja:iterations=200,cutoff=8`."""
    level, _, rest = str(spec).partition(":")
    return level, parse_options(rest)


def make_bot(spec: str) -> Bot:
    """A bot from a spec (see `jaipur.bots.registry.get_bot`)."""
    return get_bot(spec)


@dataclass
class GameResult:
    """One game of the arena, seen from bot A."""

    index: int
    a_seat: int
    outcome: float
    margin: int
    moves: int
    a_times: list[float] = field(default_factory=list)
    b_times: list[float] = field(default_factory=list)
    stalled: bool = False
    a_pondered: int = 0
    """Visits bot A's pondering made during B's turns (0: A does not ponder)."""
    a_kept: int = 0
    """Of those, the visits kept for the move B made (what A's next search started from)."""


_BOTS: dict[tuple[str, int], Bot] = {}


def _bot(spec: str, side: int) -> Bot:
    """The process's bot for a spec on one side (two sides of one spec are two bots: a pondering bot keeps state)."""
    found = _BOTS.get((spec, side))
    if found is None:
        found = _BOTS[spec, side] = make_bot(spec)
    return found


def _ponder_turn(bot: Bot, v: View, rng: Rng, movetime: float | None) -> None:
    """Bot `bot` ponders the opponent's turn for its `ponder_time` seconds; an iteration-bounded bot (no movetime,
    `iterations=N`) for `ponder_time * N` iterations instead, so a seeded arena gives the same games every time."""
    assert isinstance(bot, Ponderer)
    cap: int | None = getattr(bot, "iterations", None)
    if movetime is None and cap is not None:
        ponder_for(bot, v, rng, iterations=max(1, round(bot.ponder_time * cap)))
    else:
        ponder_for(bot, v, rng, seconds=bot.ponder_time)


def play_game(a: str, b: str, seed: int, index: int, movetime: float | None,
              a_view: Callable[[Position, int], View] = view) -> GameResult:
    """Game `index`: deal `seed + index // 2` as a single-round match, A in seat `index % 2`.

    A sees the table through `a_view` (experiments such as `bench/oracle_hand.py` tell it more); B through `view`.
    A bot with `ponder=T` searches T seconds during each of its opponent's turns before the opponent answers (one
    after the other, so neither slows the other: a player who thinks T seconds and a computer that thinks meanwhile).
    """
    deal_seed = seed + index // 2
    a_seat = index % 2
    bots = {a_seat: _bot(a, 0), 1 - a_seat: _bot(b, 1)}
    pondering = {s for s in (0, 1) if ponders(bots[s]) and getattr(bots[s], "ponder_time", 0.0) > 0}
    pondered = {0: 0, 1: 0}
    kept = {0: 0, 1: 0}
    for s in pondering:
        cast(Ponderer, bots[s]).forget()
    rngs = {s: Rng(mix64(deal_seed * 4 + s + 1) ^ mix64(seed)) for s in (0, 1)}
    times: dict[int, list[float]] = {0: [], 1: []}
    p = new_match(deal_seed, "single-round")
    moves = 0
    tail: list[str] = []
    while not p.round_over and moves < MAX_PLIES:
        seat = p.to_move
        other = 1 - seat
        if other in pondering:
            _ponder_turn(bots[other], (a_view if other == a_seat else view)(p, other), rngs[other], movetime)
        start = time.perf_counter()
        move = bots[seat].choose((a_view if seat == a_seat else view)(p, seat), rngs[seat], movetime)
        times[seat].append(time.perf_counter() - start)
        if other in pondering:
            cast(Ponderer, bots[other]).heard(move)
        if seat in pondering:
            pondered[seat] += getattr(bots[seat], "last_pondered", 0)
            kept[seat] += getattr(bots[seat], "last_kept", 0)
        if moves >= MAX_PLIES - 8:
            tail.append(f"{'AB'[seat != a_seat]}:{letters_of(p.market)}/{letters_of(p.hands[seat])}/{p.herds[seat]}:{move}")
        p = apply(p, move)
        moves += 1
    if not p.round_over:  # endless exchanges: call it a tie
        print(f"arena: game {index} (deal {deal_seed}) stalled after {moves} moves: {' '.join(tail)}",
              file=sys.stderr, flush=True)
        return GameResult(index, a_seat, 0.5, 0, moves, times[a_seat], times[1 - a_seat], True,
                          pondered[a_seat], kept[a_seat])
    res = p.result
    assert res is not None
    winner = res["winner"]
    outcome = 0.5 if winner is None else (1.0 if winner == a_seat else 0.0)
    margin = res["scores"][a_seat] - res["scores"][1 - a_seat]
    return GameResult(index, a_seat, outcome, margin, moves, times[a_seat], times[1 - a_seat], False,
                      pondered[a_seat], kept[a_seat])


def _play_star(job: tuple[str, str, int, int, float | None]) -> GameResult:
    return play_game(*job)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion `p` over `n` trials."""
    if n <= 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def results(a: str, b: str, rounds: int, seed: int, movetime: float | None, jobs: int = 1,
            skip: frozenset[int] = frozenset(), scheduler: str | None = None) -> Iterator[GameResult]:
    """Play the games (in `jobs` processes, or on the Dask `scheduler`) and yield each result as it comes."""
    work = [(a, b, seed, i, movetime) for i in range(rounds) if i not in skip]
    yield from run_tasks(_play_star, work, jobs, scheduler, "arena")


def summarize(a: str, b: str, games: list[GameResult], seed: int, movetime: float | None,
              seconds: float) -> dict[str, Any]:
    """The arena's JSON summary."""
    n = len(games)
    a_wins = sum(1 for g in games if g.outcome == 1.0)
    b_wins = sum(1 for g in games if g.outcome == 0.0)
    ties = n - a_wins - b_wins
    rate = (a_wins + ties / 2) / n if n else 0.0
    a_ms = [t * 1000 for g in games for t in g.a_times]
    a_pondered = sum(g.a_pondered for g in games)
    a_kept = sum(g.a_kept for g in games)
    b_ms = [t * 1000 for g in games for t in g.b_times]
    return {
        "a": a,
        "b": b,
        "rounds": n,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "ties": ties,
        "a_win_rate": round(rate, 4),
        "ci95": list(wilson(rate, n)),
        "ms_per_move": {
            "a": {"median": round(statistics.median(a_ms), 2) if a_ms else 0.0, "p95": round(_quantile(a_ms, 0.95), 2)},
            "b": {"median": round(statistics.median(b_ms), 2) if b_ms else 0.0, "p95": round(_quantile(b_ms, 0.95), 2)},
        },
        "mean_margin": round(sum(g.margin for g in games) / n, 2) if n else 0.0,
        "stalled": sum(1 for g in games if g.stalled),
        "moves_per_round": round(sum(g.moves for g in games) / n, 1) if n else 0.0,
        "seed": seed,
        "movetime": movetime,
        "seconds": round(seconds, 1),
        **({"ponder": {"pondered": a_pondered, "kept": a_kept, "kept_share": round(a_kept / a_pondered, 4)}}
           if a_pondered else {}),
    }


def _read_log(path: str, a: str, b: str, seed: int, movetime: float | None, rounds: int) -> list[GameResult]:
    """Games already played by this very arena (same bots, seed and movetime), from its log file."""
    found: dict[int, GameResult] = {}
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                try:
                    row = safejson.loads(line, "An arena log row")
                except ValueError:
                    continue  # a line cut short when the run was stopped
                if not isinstance(row, dict):
                    continue
                if (row.get("a"), row.get("b"), row.get("seed"), row.get("movetime")) != (a, b, seed, movetime):
                    continue
                index = row.get("index")
                if isinstance(index, int) and 0 <= index < rounds:
                    try:
                        found[index] = GameResult(
                            index, int(row["a_seat"]), float(row["outcome"]), int(row["margin"]), int(row["moves"]),
                            list(row["a_times"]), list(row["b_times"]), bool(row.get("stalled", False)),
                            int(row.get("a_pondered", 0)), int(row.get("a_kept", 0)),
                        )
                    except (KeyError, TypeError, ValueError):
                        continue  # a row this arena did not write
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise BadArenaError(f"Cannot read the arena log: {exc.__class__.__name__}.") from None
    return list(found.values())


def run_arena(a: str, b: str, rounds: int, seed: int = 0, movetime: float | None = None, jobs: int = 1,
              progress: bool = False, log: str | None = None, scheduler: str | None = None) -> dict[str, Any]:
    """Play `rounds` games between bot specs A and B (deals in pairs, seats swapped) and summarize.

    With `log`, every game is appended to that file as a JSON line, and games already
    logged by the same arena are not played again (a stopped run resumes). With `scheduler`,
    the games run on that Dask cluster (see `jaipur.bots.runner`).
    """
    if rounds < 1:
        raise BadArenaError("The arena needs at least one round.")
    make_bot(a)
    make_bot(b)
    start = time.perf_counter()
    games: list[GameResult] = _read_log(log, a, b, seed, movetime, rounds) if log else []
    skip = frozenset(g.index for g in games)
    for game in results(a, b, rounds, seed, movetime, jobs, skip, scheduler):
        games.append(game)
        if log:
            row = {"a": a, "b": b, "seed": seed, "movetime": movetime, **asdict(game)}
            try:
                with open(log, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps(row) + "\n")
            except OSError as exc:
                raise BadArenaError(f"Cannot write the arena log: {exc.__class__.__name__}.") from None
        if progress and len(games) % 10 == 0:
            partial = summarize(a, b, games, seed, movetime, time.perf_counter() - start)
            print(f"[{len(games)}/{rounds}] a_win_rate={partial['a_win_rate']} ci95={partial['ci95']} "
                  f"ms={partial['ms_per_move']}", file=sys.stderr, flush=True)
    games.sort(key=lambda g: g.index)
    return summarize(a, b, games, seed, movetime, time.perf_counter() - start)
