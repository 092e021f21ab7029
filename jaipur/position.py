"""The position: everything on the table, its JSON form, and the checks on bad input."""

from __future__ import annotations

import json
from typing import Any

from . import safejson
from .cards import (
    BONUS_SIZES,
    BONUS_TOKENS,
    CAMEL_INDEX,
    DECK_COUNTS,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    MARKET_SIZE,
    NAMES,
    ORDER,
    counts_of,
    letters_of,
)
from .errors import BadPositionError
from .rng import Rng, round_rng
from .scoring import result
from .types import RoundResult

FORMAT = "jaipur-position/1"
MODES = ("standard", "single-round")
PLAYING = "playing"
ROUND_OVER = "round-over"
MATCH_OVER = "match-over"
MAX_SEED = (1 << 64) - 1

Counts = tuple[int, ...]
NOTHING = (0, 0, 0, 0, 0, 0, 0)
NOTHING_KNOWN: tuple[Counts, Counts] = (NOTHING, NOTHING)
"""Public memory at the start of a round: neither seat knows any card of the other's hand."""
GoodsToken = tuple[str, int]
BonusToken = tuple[int, int]
TakenGoods = tuple[tuple[GoodsToken, ...], tuple[GoodsToken, ...]]
TakenBonus = tuple[tuple[BonusToken, ...], tuple[BonusToken, ...]]


class Position:
    """A full position of a match (hidden parts included). Treat it as immutable.

    Cards are kept as counts in canonical order `D G S C P L M`: `market` and
    each hand are 7-tuples (a hand's camel slot is always 0), `discard` too.
    `deck` is a string, top card first. `goods` holds the six remaining token
    piles (top first), `bonus` the remaining 3-, 4- and 5-card bonus piles.
    `seals` are the seals held when this round began; a finished round's
    new seals are in `result["seals"]` (see `jaipur.rules.result`).
    `known` is the round's public memory: for each seat, counts (same order,
    camel slot 0) of that seat's hand cards the OTHER seat knows are there,
    from the moves it watched (goods taken from the market, not since sold or
    given back); it never exceeds the hand and a new round forgets it.
    """

    __slots__ = (
        "mode", "round", "seals", "to_move", "starter", "market", "hands", "herds",
        "deck", "discard", "goods", "bonus", "taken_goods", "taken_bonus", "seed", "known",
    )

    def __init__(
        self,
        mode: str,
        round: int,
        seals: tuple[int, int],
        to_move: int,
        starter: int,
        market: Counts,
        hands: tuple[Counts, Counts],
        herds: tuple[int, int],
        deck: str,
        discard: Counts,
        goods: tuple[tuple[int, ...], ...],
        bonus: tuple[tuple[int, ...], ...],
        taken_goods: tuple[tuple[GoodsToken, ...], tuple[GoodsToken, ...]],
        taken_bonus: tuple[tuple[BonusToken, ...], tuple[BonusToken, ...]],
        seed: int,
        known: tuple[Counts, Counts] = NOTHING_KNOWN,
    ) -> None:
        self.mode = mode
        self.round = round
        self.seals = seals
        self.to_move = to_move
        self.starter = starter
        self.market = market
        self.hands = hands
        self.herds = herds
        self.deck = deck
        self.discard = discard
        self.goods = goods
        self.bonus = bonus
        self.taken_goods = taken_goods
        self.taken_bonus = taken_bonus
        self.seed = seed
        self.known = known

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<Position round {self.round} {self.status} to_move={self.to_move} "
            f"market={letters_of(self.market)} hands={letters_of(self.hands[0])}/"
            f"{letters_of(self.hands[1])} herds={self.herds} deck={len(self.deck)}>"
        )

    @property
    def round_over(self) -> bool:
        """True once the round has ended (R21: three goods piles empty; R22: the market could not be refilled)."""
        return sum(self.market) < MARKET_SIZE or sum(1 for pile in self.goods if not pile) >= 3

    @property
    def status(self) -> str:
        """`playing`, `round-over` or `match-over`."""
        if not self.round_over:
            return PLAYING
        return MATCH_OVER if result(self)["match_winner"] is not None else ROUND_OVER

    @property
    def result(self) -> RoundResult | None:
        """The finished round's result (see `jaipur.rules.result`), or None while the round goes on."""
        if not self.round_over:
            return None
        return result(self)

    def hand_size(self, seat: int) -> int:
        """How many cards a seat holds in hand (camels in the herd never count)."""
        return sum(self.hands[seat])


