"""`python -m jaipur train`: learn the evaluator's weights by self-play, reproducibly.

Seeded single-round games are played by the playout policy (with a little
exploration), or with `--player SPEC` by a bot (`maharaja:iterations=40`, so
the labels come from the kind of play the search itself makes); a few
positions of each game are kept, labelled with who won the round. Logistic
regression (Newton's method, a few L2 strengths) fits the weights; a held-out
set of games on other seeds scores every candidate, the hand-set weights and
the weights currently shipped, and the best (lowest log-loss) is written with
the command and the seeds that made it. Games run in chunks (here, in `--jobs`
processes or on a Dask `--scheduler`); with `--log`, every chunk is appended to
that file and a stopped run resumes from it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass
from typing import Any

from ..errors import JaipurError
from ..position import Position
from ..rng import Rng, mix64
from ..rules import apply, new_match, play_unchecked, result
from ..view import view
from .evaluator import FEATURES, HAND_SET, features, read_weights, shipped
from .heuristics import DEFAULT
from .playout import policy_move
from .registry import ARENA_BOTS, SEARCH_BOTS, UnknownBotError, check_level, get_bot, parse_options
from .runner import run_tasks

FORMAT = "jaipur-evaluator/1"
CHUNK = 50
"""Games per chunk of work."""
HOLDOUT_OFFSET = 1_000_000_007
"""Held-out games are dealt from `seed + HOLDOUT_OFFSET` on, never from the training seeds."""
L2_CHOICES = (1e-5, 1e-4, 1e-3, 1e-2)
"""The L2 strengths tried; the held-out games pick one."""
MAX_PLIES = 400

Row = list[float]


class BadTrainingError(JaipurError):
    """Training settings or files that cannot be used."""

    code = "bad-input"


@dataclass(frozen=True)
class Chunk:
    """One chunk of self-play: games `first .. first + count - 1` dealt from these seeds."""

    first: int
    count: int
    epsilon: float
    samples: int
    player: str | None = None
    """A bot spec that plays both seats (seeded), or None for the playout policy with `epsilon` exploration."""


def _game(chunk: Chunk, deal: int, rng: Rng) -> list[Position]:
    """The positions of one self-play game of `deal`, first to last (the last has ended, unless it ran too long)."""
    bot = get_bot(chunk.player) if chunk.player is not None else None
    play = play_unchecked if bot is None else apply  # checked for a bot: the player may be a user's
    p = new_match(deal, "single-round")
    seen = [p]
    while not p.round_over and len(seen) < MAX_PLIES:
        move = policy_move(p, DEFAULT, rng, chunk.epsilon) if bot is None else bot.choose(view(p, p.to_move), rng)
        p = play(p, move)
        seen.append(p)
    return seen


def play_chunk(chunk: Chunk) -> tuple[int, list[Row]]:
    """Play the chunk's games; return (first, rows of features + [label]) with `samples` positions per game."""
    rows: list[Row] = []
    for deal in range(chunk.first, chunk.first + chunk.count):
        rng = Rng(mix64(deal) ^ 0x7EA1)
        seen = _game(chunk, deal, rng)
        p = seen[-1]
        if not p.round_over:
            continue
        winner = result(p)["winner"]
        playing = seen[:-1]
        for _ in range(chunk.samples):
            q = playing[rng.below(len(playing))]
            seat = rng.below(2)
            label = 0.5 if winner is None else (1.0 if winner == seat else 0.0)
            rows.append(features(q, seat) + [label])
    return chunk.first, rows


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a small linear system by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                row_c = m[col]
                m[r] = [x - f * y for x, y in zip(m[r], row_c)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def fit(rows: list[Row], l2: float, start: list[float] | tuple[float, ...], steps: int = 8) -> list[float]:
    """Logistic regression without intercept (the features are antisymmetric) by Newton's method."""
    k = len(FEATURES)
    w = list(start)
    n = len(rows)
    for _ in range(steps):
        grad = [l2 * n * x for x in w]
        hess = [[(l2 * n if i == j else 0.0) for j in range(k)] for i in range(k)]
        for row in rows:
            z = sum(wi * fi for wi, fi in zip(w, row))
            z = -30.0 if z < -30.0 else (30.0 if z > 30.0 else z)
            q = 1.0 / (1.0 + math.exp(-z))
            err = q - row[k]
            s = q * (1.0 - q)
            for i in range(k):
                fi = row[i]
                if fi:
                    grad[i] += err * fi
                    hi = hess[i]
                    sf = s * fi
                    for j in range(i, k):
                        fj = row[j]
                        if fj:
                            hi[j] += sf * fj
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(si) for si in step) < 1e-6:
            break
    return w


