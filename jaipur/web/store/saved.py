"""The game in progress saved in the browser (localStorage), record files, and undo against the computer.

Save format (one JSON object, written after every move under `STORAGE_KEY`)::

    {"format": "jaipur-save/1", "record": <jaipur-record/1>, "opponent": "maharaja", "human_seat": 0, ...}

Other fields (`lang`, `saved_at`, …) are kept as they are and come back in `SavedGame.extra`.
Reading never raises: a damaged or incompatible save (not JSON, another version, a record that
does not replay) gives a `Reason` whose sentence says so; the page then starts a new game.

Undo (`undo_moves`) goes back to the human's previous decision: it drops the computer's moves
after the human's last move and that move too. It never crosses a round's end: a move that
ended a round is final (the round was scored and its result shown; undoing it would also
let a player see a deal and then re-play the round before it). So undo works only inside the
round being played, and not at all once it has ended.

Against the computer, an undo in a new deal also deals afresh what the player cannot see (`redeal`): the
deck, the computer's unseen cards and the hidden bonus values, from the player's view with its public memory
kept, so an undo never shows what a refill would have been. The match then goes on from a record that starts
at that new deal; what was played before it is kept in the save's `earlier` field (the records of the match
before each such undo, oldest first: the log and the round results are drawn from them) and `undos` counts
them (a match with undos is practice, counted apart in the statistics).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ... import safejson
from ...errors import JaipurError
from ...position import Position
from ...record import Record, record_from_compact, record_from_json, record_to_compact, record_to_json, replay
from ...rng import Rng
from ...rules import next_round
from ...view import determinize, view
from ..i18n import Reason, problem
from ..links.address import OPPONENTS, decode_payload
from ..links.query import unquote_text
from ..problems import short

SAVE_FORMAT = "jaipur-save/1"
STORAGE_KEY = "jaipur.saved-game"
"""The localStorage key of the game in progress."""
MAX_TEXT = 500_000
"""Longest save or record file read (characters); a three-round match is about 2,000."""
SETASIDE_PREFIX = "jaipur.setaside.v1/"
"""A stored value that cannot be read is kept under this prefix + its key (for the player to export), then removed."""

PROBLEMS = ("save.empty", "save.size", "save.json", "save.format", "save.version", "save.record", "save.opponent",
            "save.seat", "import.empty", "import.size", "import.depth", "import.format", "import.record")
"""Problem codes this module reports (words in the catalogues, `jaipur.lang`)."""

EARLIER = "earlier"
"""The save's field of the match before each undo that dealt afresh: a list of records (jaipur-record/1)."""
UNDOS = "undos"
"""The save's field that counts the undos of the match (a match with any is practice)."""
MAX_EARLIER = 200
"""Most earlier records read back from a save (a match has about 100 moves)."""

_problem = problem


@dataclass
class SavedGame:
    """A game read back from a save: its record, who plays the other seat, the human's seat, the rest."""

    record: Record
    opponent: str
    human_seat: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def earlier(self) -> list[Record]:
        """The match before each undo that dealt afresh (the save's `earlier`), oldest first; none when the save
        has none or it cannot be read (the match then shows from its last deal on)."""
        return earlier_records(self.extra.get(EARLIER))

    @property
    def undos(self) -> int:
        """How many undos dealt afresh in this match (0: not practice)."""
        n = self.extra.get(UNDOS, 0)
        return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0

    @property
    def origin(self) -> Record:
        """The record the match began with (its seed or start position: what a link asked for)."""
        earlier = self.earlier
        return earlier[0] if earlier else self.record

    def positions(self) -> list[Position]:
        """Every position of the game (the record replays, it was checked when loaded)."""
        return replay(self.record)

    @property
    def finished(self) -> bool:
        """True when the saved match is over (nothing to resume)."""
        return replay(self.record)[-1].status == "match-over"


# ---------------------------------------------------------------- the save