# ---------------------------------------------------------------- writing


def position_to_json(position: Position) -> dict[str, Any]:
    """Every field of the position as JSON-ready data (status and result too)."""
    p = position
    out: dict[str, Any] = {
        "format": FORMAT,
        "mode": p.mode,
        "round": p.round,
        "seals": list(p.seals),
        "to_move": p.to_move,
        "starter": p.starter,
        "market": letters_of(p.market),
        "hands": [letters_of(h) for h in p.hands],
        "herds": list(p.herds),
        "deck": p.deck,
        "discard": letters_of(p.discard),
        "goods": {g: list(p.goods[i]) for i, g in enumerate(GOODS)},
        "bonus": {str(size): list(p.bonus[i]) for i, size in enumerate(BONUS_SIZES)},
        "taken": [
            {
                "goods": [[g, v] for g, v in p.taken_goods[s]],
                "bonus": [[size, v] for size, v in p.taken_bonus[s]],
            }
            for s in (0, 1)
        ],
        "seed": p.seed,
        "known": [letters_of(k) for k in p.known],
        "status": p.status,
    }
    res = p.result
    if res is not None:
        out["result"] = res
    return out


# ---------------------------------------------------------------- reading

KNOWN_FIELDS = {
    "format", "mode", "round", "seals", "to_move", "starter", "market", "hands", "herds",
    "deck", "discard", "goods", "bonus", "taken", "seed", "known", "status", "result",
    "caption", "solution", "players",
}
"""Fields a position may carry; `caption`, `solution` and `players` are for the page and ignored here."""


def _bad(message: str) -> BadPositionError:
    return BadPositionError(message)


def _int(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"'{key}' must be a whole number, not {json.dumps(value)[:30]}.")
    if not low <= value <= high:
        raise _bad(f"'{key}' must be between {low} and {high}, not {value}.")
    return value


def _pair(data: dict[str, Any], key: str, default: list[int], low: int, high: int) -> tuple[int, int]:
    value = data.get(key, default)
    if not isinstance(value, list) or len(value) != 2:
        raise _bad(f"'{key}' must be a list of two numbers, one per seat.")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise _bad(f"Each of '{key}' must be a whole number from {low} to {high}.")
    return (value[0], value[1])


def _cards(value: Any, what: str, camels: bool = True) -> str:
    if not isinstance(value, str):
        raise _bad(f"{what} must be a string of card letters (D G S C P L M).")
    letters = value.strip()
    if not letters.isascii():
        raise _bad(f"{what} must use only the card letters D G S C P L M.")
    letters = letters.upper()
    for ch in letters:
        if ch not in ORDER:
            raise _bad(f"{what} holds '{ch[:1]}', which is not a card letter (D G S C P L M).")
        if ch == "M" and not camels:
            raise _bad(f"{what} cannot hold camels: camels go to the herd (R6) and are never sold (R15).")
    return letters


def _is_good(value: Any) -> bool:
    """Whether a value is one goods letter."""
    return isinstance(value, str) and len(value) == 1 and value in GOODS


def _token_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise _bad(f"{what} must be a list of token values.")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise _bad(f"{what} must hold whole numbers only.")
    return list(value)


def _sub_multiset(part: list[int], whole: tuple[int, ...]) -> int | None:
    """A value in `part` that `whole` cannot supply, or None when part fits inside whole."""
    pool = list(whole)
    for v in part:
        if v in pool:
            pool.remove(v)
        else:
            return v
    return None


def _remove_taken(full: tuple[int, ...], taken: list[int]) -> list[int]:
    pile = list(full)
    for v in taken:
        if v in pile:
            pile.remove(v)
    return pile


def _known(value: Any, hands: tuple[Counts, Counts]) -> tuple[Counts, Counts]:
    """Read the public memory: per seat, letters of hand cards the other seat knows; never more than the hand."""
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("'known' must be a list of two strings of card letters, one per seat, like [\"DD\", \"\"].")
    known: list[Counts] = []
    for s, raw in enumerate(value):
        counts = counts_of(_cards(raw, f"What seat {1 - s} knows of seat {s}'s hand ('known')", camels=False))
        for i, n in enumerate(counts):
            if n > hands[s][i]:
                raise _bad(
                    f"'known' says seat {1 - s} knows of {n} {NAMES[ORDER[i]]} card(s) in seat {s}'s hand, "
                    f"but that hand holds {hands[s][i]}."
                )
        known.append(counts)
    return (known[0], known[1])


