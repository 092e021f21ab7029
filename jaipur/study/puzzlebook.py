"""The puzzle collection: "win the round with this move" positions, found in seeded games and checked exactly.

Every puzzle is a position from a seeded single-round game, the side to move to solve it. Its solution is
the one legal move that ends the round with that side the winner whatever the cards it cannot see are
(the opponent's hand and bonus tokens, the deck, the value of a bonus token still in its pile): the engine
plays every legal move, and for each that ends the round the score is bounded from the solver's view
(`sure_win`). A second check says the puzzle is worth solving: after any other move the solver's chance of
winning, estimated by playouts of the trader from the solver's view (`win_rate`), is at least `MARGIN`
lower — finishing now matters (the other moves compared are every one that ends the round and the trader's
`SHORTLIST` best, `contenders`). The levels (`grade`) say how much must be seen to find it.

>>> book = load()
>>> len(book) >= 24, sorted({e.level for e in book})
(True, [1, 2, 3])
>>> e = book[0]
>>> e.solution in legal_moves(e.position) and sure_win(e.position, e.solution)
True
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..finish import bonus_extremes, ending_moves, finish
from ..position import Position, position_from_json, position_to_json
from ..rng import Rng
from ..rules import apply, legal_moves, new_match, result
from ..view import determinize, view

LEVELS = (1, 2, 3)
"""Level 1: a plain finish a greedy beginner finds; 3: a subtle one (another move ends the round and loses,
the finish is not a sale, or only the camel token or a tie-break makes it a win) that the beginner misses;
2: the rest."""
MARGIN = 0.15
"""How much lower, at least, the solver's estimated chance of winning is after any other move."""
PLAYOUTS = 32
"""Playouts per move when a puzzle is made (and when the test replays the rival's)."""
SHORTLIST = 8
"""How many of the trader's best-ranked moves are compared with the solution (besides every ending move)."""
DATA = "puzzles.json"


@dataclass(frozen=True)
class Entry:
    """One puzzle of the collection: its id, level, position (solver to move), solution and where it came from."""

    id: str
    level: int
    position: Position
    solution: str
    source: str
    rival: str
    rival_rate: float
    """The best other move by the playouts, and the solver's estimated chance of winning after it."""
    seed: int
    """The game's seed; the rival's rate is `win_rate(position, rival, PLAYOUTS, seed + 1)`."""

    def to_json(self) -> dict[str, Any]:
        """The entry as stored in jaipur/data/puzzles.json."""
        return {"id": self.id, "level": self.level, "solution": self.solution, "source": self.source,
                "rival": self.rival, "rival_rate": round(self.rival_rate, 4), "seed": self.seed,
                "position": position_to_json(self.position)}


def _bonus_bounds(before: Position, after: Position, seat: int) -> tuple[int, int]:
    """(the least the solver's bonus tokens can be worth, the most the opponent's can) after `after`, as far as
    the solver can see: its own tokens' values are known, the opponent's and the pile's are not."""
    least_mine, most_theirs, _, _ = bonus_extremes(before, after, seat)
    return least_mine, most_theirs


def sure_win(position: Position, move: str) -> bool:
    """True when `move` ends the round and the side to move wins it whatever the hidden values are."""
    after = apply(position, move)
    return after.round_over and finish(position, after, position.to_move).sure_win


MAX_PLAYOUT_PLIES = 200
YIELD_PLIES = 12
"""Moves of a playout between two yields of `think_win_rate`."""
"""A playout of `win_rate` ends after this many moves even when the round goes on (exchanges draw no card, so
two traders can swap the same goods for ever); it then counts half, like a tie."""


def win_rate(position: Position, move: str, playouts: int, seed: int) -> float:
    """The solver's chance of winning the round after `move`, estimated from its view: `playouts` dealings of
    the hidden cards, each played to the round's end by the trader on both sides (a tie counts half; so does a
    playout still going after MAX_PLAYOUT_PLIES moves)."""
    thinking = think_win_rate(position, move, playouts, seed)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return float(done.value)


