"""The page's address, read in ONE place: what `?query` and `#hash` ask for (`read_address`), checked.

Query: ``opponent=novice|trader|maharaja|human``, ``seed=N``, ``mode=standard|single-round``,
``lang=en|fa``, ``embed=1``, ``interactive=0|1``, ``reply=0|1`` (0: the computer does not answer in a
position; see docs/embedding.md), ``caption=…`` (plain text, cut to 200
characters), ``seat=0|1`` (``all`` too for a replay), ``learn=1`` (Learn to play), ``edit=1`` (the position editor,
at the hash's position or puzzle when there is one), ``host=<origin>[,<origin>…]|*``
(who may send postMessage commands, see host.py).
Hash: ``#position=<base64url of position JSON>``, ``#record=<base64url of record JSON, or the
compact J1.… form>``, ``#puzzle=<base64url of position JSON with "solution">`` or ``#position=…&solution=S4L,S3L``.
A hash value may also be the JSON itself, percent-encoded (``#position=%7B"market":…%7D``).

Bad parameters never raise: each gives a `Reason` (code + English sentence) in
`PageRequest.problems`, is left at its default, and the page starts normally.
Unknown parameters are ignored. The page (app.start), the tests and ``python -m jaipur.web.links --check``
all read addresses through `read_address`; links.py writes them.

The lists of what a parameter may be live once: languages in i18n.LANGS, game modes and the largest
seed in jaipur.position, the computer's levels in jaipur.bots.registry (read into `LEVELS` here).

>>> r = read_address("?opponent=trader&seed=3&lang=fa&seat=2", "")
>>> r.opponent, r.seed, r.lang, r.kind, [p.code for p in r.problems]
('trader', 3, 'fa', 'game', ['param.seat'])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import safejson
from ...errors import JaipurError
from ...position import MAX_SEED, MODES, Position, position_from_json
from ...record import Record, b64decode, record_from_compact, record_from_json
from ..i18n import LANGS, Reason, problem
from ..problems import short
from ..teach.puzzle import MAX_CAPTION, Puzzle, clean_caption, load_puzzle, puzzle_from_json
from .host import parse_hosts
from .query import parse_query, unquote_text


def _levels() -> tuple[str, ...]:
    """The levels offered to players, from the bots' one registry (none when the bots cannot be imported:
    the page then offers two players on one device only)."""
    try:
        from ...bots.registry import LEVELS as offered
    except Exception:  # noqa: BLE001 - a missing or broken bots package must not stop the page
        return ()
    return tuple(offered)

LEVELS: tuple[str, ...] = _levels()
"""The computer's levels the page offers, weakest first (the strongest available is the default)."""
OPPONENTS = (*LEVELS, "human")
"""What ``?opponent=`` accepts: a level, or two people on one device."""
SEATS = ("0", "1", "all")
MAX_FRIEND = 90_000
"""Longest `#friend=` message read (characters): a move is under 4,000, a message that carries a deck about 19,000
(sent as `#part=` links, but a whole one is read too), a catch-up link of several messages longer."""
MAX_PART = 4_000
"""Longest `#part=` read (characters): a part carries at most 3,800 of its message (`jaipur.fair.wire.PART_CHARS`)."""
_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_PIECES = _B64URL | {"."}
"""A friend message's characters: base64url, and `.` between the messages of a catch-up link or a part's fields."""
MAX_VALUE = 20_000
"""Longest hash value read (characters); a full three-round record in compact form is about 1,000."""

PROBLEMS = ("param.opponent", "param.seed", "param.mode", "param.lang", "param.embed", "param.interactive",
            "param.seat", "param.caption", "param.position", "param.record", "param.conflict", "param.collection",
            "param.learn", "param.reply", "param.reply-alone", "param.edit", "param.friend")
"""Problem codes this module reports (words in the catalogues, `jaipur.lang`; see also puzzle.PROBLEMS and
host.PROBLEMS)."""

_problem = problem