def _json_object(data: Any) -> dict[str, Any]:
    """Read JSON text or data: a JSON object, nested no deeper than safejson allows."""
    if isinstance(data, (str, bytes)):
        try:
            data = safejson.loads(data, "The position")
        except safejson.JsonLimitError as exc:
            raise _bad(exc.message) from None
    elif safejson.data_depth(data) > safejson.MAX_DEPTH:
        raise _bad(f"The position is nested more than {safejson.MAX_DEPTH} levels deep; positions nest far less.")
    if not isinstance(data, dict):
        raise _bad("A position must be a JSON object with at least 'market' and 'hands'.")
    return data


def _check_fields(data: dict[str, Any]) -> None:
    """Every field is one a position may carry, and 'format' (if given) is jaipur-position/1."""
    unknown = sorted(str(k) for k in data if k not in KNOWN_FIELDS)
    if unknown:
        raise _bad(f"Unknown field '{str(unknown[0])[:30]}' in the position.")
    if data.get("format", FORMAT) != FORMAT:
        raise _bad(f"This reads '{FORMAT}' positions, not {json.dumps(data.get('format'))[:40]}.")


def _mode(data: dict[str, Any]) -> str:
    """Read 'mode': 'standard' (the default) or 'single-round'."""
    mode: str = data.get("mode", "standard")
    if mode not in MODES:
        raise _bad("'mode' must be 'standard' or 'single-round'.")
    return mode


def _round_and_seals(data: dict[str, Any], mode: str) -> tuple[int, tuple[int, int]]:
    """Read 'round' (1-3, only 1 in a single round) and 'seals' (0 or 1 each, at most one per round played)."""
    rnd = _int(data, "round", 1, 1, 3 if mode == "standard" else 1)
    seals = _pair(data, "seals", [0, 0], 0, 1 if mode == "standard" else 0)
    if sum(seals) > rnd - 1:
        raise _bad(f"Only {rnd - 1} round(s) came before round {rnd}, so at most {rnd - 1} seal(s) can be held.")
    return rnd, seals


def _check_market_and_hands_given(data: dict[str, Any]) -> None:
    """A position gives at least 'market' and 'hands'; everything else has a default."""
    if "market" not in data or "hands" not in data:
        raise _bad("A position needs at least 'market' (5 cards) and 'hands' (two strings of cards).")


def _hands(value: Any) -> tuple[str, str]:
    """Read 'hands': two strings of goods letters, no camels, at most 7 cards each (R14)."""
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("'hands' must be a list of two strings of cards, one per seat.")
    hands = [_cards(h, f"Seat {s}'s hand", camels=False) for s, h in enumerate(value)]
    for s, h in enumerate(hands):
        if len(h) > HAND_LIMIT:
            raise _bad(f"Seat {s}'s hand holds {len(h)} cards, but a hand holds at most {HAND_LIMIT} (R14).")
    return (hands[0], hands[1])


def _check_market_size(market: str) -> None:
    """The market holds at most 5 cards (R10)."""
    if len(market) > MARKET_SIZE:
        raise _bad(f"The market holds {len(market)} cards; it holds 5 (R10).")


def _goods_token(seat: int, item: Any) -> GoodsToken:
    """Read one taken goods token: a pair of one goods letter and a whole number, like ["D", 7]."""
    if (not isinstance(item, list) or len(item) != 2 or not _is_good(item[0])
            or isinstance(item[1], bool) or not isinstance(item[1], int)):
        raise _bad(f"Seat {seat}'s goods tokens must be pairs like [\"D\", 7].")
    return (item[0], item[1])


def _bonus_token(seat: int, item: Any) -> BonusToken:
    """Read one taken bonus token: a pair of its pile (the whole number 3, 4 or 5) and a whole number, like [3, 2]."""
    if (not isinstance(item, list) or len(item) != 2 or isinstance(item[0], bool)
            or not isinstance(item[0], int) or item[0] not in BONUS_SIZES
            or isinstance(item[1], bool) or not isinstance(item[1], int)):
        raise _bad(f"Seat {seat}'s bonus tokens must be pairs like [3, 2] (pile, value).")
    return (item[0], item[1])


