"""The host-page API through `postMessage`: the events the page sends and the commands it accepts.

Pure protocol logic (no `js`): the UI glue posts what the `*_event` functions
build and passes every received message to `parse_command`.

Events (page -> parent window), each ``{"source": "jaipur", "version": 1, "type": ..., ...}``:
``ready``, ``move``, ``round-over``, ``match-over``, ``puzzle``, ``error`` (a rejected command)
and ``resize`` (the embedded table's height in CSS pixels, so the host can fit its iframe).
They carry only what every player at the table has seen: moves in notation, public results.

Commands (parent -> page), each ``{"target": "jaipur", "type": ..., ...}``:
``load-position`` (``position``, optional ``solution``, ``caption``, ``seat``, ``interactive``),
``load-record`` (``record``: JSON object, JSON text or the compact ``J1.…`` form; optional ``seat``)
and ``reset`` (back to what the page's own address asked for). An optional ``id`` is echoed in
the ``error`` event of a rejected command.

Which origins are accepted (see docs/embedding.md): the glue first drops every message whose
``event.source`` is not ``window.parent``; then a command is accepted when its origin is the
page's own origin or one listed in the page's ``?host=`` parameter (exact origins such as
``https://blog.example``, comma-separated). ``?host=*`` accepts any origin; that is the embedder's
explicit choice. Events are posted to the same origins (``"*"`` only with ``?host=*``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import JaipurError
from ...notation import format_move
from ...position import Position, position_from_json
from ...record import Record, record_from_compact, record_from_json
from ..i18n import Reason, problem
from ..problems import short
from ..teach.puzzle import Puzzle, clean_caption

SOURCE = "jaipur"
VERSION = 1
EVENT_TYPES = ("ready", "move", "round-over", "match-over", "puzzle", "error", "resize")
COMMAND_TYPES = ("load-position", "load-record", "reset")
ANY = "*"

PROBLEMS = ("param.host", "host.origin", "host.shape", "host.notype", "host.type", "host.position", "host.record")
"""Problem codes this module reports (words in the catalogues, `jaipur.lang`)."""


_problem = problem


def _short(value: Any) -> str:
    return short(value, 60)


# ---------------------------------------------------------------- origins


def normalize_origin(text: str) -> str | None:
    """`scheme://host[:port]` in the browser's spelling (lower case, default port dropped), or None.

    >>> normalize_origin("HTTPS://Blog.Example:443/")
    'https://blog.example'
    >>> normalize_origin("javascript:alert(1)") is None
    True
    """
    if not isinstance(text, str) or len(text) > 300:
        return None
    found = _ORIGIN.match(text.strip())
    if found is None:
        return None
    scheme, host, port_text = found.group(1).lower(), found.group(2).lower(), found.group(3)
    port = int(port_text) if port_text else None
    if port is not None and port > 65535:
        return None
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


_ORIGIN = re.compile(r"(https?)://([^\s/?#@:\[\]]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?/?\Z", re.IGNORECASE)
"""scheme://host[:port] with an optional final '/': no user, path, query or fragment (no urllib: slow in Pyodide)."""


def parse_hosts(values: Iterable[str]) -> tuple[tuple[str, ...], list[Reason]]:
    """The origins of `?host=` values (comma-separated; `*` for any), and a problem per bad one."""
    found: list[str] = []
    problems: list[Reason] = []
    for value in values:
        for item in str(value).split(","):
            item = item.strip()
            if not item:
                continue
            origin = ANY if item == ANY else normalize_origin(item)
            if origin is None:
                problems.append(_problem("param.host", value=_short(item)))
            elif origin not in found:
                found.append(origin)
    return tuple(found[:20]), problems


def allowed_origins(own_origin: str, hosts: Sequence[str] = ()) -> tuple[str, ...]:
    """The origins whose commands are accepted: the page's own origin, then the `?host=` ones.

    >>> allowed_origins("http://127.0.0.1:8000", ["https://blog.example"])
    ('http://127.0.0.1:8000', 'https://blog.example')
    """
    own = normalize_origin(own_origin)
    out = [own] if own else []
    out += [h for h in hosts if h not in out]
    return tuple(out)


def origin_allowed(origin: str, allowed: Sequence[str]) -> bool:
    """Whether a message's `event.origin` may command the page."""
    if ANY in allowed:
        return True
    norm = normalize_origin(origin) if isinstance(origin, str) else None
    return norm is not None and norm in allowed


def event_targets(allowed: Sequence[str]) -> list[str]:
    """The `targetOrigin`s to post each event to: every allowed origin, or `"*"` with `?host=*`."""
    return [ANY] if ANY in allowed else list(allowed)


# ---------------------------------------------------------------- events


def event(kind: str, **payload: Any) -> dict[str, Any]:
    """An event for the parent window: `{"source": "jaipur", "version": 1, "type": kind, ...payload}`."""
    if kind not in EVENT_TYPES:
        raise ValueError(f"unknown event type {kind!r}")
    return {"source": SOURCE, "version": VERSION, "type": kind, **payload}


def ready_event(kind: str = "game", mode: str = "standard", interactive: bool = True,
                seat: int | str | None = None) -> dict[str, Any]:
    """Sent once the page is drawn: what it shows (`game`, `position`, `puzzle`, `replay` or `editor`)."""
    return event("ready", view=kind, mode=mode, interactive=interactive, seat=seat,
                 commands=list(COMMAND_TYPES))


