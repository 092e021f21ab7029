"""Page links: read what the page's address asks for (`parse_page_url`) and write such links (`make_link`).

Query: ``opponent=novice|trader|maharaja|human``, ``seed=N``, ``mode=standard|single-round``,
``lang=en|fa``, ``embed=1``, ``interactive=0|1``, ``caption=…`` (plain text, cut to 200
characters), ``seat=0|1`` (``all`` too for a replay), ``host=<origin>[,<origin>…]|*``
(who may send postMessage commands, see host.py).
Hash: ``#position=<base64url of position JSON>``, ``#record=<base64url of record JSON, or the
compact J1.… form>``, ``#puzzle=<base64url of position JSON with "solution">`` or ``#position=…&solution=S4L,S3L``.
A hash value may also be the JSON itself, percent-encoded (``#position=%7B"market":…%7D``).

Bad parameters never raise: each gives a `Reason` (code + English sentence) in
`PageRequest.problems`, is left at its default, and the page starts normally.
Unknown parameters are ignored. Run ``python -m jaipur.web.links --help`` to write links.

>>> r = parse_page_url("?opponent=trader&seed=3&lang=fa&seat=2", "")
>>> r.opponent, r.seed, r.lang, r.kind, [p.code for p in r.problems]
('trader', 3, 'fa', 'game', ['param.seat'])
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import JaipurError
from ..position import Position, position_from_json, position_to_json
from ..record import (
    Record,
    b64decode,
    b64encode,
    record_from_compact,
    record_from_json,
    record_to_compact,
    record_to_json,
)
from .host import parse_hosts
from .i18n import LANGS, Reason, problem
from .puzzle import MAX_CAPTION, Puzzle, clean_caption, load_puzzle, puzzle_from_json
from .query import parse_query, unquote_text

OPPONENTS = ("novice", "trader", "maharaja", "human")
MODES = ("standard", "single-round")
MAX_SEED = (1 << 64) - 1
MAX_VALUE = 20_000
"""Longest hash value read (characters); a full three-round record in compact form is about 1,000."""

PROBLEMS = ("param.opponent", "param.seed", "param.mode", "param.lang", "param.embed", "param.interactive",
            "param.seat", "param.caption", "param.position", "param.record", "param.conflict")
"""Problem codes this module reports (words in the catalogues, `jaipur.lang`; see also puzzle.PROBLEMS and
host.PROBLEMS)."""


_problem = problem


def _short(value: str) -> str:
    value = " ".join(value.split())
    return value if len(value) <= 40 else value[:39] + "…"


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
    players: tuple[str, str] | None = None
    hosts: tuple[str, ...] = ()
    problems: list[Reason] = field(default_factory=list)

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

    def to_options(self) -> Any:
        """The table's `model.Options`: everything the controller uses."""
        from .model import Options

        return Options(opponent=self.opponent, seed=self.seed, mode=self.mode, lang=self.lang, embed=self.embed,
                       position=self.position, record=self.record, interactive=self.interactive,
                       caption=self.caption, seat=self.seat, puzzle=self.puzzle, hosts=self.hosts,
                       players=self.players)

    def summary(self) -> dict[str, Any]:
        """A JSON-ready digest (for the command line and for logs)."""
        return {
            "kind": self.kind, "opponent": self.opponent, "seed": self.seed, "mode": self.mode, "lang": self.lang,
            "embed": self.embed, "interactive": self.interactive, "caption": self.caption, "seat": self.seat,
            "viewer": self.viewer(), "hosts": list(self.hosts),
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

    Raises ValueError (also for bad UTF-8) or RecursionError.

    >>> decode_payload("eyJhIjogMX0")
    {'a': 1}
    """
    text = value.strip()
    if text.startswith("{"):
        return json.loads(text)
    raw = b64decode(text.translate(str.maketrans("+/", "-_")))
    return json.loads(raw.decode("utf-8"))


def _flag(params: dict[str, str], key: str, default: bool, problems: list[Reason]) -> bool:
    if key not in params:
        return default
    value = params[key].strip().lower()
    if value in ("1", "", "true", "yes"):
        return True
    if value in ("0", "false", "no"):
        return False
    problems.append(_problem(f"param.{key}", value=_short(params[key])))
    return default


def _choice(params: dict[str, str], key: str, allowed: Sequence[str], problems: list[Reason]) -> str | None:
    if key not in params:
        return None
    value = params[key].strip()
    if value in allowed:
        return value
    problems.append(_problem(f"param.{key}", value=_short(params[key])))
    return None


def _names(data: Any) -> tuple[str, str] | None:
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, list) and len(players) == 2 and all(isinstance(n, str) for n in players):
        return (clean_caption(players[0], 40)[0], clean_caption(players[1], 40)[0])
    return None


def _read_record(value: str) -> Record:
    text = value.strip()
    if text.startswith("J1."):
        return record_from_compact(text)
    try:
        data = decode_payload(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise JaipurError("it is neither a compact record (J1.…) nor base64url of a record's JSON.") from None
    try:
        return record_from_json(data)
    except TypeError:  # jaipur.record_from_json lets a list as 'mode' through as TypeError
        raise JaipurError("the record's fields have the wrong types.") from None


def _read_position(value: str, what: str) -> tuple[Position, dict[str, Any]]:
    try:
        data = decode_payload(value)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise JaipurError(f"it is not base64url of a JSON {what}.") from None
    if not isinstance(data, dict):
        raise JaipurError(f"a {what} is a JSON object with at least 'market' and 'hands'.")
    position = position_from_json(data)
    if position.status == "match-over":
        raise JaipurError("that match is already over.")
    return position, data


def parse_page_url(search: str, hash_text: str = "") -> PageRequest:
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
    req.lang = _choice(params, "lang", LANGS, problems) or "en"
    req.opponent = _choice(params, "opponent", OPPONENTS, problems)
    req.mode = _choice(params, "mode", MODES, problems) or "standard"
    if "seed" in params:
        raw = params["seed"].strip()
        if raw.isascii() and raw.isdigit() and len(raw) <= 20 and int(raw) <= MAX_SEED:
            req.seed = int(raw)
        else:
            problems.append(_problem("param.seed", value=_short(params["seed"])))
    req.embed = _flag(params, "embed", False, problems)
    req.interactive = _flag(params, "interactive", True, problems)
    seat = _choice(params, "seat", ("0", "1", "all"), problems)
    if "caption" in params:
        req.caption, cut = clean_caption(params["caption"])
        if cut:
            problems.append(_problem("param.caption", n=MAX_CAPTION))
    req.hosts, host_problems = parse_hosts(v for k, v in pairs if k == "host")
    problems.extend(host_problems)

    frag = _hash_params(hash_text)
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
    if seat is not None:
        if seat == "all" and req.record is None:
            problems.append(_problem("param.seat", value="all"))
        else:
            req.seat = seat if seat == "all" else int(seat)


# ---------------------------------------------------------------- writing


def _position_data(position: Position | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(position, Position):
        data = position_to_json(position)
        data.pop("status", None)
        data.pop("result", None)
        return data
    data = dict(position)
    position_from_json(data)
    return data


def _b64json(data: Any) -> str:
    return b64encode(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def make_link(base: str, position: Position | Mapping[str, Any] | None = None,
              record: Record | Mapping[str, Any] | str | None = None, *,
              solution: Sequence[str] | str | None = None, caption: str | None = None,
              opponent: str | None = None, seed: int | None = None, mode: str | None = None,
              lang: str | None = None, embed: bool = False, interactive: bool | None = None,
              seat: int | str | None = None, hosts: Sequence[str] = (), compact: bool = True) -> str:
    """A page link. A position with a `solution` becomes `#puzzle=` (caption inside); a record is
    written compact (`J1.…`) unless `compact=False`. Raises JaipurError / ValueError on bad input.

    >>> make_link("index.html", {"market": "MMMDG", "hands": ["LLL", "C"]}, embed=True, interactive=False)
    'index.html?embed=1&interactive=0#position=eyJtYXJrZXQiOiJNTU1ERyIsImhhbmRzIjpbIkxMTCIsIkMiXX0'
    """
    if position is not None and record is not None:
        raise ValueError("a link carries a position or a record, not both")
    query: list[tuple[str, str]] = []
    for key, value in (("opponent", opponent), ("seed", seed), ("mode", mode), ("lang", lang)):
        if value is not None:
            query.append((key, str(value)))
    if embed:
        query.append(("embed", "1"))
    if interactive is not None:
        query.append(("interactive", "1" if interactive else "0"))
    if seat is not None:
        query.append(("seat", str(seat)))
    if hosts:
        query.append(("host", ",".join(hosts)))
    fragment = ""
    if position is not None:
        data = _position_data(position)
        if solution is not None:
            found = load_puzzle(position_from_json(data), solution, caption or "")
            if not isinstance(found, Puzzle):
                raise ValueError(found.message)
            data["solution"] = ["_".join(line) for line in found.lines]
            if caption:
                data["caption"] = clean_caption(caption)[0]
            fragment = "puzzle=" + _b64json(data)
        else:
            fragment = "position=" + _b64json(data)
    elif record is not None:
        rec = record_from_compact(record) if isinstance(record, str) else (
            record if isinstance(record, Record) else record_from_json(dict(record)))
        fragment = "record=" + (record_to_compact(rec) if compact else _b64json(record_to_json(rec)))
    if caption and not fragment.startswith("puzzle="):
        query.append(("caption", clean_caption(caption)[0]))
    base = base.split("#", 1)[0]
    link = base
    if query:
        from urllib.parse import quote, urlencode  # only when a link is written: a slow import in Pyodide

        link += ("&" if "?" in base else "?") + urlencode(query, quote_via=quote, safe=",:/*")
    if fragment:
        link += "#" + fragment
    return link


# ---------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    """`python -m jaipur.web.links`: write a page link, or check one (`--check URL`)."""
    import argparse
    from urllib.parse import urlsplit

    ap = argparse.ArgumentParser(prog="python -m jaipur.web.links", description=main.__doc__)
    ap.add_argument("--check", metavar="URL", help="read a link and print what the page would make of it")
    ap.add_argument("--base", default="index.html", help="the page's address (default: index.html)")
    ap.add_argument("--position", metavar="FILE", help="position JSON file ('-' for standard input)")
    ap.add_argument("--record", metavar="FILE", help="record file: JSON or the compact J1.… form")
    ap.add_argument("--solution", help="puzzle solution, e.g. S4L or S4L,S3L")
    ap.add_argument("--caption")
    ap.add_argument("--opponent", choices=OPPONENTS)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--mode", choices=MODES)
    ap.add_argument("--lang", choices=LANGS)
    ap.add_argument("--embed", action="store_true")
    ap.add_argument("--interactive", choices=("0", "1"))
    ap.add_argument("--seat", choices=("0", "1", "all"))
    ap.add_argument("--host", action="append", default=[], help="an origin allowed to send commands (or *)")
    args = ap.parse_args(argv)
    if args.check:
        parts = urlsplit(args.check)
        req = parse_page_url("?" + parts.query, "#" + parts.fragment)
        print(json.dumps(req.summary(), ensure_ascii=False))
        return 1 if req.problems else 0

    def read(name: str) -> str:
        return sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()

    try:
        position = json.loads(read(args.position)) if args.position else None
        record: str | Mapping[str, Any] | None = None
        if args.record:
            text = read(args.record).strip()
            record = text if text.startswith("J1.") else json.loads(text)
        link = make_link(args.base, position, record, solution=args.solution, caption=args.caption,
                         opponent=args.opponent, seed=args.seed, mode=args.mode, lang=args.lang, embed=args.embed,
                         interactive=None if args.interactive is None else args.interactive == "1",
                         seat=args.seat, hosts=args.host)
    except (OSError, ValueError) as exc:
        print(f"error: {getattr(exc, 'message', exc)}", file=sys.stderr)
        return 2
    print(link)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
