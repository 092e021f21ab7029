"""Pure helpers of the table: URL options, the selection and the moves it makes, log entries,
and `TableState`, everything `render.render` draws.

Nothing here touches the browser. The controller (app.py) owns the full position;
what it hands to the renderer is built here from the VIEW of the seat in front of
the screen plus UI state, so the page never holds a hidden card or value.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..cards import GOODS, ORDER
from ..errors import JaipurError
from ..notation import parse_move
from ..position import Position, position_from_json
from ..record import Record, record_from_compact, record_from_json
from ..rules import check
from .i18n import LANGS, Reason
from .query import parse_query

OPPONENTS = ("novice", "trader", "maharaja", "human")
"""The opponents the page's URL accepts (DESIGN: ?opponent=novice|trader|maharaja|human)."""
MODES = ("standard", "single-round")
KINDS = ("take", "camels", "exchange", "sell")
MAX_SEED = (1 << 64) - 1

Key = str
"""A selection key: 'market:2', 'hand:0' or 'herd:3' (zone and index into that zone's sorted cards)."""


# ---------------------------------------------------------------- URL options


@dataclass
class Options:
    """What the page's address asks for (after checking it)."""

    opponent: str | None = None
    seed: int | None = None
    mode: str = "standard"
    lang: str = "en"
    embed: bool = False
    position: Position | None = None
    record: Record | None = None
    interactive: bool = True
    caption: str = ""
    seat: int | str | None = None                 # 0, 1, or "all" (a replay showing both hands)
    puzzle: Any = None                            # a jaipur.web.puzzle.Puzzle (its position is `position`)
    hosts: tuple[str, ...] = ()                   # ?host= origins allowed to send postMessage commands
    players: tuple[str, str] | None = None        # names from a position's JSON
    given: frozenset[str] = frozenset()           # the query parameters the address named


def _short(value: str) -> str:
    value = " ".join(value.split())
    return value if len(value) <= 40 else value[:39] + "…"


def _b64json(text: str) -> Any:
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return json.loads(raw.decode("utf-8"))


def parse_options(search: str, hash_text: str = "") -> tuple[Options, list[Reason]]:
    """Read `?opponent=…&seed=…&mode=…&lang=…&embed=…` and `#position=…` / `#record=…`.

    Bad values never raise: they are left at their default and reported as Reasons.

    >>> opts, problems = parse_options("?opponent=trader&seed=3&lang=fa")
    >>> opts.opponent, opts.seed, opts.lang, problems
    ('trader', 3, 'fa', [])
    >>> parse_options("?seed=x")[1][0].code
    'param.seed'
    """
    opts = Options()
    problems: list[Reason] = []
    params = dict(parse_query(search.lstrip("?")))
    opts.given = frozenset(params)
    if "lang" in params:
        if params["lang"] in LANGS:
            opts.lang = params["lang"]
        else:
            problems.append(Reason("param.lang", values={"value": _short(params["lang"])}))
    if "opponent" in params:
        if params["opponent"] in OPPONENTS:
            opts.opponent = params["opponent"]
        else:
            problems.append(Reason("param.opponent", values={"value": _short(params["opponent"])}))
    if "seed" in params:
        raw = params["seed"].strip()
        if raw.isdigit() and len(raw) <= 20 and int(raw) <= MAX_SEED:
            opts.seed = int(raw)
        else:
            problems.append(Reason("param.seed", values={"value": _short(params["seed"])}))
    if "mode" in params:
        if params["mode"] in MODES:
            opts.mode = params["mode"]
        else:
            problems.append(Reason("param.mode", values={"value": _short(params["mode"])}))
    if "embed" in params:
        if params["embed"] in ("0", "1", ""):
            opts.embed = params["embed"] in ("1", "")
        else:
            problems.append(Reason("param.embed", values={"value": _short(params["embed"])}))
    fragment = dict(parse_query(hash_text.lstrip("#")))
    if "position" in fragment:
        try:
            opts.position = position_from_json(_b64json(fragment["position"]))
            if opts.position.status == "match-over":
                raise JaipurError("that match is already over.")
            opts.mode = opts.position.mode
        except JaipurError as exc:
            problems.append(Reason("param.position", values={"detail": exc.message}))
            opts.position = None
        except (ValueError, binascii.Error, UnicodeDecodeError, RecursionError):
            problems.append(Reason("param.position", values={"detail": "it is not base64url of a JSON position."}))
    if "record" in fragment:
        text = fragment["record"]
        try:
            opts.record = record_from_compact(text) if text.startswith("J1.") else record_from_json(_b64json(text))
            opts.mode = opts.record.mode
        except JaipurError as exc:
            problems.append(Reason("param.record", values={"detail": exc.message}))
        except (ValueError, binascii.Error, UnicodeDecodeError, RecursionError):
            problems.append(Reason("param.record", values={"detail": "it is not a game record."}))
    return opts, problems


