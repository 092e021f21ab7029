"""A user's bot, from Python source or a file, guarded: its errors, bad moves, time and output are kept in bounds.

The bot lab (lab.html) and `python -m jaipur arena mybot.py:MyBot trader` load a bot the same way and hold it
to the same rules:

- the code is the user's: a syntax error, an exception while loading or while choosing a move is reported as
  a `UserBotError` with the line number and a traceback of the user's own frames only;
- a move that is not text in the notation (malformed) or not legal in the position is refused, in words,
  with the position the bot was shown;
- each move has a time limit (`limit`, seconds): over it, the move is refused. In CPython's main thread a
  timer interrupts a bot that never returns; elsewhere (the page's worker) the page ends the worker;
- what the bot prints is kept, up to `OUTPUT_LIMIT` characters a run, and never reaches the terminal or page
  as anything but text.

>>> bot = load_source(TEMPLATE)
>>> from jaipur import new_match, view, Rng, legal_moves
>>> p = new_match(seed=3)
>>> bot.choose(view(p, p.to_move), Rng(1)) in legal_moves(p)
True
"""

from __future__ import annotations

import contextlib
import io
import linecache
import re
import signal
import sys
import threading
import time
import traceback
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadMoveError, JaipurError
from ..notation import format_move, parse_move
from ..record import Record, record_to_compact
from ..rng import Rng, mix64
from ..rules import apply, new_match
from ..types import View
from ..view import view as seat_view
from .base import Bot, Thinking, legal_from_view

USER_FILE = "mybot.py"
"""The file name the lab gives the editor's code (tracebacks and line numbers refer to it)."""
DEFAULT_LIMIT = 1.0
"""Seconds a user's bot may take for one move."""
OUTPUT_LIMIT = 20_000
"""Characters of a bot's printed output kept per run; the rest is counted and dropped."""
MAX_PLIES = 400
"""A round still going after this many moves is called a tie (as in the arena)."""
SPEC = re.compile(r"^(?P<path>.+\.py):(?P<name>[A-Za-z_][A-Za-z0-9_]*)$")
"""A bot file spec on the command line: `path/to/mybot.py:MyBot`."""

TEMPLATE = '''\
"""My Jaipur bot: sell a big set, else take a good card, else camels."""
from jaipur.bots.base import Bot, legal_from_view

# what a token of each good is roughly worth
VALUE = {"D": 6, "G": 5, "S": 5, "C": 3, "P": 3, "L": 2}


class MyBot(Bot):
    """It sees only its seat's view: market, its hand, herds, tokens."""

    name = "my bot"

    def think(self, view, rng, movetime=None):
        """A move in the notation: TD, TM (camels), S3L, XDG-LM."""
        moves = legal_from_view(view)
        sells = [m for m in moves if m.startswith("S") and int(m[1:-1]) >= 2]
        if sells:
            return max(sells, key=lambda m: int(m[1:-1]) * VALUE[m[-1]])
        takes = [m for m in moves if m.startswith("T") and m != "TM"]
        if takes and len(view["hand"]) < 7:
            return max(takes, key=lambda m: VALUE[m[1]])
        if "TM" in moves:
            return "TM"
        return rng.choice(moves)
        yield  # think is a generator, as for every bot
'''
"""A working bot with the built-in levels' interface: the lab's starting code."""