def save_text(record: Record, extra: Mapping[str, Any] | None = None) -> str:
    """The save's JSON text. `extra` holds `opponent` (required), `human_seat` (default 0) and any
    other JSON-ready fields (`lang`, `saved_at`, …); raises ValueError on a bad opponent or seat."""
    extra = dict(extra or {})
    opponent = extra.pop("opponent", None)
    seat = extra.pop("human_seat", 0)
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}")
    if seat not in (0, 1) or isinstance(seat, bool):
        raise ValueError("human_seat must be 0 or 1")
    for key in ("format", "record"):
        extra.pop(key, None)
    data = {"format": SAVE_FORMAT, "record": record_to_json(record), "opponent": opponent, "human_seat": seat, **extra}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def load_text(text: Any) -> SavedGame | Reason:
    """Read a save back; every failure is a `Reason` (never an exception)."""
    if not isinstance(text, str) or not text.strip():
        return _problem("save.empty")
    if len(text) > MAX_TEXT:
        return _problem("save.size")
    if safejson.depth_of(text) > safejson.MAX_DEPTH:
        return _problem("save.json")  # nested deeper than safejson.MAX_DEPTH: never parsed
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return _problem("save.json")
    if not isinstance(data, dict):
        return _problem("save.format")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        if isinstance(fmt, str) and fmt.startswith("jaipur-save/"):
            return _problem("save.version", value=short(fmt))
        return _problem("save.format")
    opponent = data.get("opponent")
    if not isinstance(opponent, str) or opponent not in OPPONENTS:
        return _problem("save.opponent", value=short(opponent))
    seat = data.get("human_seat", 0)
    if isinstance(seat, bool) or seat not in (0, 1):
        return _problem("save.seat")
    try:
        record = record_from_json(data.get("record"))
    except JaipurError as exc:
        return _problem("save.record", detail=exc.message)
    except RecursionError:
        return _problem("save.json")
    except TypeError:  # jaipur.record_from_json lets a list as 'mode' through as TypeError
        return _problem("save.record", detail="the record's fields have the wrong types.")
    extra = {k: v for k, v in data.items() if k not in ("format", "record", "opponent", "human_seat")}
    return SavedGame(record, opponent, int(seat), extra)


class Keeper(Protocol):
    """The storage a set-aside needs."""

    def store(self, key: str, text: str) -> bool: ...
    def remove(self, key: str) -> None: ...
    def console_warn(self, text: str) -> None: ...


def set_aside(storage: Keeper, key: str, text: str) -> bool:
    """Keep an unreadable stored value under `SETASIDE_PREFIX + key` and remove `key`, so the page starts
    fresh and the value can still be exported; True when it was kept. Never raises."""
    kept = False
    try:
        kept = bool(storage.store(SETASIDE_PREFIX + key, text))
    except Exception:  # noqa: BLE001 - storage full or refused: the value is dropped rather than brick the page
        kept = False
    try:
        storage.remove(key)
    except Exception:  # noqa: BLE001
        pass
    storage.console_warn(f"Jaipur: the stored value of {key} could not be read; "
                         + (f"it was set aside under {SETASIDE_PREFIX + key}." if kept else "it was dropped."))
    return kept


# ---------------------------------------------------------------- record files


def export_record(record: Record, compact: bool = False) -> str:
    """A record file's text: indented JSON (jaipur-record/1), or the compact `J1.…` line."""
    if compact:
        return record_to_compact(record) + "\n"
    return json.dumps(record_to_json(record), indent=1, ensure_ascii=False) + "\n"


def export_filename(record: Record, compact: bool = False) -> str:
    """A file name for the record: `jaipur-<seed>-<n>-moves.json` (`.txt` when compact)."""
    return f"jaipur-{record.seed}-{len(record.moves)}-moves.{'txt' if compact else 'json'}"


class Downloads(Protocol):
    """What a download needs from the platform."""

    def download(self, filename: str, text: str) -> bool: ...
    def console_warn(self, text: str) -> None: ...


def download_record(platform: Downloads, record: Record) -> Reason:
    """Offer the record as a JSON file; the notice that says whether it worked (never raises)."""
    name = export_filename(record)
    ok = False
    try:
        ok = bool(platform.download(name, export_record(record)))
    except Exception as exc:  # noqa: BLE001
        platform.console_warn(f"Jaipur could not download the record: {exc}")
    return Reason("export.done", values={"name": name}) if ok else Reason("export.failed")


_LINK = re.compile(r"[#&]record=([^&#\s]+)")


