"""Pure editing operations on a position draft (the position editor's model): each returns a new draft, and
`check` says, in the engine's own words, whether the draft is a position. Nothing invalid is ever exported:
`export` raises the engine's message instead.

>>> d = Draft()
>>> for letter in "MMMDG":
...     d = add_card(d, "market", letter)
>>> check(d)
>>> d = add_card(add_card(d, "hand0", "L"), "hand1", "C")
>>> export(d)["market"], export(d)["hands"]
('MMMDG', ['L', 'C'])
>>> check(add_card(d, "market", "S"))
'The market holds 6 cards; it holds 5 (R10).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import GOODS
from ..errors import JaipurError
from ..position import Position, position_from_json, position_to_json

ZONES = ("market", "hand0", "hand1")
"""Where a card can be clicked: the market and the two hands (camels in a hand go to its seat's herd)."""

LETTERS = "DGSCPLM"
BONUS_PILES = ("3", "4", "5")


@dataclass(frozen=True)
class Draft:
    """A position being edited: the fields of the position JSON the editor sets (the rest take their defaults)."""

    market: str = ""
    hands: tuple[str, str] = ("", "")
    herds: tuple[int, int] = (0, 0)
    to_move: int = 0
    round: int = 1
    seals: tuple[int, int] = (0, 0)
    goods: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    bonus: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    seed: int = 0
    kept: Mapping[str, Any] = field(default_factory=dict)
    """Fields carried unedited from an opened position: the taken tokens, the mode, the starter."""


def _seat(zone: str) -> int:
    return int(zone[-1])


def add_card(draft: Draft, zone: str, letter: str) -> Draft:
    """The draft with one card added to a zone; a camel clicked into a hand joins that seat's herd."""
    if zone not in ZONES:
        raise ValueError(f"unknown zone {zone!r}")
    if len(letter) != 1 or letter not in LETTERS:
        raise ValueError(f"not a card letter: {letter!r}")
    if zone == "market":
        return replace(draft, market=draft.market + letter)
    seat = _seat(zone)
    if letter == "M":
        return set_herd(draft, seat, draft.herds[seat] + 1)
    hands = list(draft.hands)
    hands[seat] = "".join(sorted(hands[seat] + letter, key=LETTERS.index))
    return replace(draft, hands=(hands[0], hands[1]))


def remove_card(draft: Draft, zone: str, index: int) -> Draft:
    """The draft without the card at `index` of a zone (an index out of range changes nothing)."""
    if zone not in ZONES:
        raise ValueError(f"unknown zone {zone!r}")
    cards = draft.market if zone == "market" else draft.hands[_seat(zone)]
    if not 0 <= index < len(cards):
        return draft
    rest = cards[:index] + cards[index + 1:]
    if zone == "market":
        return replace(draft, market=rest)
    hands = list(draft.hands)
    hands[_seat(zone)] = rest
    return replace(draft, hands=(hands[0], hands[1]))


def set_herd(draft: Draft, seat: int, camels: int) -> Draft:
    """The draft with a seat's herd set (never below zero)."""
    herds = list(draft.herds)
    herds[seat] = max(0, camels)
    return replace(draft, herds=(herds[0], herds[1]))


def set_pile(draft: Draft, good: str, values: Sequence[int]) -> Draft:
    """The draft with a goods token pile set (the values as the pile shows them, highest first)."""
    if good not in GOODS:
        raise ValueError(f"not a good: {good!r}")
    goods = dict(draft.goods)
    goods[good] = tuple(values)
    return replace(draft, goods=goods)


def set_bonus(draft: Draft, pile: str, values: Sequence[int]) -> Draft:
    """The draft with a bonus pile ("3", "4" or "5") set."""
    if pile not in BONUS_PILES:
        raise ValueError(f"not a bonus pile: {pile!r}")
    bonus = dict(draft.bonus)
    bonus[pile] = tuple(values)
    return replace(draft, bonus=bonus)


def set_turn(draft: Draft, seat: int) -> Draft:
    """The draft with `seat` to move."""
    return replace(draft, to_move=seat)


def set_round(draft: Draft, rnd: int, seals: tuple[int, int]) -> Draft:
    """The draft in round `rnd` with the seals each seat holds."""
    return replace(draft, round=rnd, seals=seals)


def draft_data(draft: Draft) -> dict[str, Any]:
    """The draft as position JSON, only the fields that differ from the defaults (links stay short)."""
    data: dict[str, Any] = {"market": draft.market, "hands": list(draft.hands)}
    if any(draft.herds):
        data["herds"] = list(draft.herds)
    if draft.to_move:
        data["to_move"] = draft.to_move
    if draft.round != 1:
        data["round"] = draft.round
    if any(draft.seals):
        data["seals"] = list(draft.seals)
    if draft.goods:
        data["goods"] = {g: list(v) for g, v in draft.goods.items()}
    if draft.bonus:
        data["bonus"] = {k: list(v) for k, v in draft.bonus.items()}
    if draft.seed:
        data["seed"] = draft.seed
    data.update(draft.kept)
    return data


def check(draft: Draft) -> str | None:
    """None when the draft is a position, else the engine's sentence saying what is wrong."""
    try:
        position_from_json(draft_data(draft))
    except JaipurError as exc:
        return exc.message
    return None


def export(draft: Draft) -> dict[str, Any]:
    """The draft's position JSON, checked by the engine (raises its JaipurError when invalid)."""
    data = draft_data(draft)
    position_from_json(data)
    return data


def from_position(position: Position) -> Draft:
    """A draft of a position (any position, or a replay's step) to edit further."""
    data = position_to_json(position)
    return Draft(market=data["market"], hands=(data["hands"][0], data["hands"][1]),
                 herds=(data["herds"][0], data["herds"][1]), to_move=data["to_move"], round=data["round"],
                 seals=(data["seals"][0], data["seals"][1]),
                 goods={g: tuple(v) for g, v in data["goods"].items()},
                 bonus={k: tuple(v) for k, v in data["bonus"].items()}, seed=data["seed"],
                 kept={"mode": data["mode"], "starter": data["starter"], "taken": data["taken"]})