def score(rows: list[Row], weights: list[float] | tuple[float, ...]) -> dict[str, float]:
    """Log-loss and accuracy of these weights on labelled rows."""
    k = len(FEATURES)
    loss = 0.0
    right = 0.0
    for row in rows:
        z = sum(wi * fi for wi, fi in zip(weights, row))
        q = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        y = row[k]
        q = min(max(q, 1e-9), 1 - 1e-9)
        loss -= y * math.log(q) + (1 - y) * math.log(1 - q)
        right += 0.5 if y == 0.5 else (1.0 if (q > 0.5) == (y > 0.5) else 0.0)
    n = max(1, len(rows))
    return {"log_loss": round(loss / n, 5), "accuracy": round(right / n, 4)}


def _read_log(path: str, key: dict[str, Any]) -> dict[tuple[str, int], list[Row]]:
    """Chunks already played by a run with the same settings, from its log file."""
    found: dict[tuple[str, int], list[Row]] = {}
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue  # a line cut short when the run was stopped
                if not isinstance(row, dict) or row.get("key") != key:
                    continue
                part, first, rows = row.get("part"), row.get("first"), row.get("rows")
                if part in ("train", "holdout") and isinstance(first, int) and isinstance(rows, list):
                    found[(part, first)] = rows
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise BadTrainingError(f"Cannot read the training log: {exc.__class__.__name__}.") from None
    return found


def _chunks(seed: int, rounds: int, epsilon: float, samples: int, player: str | None) -> list[Chunk]:
    return [Chunk(seed + i, min(CHUNK, rounds - i), epsilon, samples, player) for i in range(0, rounds, CHUNK)]


def train(rounds: int, seed: int, holdout: int, epsilon: float = 0.1, samples: int = 4, jobs: int = 1,
          scheduler: str | None = None, log: str | None = None, progress: bool = True,
          player: str | None = None) -> dict[str, Any]:
    """Self-play, fit and pick on held-out games; returns the evaluator file's data (weights, provenance, scores)."""
    if rounds < 1 or holdout < 1 or samples < 1 or not 0.0 <= epsilon <= 1.0:
        raise BadTrainingError("--rounds, --holdout and --samples must be at least 1, --epsilon within 0..1.")
    if player is not None:
        try:
            level = check_level(player, ARENA_BOTS)
            if level in SEARCH_BOTS and not isinstance(parse_options(player.partition(":")[2]).get("iterations"), int):
                raise BadTrainingError(f"--player: give {level} an iteration count ({level}:iterations=40), so its "
                                       "games are the same on every machine.")
            get_bot(player)
        except UnknownBotError as exc:
            raise BadTrainingError(f"--player: {exc}") from None
    started = time.perf_counter()
    key: dict[str, Any] = {"seed": seed, "rounds": rounds, "holdout": holdout, "epsilon": epsilon, "samples": samples}
    if player is not None:
        key["player"] = player  # a log written without --player still resumes a run without it
    done = _read_log(log, key) if log else {}
    parts = {"train": _chunks(seed, rounds, epsilon, samples, player),
             "holdout": _chunks(seed + HOLDOUT_OFFSET, holdout, epsilon, samples, player)}
    tasks = [c for part, chunks in parts.items() for c in chunks if (part, c.first) not in done]
    total = len(parts["train"]) + len(parts["holdout"])
    for first, rows in run_tasks(play_chunk, tasks, jobs, scheduler, "train"):
        part = "train" if first < seed + HOLDOUT_OFFSET else "holdout"
        done[(part, first)] = rows
        if log:
            try:
                with open(log, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps({"key": key, "part": part, "first": first, "rows": rows}) + "\n")
            except OSError as exc:
                raise BadTrainingError(f"Cannot write the training log: {exc.__class__.__name__}.") from None
        if progress:
            print(f"train: {len(done)}/{total} chunks of {CHUNK} games ({time.perf_counter() - started:.0f} s)",
                  file=sys.stderr, flush=True)
    train_rows = [r for c in parts["train"] for r in done[("train", c.first)]]
    held_rows = [r for c in parts["holdout"] for r in done[("holdout", c.first)]]
    compared: list[dict[str, Any]] = [
        {"name": "hand-set", "weights": list(HAND_SET), **score(held_rows, HAND_SET)},
        {"name": "shipped", "weights": list(shipped().weights), **score(held_rows, shipped().weights)},
    ]
    for l2 in L2_CHOICES:
        w = fit(train_rows, l2, HAND_SET)
        compared.append({"name": f"l2={l2:g}", "weights": w, **score(held_rows, w)})
        if progress:
            print(f"train: fitted l2={l2:g}: held-out log-loss {compared[-1]['log_loss']}", file=sys.stderr, flush=True)
    best = min(compared, key=lambda c: (c["log_loss"], c["name"]))
    return {
        "format": FORMAT,
        "features": list(FEATURES),
        "weights": {name: round(w, 6) for name, w in zip(FEATURES, best["weights"])},
        "chosen": best["name"],
        "made_by": {
            "command": f"python -m jaipur train --rounds {rounds} --seed {seed} --holdout {holdout} "
                       f"--epsilon {epsilon:g} --samples {samples}" + (f" --player {player}" if player else ""),
            "train_deals": [seed, seed + rounds - 1],
            "holdout_deals": [seed + HOLDOUT_OFFSET, seed + HOLDOUT_OFFSET + holdout - 1],
            "positions": {"train": len(train_rows), "holdout": len(held_rows)},
            "policy": player or "jaipur.bots.playout.policy_move (default trader weights)",
            # the evaluator shipped when this ran: a maharaja player searched with it, so replaying the games needs it
            "shipped_then": {name: round(w, 6) for name, w in zip(FEATURES, shipped().weights)},
        },
        "holdout": [{k: v for k, v in c.items() if k != "weights"} for c in compared],
    }