def _taken_by(seat: int, value: Any) -> tuple[tuple[GoodsToken, ...], tuple[BonusToken, ...]]:
    """Read one seat's taken tokens: an object whose 'goods' and 'bonus' (each empty by default) are token lists."""
    if not isinstance(value, dict) or set(value) - {"goods", "bonus"}:
        raise _bad(f"Seat {seat}'s taken tokens must be an object with 'goods' and 'bonus'.")
    goods_list = value.get("goods", [])
    bonus_list = value.get("bonus", [])
    if not isinstance(goods_list, list) or not isinstance(bonus_list, list):
        raise _bad(f"Seat {seat}'s taken goods and bonus tokens must be lists.")
    goods = tuple(_goods_token(seat, item) for item in goods_list)
    return goods, tuple(_bonus_token(seat, item) for item in bonus_list)


def _taken(data: dict[str, Any]) -> tuple[TakenGoods, TakenBonus]:
    """Read 'taken': a list of two objects, one per seat, of the tokens it took (none by default)."""
    value = data.get("taken", [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}])
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("'taken' must be a list of two objects, one per seat.")
    (goods0, bonus0), (goods1, bonus1) = _taken_by(0, value[0]), _taken_by(1, value[1])
    return (goods0, goods1), (bonus0, bonus1)


def _goods_pile(g: str, piles: dict[str, Any], taken: list[int]) -> tuple[int, ...]:
    """Read one goods pile (highest first; by default full less those taken): no token beyond the real pile (R2)."""
    if g in piles:
        pile = _token_list(piles[g], f"The {NAMES[g]} pile")
        if any(a < b for a, b in zip(pile, pile[1:])):
            raise _bad(f"The {NAMES[g]} pile must be listed highest value first (R2).")
    else:
        pile = _remove_taken(GOODS_TOKENS[g], taken)
    extra = _sub_multiset(pile + taken, GOODS_TOKENS[g])
    if extra is not None:
        raise _bad(
            f"There is no further {NAMES[g]} token of value {extra}: the pile is "
            f"{' '.join(map(str, GOODS_TOKENS[g]))} (R2)."
        )
    return tuple(pile)


def _goods_piles(data: dict[str, Any], taken_goods: TakenGoods) -> tuple[tuple[int, ...], ...]:
    """Read 'goods': an object of token piles keyed by goods letter (D G S C P L), in that order."""
    piles = data.get("goods", {})
    if not isinstance(piles, dict):
        raise _bad("'goods' must be an object of token piles, like {\"D\": [7, 5, 5]}.")
    for key in piles:
        if not _is_good(key):
            raise _bad(f"'goods' has a pile for '{str(key)[:10]}', which is not a good (D G S C P L).")
    return tuple(
        _goods_pile(g, piles, [v for s in (0, 1) for (tg, v) in taken_goods[s] if tg == g]) for g in GOODS
    )


def _bonus_pile(size: int, piles: dict[str, Any], taken: list[int], fill: Rng) -> tuple[int, ...]:
    """Read one bonus pile (by default the rest of it, shuffled by the seed): no token beyond the real pile (R3)."""
    if str(size) in piles:
        pile = _token_list(piles[str(size)], f"The {size}-card bonus pile")
    else:
        pile = _remove_taken(BONUS_TOKENS[size], taken)
        fill.shuffle(pile)
    extra = _sub_multiset(pile + taken, BONUS_TOKENS[size])
    if extra is not None:
        raise _bad(
            f"There is no further {size}-card bonus token of value {extra}: that pile is "
            f"{' '.join(map(str, BONUS_TOKENS[size]))} (R3)."
        )
    return tuple(pile)


def _bonus_piles(data: dict[str, Any], taken_bonus: TakenBonus, fill: Rng) -> tuple[tuple[int, ...], ...]:
    """Read 'bonus': an object of the 3-, 4- and 5-card bonus piles keyed "3", "4" and "5", in that order."""
    piles = data.get("bonus", {})
    if not isinstance(piles, dict):
        raise _bad("'bonus' must be an object of piles, like {\"3\": [2, 1, 3]}.")
    for key in piles:
        if key not in ("3", "4", "5"):
            raise _bad(f"'bonus' has a pile '{str(key)[:10]}'; the piles are \"3\", \"4\" and \"5\".")
    return tuple(
        _bonus_pile(size, piles, [v for s in (0, 1) for (ts, v) in taken_bonus[s] if ts == size], fill)
        for size in BONUS_SIZES
    )