# ---------------------------------------------------------------- selection -> moves


def zone_cards(view: dict[str, Any], zone: str) -> str:
    """The cards of a selectable zone in display order: market and hand sorted, herd all camels."""
    if zone == "market":
        return str(view["market"])
    if zone == "hand":
        return str(view["hand"])
    if zone == "herd":
        return "M" * int(view["herds"][view["seat"]])
    return ""


def selected(view: dict[str, Any], selection: frozenset[Key] | set[Key]) -> dict[str, str]:
    """The selected letters per zone (only keys that still point at a card)."""
    out = {"market": "", "hand": "", "herd": ""}
    for key in sorted(selection):
        zone, _, index = key.partition(":")
        cards = zone_cards(view, zone)
        if index.isdigit() and int(index) < len(cards):
            out[zone] += cards[int(index)]
    return {z: "".join(sorted(v, key=ORDER.index)) for z, v in out.items()}


def candidate(kind: str, view: dict[str, Any], selection: frozenset[Key] | set[Key]) -> tuple[str | None, Reason | None]:
    """The move of `kind` the selection stands for, or None and the reason it stands for none.

    take: one market good and nothing else; camels: nothing selected, or only market camels;
    exchange: market goods plus hand cards / herd camels; sell: hand cards of one good.

    >>> v = {"market": "DGMMM", "hand": "LLL", "herds": [2, 0], "seat": 0}
    >>> candidate("exchange", v, {"market:0", "market:1", "hand:0", "herd:1"})
    ('XDG-LM', None)
    >>> candidate("sell", v, {"hand:0", "hand:2"})
    ('S2L', None)
    """
    sel = selected(view, selection)
    market, hand, herd = sel["market"], sel["hand"], sel["herd"]
    anything = market or hand or herd
    if kind == "take":
        if not anything:
            return None, Reason("take.none")
        if hand or herd:
            return None, Reason("take.only")
        if len(market) > 1:
            return None, Reason("take.many")
        if market == "M":
            return None, Reason("take.camel")
        return "T" + market, None
    if kind == "camels":
        if hand or herd or market.replace("M", ""):
            return None, Reason("camels.selection")
        return "TM", None
    if kind == "exchange":
        if not market:
            return None, Reason("exchange.market" if anything else "take.none")
        if not (hand or herd):
            return None, Reason("exchange.give")
        return f"X{market}-{hand}{herd}", None
    if kind == "sell":
        if not anything:
            return None, Reason("sell.none")
        if market or herd:
            return None, Reason("sell.only-hand")
        if len(set(hand)) > 1:
            return None, Reason("sell.mixed")
        return f"S{len(hand)}{hand[0]}", None
    raise ValueError(f"unknown action kind {kind!r}")


@dataclass(frozen=True)
class ActionState:
    """One action button: the move the selection makes for it, whether it is legal, and why not."""

    kind: str
    move: str | None
    enabled: bool
    reason: Reason | None


def _engine_reason(position: Position, move: str, err: JaipurError) -> Reason:
    values: dict[str, Any] = {}
    try:
        m = parse_move(move)
    except JaipurError:
        return Reason(err.code, err.message)
    if m.kind == "exchange":
        values["taken"] = len(m.taken)
        values["given"] = len(m.given)
        both = [g for g in GOODS if g in m.taken and g in m.given]
        values["good"] = both[0] if both else ""
        seat = position.to_move
        values["after"] = position.hand_size(seat) + m.given.count("M")
    elif m.good:
        values["good"] = m.good
    return Reason(err.code, err.message, values)


