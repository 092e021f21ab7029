"""The 70 secret items of a round and the places of the deal.

A round hides the order of the 52 cards left once three camels lie in the market, and the values of the 18
bonus tokens. Each is an item with its own public label, and so its own group element: never one element for
all diamonds (equal encodings would survive encryption and name the card). A shuffle moves items only
within their group: cards among the 52 card places, each bonus pile among its own places.

Places of the deal (card places 0–51, as `jaipur.rules.deal_from` lays them out): 0–4 the inviter's hand
(seat 0), 5–9 the friend's hand (seat 1), 10–11 the market (beside the three camels), 12–51 the deck, top
first. Bonus places 52–58 the 3-card pile, 59–64 the 4-card pile, 65–69 the 5-card pile, top first.

>>> CARD_LETTERS[:7], len(CARD_LETTERS), ITEMS
('DDDDDDG', 52, 70)
>>> item_name(0), item_name(52), item_name(69)
('D', '3:1', '5:10')
"""

from __future__ import annotations

from ..cards import BONUS_SIZES, BONUS_TOKENS, CAMEL_INDEX, DEAL, DECK_COUNTS, MARKET_CAMELS, letters_of

_REST = list(DECK_COUNTS)
_REST[CAMEL_INDEX] -= MARKET_CAMELS
CARD_LETTERS = letters_of(tuple(_REST))
"""The letter of each card item 0–51, in canonical order."""
CARDS = len(CARD_LETTERS)
BONUS_VALUES: tuple[tuple[int, int], ...] = tuple((size, v) for size in BONUS_SIZES for v in BONUS_TOKENS[size])
"""(pile, value) of each bonus item 52–69."""
ITEMS = CARDS + len(BONUS_VALUES)

GROUPS: tuple[range, ...] = (range(0, CARDS),) + tuple(
    range(CARDS + sum(len(BONUS_TOKENS[s]) for s in BONUS_SIZES[:k]),
          CARDS + sum(len(BONUS_TOKENS[s]) for s in BONUS_SIZES[:k + 1])) for k in range(len(BONUS_SIZES)))
"""The places (and items) a shuffle permutes among: the cards, then each bonus pile."""
BONUS_PILES: tuple[range, ...] = GROUPS[1:]

HANDS: tuple[range, range] = (range(0, DEAL), range(DEAL, 2 * DEAL))
"""The card places dealt to each seat."""
MARKET_PLACES = (2 * DEAL, 2 * DEAL + 1)
"""The two card places dealt to the market."""
DECK_TOP = 2 * DEAL + 2
"""The first place of the deck: refills draw places DECK_TOP, DECK_TOP + 1, … in order."""
FIXED_CAMELS = (100, 101, 102)
"""References of the three camels placed face up before the deal (public, never encrypted)."""


def group_of(place: int) -> range:
    """The group a place (or an item) belongs to."""
    for g in GROUPS:
        if place in g:
            return g
    raise ValueError(f"no place {place}")


def item_name(item: int) -> str:
    """A card item's letter, or a bonus item as "pile:value"."""
    if item < CARDS:
        return CARD_LETTERS[item]
    size, value = BONUS_VALUES[item - CARDS]
    return f"{size}:{value}"


def letter_of(item: int) -> str:
    """The card letter of a card item (fixed camels are camels)."""
    if item in FIXED_CAMELS:
        return "M"
    return CARD_LETTERS[item]


def label(game: bytes, item: int) -> bytes:
    """The public label an item's group element is hashed from (bound to the game)."""
    return b"jaipur-fair/1|" + game + b"|item|" + str(item).encode() + b"|" + item_name(item).encode()