def _given_deck(data: dict[str, Any]) -> str | None:
    """Read 'deck' if the position gives it: a string of card letters, top card first."""
    return _cards(data["deck"], "The deck") if "deck" in data else None


def _placed(cards: str, herds: tuple[int, int], deck: str | None) -> list[int]:
    """Count the cards the position places: the given letters, the herds' camels and the given deck."""
    placed = list(counts_of(cards + (deck or "")))
    placed[CAMEL_INDEX] += herds[0] + herds[1]
    return placed


def _check_card_counts(placed: list[int]) -> None:
    """No kind of card is placed more often than the game has it (R1)."""
    for i, n in enumerate(placed):
        if n > DECK_COUNTS[i]:
            raise _bad(
                f"The position holds {n} {NAMES[ORDER[i]]} cards, but the game has only {DECK_COUNTS[i]} (R1)."
            )


def _deck_and_discard(deck: str | None, discard: str, placed: list[int], fill: Rng) -> tuple[str, Counts]:
    """Place the missing cards: in the discard pile when the deck is given, else shuffled by the seed into the deck."""
    missing = [DECK_COUNTS[i] - placed[i] for i in range(7)]
    discard_counts = list(counts_of(discard))
    if deck is not None:
        return deck, tuple(d + m for d, m in zip(discard_counts, missing))
    rest = list(letters_of(tuple(missing)))
    fill.shuffle(rest)
    return "".join(rest), tuple(discard_counts)


def _check_market_refilled(market: str, deck: str) -> None:
    """A market of fewer than 5 cards means the deck ran out: it is refilled after every turn (R10)."""
    if len(market) < MARKET_SIZE and deck:
        raise _bad(
            f"The market holds {len(market)} cards while the deck still has {len(deck)}: "
            "the market is refilled to 5 after every turn (R10)."
        )


def _check_status(status: Any, position: Position) -> None:
    """A 'status' given agrees with the one the cards and tokens make."""
    if status is not None and status != position.status:
        raise _bad(f"The position says '{str(status)[:20]}' but its cards and tokens make it '{position.status}'.")


def position_from_json(data: Any) -> Position:
    """Read a position from JSON text or data, filling defaults and refusing bad input.

    Raises BadPositionError with a sentence saying what is wrong.

    >>> p = position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"], "seed": 3})
    >>> p.hand_size(0), len(p.deck)
    (3, 44)
    """
    data = _json_object(data)
    _check_fields(data)
    mode = _mode(data)
    rnd, seals = _round_and_seals(data, mode)
    to_move = _int(data, "to_move", 0, 0, 1)
    starter = _int(data, "starter", to_move, 0, 1)
    seed = _int(data, "seed", 0, 0, MAX_SEED)
    _check_market_and_hands_given(data)
    market = _cards(data["market"], "The market")
    hands = _hands(data["hands"])
    herds = _pair(data, "herds", [0, 0], 0, DECK_COUNTS[CAMEL_INDEX])
    discard = _cards(data.get("discard", ""), "The discard pile")
    _check_market_size(market)
    taken_goods, taken_bonus = _taken(data)
    fill = round_rng(seed, 0)  # one stream, in this order: the bonus piles left out, then the deck left out
    goods = _goods_piles(data, taken_goods)
    bonus = _bonus_piles(data, taken_bonus, fill)
    deck = _given_deck(data)
    placed = _placed(market + "".join(hands) + discard, herds, deck)
    _check_card_counts(placed)
    deck, discard_counts = _deck_and_discard(deck, discard, placed, fill)
    hand_counts = (counts_of(hands[0]), counts_of(hands[1]))
    known = _known(data.get("known", ["", ""]), hand_counts)
    position = Position(
        mode=mode, round=rnd, seals=seals, to_move=to_move, starter=starter,
        market=counts_of(market), hands=hand_counts, herds=herds, deck=deck, discard=discard_counts,
        goods=goods, bonus=bonus, taken_goods=taken_goods, taken_bonus=taken_bonus, seed=seed, known=known,
    )
    _check_market_refilled(market, deck)
    _check_status(data.get("status"), position)
    return position