@dataclass
class PageRequest:
    """What the page's address asks for, after checking it; `problems` says what could not be used."""

    opponent: str | None = None
    seed: int | None = None
    mode: str = "standard"
    lang: str = "en"
    embed: bool = False
    interactive: bool = True
    caption: str = ""
    seat: int | str | None = None
    position: Position | None = None
    record: Record | None = None
    puzzle: Puzzle | None = None
    learn: bool = False                          # `?learn=1`: the guided first game (Learn to play)
    edit: bool = False                           # `?edit=1`: the position editor (at `#position=…` when given)
    reply: bool = True                           # `?reply=0`: the computer does not answer in a position (a lesson)
    collection: str | None = None                # `?puzzle=ID`: a puzzle of the collection (jaipur.puzzlebook)
    friend: str | None = None                    # `#friend=…`: a message of a game with a friend (jaipur.fair)
    part: str | None = None                      # `#part=…`: a part of a long one (jaipur.fair.wire.split)
    live: str | None = None                      # `#live=…`: a friend's offer to connect live (web/live/signal.py)
    players: tuple[str, str] | None = None
    hosts: tuple[str, ...] = ()
    problems: list[Reason] = field(default_factory=list)
    given: frozenset[str] = frozenset()          # the query parameters the address named

    @property
    def kind(self) -> str:
        """What the page shows: `replay` (a record), `puzzle`, `position` or `game` (a new match)."""
        if self.record is not None:
            return "replay"
        if self.puzzle is not None:
            return "puzzle"
        return "position" if self.position is not None else "game"

    def viewer(self) -> int | str:
        """The seat in front of the screen: `seat=` if given, else the side to move of a position, else 0."""
        if self.seat is not None:
            return self.seat
        if self.position is not None:
            return self.position.to_move
        return 0

    def summary(self) -> dict[str, Any]:
        """A JSON-ready digest (for the command line and for logs)."""
        return {
            "kind": self.kind, "opponent": self.opponent, "seed": self.seed, "mode": self.mode, "lang": self.lang,
            "embed": self.embed, "interactive": self.interactive, "reply": self.reply, "caption": self.caption, "seat": self.seat,
            "viewer": self.viewer(), "hosts": list(self.hosts), "learn": self.learn, "edit": self.edit,
            "solution": [" ".join(line) for line in self.puzzle.lines] if self.puzzle else None,
            "moves": len(self.record.moves) if self.record else None,
            "problems": [{"code": p.code, "message": p.message} for p in self.problems],
        }


# ---------------------------------------------------------------- reading


def _hash_params(hash_text: str) -> dict[str, str]:
    """`#a=1&b=2` as a dict (percent-decoded; '+' stays '+'; the last of a repeated key wins)."""
    out: dict[str, str] = {}
    for part in hash_text.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key:
            out[unquote_text(key)] = unquote_text(value)
    return out


def decode_payload(value: str) -> Any:
    """The JSON data of a hash value: base64url (padding, '+' and '/' tolerated) or JSON text itself.

    Raises ValueError (also for bad UTF-8); too large or too deeply nested text is refused before parsing
    (safejson.JsonLimitError, a ValueError whose message names the limit).

    >>> decode_payload("eyJhIjogMX0")
    {'a': 1}
    """
    text = value.strip()
    safejson.check(text, "The value in the address")
    if text.startswith("{"):
        return json.loads(text)
    raw = b64decode(text.translate(str.maketrans("+/", "-_"))).decode("utf-8")
    safejson.check(raw, "The value in the address")
    return json.loads(raw)


def _flag(params: dict[str, str], key: str, default: bool, problems: list[Reason]) -> bool:
    if key not in params:
        return default
    value = params[key].strip().lower()
    if value in ("1", "", "true", "yes"):
        return True
    if value in ("0", "false", "no"):
        return False
    problems.append(_problem(f"param.{key}", value=short(params[key])))
    return default


def _choice(params: dict[str, str], key: str, allowed: Sequence[str], problems: list[Reason]) -> str | None:
    if key not in params:
        return None
    value = params[key].strip()
    if value in allowed:
        return value
    problems.append(_problem(f"param.{key}", value=short(params[key])))
    return None


def _names(data: Any) -> tuple[str, str] | None:
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, list) and len(players) == 2 and all(isinstance(n, str) for n in players):
        return (clean_caption(players[0], 40)[0], clean_caption(players[1], 40)[0])
    return None


def _limit(exc: safejson.JsonLimitError) -> str:
    """A refused value's sentence without its subject (the problem's sentence names it): it names the limit."""
    head = "The value in the address is "
    return "it is " + exc.message[len(head):] if exc.message.startswith(head) else exc.message


def _read_record(value: str) -> Record:
    text = value.strip()
    if text.startswith("J1."):
        return record_from_compact(text)
    try:
        data = decode_payload(text)
    except safejson.JsonLimitError as exc:
        raise JaipurError(_limit(exc)) from None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise JaipurError("it is neither a compact record (J1.…) nor base64url of a record's JSON.") from None
    try:
        return record_from_json(data)
    except TypeError:  # jaipur.record_from_json lets a list as 'mode' through as TypeError
        raise JaipurError("the record's fields have the wrong types.") from None


def _read_position(value: str, what: str) -> tuple[Position, dict[str, Any]]:
    try:
        data = decode_payload(value)
    except safejson.JsonLimitError as exc:
        raise JaipurError(_limit(exc)) from None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise JaipurError(f"it is not base64url of a JSON {what}.") from None
    if not isinstance(data, dict):
        raise JaipurError(f"a {what} is a JSON object with at least 'market' and 'hands'.")
    position = position_from_json(data)
    if position.status == "match-over":
        raise JaipurError("that match is already over.")
    return position, data


def read_address(search: str, hash_text: str = "") -> PageRequest:
    """Read the page's `location.search` and `location.hash`; never raises (problems are listed)."""
    req = PageRequest()
    try:
        _parse(req, search if isinstance(search, str) else "", hash_text if isinstance(hash_text, str) else "")
    except RecursionError:  # pragma: no cover - the readers already turn deep nesting into problems
        req.problems.append(_problem("param.position", detail="it is nested too deeply."))
    return req


