"""Game records: a seed (or a start position) and the moves, as JSON and as a compact URL-safe text.

A record's moves run across rounds: each round after the first is dealt from
the seed and the round number, so seed + moves replay the identical match.

Compact form (URL-safe, fields joined by '.'):

    J1.<seed>.<mode>.<name 0>.<name 1>.<moves>[.<start>]

`mode` is `s` (standard) or `1` (single round); names are base64url (no
padding) of their UTF-8 text; moves are canonical notation joined by `_`;
`start`, when present, is base64url of the start position's JSON.
Example (replays: seed 42, Ava and Computer, three moves): `J1.42.s.QXZh.Q29tcHV0ZXI.TM_S1L_XSL-DG`.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from typing import Any

from . import safejson
from .errors import BadRecordError, JaipurError
from .notation import format_move
from .position import Position, position_from_json, position_to_json
from .rules import apply, new_match

FORMAT = "jaipur-record/1"
COMPACT_TAG = "J1"
_MODES = {"standard": "s", "single-round": "1"}
_MODE_OF = {v: k for k, v in _MODES.items()}


@dataclass
class Record:
    """A match as its seed (or start position), players' names and moves in notation."""

    seed: int = 0
    mode: str = "standard"
    players: list[str] = field(default_factory=lambda: ["Player 1", "Player 2"])
    moves: list[str] = field(default_factory=list)
    start: Position | None = None

    def initial(self) -> Position:
        """The position before the first move."""
        return self.start if self.start is not None else new_match(self.seed, self.mode)


def b64encode(raw: bytes) -> str:
    """base64url without padding."""
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def b64decode(text: str) -> bytes:
    """Decode base64url with or without padding; raises ValueError on bad text."""
    if not isinstance(text, str) or not _B64.issuperset(text):
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise ValueError("not base64url") from exc


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")


def record_to_json(record: Record) -> dict[str, Any]:
    """The record as JSON-ready data."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "seed": record.seed,
        "mode": record.mode,
        "players": list(record.players),
        "moves": [format_move(m) for m in record.moves],
    }
    if record.start is not None:
        out["start"] = position_to_json(record.start)
    return out


def _bad(message: str) -> BadRecordError:
    return BadRecordError(message)


def record_from_json(data: Any) -> Record:
    """Read a record from JSON text or data and check that every move replays; raises BadRecordError."""
    if isinstance(data, (str, bytes)):
        try:
            data = safejson.loads(data, "The record")
        except safejson.JsonLimitError as exc:
            raise _bad(exc.message) from None
    elif safejson.data_depth(data) > safejson.MAX_DEPTH:
        raise _bad(f"The record is nested more than {safejson.MAX_DEPTH} levels deep; records nest far less.")
    if not isinstance(data, dict):
        raise _bad("A record must be a JSON object with 'seed' and 'moves'.")
    if data.get("format", FORMAT) != FORMAT:
        raise _bad(f"This reads '{FORMAT}' records.")
    unknown = sorted(str(k) for k in data if k not in {"format", "seed", "mode", "players", "moves", "start"})
    if unknown:
        raise _bad(f"Unknown field '{unknown[0][:30]}' in the record.")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < (1 << 64):
        raise _bad("The record's 'seed' must be a whole number from 0 to 2**64 - 1.")
    mode = data.get("mode", "standard")
    if not isinstance(mode, str) or mode not in _MODES:
        raise _bad("The record's 'mode' must be 'standard' or 'single-round'.")
    players = data.get("players", ["Player 1", "Player 2"])
    if (not isinstance(players, list) or len(players) != 2
            or not all(isinstance(n, str) and len(n) <= 100 for n in players)):
        raise _bad("'players' must be two names (text, at most 100 characters).")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _bad("'moves' must be a list of moves in notation, like [\"TD\", \"S3L\"].")
    start = None
    if data.get("start") is not None:
        try:
            start = position_from_json(data["start"])
        except JaipurError as exc:
            raise _bad(f"The record's start position is bad: {exc.message}") from None
        if start.mode != data.get("mode", start.mode):
            raise _bad("The record's mode differs from its start position's mode.")
        if start.seed != data.get("seed", start.seed):
            raise _bad("The record's seed differs from its start position's seed (later rounds are dealt from it).")
        seed, mode = start.seed, start.mode
    record = Record(seed=seed, mode=mode, players=list(players), moves=list(moves), start=start)
    replay(record)
    record.moves = [format_move(m) for m in record.moves]
    return record


def replay(record: Record) -> list[Position]:
    """Every position of the record: the initial one, then one after each move.

    Raises BadRecordError naming the first move that cannot be played.
    """
    try:
        position = record.initial()
    except JaipurError as exc:
        raise _bad(f"The record cannot start: {exc.message}") from None
    positions = [position]
    for number, move in enumerate(record.moves, 1):
        try:
            position = apply(position, move)
        except JaipurError as exc:
            raise _bad(f"Move {number} ({str(move)[:20]}) cannot be played: {exc.message}") from None
        positions.append(position)
    return positions


def record_to_compact(record: Record) -> str:
    """The record's compact URL-safe text (see the module doc)."""
    parts = [
        COMPACT_TAG,
        str(record.seed),
        _MODES[record.mode],
        b64encode(record.players[0].encode("utf-8")),
        b64encode(record.players[1].encode("utf-8")),
        "_".join(format_move(m) for m in record.moves),
    ]
    if record.start is not None:
        parts.append(b64encode(json.dumps(position_to_json(record.start), separators=(",", ":")).encode()))
    return ".".join(parts)


def record_from_compact(text: str) -> Record:
    """Read the compact form back (and check it replays); raises BadRecordError."""
    if not isinstance(text, str):
        raise _bad("A compact record is text starting with 'J1.'.")
    if len(text) > safejson.MAX_CHARS:
        raise _bad(f"The compact record is too large: {len(text)} characters, and at most {safejson.MAX_CHARS} are read.")
    parts = text.strip().split(".")
    if len(parts) not in (6, 7) or parts[0] != COMPACT_TAG:
        raise _bad("A compact record looks like J1.<seed>.<s|1>.<name>.<name>.<moves>.")
    if not (parts[1].isascii() and parts[1].isdigit()) or len(parts[1]) > 20:
        raise _bad("The compact record's seed must be a whole number.")
    if parts[2] not in _MODE_OF:
        raise _bad("The compact record's mode must be 's' (standard) or '1' (single round).")
    try:
        names = [b64decode(parts[3]).decode("utf-8"), b64decode(parts[4]).decode("utf-8")]
        start_text = b64decode(parts[6]).decode("utf-8") if len(parts) == 7 else None
    except (ValueError, UnicodeDecodeError):
        raise _bad("The compact record's names or start position are not readable base64url.") from None
    start = None
    if start_text is not None:
        try:
            start = safejson.loads(start_text, "The compact record's start position")
        except safejson.JsonLimitError as exc:
            raise _bad(exc.message) from None
    data: dict[str, Any] = {
        "seed": int(parts[1]),
        "mode": _MODE_OF[parts[2]],
        "players": names,
        "moves": [m for m in parts[5].split("_") if m],
    }
    if start is not None:
        data["start"] = start
    return record_from_json(data)