def action_states(position: Position, seat: int, view: dict[str, Any],
                  selection: frozenset[Key] | set[Key], active: bool) -> dict[str, ActionState]:
    """Every action button for the selection: enabled exactly when its move is legal (jaipur.rules.check).

    `active` is False while the seat in front of the screen may not move (the other side's turn,
    the computer thinking, the round over): every button is then disabled.
    """
    out: dict[str, ActionState] = {}
    playing = position.status == "playing"
    for kind in KINDS:
        if not playing:
            out[kind] = ActionState(kind, None, False, Reason("over"))
            continue
        if not active or position.to_move != seat:
            out[kind] = ActionState(kind, None, False, Reason("wait"))
            continue
        move, why = candidate(kind, view, selection)
        if move is None:
            out[kind] = ActionState(kind, None, False, why)
            continue
        err = check(position, move)
        if err is None:
            out[kind] = ActionState(kind, move, True, None)
        else:
            out[kind] = ActionState(kind, move, False, _engine_reason(position, move, err))
    return out


def hint_for(actions: dict[str, ActionState], view: dict[str, Any], selection: frozenset[Key] | set[Key]) -> tuple[str, Reason | None, str | None]:
    """The one sentence under the buttons: ('start'|'ready'|'why'|'wait'|'over', reason, ready move).

    With a selection, the reason comes from the action the selection most looks like.
    """
    first = actions["take"].reason
    if first is not None and first.code in ("wait", "over"):
        return first.code, first, None
    sel = selected(view, selection)
    ready = [a for a in actions.values() if a.enabled and (sel["market"] or sel["hand"] or sel["herd"] or a.kind == "camels")]
    if not (sel["market"] or sel["hand"] or sel["herd"]):
        return "start", None, None
    if ready:
        return "ready", None, ready[0].move
    market, hand, herd = sel["market"], sel["hand"], sel["herd"]
    if market and (hand or herd):
        kind = "exchange"
    elif market:
        kind = "take" if len(market) == 1 else "exchange"
        if market.replace("M", "") != market and len(market) > 1:
            kind = "exchange"
    elif hand and not herd:
        kind = "sell"
    else:
        kind = "exchange"
    return "why", actions[kind].reason, None


def move_selection(view: dict[str, Any], move: str) -> frozenset[Key]:
    """The selection that makes `move` (used to show a suggested move on the table).

    >>> v = {"market": "DGMMM", "hand": "CLL", "herds": [2, 0], "seat": 0}
    >>> sorted(move_selection(v, "XDG-LM"))
    ['hand:1', 'herd:0', 'market:0', 'market:1']
    """
    m = parse_move(move)
    keys: set[Key] = set()

    def pick(zone: str, letters: str) -> None:
        cards = zone_cards(view, zone)
        used: set[int] = set()
        for letter in letters:
            for i, c in enumerate(cards):
                if c == letter and i not in used:
                    used.add(i)
                    keys.add(f"{zone}:{i}")
                    break

    if m.kind == "take":
        pick("market", m.good)
    elif m.kind == "exchange":
        pick("market", m.taken)
        pick("hand", m.given.replace("M", ""))
        pick("herd", "M" * m.given.count("M"))
    elif m.kind == "sell":
        pick("hand", m.good * m.count)
    return frozenset(keys)


# ---------------------------------------------------------------- log entries


def describe(before: Position, move: str, after: Position) -> dict[str, Any]:
    """A log entry for a move: only what both players saw (no bonus value, no drawn-card order).

    >>> from jaipur import new_match, apply
    >>> p = new_match(seed=3)
    >>> describe(p, "TM", apply(p, "TM"))["camels"]
    3
    """
    m = parse_move(move)
    seat = before.to_move
    entry: dict[str, Any] = {
        "seat": seat, "move": str(m), "kind": m.kind, "round": before.round,
        "taken": "", "given": "", "camels": 0, "good": m.good, "count": m.count, "values": [], "bonus": False,
    }
    if m.kind == "take":
        entry["taken"] = m.good
    elif m.kind == "camels":
        entry["camels"] = before.market[6]
    elif m.kind == "exchange":
        entry["taken"], entry["given"] = m.taken, m.given
    elif m.kind == "sell":
        entry["values"] = [v for _, v in after.taken_goods[seat][len(before.taken_goods[seat]):]]
        entry["bonus"] = len(after.taken_bonus[seat]) > len(before.taken_bonus[seat])
    return entry