def cmd_train(args: argparse.Namespace) -> None:
    """Train the evaluator, write the chosen weights to --out and print the held-out comparison."""
    if args.scheduler is not None and args.jobs != 1:
        raise BadTrainingError("Give either --jobs or --scheduler, not both.")
    data = train(args.rounds, args.seed, args.holdout or max(100, args.rounds // 5), args.epsilon, args.samples,
                 args.jobs, args.scheduler, args.log, progress=not args.quiet, player=args.player)
    read_weights(data)  # the file written can be read back
    try:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(data, indent=1) + "\n")
    except OSError as exc:
        raise BadTrainingError(f"Cannot write '{str(args.out)[:80]}': {exc.__class__.__name__}.") from None
    print(json.dumps({"out": args.out, "chosen": data["chosen"], "holdout": data["holdout"]}, separators=(",", ":")))


def add_parser(subparsers: Any) -> None:
    """Add `train` to the command line's subparsers."""
    p = subparsers.add_parser("train", help="learn the evaluator's weights by seeded self-play")
    p.add_argument("--rounds", type=int, required=True, help="self-play games to learn from")
    p.add_argument("--seed", type=int, default=0, help="the first game's deal")
    p.add_argument("--out", required=True, help="write the evaluator (JSON) here")
    p.add_argument("--holdout", type=int, default=None, help="held-out games (default: a fifth, at least 100)")
    p.add_argument("--epsilon", type=float, default=0.1, help="chance of a less-than-best move in self-play")
    p.add_argument("--samples", type=int, default=4, help="positions kept per game")
    p.add_argument("--player", default=None,
                   help="a bot spec that plays the self-play games, e.g. maharaja:iterations=40 (a search bot needs an "
                        "iteration count; default: the playout policy with --epsilon)")
    p.add_argument("--log", default=None, help="append each chunk of games to this file; resume from it")
    p.add_argument("--jobs", type=int, default=1, help="local processes to play in (capped at the cores)")
    p.add_argument("--scheduler", default=None, help="address of a Dask scheduler to play on (needs jaipur[cluster])")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    p.set_defaults(func=cmd_train)
