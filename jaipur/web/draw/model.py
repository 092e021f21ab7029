"""Pure helpers of the table: the selection and the moves it makes, log entries (typed), the
keyboard's commands, and `TableState`, everything `render.render` draws.

Nothing here touches the browser. The controller (app.py) owns the full position;
what it hands to the renderer is built here from the VIEW of the seat in front of
the screen plus UI state, so the page never holds a hidden card or value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ...cards import GOODS, ORDER
from ...errors import JaipurError
from ...notation import parse_move
from ...position import Position
from ...rules import check, next_round
from ..i18n import Reason

if TYPE_CHECKING:   # for TableState's annotations only (panels.py imports this module's log entries)
    from ...types import RoundResult
    from ..store.friends import FriendEntry
    from ..store.profile import Tally
    from .panels import (
        BookEntry,
        CollectionPanel,
        EditorPanel,
        LessonPanel,
        PuzzlePanel,
        ReplayFrame,
        RestartPanel,
        ReviewPanel,
        SharePanel,
    )

KINDS = ("take", "camels", "exchange", "sell")

Key = str
"""A selection key: 'market:2', 'hand:0' or 'herd:3' (zone and index into that zone's sorted cards)."""


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
            return None, Reason("exchange.market" if anything else "exchange.none")
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


CAMEL_EXCHANGE = Reason("R13b", "Camels can never be taken in an exchange; take all of them instead (R13b).")
"""Said at once when a market camel is selected with anything else: no card added can make that legal."""


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
    if "M" in market and (market.replace("M", "") or hand or herd):
        return "why", CAMEL_EXCHANGE, None
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


class RoundStart(TypedDict):
    """A log entry: a round was dealt; `seat` starts it."""

    kind: Literal["round-start"]
    round: int
    seat: int


class RoundEnd(TypedDict):
    """A log entry: a round ended with these scores (seat 0, seat 1)."""

    kind: Literal["round-end"]
    round: int
    scores: list[int]


class MoveEntry(TypedDict):
    """A log entry for a move (`describe`): only what both players saw."""

    kind: Literal["take", "camels", "exchange", "sell"]
    seat: int
    move: str
    round: int
    taken: str
    given: str
    camels: int
    good: str
    count: int
    values: list[int]
    bonus: bool


class ReplayedMove(MoveEntry, total=False):
    """A move entry of the replay viewer (replayer.last_move): also its ply and the mover's name."""

    ply: int
    name: str


LogEntry = RoundStart | MoveEntry | RoundEnd
"""One line of the table's log, told apart by `kind`."""


def round_start(p: Position, seat: int | None = None) -> RoundStart:
    """The log entry for the round `p` is the deal of: `seat` (default: the side to move) starts it."""
    return {"kind": "round-start", "round": p.round, "seat": p.to_move if seat is None else seat}


def round_end(p: Position) -> RoundEnd:
    """The log entry for the round `p` has just ended (its public scores).

    >>> from jaipur import position_from_json, apply
    >>> round_end(apply(position_from_json({"market": "MMMDG", "hands": ["D", "S"], "deck": "", "seed": 4}), "TM"))
    {'kind': 'round-end', 'round': 1, 'scores': [5, 0]}
    """
    res = p.result
    return {"kind": "round-end", "round": p.round, "scores": list(res["scores"]) if res is not None else [0, 0]}


def match_log(positions: list[Position], moves: list[str]) -> list[LogEntry]:
    """The log of a match from its positions (the start, then one after each move) and its moves."""
    log: list[LogEntry] = [round_start(positions[0])]
    for before, move, after in zip(positions, moves, positions[1:]):
        if before.round_over:
            before = next_round(before)
            log.append(round_start(before))
        log.append(describe(before, move, after))
        if after.round_over:
            log.append(round_end(after))
    return log


def describe(before: Position, move: str, after: Position) -> MoveEntry:
    """A log entry for a move: only what both players saw (no bonus value, no drawn-card order).

    >>> from jaipur import new_match, apply
    >>> p = new_match(seed=3)
    >>> describe(p, "TM", apply(p, "TM"))["camels"]
    3
    """
    m = parse_move(move)
    seat = before.to_move
    entry: MoveEntry = {
        "seat": seat, "move": str(m), "kind": cast(Any, m.kind), "round": before.round,
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
    cards: frozenset[Key] = frozenset()        # the selection that makes the move (shown on the table)
    where: str = ""                            # where it was thought: "worker", "page", or "" (asked at once)


@dataclass
class FriendPanel:
    """What the bar of a game with a friend says (modes/friend.py): its phase (setup: making an invitation;
    invited: answering one; game), whose turn (`jaipur.fair.STATUSES`), the link to send now, the names, what
    is running, why the last link was refused, and what is still coming with the friend's next message."""

    phase: str = "setup"
    """setup | invited | game | parts (a friend's long message is coming in parts, no game shown yet)."""
    status: str = "waiting"
    link: str = ""
    """The link to send now; when the message goes as several links, all of them, one a line (`links`)."""
    links: tuple[str, ...] = ()
    """The links to send now, in a row (one, or the parts of a long message)."""
    copied_part: int = 0
    """Which of several links Copy put on the clipboard last (0: all of them)."""
    friend: str = ""
    me: str = ""
    seat: int = 0
    busy: str | None = None
    problem: Reason | None = None
    copied: bool | None = None
    mode: str = "standard"
    number: int = 0
    invalid: Reason | None = None
    abandoned: bool = False
    result_coming: bool = False
    market_coming: int = 0
    herd_coming: bool = False
    sent_move: bool = False
    live: str = "off"
    """The live channel (modes/friend_live.py): off | connecting | connected | lost."""
    live_role: str = ""
    """offer | answer: which code `live_code` is."""
    live_code: str = ""
    """The offer's link or the answer's text to send, while connecting."""
    presence: str = ""
    """The friend, live: connected | thinking | gone ('' when not live)."""
    delivered: bool = False
    """Live: the friend holds this side's last message."""
    rematch_from: bool = False
    """The friend asks for a rematch (over the channel)."""
    stun: str = ""
    alert: bool = True
    live_ok: bool = True
    """The page can go live (not a frame of another site, not a finished or broken game)."""
    note: Reason | None = None
    """What just happened that is not a refusal (a link opened again, the game followed from another tab), said
    until the game changes."""
    pasted: str = ""
    """The text of a refused paste, kept in the box to correct."""
    dealing: int = 0
    """The round being dealt while this side's cards of it are still coming (0: none)."""
    dealing_they_start: bool = False
    dealing_first: bool = False
    """The round being dealt waits for the friend's shuffle, the first of its two (this side is the inviter)."""
    """The friend starts that round (this side's cards come with their first move)."""


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
    suggesting: bool = False                   # a suggestion is being thought for the player (the hint button is busy)
    log: list[LogEntry] = field(default_factory=list)
    last: MoveEntry | None = None              # the other side's last move, highlighted
    suggestion: Suggestion | None = None
    dialog: str | None = None                  # None | round | match | confirm
    error: Reason | None = None
    pass_to: int | None = None                 # pass screen: the seat to hand the device to
    # embedding, puzzles, replays, saved games
    kind: str = "game"                         # game | position | still | puzzle | replay
    interactive: bool = True                   # False: a still picture or a replay (nothing to play)
    caption: str = ""                          # a line of text above the table (never markup)
    notices: list[Reason] = field(default_factory=list)   # sentences above the table (bad address, save, …)
    previous: Reason | None = None             # a link started a new game while one was saved: resume it or play on
    tools: bool = True                         # the site's tools (suggest, undo, share, …); not when embedded
    can_undo: bool = False
    can_suggest: bool = True
    puzzle: PuzzlePanel | None = None          # verdict, answer, solved, caption, solver
    replay: ReplayFrame | None = None          # the replayer's frame info (see replayer.current_view)
    share: SharePanel | None = None            # the share dialog: link, copied (None, True, False)
    import_problem: Reason | None = None       # why the last import failed
    update_ready: bool = False                 # a new release of the site is ready: offer a reload
    stats: dict[str, Tally] = field(default_factory=dict)   # start screen: level -> its tally (none played: {})
    practice_stats: dict[str, Tally] = field(default_factory=dict)  # start screen: level -> Tally of practice matches
    practice: bool = False                     # a match in which undo dealt afresh: practice, counted apart
    book: list[BookEntry] = field(default_factory=list)  # start screen: the puzzle collection (id, level, solved)
    collection: CollectionPanel | None = None  # a collection puzzle: id, index, total, solved
    review: ReviewPanel | None = None          # a replay's game review: running, review (jaipur.review.Review), seat
    lesson: LessonPanel | None = None          # a tutorial step: id, index, total, solved, done
    wanted: frozenset[str] | None = None       # the kinds of move asked for (a tutorial step): only theirs are highlighted
    editor: EditorPanel | None = None          # the position editor (modes/editor.py): draft, zone, problem, output…
    restart: RestartPanel | None = None        # a match from a position (modes.lesson): moved, reply, held, caption
    learn_new: bool = False                    # start screen: nothing learnt or played yet (suggest the tutorial)
    names_choice: tuple[str, str] = ("", "")   # start screen: the names typed for two players on one device
    rounds: list[RoundResult] = field(default_factory=list)   # each finished round's result (the match summary)
    own: MoveEntry | None = None               # the viewer's own last move, kept in view until dismissed or replaced
    tools_open: bool = False                   # phones: the header's menu of tools is open
    friend_open: bool = False                  # phones: the friend bar folded on your turn, opened by its button
    friend: FriendPanel | None = None          # a game with a friend: its bar (or screen before the table)
    friends: list[FriendEntry] = field(default_factory=list)   # start screen: the games with friends kept
    friend_said: tuple[str, Reason] | None = None   # start screen: a game of that list, and why it did not open
