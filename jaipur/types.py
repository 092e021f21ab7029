"""The shapes of the engine's JSON-ready data: a seat's view and a finished round's result (see docs/formats.md)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Breakdown(TypedDict):
    """One seat's score of a finished round, by source."""

    goods: int
    bonus: int
    camel: int
    goods_tokens: int
    bonus_tokens: int


class RoundResult(TypedDict):
    """A finished round (R23–R29): `seals` after it, `next_starter` None once the match is over."""

    scores: list[int]
    breakdown: list[Breakdown]
    camel_token: int | None
    winner: int | None
    tiebreak: str | None
    seals: list[int]
    next_starter: int | None
    match_winner: int | str | None
    ended_by: str


class TakenView(TypedDict):
    """A seat's taken tokens as a view shows them: goods `[letter, value]`, bonus `[pile, value or None]`."""

    goods: list[list[Any]]
    bonus: list[list[Any]]


class Coming(TypedDict):
    """In a game with a friend, what is on its way to this seat (`jaipur.fair.FriendGame.view`): how many
    market cards its own move drew and the friend has not opened yet (not in `market`), how many of its own
    bonus tokens' values (None in `taken`), whether the friend's dealt camels are still to be shown (its herd
    and hand size are then as dealt), and whether the round's result waits for the friend's secret."""

    market: int
    bonus: int
    herd: bool
    result: bool


class View(TypedDict):
    """Everything one seat may see (R19, R20): `jaipur.view(position, seat)`."""

    format: str
    seat: int
    mode: str
    round: int
    seals: list[int]
    to_move: int
    starter: int
    market: str
    hand: str
    opponent_hand_size: int
    herds: list[int]
    deck_size: int
    discard: str
    goods: dict[str, list[int]]
    bonus_sizes: dict[str, int]
    taken: list[TakenView]
    known: NotRequired[list[str]]
    status: str
    result: NotRequired[RoundResult]
    coming: NotRequired[Coming]