def think_win_rate(position: Position, move: str, playouts: int, seed: int) -> Generator[None, None, float]:
    """`win_rate` as a generator that yields after every playout and every YIELD_PLIES moves within one (a
    page's thread stays responsive: a whole playout is ~0.1 s in Pyodide)."""
    from ..bots import get_bot

    trader = get_bot("trader")
    seat = position.to_move
    seen = view(position, seat)
    rng = Rng(seed)
    total = 0.0
    for _ in range(playouts):
        world = apply(determinize(seen, rng), move)
        plies = 0
        while not world.round_over and plies < MAX_PLAYOUT_PLIES:
            world = apply(world, trader.choose(view(world, world.to_move), rng))
            plies += 1
            if plies % YIELD_PLIES == 0:
                yield
        if world.round_over:
            winner = result(world)["winner"]
            total += 0.5 if winner is None else (1.0 if winner == seat else 0.0)
        else:
            total += 0.5   # the traders exchanged back and forth without end: no winner either way
        yield
    return total / playouts


def sale_rupees(position: Position, move: str) -> int:
    """The goods tokens' value a move earns at once (0 for a move that is not a sale)."""
    before = sum(v for _, v in position.taken_goods[position.to_move])
    after = apply(position, move)
    return sum(v for _, v in after.taken_goods[position.to_move]) - before


def subtle(position: Position, solution: str) -> bool:
    """True when the finish needs more than "sell to end the round": another move ends it too (and loses), the
    solution is not a sale, or the win holds only thanks to the camel token or a tie-break."""
    if len(ending_moves(position)) > 1 or not solution.startswith("S"):
        return True
    seat = position.to_move
    after = apply(position, solution)
    res = result(after)
    b = res["breakdown"]
    least_mine, most_theirs = _bonus_bounds(position, after, seat)
    lead = (b[seat]["goods"] + least_mine) - (b[1 - seat]["goods"] + b[1 - seat]["camel"] + most_theirs)
    return lead <= 0  # without the camel token (or the tie-break) it would not be a win


def grade(position: Position, solution: str) -> int:
    """The level of a puzzle (see LEVELS): 1 when a greedy beginner (the novice) finds the finish and it is
    plain, 3 when the novice misses it and it is subtle, 2 otherwise."""
    from ..bots import get_bot

    found = get_bot("novice").choose(view(position, position.to_move), Rng(1)) == solution
    fine = subtle(position, solution)
    return 1 if found and not fine else (3 if fine and not found else 2)


def candidates(seed: int) -> list[tuple[Position, str]]:
    """Positions of the seeded single-round game (the trader on both sides) where exactly one move is a sure win."""
    from ..bots import get_bot

    trader = get_bot("trader")
    p = new_match(seed=seed, mode="single-round")
    rng = Rng(seed)
    found = []
    while not p.round_over:
        wins = [m for m in ending_moves(p) if sure_win(p, m)]
        if len(wins) == 1:
            found.append((p, wins[0]))
        p = apply(p, trader.choose(view(p, p.to_move), rng))
    return found


def contenders(position: Position, solution: str, count: int = SHORTLIST) -> list[str]:
    """The other moves worth comparing with the solution: every move that ends the round, and the `count` moves
    the trader's heuristic ranks highest."""
    from ..bots.heuristics import Scorer, table_from_view

    others = [m for m in legal_moves(position) if m != solution]
    scorer = Scorer(table_from_view(view(position, position.to_move)))
    ranked = sorted(others, key=lambda m: (-scorer.score(m), m))[:count]
    ending = [m for m in ending_moves(position) if m != solution]
    return sorted(set(ranked) | set(ending))


def rival(position: Position, solution: str, playouts: int, seed: int) -> tuple[str, float]:
    """Among the contenders, the move after which the solver's estimated chance of winning is highest, and
    that chance (`playouts` seeded playouts each)."""
    rates = {m: win_rate(position, m, playouts, seed + 1) for m in contenders(position, solution)}
    best = min(rates, key=lambda m: (-rates[m], m))
    return best, rates[best]


