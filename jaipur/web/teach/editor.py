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

A position being played opens here as its player may see it (`from_view`): the opponent's hand, the deck and
the bonus values nobody may see are dealt afresh (`jaipur.view.determinize`, a new seed), never copied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...cards import BONUS_TOKENS, GOODS, GOODS_TOKENS
from ...errors import JaipurError
from ...position import Position, position_from_json, position_to_json
from ...rng import Rng
from ...types import View
from ...view import determinize

ZONES = ("market", "hand0", "hand1", "discard")
"""Where a card can be clicked: the market, the two hands (camels in a hand go to its seat's herd) and the
discard pile (the cards sold so far)."""

LETTERS = "DGSCPLM"
GOODS_LETTERS = GOODS
"""The goods, whose token piles the editor sets."""
BONUS_PILES = ("3", "4", "5")


@dataclass(frozen=True)
class Draft:
    """A position being edited: the fields of the position JSON the editor sets (the rest take their defaults)."""

    market: str = ""
    hands: tuple[str, str] = ("", "")
    discard: str = ""
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
    if zone == "discard":
        return replace(draft, discard="".join(sorted(draft.discard + letter, key=LETTERS.index)))
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
    cards = zone_cards(draft, zone)
    if not 0 <= index < len(cards):
        return draft
    rest = cards[:index] + cards[index + 1:]
    if zone == "market":
        return replace(draft, market=rest)
    if zone == "discard":
        return replace(draft, discard=rest)
    hands = list(draft.hands)
    hands[_seat(zone)] = rest
    return replace(draft, hands=(hands[0], hands[1]))


def zone_cards(draft: Draft, zone: str) -> str:
    """The cards of a zone, as the editor shows them (a hand without its camels: they are the herd)."""
    if zone == "market":
        return draft.market
    if zone == "discard":
        return draft.discard
    return draft.hands[_seat(zone)]


def clear(draft: Draft) -> Draft:
    """An empty table with the draft's seed: no cards anywhere, every pile full, round 1, seat 0 to move."""
    return Draft(seed=draft.seed)


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


def _taken_values(draft: Draft, what: str, key: str) -> list[int]:
    taken = draft.kept.get("taken") or []
    out: list[int] = []
    for seat in taken:
        for k, value in seat.get(what, []):
            if str(k) == key:
                out.append(value)
    return out


def _without(full: Sequence[int], taken: Sequence[int]) -> list[int]:
    rest = list(full)
    for value in taken:
        if value in rest:
            rest.remove(value)
    return rest


def goods_room(draft: Draft, good: str) -> list[int]:
    """The tokens a good's pile holds when full, less those already taken (highest first)."""
    return _without(GOODS_TOKENS[good], _taken_values(draft, "goods", good))


def goods_left(draft: Draft, good: str) -> tuple[int, ...]:
    """A good's pile as the draft has it (absent: the full pile less the tokens taken)."""
    return tuple(draft.goods[good]) if good in draft.goods else tuple(goods_room(draft, good))



def _left(piles: Mapping[str, tuple[int, ...]], key: str, room: list[int], n: int) -> dict[str, tuple[int, ...]]:
    """Piles with `n` of `room`'s tokens left on `key` (its lowest; a full pile is left out: the default)."""
    n = max(0, min(n, len(room)))
    out = {k: v for k, v in piles.items() if k != key}
    if n != len(room):
        out[key] = tuple(room[len(room) - n:])
    return out

def set_goods_left(draft: Draft, good: str, n: int) -> Draft:
    """The draft with `n` tokens left on a good's pile: its lowest `n` (tokens are taken from the top)."""
    return replace(draft, goods=_left(draft.goods, good, goods_room(draft, good), n))


def bonus_room(draft: Draft, pile: str) -> list[int]:
    """A bonus pile's tokens not yet taken, in the order the draft's seed shuffles them (top first)."""
    rest = _without(BONUS_TOKENS[int(pile)], _taken_values(draft, "bonus", pile))
    Rng(draft.seed * 7 + int(pile)).shuffle(rest)
    return rest


def bonus_left(draft: Draft, pile: str) -> int:
    """How many tokens a bonus pile holds in the draft."""
    return len(draft.bonus[pile]) if pile in draft.bonus else len(bonus_room(draft, pile))


def set_bonus_left(draft: Draft, pile: str, n: int) -> Draft:
    """The draft with `n` tokens left on a bonus pile (their values hidden in play, dealt by the seed)."""
    if pile not in BONUS_PILES:
        raise ValueError(f"not a bonus pile: {pile!r}")
    return replace(draft, bonus=_left(draft.bonus, pile, bonus_room(draft, pile), n))


def set_turn(draft: Draft, seat: int) -> Draft:
    """The draft with `seat` to move."""
    return replace(draft, to_move=seat)


def set_round(draft: Draft, rnd: int, seals: tuple[int, int]) -> Draft:
    """The draft in round `rnd` with the seals each seat holds."""
    return replace(draft, round=rnd, seals=seals)


def draft_data(draft: Draft) -> dict[str, Any]:
    """The draft as position JSON, only the fields that differ from the defaults (links stay short)."""
    data: dict[str, Any] = {"market": draft.market, "hands": list(draft.hands)}
    if draft.discard:
        data["discard"] = draft.discard
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


def position_of(draft: Draft) -> Position | None:
    """The draft's position, or None while it is not one."""
    try:
        return position_from_json(draft_data(draft))
    except JaipurError:
        return None


def from_position(position: Position) -> Draft:
    """A draft of a position (any position, or a replay's step) to edit further. Not kept: the deck's order (the
    draft's seed shuffles the cards placed nowhere into the deck) and the public memory of the cards taken
    (`known`, which a hand edited by the author could contradict): both start afresh."""
    data = position_to_json(position)
    kept: dict[str, Any] = {}
    if data["mode"] != "standard":
        kept["mode"] = data["mode"]
    if data["starter"] != data["to_move"]:
        kept["starter"] = data["starter"]
    if any(t["goods"] or t["bonus"] for t in data["taken"]):
        kept["taken"] = data["taken"]
    draft = Draft(market=data["market"], hands=(data["hands"][0], data["hands"][1]), discard=data["discard"],
                  herds=(data["herds"][0], data["herds"][1]), to_move=data["to_move"], round=data["round"],
                  seals=(data["seals"][0], data["seals"][1]),
                  bonus={k: tuple(v) for k, v in data["bonus"].items()}, seed=data["seed"], kept=kept)
    goods = {g: tuple(v) for g, v in data["goods"].items() if list(v) != goods_room(draft, g)}
    return replace(draft, goods=goods)

def from_view(seen: View, seed: int) -> Draft:
    """A draft of what one seat may see of a position being played: the cards, token values and deck order
    hidden from it are dealt afresh from `seed` (`determinize`), so nothing hidden reaches the editor."""
    return replace(from_position(determinize(seen, Rng(seed))), seed=seed)