def move_event(before: Position, move: str, after: Position, ply: int) -> dict[str, Any]:
    """Sent after each move: the move in notation, who played it, the round, the ply and the new status."""
    seat = 1 - after.to_move
    return event("move", move=format_move(move), seat=seat, round=after.round, ply=ply, status=after.status)


def round_over_event(position: Position) -> dict[str, Any]:
    """Sent when a round ends: the public result (scores, winner, seals, …)."""
    return event("round-over", round=position.round, result=position.result)


def match_over_event(position: Position) -> dict[str, Any]:
    """Sent when the match ends: the winner (seat, "draw") and the seals."""
    res = position.result
    if res is None:
        return event("match-over", round=position.round, winner=None, seals=None, result={})
    return event("match-over", round=position.round, winner=res["match_winner"], seals=res["seals"], result=res)


def events_after_move(before: Position, move: str, after: Position, ply: int) -> list[dict[str, Any]]:
    """Every event one move causes: `move`, then `round-over` or `match-over` when it ends one."""
    out = [move_event(before, move, after, ply)]
    if after.status == "round-over":
        out.append(round_over_event(after))
    elif after.status == "match-over":
        out.append(match_over_event(after))
    return out


def puzzle_event(move: str, correct: bool, done: bool) -> dict[str, Any]:
    """Sent after each try at a puzzle."""
    return event("puzzle", move=move, correct=correct, solved=done)


def resize_event(height: float) -> dict[str, Any]:
    """Sent by an embedded page when its content's height changes: `height` in CSS pixels (a whole number)."""
    return event("resize", height=max(0, min(100_000, int(height + 0.999))))


def error_event(problem: Reason, command_id: Any = None) -> dict[str, Any]:
    """Sent when a command from an allowed origin is refused: its code and English sentence."""
    cid = command_id if isinstance(command_id, (str, int)) and not isinstance(command_id, bool) else None
    return event("error", code=problem.code, message=problem.message, id=cid)


# ---------------------------------------------------------------- commands


@dataclass(frozen=True)
class Command:
    """A checked command: load a position (maybe a puzzle), load a record, or reset."""

    type: str
    position: Position | None = None
    record: Record | None = None
    puzzle: Puzzle | None = None
    caption: str = ""
    seat: int | None = None
    interactive: bool | None = None
    id: str | int | None = None


def _seat(data: dict[str, Any]) -> int | None | Reason:
    seat = data.get("seat")
    if seat is None or (seat in (0, 1) and not isinstance(seat, bool)):
        return seat
    return _problem("host.shape", detail="'seat' must be 0 or 1.")


def parse_command(data: Any, origin: str, allowed: Sequence[str]) -> Command | Reason | None:
    """Read one received message. None: not addressed to Jaipur (ignore it silently);
    a Reason: refused (log it; answer with `error_event` when the origin is allowed); else the Command.
    Never raises."""
    try:
        return _parse_command(data, origin, allowed)
    except RecursionError:
        return _problem("host.shape", detail="the message is nested too deeply.")


def _parse_command(data: Any, origin: str, allowed: Sequence[str]) -> Command | Reason | None:
    if not isinstance(data, dict) or data.get("target") != SOURCE:
        return None
    if not origin_allowed(origin, allowed):
        return _problem("host.origin", value=_short(origin))
    kind = data.get("type")
    cid = data.get("id") if isinstance(data.get("id"), (str, int)) and not isinstance(data.get("id"), bool) else None
    if kind is None:
        return _problem("host.notype")
    if kind not in COMMAND_TYPES:
        return _problem("host.type", value=_short(kind))
    seat = _seat(data)
    if isinstance(seat, Reason):
        return seat
    interactive = data.get("interactive")
    if interactive is not None and not isinstance(interactive, bool):
        return _problem("host.shape", detail="'interactive' must be true or false.")
    if kind == "reset":
        return Command("reset", id=cid)
    if kind == "load-record":
        raw = data.get("record")
        try:
            if isinstance(raw, str) and raw.strip().startswith("J1."):
                record = record_from_compact(raw)
            elif isinstance(raw, (str, dict)):
                record = record_from_json(raw)
            else:
                return _problem("host.record", detail="'record' must be a record object or its compact text.")
        except JaipurError as exc:
            return _problem("host.record", detail=exc.message)
        except TypeError:  # jaipur.record_from_json lets a list as 'mode' through as TypeError
            return _problem("host.record", detail="the record's fields have the wrong types.")
        return Command("load-record", record=record, seat=seat, interactive=interactive, id=cid)
    raw = data.get("position")
    if not isinstance(raw, (str, dict)):
        return _problem("host.position", detail="'position' must be a position object (jaipur-position/1).")
    try:
        position = position_from_json(raw)
    except JaipurError as exc:
        return _problem("host.position", detail=exc.message)
    if position.status == "match-over":
        return _problem("host.position", detail="that match is already over.")
    inner = raw if isinstance(raw, dict) else {}
    caption = clean_caption(data.get("caption", inner.get("caption", "")))[0]
    solution = data.get("solution", inner.get("solution"))
    puzzle = None
    if solution is not None:
        try:
            puzzle = Puzzle(position, solution, caption)
        except JaipurError as exc:
            return _problem("host.position", detail=exc.message)
    return Command("load-position", position=position, puzzle=puzzle, caption=caption, seat=seat,
                   interactive=interactive, id=cid)