class UserBotError(JaipurError):
    """A user's bot failed: it did not load, raised, chose a bad move or ran over its time.

    `kind` is one of syntax, load, no-bot, exception, malformed, illegal, timeout; `line` the user's line
    number when known; `trace` the traceback of the user's frames only; `where` the position in words."""

    code = "user-bot"

    def __init__(self, message: str, kind: str, line: int | None = None, trace: str = "", where: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.line = line
        self.trace = trace
        self.where = where

    def to_json(self) -> dict[str, Any]:
        """The command line's error object, with the kind, line and the user's traceback."""
        out: dict[str, Any] = super().to_json()
        out["error"].update({"kind": self.kind, "line": self.line, "trace": self.trace, "where": self.where})
        return out


class _OverTime(BaseException):
    """Raised into a bot's code by the timer (a BaseException, so `except Exception` does not swallow it)."""


class BoundedOutput(io.StringIO):
    """A text stream that keeps the first `limit` characters written and counts the rest."""

    def __init__(self, limit: int = OUTPUT_LIMIT) -> None:
        super().__init__()
        self.limit = limit
        self.kept = 0
        self.dropped = 0

    def write(self, s: str) -> int:
        """Keep what fits, count what does not."""
        text = str(s)
        room = max(0, self.limit - self.kept)
        if room:
            super().write(text[:room])
            self.kept += min(room, len(text))
        self.dropped += max(0, len(text) - room)
        return len(text)

    def take(self) -> str:
        """What was written since the last take (the limit still counts the whole run)."""
        text = self.getvalue()
        self.seek(0)
        self.truncate()
        return text


SCRIPT_BLOCK = re.compile(r"^# /// script\s*$\n(?P<body>(?:^#(?: .*)?$\n)+?)^# ///\s*$", re.M)


def script_dependencies(source: str) -> list[str]:
    """The packages the code asks for in inline script metadata (PEP 723), e.g.

        # /// script
        # dependencies = ["more-itertools"]
        # ///

    The lab installs them with micropip first (from PyPI: that needs the network); the command line leaves
    them to pip. A block that cannot be read is a UserBotError.

    >>> script_dependencies('# /// script\\n# dependencies = ["a", "b>=1"]\\n# ///\\nimport a\\n')
    ['a', 'b>=1']
    """
    match = SCRIPT_BLOCK.search(source)
    if match is None:
        return []
    import tomllib

    body = "".join(line[2:] if line.startswith("# ") else line[1:] for line in match["body"].splitlines(True))
    try:
        deps = tomllib.loads(body).get("dependencies", [])
    except tomllib.TOMLDecodeError as exc:
        line = source[:match.start()].count("\n") + 1
        raise UserBotError(f"The script block on line {line} is not valid TOML ({exc}).", "syntax", line) from None
    if not isinstance(deps, list) or not all(isinstance(d, str) for d in deps):
        raise UserBotError("The script block's dependencies must be a list of package names in quotes.", "syntax")
    return [d.strip() for d in deps if d.strip()]


def position_words(v: View) -> str:
    """The position a bot was shown, in a few words: round, market, its hand and both herds."""
    seat = v["seat"]
    herds = v["herds"]
    def camels(n: int) -> str:
        return f"{n} camel" if n == 1 else f"{n} camels"

    deck = f"{v['deck_size']} card" if v["deck_size"] == 1 else f"{v['deck_size']} cards"
    return (f"round {v['round']}, seat {seat}: market {v['market'] or 'empty'}, your hand {v['hand'] or 'empty'}, "
            f"{camels(herds[seat])} in your herd and {herds[1 - seat]} in the other's, {deck} in the deck")


def _user_trace(exc: BaseException, filename: str) -> tuple[str, int | None]:
    """The traceback of the user's own frames (file `filename`) and the last user line number."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    lines = [f'  File "{f.filename}", line {f.lineno}, in {f.name}\n' + (f"    {f.line}\n" if f.line else "")
             for f in frames]
    text = "Traceback (your code):\n" + "".join(lines) + "".join(traceback.format_exception_only(type(exc), exc))
    return text.rstrip("\n"), (frames[-1].lineno if frames else None)


def _raised(exc: BaseException, filename: str, doing: str, where: str = "") -> UserBotError:
    """A UserBotError for an exception raised by the user's code while `doing` something."""
    trace, line = _user_trace(exc, filename)
    at = f" on line {line}" if line else ""
    said = str(exc)[:200]
    message = f"Your bot raised {type(exc).__name__}{at} while {doing}" + (f": {said}" if said else "") + "."
    if where:
        message += f" Position: {where}."
    return UserBotError(message, "exception", line, trace, where)


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block after `seconds` (CPython's main thread, with a timer signal); elsewhere do nothing
    (the caller checks the time afterwards, and the page ends a worker that never returns)."""
    usable = (hasattr(signal, "setitimer") and sys.platform != "emscripten"
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise _OverTime()

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class GuardedBot(Bot):
    """A user's bot held to the lab's rules: every move checked, timed and its output bounded."""

    def __init__(self, inner: Any, limit: float = DEFAULT_LIMIT, filename: str = USER_FILE,
                 output: BoundedOutput | None = None) -> None:
        self.inner = inner
        self.limit = limit
        self.filename = filename
        self.output = output if output is not None else BoundedOutput()
        self.name = str(getattr(inner, "name", type(inner).__name__))[:40]

    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """The user's move, checked (see `choose`)."""
        return self.choose(view, rng, movetime)
        yield  # pragma: no cover - makes this a generator

    def choose(self, view: View, rng: Rng, movetime: float | None = None) -> str:
        """Ask the user's bot for a move; raise UserBotError unless it is a legal move given in time."""
        legal = legal_from_view(view)
        where = position_words(view)
        start = time.perf_counter()
        try:
            with contextlib.redirect_stdout(self.output), contextlib.redirect_stderr(self.output), \
                    time_limit(self.limit):
                move = self.inner.choose(view, rng, movetime)
        except _OverTime:
            raise self.over_time(where) from None
        except (KeyboardInterrupt, GeneratorExit):
            raise
        except BaseException as exc:  # the user's code: anything it raises is reported, never passed on
            raise _raised(exc, self.filename, "choosing a move", where) from None
        if time.perf_counter() - start > self.limit:
            raise self.over_time(where)
        return self.checked(move, legal, where)

    def over_time(self, where: str) -> UserBotError:
        """The error for a move that took longer than the limit."""
        return UserBotError(f"Your bot took longer than its limit of {self.limit:g} s for one move, so it was "
                            f"stopped. Position: {where}.", "timeout", where=where)

    def checked(self, move: Any, legal: list[str], where: str) -> str:
        """The move in canonical notation if it is legal here; else a UserBotError saying what is wrong."""
        if not isinstance(move, str):
            shown = repr(move)[:60]
            raise UserBotError(f"Your bot returned {shown} ({type(move).__name__}), which is not a move: a move is "
                               f"text in the notation, like 'TD', 'TM', 'S2L' or 'XDG-LM'. Position: {where}.",
                               "malformed", where=where)
        try:
            canonical = format_move(parse_move(move))
        except BadMoveError as err:
            raise UserBotError(f"Your bot returned '{move[:40]}', which is not a move in the notation "
                               f"({err.message}) Position: {where}.", "malformed", where=where) from None
        if canonical not in legal:
            shown = " ".join(legal[:30]) + (" …" if len(legal) > 30 else "")
            raise UserBotError(f"Your bot chose {canonical}, which is not a legal move here. Position: {where}. "
                               f"Legal moves: {shown}.", "illegal", where=where)
        return canonical


def _find_bot_class(namespace: dict[str, Any], module_name: str, class_name: str | None, filename: str) -> type:
    """The bot class the user's code defines: the one named, else the only one (a Bot subclass, or a class
    with a `choose` method)."""
    if class_name is not None:
        found = namespace.get(class_name)
        if not isinstance(found, type):
            raise UserBotError(f"{filename} defines no class called {class_name}.", "no-bot")
        return found
    mine = [v for v in namespace.values() if isinstance(v, type) and v.__module__ == module_name]
    bots = [c for c in mine if issubclass(c, Bot)] or [c for c in mine if callable(getattr(c, "choose", None))]
    if len(bots) != 1:
        what = "no bot class" if not bots else f"{len(bots)} bot classes ({', '.join(c.__name__ for c in bots)})"
        raise UserBotError(f"{filename} defines {what}: write one class with a think(self, view, rng, "
                           "movetime=None) method, as in the template (a subclass of jaipur.bots.base.Bot).", "no-bot")
    return bots[0]


def load_source(source: str, class_name: str | None = None, filename: str = USER_FILE,
                limit: float = DEFAULT_LIMIT, output: BoundedOutput | None = None) -> GuardedBot:
    """Run the user's source as a module and return its bot, guarded; UserBotError if it cannot be loaded."""
    output = output if output is not None else BoundedOutput()
    try:
        code = compile(source, filename, "exec")
    except SyntaxError as exc:
        line = exc.lineno
        raise UserBotError(f"Your code has a syntax error on line {line}: {exc.msg}.", "syntax", line,
                           "".join(traceback.format_exception_only(type(exc), exc)).rstrip("\n")) from None
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    module_name = "jaipur_user_bot"
    module = types.ModuleType(module_name)
    module.__file__ = filename
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output), time_limit(limit * 5):
            exec(code, module.__dict__)
            cls = _find_bot_class(module.__dict__, module_name, class_name, filename)
            inner = cls()
    except UserBotError:
        raise
    except _OverTime:
        raise UserBotError(f"Loading your code took longer than {limit * 5:g} s, so it was stopped.", "timeout") from None
    except (KeyboardInterrupt, GeneratorExit):
        raise
    except BaseException as exc:  # the user's code: report it, never let it through
        error = _raised(exc, filename, "loading")
        error.kind = "load"
        raise error from None
    if not callable(getattr(inner, "choose", None)):
        raise UserBotError(f"{type(inner).__name__} has no choose method: subclass jaipur.bots.base.Bot.", "no-bot")
    return GuardedBot(inner, limit, filename, output)


def load_file(path: str | Path, class_name: str | None = None, limit: float = DEFAULT_LIMIT) -> GuardedBot:
    """Load the bot class `class_name` from a Python file, guarded; UserBotError if it cannot be read or loaded."""
    file = Path(path)
    try:
        source = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        raise UserBotError(f"Cannot read the bot file {str(path)[:200]} ({why}).", "load") from None
    return load_source(source, class_name, str(file), limit)


def spec_bot(spec: str) -> GuardedBot | None:
    """The guarded bot for a `path/to/mybot.py:ClassName` spec, or None when the spec is not of that form."""
    match = SPEC.match(spec)
    if match is None:
        return None
    return load_file(match["path"], match["name"])


@dataclass
class LabRound:
    """One round the lab played: the user's bot in `seat`, its outcome (1, 0.5 or 0) and the moves."""

    index: int
    deal_seed: int
    seat: int
    outcome: float
    margin: int
    moves: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    stalled: bool = False

    def record(self, names: tuple[str, str]) -> str:
        """The round as a compact record (`J1.…`), for the table's replay viewer; names are (user, other)."""
        players = [names[0], names[1]] if self.seat == 0 else [names[1], names[0]]
        return record_to_compact(Record(seed=self.deal_seed, mode="single-round", players=players, moves=self.moves))


def play_round(user: Bot, other: Bot, seed: int, index: int, movetime: float | None = None,
               watch: Callable[[bool, View], None] | None = None) -> LabRound:
    """Round `index`: deal `seed + index // 2` as a single-round match, the user's bot in seat `index % 2`
    (so each deal is played from both seats). `watch(True, view)` is called before each of the user's moves
    and `watch(False, view)` after it (the page arms its watchdog with them)."""
    deal_seed = seed + index // 2
    seat = index % 2
    bots = {seat: user, 1 - seat: other}
    rngs = {s: Rng(mix64(deal_seed * 4 + s + 1) ^ mix64(seed)) for s in (0, 1)}
    p = new_match(deal_seed, "single-round")
    moves: list[str] = []
    times: list[float] = []
    while not p.round_over and len(moves) < MAX_PLIES:
        mover = p.to_move
        v = seat_view(p, mover)
        if mover == seat and watch is not None:
            watch(True, v)
        start = time.perf_counter()
        move = bots[mover].choose(v, rngs[mover], movetime)
        if mover == seat:
            times.append(time.perf_counter() - start)
            if watch is not None:
                watch(False, v)
        p = apply(p, move)
        moves.append(move)
    if not p.round_over:
        return LabRound(index, deal_seed, seat, 0.5, 0, moves, times, True)
    res = p.result
    assert res is not None
    winner = res["winner"]
    outcome = 0.5 if winner is None else (1.0 if winner == seat else 0.0)
    return LabRound(index, deal_seed, seat, outcome, res["scores"][seat] - res["scores"][1 - seat], moves, times)