# ---------------------------------------------------------------- keyboard

KEY_COMMANDS: Mapping[str, str] = MappingProxyType({
    "KeyT": "take", "KeyC": "camels", "KeyX": "exchange", "KeyS": "sell",
    "Backspace": "clear", "Delete": "clear", "KeyU": "undo", "KeyA": "suggest", "KeyH": "keys",
})
"""The table's shortcut keys by `KeyboardEvent.code` (the physical key, so a Persian layout works too);
dom.py forwards exactly these (and `?`, Escape) to the controller. Documented in the Keys dialog and README."""
ZONE_KEYS: Mapping[str, str] = MappingProxyType({"Digit1": "market", "Digit2": "hand", "Digit3": "herd"})
"""Keys that move the focus to a row of cards (dom.py does it in the page; nothing to redraw)."""
ROVING_ZONES = ("market", "hand", "herd")
"""The rows of cards that are one Tab stop each; the arrow keys move among their cards."""


def key_command(code: str, key: str = "") -> str | None:
    """The table command a forwarded key stands for, or None.

    >>> key_command("KeyT", "ف"), key_command("Slash", "?"), key_command("KeyQ", "q")
    ('take', 'keys', None)
    """
    if key in ("?", "؟"):
        return "keys"
    return KEY_COMMANDS.get(code)


def roving_index(cursor: Mapping[str, int], zone: str, count: int) -> int:
    """The one card of a row that Tab reaches (the last one focused or clicked, kept inside the row)."""
    return max(0, min(int(cursor.get(zone, 0)), count - 1))


# ---------------------------------------------------------------- what the renderer draws


@dataclass
class Suggestion:
    """A suggested move for the seat in front of the screen, with its one-line reason."""

    move: str | None
    reason: Reason | str = ""                  # a bot's reason code (worded when drawn), or text


@dataclass
class TableState:
    """Everything render() draws. Built from a seat's VIEW, never from the full position."""

    screen: str = "start"                       # start | table | pass
    lang: str = "en"
    embed: bool = False
    # start screen
    opponent: str = "maharaja"
    mode: str = "standard"
    levels: tuple[str, ...] = ()
    bots_ok: bool = True
    problems: list[Reason] = field(default_factory=list)
    from_position: bool = False
    # table
    view: dict[str, Any] | None = None
    seat: int = 0
    names: tuple[str, str] = ("You", "Computer")
    you_are_named: bool = False                # hot-seat: use names, not "you", in the log
    selection: frozenset[Key] = frozenset()
    cursor: dict[str, int] = field(default_factory=dict)   # the card of each row that Tab reaches
    actions: dict[str, ActionState] = field(default_factory=dict)
    hint: tuple[str, Reason | None, str | None] = ("start", None, None)
    turn: str = "you"                          # you | opponent | over
    thinking: bool = False
    log: list[dict[str, Any]] = field(default_factory=list)
    last: dict[str, Any] | None = None         # the other side's last move, highlighted
    suggestion: Suggestion | None = None
    dialog: str | None = None                  # None | round | match | confirm
    error: Reason | None = None
    pass_to: int | None = None                 # pass screen: the seat to hand the device to
    # embedding, puzzles, replays, saved games
    kind: str = "game"                         # game | position | still | puzzle | replay
    interactive: bool = True                   # False: a still picture or a replay (nothing to play)
    caption: str = ""                          # a line of text above the table (never markup)
    notices: list[Reason] = field(default_factory=list)   # sentences above the table (bad address, save, …)
    tools: bool = True                         # the site's tools (suggest, undo, share, …); not when embedded
    can_undo: bool = False
    can_suggest: bool = True
    puzzle: dict[str, Any] | None = None       # verdict, answer, solved, caption, solver
    replay: dict[str, Any] | None = None       # the replayer's frame info (see replayer.current_view)
    share: dict[str, Any] | None = None        # the share dialog: link, copied (None, True, False)
    import_problem: Reason | None = None       # why the last import failed
    update_ready: bool = False                 # a new release of the site is ready: offer a reload
    stats: dict[str, Any] = field(default_factory=dict)   # start screen: level -> profile.Tally (none played: {})
