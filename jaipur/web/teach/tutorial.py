"""Learn to play: a guided first game in short steps, one idea each, on real positions.

Each step is data: a position (the learner, seat 0, to move), the idea's catalogue keys (`learn.<id>.try`
says what to try, `learn.<id>.right` why it worked) and the check, the legal moves that do what the step
asks. The table itself is used: the learner selects cards and presses the buttons; the engine's
legality rules decide which buttons work, and the check decides whether the move is the step's.
Progress is kept in localStorage under `LEARN_KEY` (a JSON list of the step ids done).

>>> [s.id for s in STEPS][:3]
['take', 'camels', 'exchange']
>>> STEPS[1].accepts("TM"), STEPS[1].accepts("TD")
(True, False)
>>> sorted(STEPS[0].kinds()), STEPS[2].refusal("XDD-PC")
(['take'], 'learn.exchange.no-camel')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ...notation import CAMELS, EXCHANGE, SELL, TAKE, parse_move
from ...position import Position, position_from_json
from ...rules import apply, legal_moves

LEARN_KEY = "jaipur.learn.v1"
"""localStorage key: the ids of the steps the learner has done (a JSON list of strings)."""


@dataclass(frozen=True)
class Step:
    """One idea: its id (catalogue keys `learn.<id>.try` and `learn.<id>.right`), its position, its check."""

    id: str
    data: dict[str, Any]
    check: Callable[[Position, str], bool]

    @property
    def position(self) -> Position:
        """The step's position (seat 0 to move)."""
        return position_from_json(self.data)

    def accepts(self, move: str) -> bool:
        """Whether `move` is legal here and does what the step asks."""
        p = self.position
        return move in legal_moves(p) and self.check(p, move)

    def moves(self) -> list[str]:
        """Every legal move that passes the step."""
        p = self.position
        return [m for m in legal_moves(p) if self.check(p, m)]

    def kinds(self) -> frozenset[str]:
        """The kinds of move the step asks for (take, camels, exchange, sell): their buttons are highlighted."""
        return frozenset(parse_move(m).kind for m in self.moves())

    def refusal(self, move: str) -> str:
        """Why a legal move that is not the step's is refused, as a catalogue key: what the step asks
        (`learn.<id>.wants`), or, for an exchange that is nearly the step's, what it lacks."""
        m = parse_move(move)
        if self.id == "exchange" and m.kind == EXCHANGE:
            if m.taken != "DD":
                return "learn.exchange.not-diamonds"
            if "M" not in m.given:
                return "learn.exchange.no-camel"
        return f"learn.{self.id}.wants"


def _kind(move: str) -> str:
    return parse_move(move).kind


def _take_one(p: Position, move: str) -> bool:
    return _kind(move) == TAKE


def _camels(p: Position, move: str) -> bool:
    return _kind(move) == CAMELS


def _exchange_with_camels(p: Position, move: str) -> bool:
    m = parse_move(move)
    return m.kind == EXCHANGE and m.taken == "DD" and "M" in m.given


def _sell_four_leather(p: Position, move: str) -> bool:
    return move == "S4L"


def _pair_of_diamonds(p: Position, move: str) -> bool:
    return move == "TD"


def _sell_any(p: Position, move: str) -> bool:
    return _kind(move) == SELL


def _ends_round_ahead(p: Position, move: str) -> bool:
    after = apply(p, move)
    if not after.round_over:
        return False
    res = after.result
    return res is not None and res.get("winner") == p.to_move


STEPS: tuple[Step, ...] = (
    Step("take", {"market": "MMDLS", "hands": ["GC", "PPS"], "herds": [1, 2], "seed": 11}, _take_one),
    Step("camels", {"market": "MMMDS", "hands": ["GC", "PPS"], "herds": [1, 2], "seed": 12}, _camels),
    Step("exchange", {"market": "DDLSM", "hands": ["PC", "GSS"], "herds": [3, 1], "seed": 13},
         _exchange_with_camels),
    Step("sell", {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 14}, _sell_four_leather),
    Step("precious", {"market": "DMMLC", "hands": ["DSC", "GPL"], "herds": [2, 2], "seed": 15}, _pair_of_diamonds),
    Step("limit", {"market": "DGLMM", "hands": ["LLCCSPG", "DS"], "herds": [0, 3], "seed": 16}, _sell_any),
    Step("camel-token", {"market": "MMDSL", "hands": ["CCL", "GGS"], "herds": [3, 4], "seed": 17}, _camels),
    Step("end", {"market": "MMDSP", "hands": ["GGCL", "SSCPL"], "herds": [5, 2], "seed": 18,
                 "goods": {"D": [], "G": [5], "P": []}}, _ends_round_ahead),
    Step("seals", {"market": "MMGCL", "hands": ["SSCL", "DDPL"], "herds": [4, 2], "seed": 19, "round": 2,
                   "seals": [1, 0], "goods": {"S": [5], "P": [], "G": []}}, _ends_round_ahead),
)
"""The guided first game, in order: one idea per step (RULES.md's rules in the learner's hands)."""


class Storage(Protocol):
    """What the progress needs of the platform."""

    def load(self, key: str) -> str | None: ...
    def store(self, key: str, text: str) -> bool: ...


def done_from_text(text: Any) -> frozenset[str]:
    """The step ids kept in storage (anything unreadable: none done)."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return frozenset()
    known = {s.id for s in STEPS}
    return frozenset(x for x in data if isinstance(x, str) and x in known) if isinstance(data, list) else frozenset()


def load_done(storage: Storage) -> frozenset[str]:
    """The steps done in this browser."""
    try:
        return done_from_text(storage.load(LEARN_KEY))
    except Exception:  # noqa: BLE001 - storage refused: nothing remembered
        return frozenset()


def keep_done(storage: Storage, done: frozenset[str]) -> bool:
    """Keep the steps done (in the tutorial's order); False when the browser refused."""
    try:
        return bool(storage.store(LEARN_KEY, json.dumps([s.id for s in STEPS if s.id in done])))
    except Exception:  # noqa: BLE001
        return False


def first_open(done: frozenset[str]) -> int:
    """Where to resume: the first step not done (the first step when all are)."""
    for i, s in enumerate(STEPS):
        if s.id not in done:
            return i
    return 0