@dataclass(frozen=True)
class Verdict:
    """The verifier on an author's puzzle (`judge`): is the solution the one clearly best move?

    `sure`: it wins the round now whatever the hidden cards are (exact); `others_sure`: the other moves that do
    too; `rate`: the solver's chance of winning after it (1.0 when sure, else estimated by playouts); `rival`
    and `rival_rate`: the best other move by the same playouts."""

    solution: str
    sure: bool
    others_sure: tuple[str, ...]
    rate: float
    rival: str | None
    rival_rate: float | None

    @property
    def as_good(self) -> tuple[str, ...]:
        """The other moves as good as the solution: every other sure win, else the rival when its estimated
        chance is within `MARGIN` of the solution's."""
        if self.others_sure:
            return self.others_sure
        if self.rival is not None and self.rival_rate is not None and self.rival_rate > self.rate - MARGIN:
            return (self.rival,)
        return ()

    @property
    def accepted(self) -> bool:
        """True when no other move is as good: a puzzle with one answer."""
        return not self.as_good

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON (the command line prints it)."""
        return {"solution": self.solution, "accepted": self.accepted, "sure": self.sure,
                "others_sure": list(self.others_sure), "rate": round(self.rate, 4), "rival": self.rival,
                "rival_rate": None if self.rival_rate is None else round(self.rival_rate, 4),
                "as_good": list(self.as_good), "margin": MARGIN}


def judge_steps(position: Position, solution: str, playouts: int = PLAYOUTS, seed: int = 0) -> Iterator[Verdict | None]:
    """`judge` a playout at a time: None after each step, the Verdict last (a page yields to its event loop in
    between). Raises the engine's JaipurError when the solution is not a legal move."""
    apply(position, solution)
    sure = sure_win(position, solution)
    others = tuple(m for m in ending_moves(position) if m != solution and sure_win(position, m))
    yield None
    rates: dict[str, float] = {}
    for m in ([] if sure else [solution]) + contenders(position, solution):
        thinking = think_win_rate(position, m, playouts, seed + 1)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                rates[m] = float(done.value)
                break
            yield None
    rate = 1.0 if sure else rates.pop(solution)
    best = min(rates, key=lambda m: (-rates[m], m)) if rates else None
    yield Verdict(solution, sure, others, rate, best, rates[best] if best is not None else None)


def judge(position: Position, solution: str, playouts: int = PLAYOUTS, seed: int = 0) -> Verdict:
    """The verifier's verdict on `solution` as the answer to a puzzle at `position` (the side to move solves it).

    >>> e = load()[0]
    >>> v = judge(e.position, e.solution, seed=e.seed)   # the collection's own check, made again
    >>> v.sure, v.accepted, (v.rival, v.rival_rate) == (e.rival, e.rival_rate)
    (True, True, True)
    """
    *_, verdict = judge_steps(position, solution, playouts, seed)
    assert verdict is not None
    return verdict


REFUTE_DEALS = 24
"""Dealings of the hidden cards in which `think_refute` looks for a reply that ends the round at once."""
REFUTE_PLAYOUTS = 8
"""Dealings it then plays out (the trader on both sides) when no such reply was found."""
REFUTE_STEP = 8
"""`think_refute` yields after this many replies tried, or moves played out (a page's thread stays responsive)."""


@dataclass(frozen=True)
class Refutation:
    """Why a try is not a sure win now, found from the solver's view only (the verifier's counter-example).

    `kind`: `wins` (it ends the round and surely wins too), `behind` (it ends the round and cannot win: `mine` is
    the most the solver can have, `theirs` the least the opponent can), `may-lose` (it ends the round and can
    lose: the scores when the hidden bonus values go against the solver), `reply` (the round goes on and the
    opponent's `reply` ends it at once, the solver not ahead: surely so when `sure`, with the scores as for
    `behind`, else as for `may-lose`), `later` (the round goes on; the solver lost `lost` of `played` dealings
    played out from there, and `reply` was the opponent's answer in the first one lost) or `open` (nothing
    found: it only does not end the round)."""

    move: str
    kind: str
    reply: str | None = None
    mine: int = 0
    theirs: int = 0
    sure: bool = False
    lost: int = 0
    played: int = 0


