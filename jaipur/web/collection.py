"""The puzzle collection in the page: the entries of `jaipur.puzzlebook`, and which of them this browser
has solved (localStorage key `jaipur.puzzles.v1`: a JSON list of puzzle ids).

Pure Python: the storage is the platform's `load`/`store` (no browser imports).

>>> sorted(solved_from_text('["p1", 3, "p2"]'))
['p1', 'p2']
>>> solved_from_text("{not json")
frozenset()
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from ..puzzlebook import Entry, load
from .puzzle import Puzzle

SOLVED_KEY = "jaipur.puzzles.v1"
"""localStorage key: the ids of the collection's puzzles solved in this browser (a JSON list of strings)."""
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


def solved_from_text(text: Any) -> frozenset[str]:
    """The solved ids kept in storage (anything unreadable counts as none solved)."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return frozenset()
    if not isinstance(data, list):
        return frozenset()
    return frozenset(x for x in data[:MAX_IDS] if isinstance(x, str) and len(x) <= 40)


def load_solved(storage: Storage) -> frozenset[str]:
    """The ids solved in this browser."""
    try:
        return solved_from_text(storage.load(SOLVED_KEY))
    except Exception:  # noqa: BLE001 - storage refused: nothing remembered
        return frozenset()


def keep_solved(storage: Storage, solved: frozenset[str]) -> bool:
    """Keep the solved ids (sorted); False when the browser refused."""
    try:
        return bool(storage.store(SOLVED_KEY, json.dumps(sorted(solved)[:MAX_IDS])))
    except Exception:  # noqa: BLE001
        return False


def puzzle_of(entry: Entry) -> Puzzle:
    """The entry as a page puzzle: its position and its one solution."""
    return Puzzle(entry.position, [entry.solution])


def index_of(entries: list[Entry], puzzle_id: str) -> int | None:
    """Where the puzzle `puzzle_id` is in the collection (None: no such puzzle)."""
    for i, e in enumerate(entries):
        if e.id == puzzle_id:
            return i
    return None