def import_record(text: Any) -> Record | Reason:
    """Read a record file: record JSON, the compact form, a save, the CLI's replay output,
    or a page link with `#record=`. Every failure is a `Reason` (never an exception)."""
    if not isinstance(text, str) or not text.strip():
        return _problem("import.empty")
    if len(text) > MAX_TEXT:
        return _problem("import.size")
    text = text.strip().lstrip("\ufeff")
    if safejson.depth_of(text) > safejson.MAX_DEPTH:
        return _problem("import.depth", n=safejson.MAX_DEPTH)
    link = _LINK.search(text)
    if link is not None and not text.startswith("{"):
        text = unquote_text(link.group(1))
    try:
        if text.startswith("J1."):
            return record_from_compact(text)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            if link is not None:
                data = decode_payload(text)
            else:
                return _problem("import.format")
        if not isinstance(data, dict):
            return _problem("import.format")
        fmt = data.get("format", "jaipur-record/1")
        if isinstance(fmt, str) and fmt.startswith("jaipur-save/"):
            saved = load_text(text)
            return saved.record if isinstance(saved, SavedGame) else saved
        if fmt == "jaipur-replay/1":
            return record_from_json(data.get("record"))
        if fmt != "jaipur-record/1":
            return _problem("import.format")
        return record_from_json(data)
    except JaipurError as exc:
        return _problem("import.record", detail=exc.message)
    except TypeError:  # see load_text
        return _problem("import.record", detail="the record's fields have the wrong types.")
    except (ValueError, UnicodeDecodeError, RecursionError):
        return _problem("import.format")


# ---------------------------------------------------------------- undo


def undo_point(record: Record, human_seat: int | None, positions: list[Position] | None = None) -> int | None:
    """How many moves to keep for an undo, or None when there is nothing to undo.

    `human_seat` None (two people on one device) undoes the last move only. `positions` may pass
    `replay(record)` when the caller already has it (the table keeps it, so it need not replay).
    """
    if positions is None or len(positions) != len(record.moves) + 1:
        try:
            positions = replay(record)
        except JaipurError:
            return None
    n = len(record.moves)
    keep = n
    if human_seat is None:
        keep = n - 1
    else:
        while keep > 0 and 1 - positions[keep].to_move != human_seat:
            keep -= 1
        keep -= 1
    if keep < 0:
        return None
    if any(positions[j].round_over for j in range(keep + 1, n + 1)):
        return None
    return keep


def undo_moves(record: Record, human_seat: int | None) -> Record:
    """The record back at the human's previous decision (see the module doc); unchanged when impossible.

    >>> from jaipur import Record
    >>> undo_moves(Record(seed=42, moves=["TM", "S1L", "XSL-DG"]), human_seat=1).moves
    ['TM']
    """
    keep = undo_point(record, human_seat)
    moves = list(record.moves) if keep is None else list(record.moves[:keep])
    return Record(seed=record.seed, mode=record.mode, players=list(record.players), moves=moves, start=record.start)


def redeal(record: Record, keep: int, seat: int, seed: int, positions: list[Position] | None = None) -> tuple[Record, Record]:
    """An undo against the computer that reveals nothing new: (the record of what was played, up to `keep` moves;
    a record that starts where `seat` decides again, with the deck, the other seat's unseen cards and the hidden
    bonus values dealt afresh by `seed` from what `seat` cannot see).

    The new deal is `jaipur.view.determinize` of the seat's view, so everything the seat sees stays (its hand,
    the market, the herds, the piles, the sold cards, the public memory of what the other seat took), and a card
    seen as a refill before the undo is no likelier to come than any other unseen card. At a round's end the
    next round's deal, already seen, is the one dealt afresh. Later rounds are dealt from the new deal's seed.

    >>> from jaipur import new_match, apply, view
    >>> rec = Record(seed=5, moves=["TM"])
    >>> done, fresh = redeal(rec, 0, 0, seed=99)
    >>> done.moves, fresh.moves, view(fresh.initial(), 0) == view(new_match(5), 0)
    ([], [], True)
    """
    positions = positions if positions is not None and len(positions) == len(record.moves) + 1 else replay(record)
    done = Record(seed=record.seed, mode=record.mode, players=list(record.players), moves=list(record.moves[:keep]),
                  start=record.start)
    at = positions[keep]
    if at.round_over:
        at = next_round(at)
    fresh = determinize(view(at, seat), Rng(seed))
    return done, Record(seed=fresh.seed, mode=fresh.mode, players=list(record.players), start=fresh)


def earlier_records(data: Any) -> list[Record]:
    """The save's `earlier` records, each checked by replaying it; none at all when any of them cannot be read
    (a partial history would misnumber the rounds)."""
    if not isinstance(data, list) or not data or len(data) > MAX_EARLIER:
        return []
    try:
        return [record_from_json(item) for item in data]
    except (JaipurError, TypeError, RecursionError):
        return []