def think_refute(position: Position, move: str, deals: int = REFUTE_DEALS, playouts: int = REFUTE_PLAYOUTS,
                 seed: int = 0) -> Generator[None, None, Refutation]:
    """`refute` as a generator that yields after every dealing looked at and every YIELD_PLIES moves played out.
    Raises the engine's JaipurError when `move` is not legal."""
    from ..bots import get_bot

    seat = position.to_move
    after = apply(position, move)
    if after.round_over:   # only the bonus values are hidden: bounded, exactly
        f = finish(position, after, seat)
        if f.sure_win:
            return Refutation(move, "wins", mine=f.worst[0], theirs=f.worst[1])
        if f.sure_loss:
            return Refutation(move, "behind", mine=f.best[0], theirs=f.best[1], sure=True)
        return Refutation(move, "may-lose", mine=f.worst[0], theirs=f.worst[1])
    seen = view(position, seat)
    rng = Rng(seed)
    maybe: Refutation | None = None
    for _ in range(deals):
        world = apply(determinize(seen, rng), move)
        for k, reply in enumerate(legal_moves(world), 1):
            ended = apply(world, reply)
            if k % REFUTE_STEP == 0:
                yield
            if not ended.round_over:
                continue
            f = finish(position, ended, seat)
            if f.sure_loss:
                return Refutation(move, "reply", reply, f.best[0], f.best[1], sure=True)
            if not f.sure_win and maybe is None:
                maybe = Refutation(move, "reply", reply, f.worst[0], f.worst[1])
        yield
    if maybe is not None:
        return maybe
    trader = get_bot("trader")
    lost, first = 0, None
    for _ in range(playouts):
        world = apply(determinize(seen, rng), move)
        answer = trader.choose(view(world, world.to_move), rng)
        world = apply(world, answer)
        plies = 1
        while not world.round_over and plies < MAX_PLAYOUT_PLIES:
            world = apply(world, trader.choose(view(world, world.to_move), rng))
            plies += 1
            if plies % REFUTE_STEP == 0:
                yield
        if world.round_over and result(world)["winner"] != seat:
            lost += 1
            first = first or answer
        yield
    if lost:
        return Refutation(move, "later", first, lost=lost, played=playouts)
    return Refutation(move, "open")


def refute(position: Position, move: str, deals: int = REFUTE_DEALS, playouts: int = REFUTE_PLAYOUTS,
           seed: int = 0) -> Refutation:
    """Why `move` is not a sure win for the side to move at `position`, from its view only: the round's end it
    brings, bounded over the hidden bonus values, or the opponent's reply that beats it in a dealing of the
    hidden cards consistent with that view (see Refutation).

    >>> e = load()[0]
    >>> r = refute(e.position, e.rival, seed=e.seed)
    >>> r.kind, r.sure, r.mine < r.theirs
    ('reply', True, True)
    """
    thinking = think_refute(position, move, deals, playouts, seed)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def make(first_seed: int, last_seed: int, per_level: int, playouts: int = PLAYOUTS,
         progress: Any = None) -> list[Entry]:
    """Search seeds first_seed..last_seed-1 for `per_level` puzzles of each level that pass every check."""
    chosen: dict[int, list[Entry]] = {lv: [] for lv in LEVELS}
    for seed in range(first_seed, last_seed):
        for p, solution in candidates(seed):
            level = grade(p, solution)
            if len(chosen[level]) >= per_level:
                continue
            best, rate = rival(p, solution, playouts, seed)
            if rate > 1.0 - MARGIN:
                continue
            n = len(chosen[level]) + 1
            chosen[level].append(Entry(f"finish-{level}-{n:02d}", level, p, solution,
                                       f"seed {seed}, single round, {len(p.deck)} cards left in the deck",
                                       best, rate, seed))
            if progress is not None:
                print(f"seed {seed}: level {level} ({solution}, best other {best} {rate:.2f})", file=progress)
            break  # one puzzle per game at most, so the collection is varied
        if all(len(v) >= per_level for v in chosen.values()):
            break
    return [e for lv in LEVELS for e in chosen[lv]]


def _stored() -> list[dict[str, Any]]:
    """The entries of jaipur/data/puzzles.json as stored, easiest first. Read beside the package rather than
    through importlib.resources, whose import and first use cost the page about 50 ms of its boot."""
    path = Path(__file__).resolve().parent.parent / "data" / DATA
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    return entries


def load() -> list[Entry]:
    """The collection shipped with the package (jaipur/data/puzzles.json), easiest first."""
    return [Entry(d["id"], d["level"], position_from_json(d["position"]), d["solution"], d["source"],
                  d["rival"], d["rival_rate"], d["seed"]) for d in _stored()]


def contents() -> list[tuple[str, int]]:
    """The collection's ids and levels, easiest first, its positions left unread (the page's start screen lists
    the collection without reading 24 positions).

    >>> contents()[0] == (load()[0].id, load()[0].level)
    True
    """
    return [(str(d["id"]), int(d["level"])) for d in _stored()]
