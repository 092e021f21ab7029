"""The puzzle collection in the page: the entries of `jaipur.puzzlebook`, and which of them this browser
has solved (localStorage key `jaipur.puzzles.v1`: a JSON list of puzzle ids) and which it has only seen the
answer of (`jaipur.puzzles.revealed.v1`, the same form: a puzzle played after its answer was shown counts as
revealed, not solved; a solve without the answer, later, moves it to the solved ones). Older browsers keep
only the first key, and read as before.

Pure Python: the storage is the platform's `load`/`store` (no browser imports).

>>> sorted(solved_from_text('["p1", 3, "p2"]'))
['p1', 'p2']
>>> solved_from_text("{not json")
frozenset()
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from ...study.puzzlebook import Entry, contents, load
from ..teach.puzzle import Puzzle

SOLVED_KEY = "jaipur.puzzles.v1"
"""localStorage key: the ids of the collection's puzzles solved in this browser (a JSON list of strings)."""
REVEALED_KEY = "jaipur.puzzles.revealed.v1"
"""localStorage key: the ids of the puzzles whose answer was shown and that were not solved without it."""
MAX_IDS = 500
"""At most this many ids are read or kept."""


class Storage(Protocol):
    """What the collection needs of the platform."""

    def load(self, key: str) -> str | None: ...
    def store(self, key: str, text: str) -> bool: ...


def book() -> list[Entry]:
    """The collection's entries (none when its data file cannot be read)."""
    try:
        return load()
    except Exception:  # noqa: BLE001 - no data file: the collection is empty, the page goes on
        return []


class Book:
    """The collection as the page holds it: its ids and levels read at once (the start screen lists them), its
    entries — 24 positions to read and check, tens of milliseconds in the page — when a puzzle of it first opens.
    `entries` given: that collection instead (tests)."""

    def __init__(self, entries: list[Entry] | None = None) -> None:
        self._entries = entries
        if entries is not None:
            self.titles = [(e.id, e.level) for e in entries]
        else:
            try:
                self.titles = contents()
            except Exception:  # noqa: BLE001 - no data file: the collection is empty, the page goes on
                self.titles = []

    def entries(self) -> list[Entry]:
        """The collection's entries, read the first time they are asked for."""
        if self._entries is None:
            self._entries = book()
        return self._entries


def solved_from_text(text: Any) -> frozenset[str]:
    """The solved ids kept in storage (anything unreadable counts as none solved)."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return frozenset()
    if not isinstance(data, list):
        return frozenset()
    return frozenset(x for x in data[:MAX_IDS] if isinstance(x, str) and len(x) <= 40)


def load_solved(storage: Storage, key: str = SOLVED_KEY) -> frozenset[str]:
    """The ids solved in this browser (or, with `key=REVEALED_KEY`, those whose answer was shown)."""
    try:
        return solved_from_text(storage.load(key))
    except Exception:  # noqa: BLE001 - storage refused: nothing remembered
        return frozenset()


def keep_solved(storage: Storage, solved: frozenset[str], key: str = SOLVED_KEY) -> bool:
    """Keep the solved ids (or, with `key=REVEALED_KEY`, the revealed ones), sorted; False when refused."""
    try:
        return bool(storage.store(key, json.dumps(sorted(solved)[:MAX_IDS])))
    except Exception:  # noqa: BLE001
        return False


def load_revealed(storage: Storage) -> frozenset[str]:
    """The ids whose answer was shown in this browser and that are not solved."""
    return load_solved(storage, REVEALED_KEY) - load_solved(storage)


def keep_outcome(storage: Storage, puzzle_id: str, solved: bool) -> bool:
    """A puzzle solved without its answer (`solved`), or whose answer was shown: kept under its key (a solve
    takes it off the revealed ones; a puzzle solved before stays solved). False when the browser refused."""
    done, seen = load_solved(storage), load_solved(storage, REVEALED_KEY)
    if solved:
        return keep_solved(storage, done | {puzzle_id}) and (
            puzzle_id not in seen or keep_solved(storage, seen - {puzzle_id}, REVEALED_KEY))
    if puzzle_id in done or puzzle_id in seen:
        return True
    return keep_solved(storage, seen | {puzzle_id}, REVEALED_KEY)


def puzzle_of(entry: Entry) -> Puzzle:
    """The entry as a page puzzle: its position and its one solution."""
    return Puzzle(entry.position, [entry.solution])


def index_of(entries: list[Entry], puzzle_id: str) -> int | None:
    """Where the puzzle `puzzle_id` is in the collection (None: no such puzzle)."""
    for i, e in enumerate(entries):
        if e.id == puzzle_id:
            return i
    return None