def _parse(req: PageRequest, search: str, hash_text: str) -> None:
    problems = req.problems
    pairs = parse_query(search.lstrip("?"))
    params = dict(pairs)
    req.given = frozenset(params)
    req.lang = _choice(params, "lang", LANGS, problems) or "en"
    req.opponent = _choice(params, "opponent", OPPONENTS, problems)
    req.mode = _choice(params, "mode", MODES, problems) or "standard"
    if "seed" in params:
        raw = params["seed"].strip()
        if raw.isascii() and raw.isdigit() and len(raw) <= 20 and int(raw) <= MAX_SEED:
            req.seed = int(raw)
        else:
            problems.append(_problem("param.seed", value=short(params["seed"])))
    req.embed = _flag(params, "embed", False, problems)
    req.interactive = _flag(params, "interactive", True, problems)
    req.learn = _flag(params, "learn", False, problems)
    req.edit = _flag(params, "edit", False, problems)
    req.reply = _flag(params, "reply", True, problems)
    seat = _choice(params, "seat", SEATS, problems)
    if "caption" in params:
        req.caption, cut = clean_caption(params["caption"])
        if cut:
            problems.append(_problem("param.caption", n=MAX_CAPTION))
    if "puzzle" in params:   # the collection's id (checked against it by the page: param.collection)
        wanted = params["puzzle"].strip()
        if wanted and len(wanted) <= 40 and wanted.isascii() and all(c.isalnum() or c in "-_." for c in wanted):
            req.collection = wanted
        else:
            problems.append(_problem("param.collection", value=short(params["puzzle"])))
    req.hosts, host_problems = parse_hosts(v for k, v in pairs if k == "host")
    problems.extend(host_problems)

    frag = _hash_params(hash_text)
    if "friend" in frag:   # a game with a friend: read by its mode (the cryptography checks it)
        value = frag.pop("friend").strip()
        if value and len(value) <= MAX_FRIEND and all(c in _PIECES for c in value):
            req.friend = value
        else:
            problems.append(_problem("param.friend"))
    if "part" in frag:       # a part of a long message: kept until the others come (web/store/parts.py)
        value = frag.pop("part").strip()
        if value and len(value) <= MAX_PART and all(c in _PIECES for c in value):
            req.part = value
        else:
            problems.append(_problem("param.friend"))
    if "live" in frag:       # an offer to play live: read by the friend game's mode
        value = frag.pop("live").strip()
        if value and len(value) <= MAX_FRIEND and all(c in _B64URL for c in value):
            req.live = value
        else:
            problems.append(_problem("param.friend"))
    for key in ("position", "record", "puzzle", "solution"):
        if key in frag and len(frag[key]) > MAX_VALUE:
            code = "param.record" if key == "record" else "param.position"
            problems.append(_problem(code, detail=f"it is longer than {MAX_VALUE} characters."))
            del frag[key]
    given = [k for k in ("record", "puzzle", "position") if k in frag]
    for dropped in given[1:]:
        problems.append(_problem("param.conflict", used=given[0], dropped=dropped))
    source = given[0] if given else None
    data: dict[str, Any] = {}
    if source == "record":
        try:
            req.record = _read_record(frag["record"])
            req.mode = req.record.mode
            req.players = (req.record.players[0][:40], req.record.players[1][:40])
        except JaipurError as exc:
            problems.append(_problem("param.record", detail=exc.message))
    elif source == "puzzle":
        try:
            position, data = _read_position(frag["puzzle"], "puzzle")
            req.position = position
            req.puzzle = puzzle_from_json(data)
        except JaipurError as exc:
            problems.append(problem("param.puzzle", detail=exc.message))
    elif source == "position":
        try:
            req.position, data = _read_position(frag["position"], "position")
        except JaipurError as exc:
            problems.append(_problem("param.position", detail=exc.message))
        solution = frag.get("solution", data.get("solution"))
        if req.position is not None and solution is not None:
            caption = data.get("caption")
            found = load_puzzle(req.position, solution, caption if isinstance(caption, str) else "")
            if isinstance(found, Puzzle):
                req.puzzle = found
            else:
                problems.append(found)
    if "solution" in frag and req.puzzle is None and source != "position":
        detail = "it needs a #position=…"
        problems.append(problem("param.solution", detail=detail))
    if req.position is not None:
        req.mode = req.position.mode
        req.players = _names(data)
        if not req.caption and isinstance(data.get("caption"), str):
            req.caption = clean_caption(data["caption"])[0]
    if not req.reply and (req.position is None or req.puzzle is not None):
        problems.append(_problem("param.reply-alone"))   # only a position played on has a computer to hold back
        req.reply = True
    if seat is not None:
        if seat == "all" and req.record is None:
            problems.append(_problem("param.seat", value="all"))
        else:
            req.seat = seat if seat == "all" else int(seat)
