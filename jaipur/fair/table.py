"""One round as one side holds it, and the table it sees: the decks, the shares, the ledger, the cards it knows,
and a full position made of what it knows with stand-ins for the rest.

The engine plays whole positions, but a side never knows the other's hidden cards, the deck's order or the
bonus values the rules keep from it. So each side plays a *proxy*: the round dealt from the items it knows at
their places and stand-ins elsewhere (the remaining items of each group, goods first in the hands it cannot
see, so no camel stands in a hand). Its view for this side is exactly what this side may see; its hidden parts
are laid out again whenever a card is learned. Nothing here is cryptography: `jaipur.fair.dealing` does that.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cards import counts_of
from ..position import Position
from ..rules import apply, deal_from
from .items import BONUS_PILES, BONUS_VALUES, CARD_LETTERS, CARDS, FIXED_CAMELS, HANDS, ITEMS
from .ledger import Ledger
from .proofs.elgamal import Ciphertext
from .suite import Element

Start = tuple[tuple[int, int], int]
"""A round's seals before it and the seat that starts it."""


@dataclass
class Round:
    """What one side holds of one round: the two shuffled decks, the shares sent, the ledger, what it knows."""

    number: int
    deck1: list[Ciphertext]
    """The friend's shuffle of the public deck."""
    deck1_at: int
    deck2: list[Ciphertext] | None = None
    """The inviter's shuffle of `deck1`: the round's deal."""
    deck2_at: int = 0
    ledger: Ledger | None = None
    shares: dict[int, dict[int, Element]] = field(default_factory=dict)
    """place -> seat -> the share that seat sent (checked by its proof)."""
    opened: dict[int, int] = field(default_factory=dict)
    """place -> item, the cards this side knows."""
    move_at: list[int] = field(default_factory=list)
    """The message number of each move of the ledger."""
    final: Position | None = None
    """The round's last position as this side knows it, once the round is over and its bonus tokens shown."""
    result: Any = None
    """`final`'s result."""
    stand: list[int] | None = None
    """The item this side puts at each place: the true one where it knows it, a stand-in elsewhere."""
    proxy: Position | None = None
    proxy_moves: int = 0
    proxy_start: tuple[Any, ...] = ()
    dirty: bool = False
    """The stand-ins changed since `proxy` was made: its hidden parts are to be laid out again."""
    rebuild: bool = False
    """What changed moves a camel into or out of a hand: the proxy is to be dealt and played again."""

    def copy(self) -> Round:
        """An independent copy of what changes as messages come (the decks, once made, never change)."""
        out = copy.copy(self)
        out.opened, out.move_at = dict(self.opened), list(self.move_at)
        out.shares = {p: dict(s) for p, s in self.shares.items()}
        out.stand = list(self.stand) if self.stand is not None else None
        out.ledger = self.ledger.clone() if self.ledger is not None else None
        return out


def letters(rd: Round) -> Callable[[int], str | None]:
    """What this side knows of each place's card letter (None: not known)."""
    def letter(ref: int) -> str | None:
        if ref in FIXED_CAMELS:
            return "M"
        item = rd.opened.get(ref)
        return None if item is None or item >= CARDS else CARD_LETTERS[item]
    return letter


def stand_ins(rd: Round, blind: tuple[int, ...]) -> list[int]:
    """A deal as this side knows it: the item it knows at each place, stand-ins elsewhere (goods first in the
    unknown dealt places of the seats in `blind`, then the remaining items in order)."""
    stand = [-1] * ITEMS
    for place, item in rd.opened.items():
        stand[place] = item
    used = set(rd.opened.values())
    for group in (range(CARDS), *BONUS_PILES):
        spare = [i for i in group if i not in used]
        if group.start == 0:
            goods = [i for i in spare if CARD_LETTERS[i] != "M"]
            for seat in blind:
                for p in HANDS[seat]:
                    if stand[p] < 0 and goods:   # no goods left: a camel kept hidden (see `camels_kept`)
                        stand[p] = goods.pop(0)
                        spare.remove(stand[p])
        for p in group:
            if stand[p] < 0:
                stand[p] = spare.pop(0)
    return stand


def camels_kept(rd: Round, seat: int) -> bool:
    """Whether `seat`'s hand provably holds a dealt camel it never showed (R6): more of its dealt places are
    still unknown to this side than there are goods this side has not seen anywhere."""
    led = rd.ledger
    if led is None:
        return False
    unknown = [p for p in HANDS[seat] if p in led.hands[seat] and p not in rd.opened]
    seen = set(rd.opened.values())
    unseen_goods = sum(1 for i in range(CARDS) if CARD_LETTERS[i] != "M" and i not in seen)
    return len(unknown) > unseen_goods


def learn(rd: Round, place: int, item: int) -> None:
    """This side now knows the item at a place: put it there in the stand-ins (swapping it with the place that
    stood in for it), marking the proxy to be laid out again (or dealt again when a camel enters a hand)."""
    rd.opened[place] = item
    stand = rd.stand
    if stand is None or stand[place] == item:
        return
    led = rd.ledger
    y = stand.index(item)
    stand[place], stand[y] = stand[y], stand[place]
    rd.dirty = True
    if led is None or place >= CARDS:
        return
    hands = set(led.hands[0]) | set(led.hands[1])
    if (place in hands or y in hands) and "M" in (CARD_LETTERS[stand[place]], CARD_LETTERS[stand[y]]):
        rd.rebuild = True


def dealt(stand: list[int], round_number: int, mode: str, start: Start) -> Position:
    """The position a deal of items (one per place) starts."""
    cards = "".join(CARD_LETTERS[i] for i in stand[:CARDS])
    bonus = tuple(tuple(BONUS_VALUES[stand[q] - CARDS][1] for q in pile) for pile in BONUS_PILES)
    return deal_from(cards, (bonus[0], bonus[1], bonus[2]), round_number, mode, *start)


def proxy(rd: Round, led: Ledger, start: Start | None, mode: str, blind: tuple[int, ...]) -> Position | None:
    """The round as this side sees it, as a full position: the stand-in deal played by the engine, kept up to
    date as moves come and cards are learned; `led` may be a copy of the round's ledger with moves tried on
    top (played on a copy of the proxy)."""
    real = rd.ledger
    if start is None or real is None:
        return None
    if rd.proxy is None or rd.stand is None or rd.proxy_start != start or rd.rebuild:
        rd.stand = stand_ins(rd, blind)
        rd.proxy = dealt(rd.stand, rd.number, mode, start)
        rd.proxy_moves, rd.proxy_start, rd.dirty, rd.rebuild = 0, start, False, False
    while rd.proxy_moves < len(real.moves):   # moves first, on the stand-ins they were checked with
        rd.proxy = apply(rd.proxy, real.moves[rd.proxy_moves][1])
        rd.proxy_moves += 1
    if rd.dirty:
        lay_out(rd)
    p = rd.proxy
    for _, move, _ in led.moves[len(real.moves):]:
        p = apply(p, move)
    return p


def lay_out(rd: Round) -> None:
    """The proxy's hidden parts (market, hands, deck, bonus piles and values) laid out again from the stand-ins
    where the ledger says each place is; its public parts stay."""
    led, p, stand = rd.ledger, rd.proxy, rd.stand
    assert led is not None and p is not None and stand is not None

    def letter(ref: int) -> str:
        return "M" if ref in FIXED_CAMELS else CARD_LETTERS[stand[ref]]

    def token(q: int) -> tuple[int, int]:
        return BONUS_VALUES[stand[q] - CARDS]

    hands = tuple(counts_of("".join(c for c in map(letter, led.hands[s]) if c != "M")) for s in (0, 1))
    bonus = tuple(tuple(token(q)[1] for q in range(led.bonus_next[k], pile.stop))
                  for k, pile in enumerate(BONUS_PILES))
    taken = tuple(tuple(token(q) for q in led.bonus_taken[s]) for s in (0, 1))
    rd.proxy = Position(p.mode, p.round, p.seals, p.to_move, p.starter, counts_of("".join(map(letter, led.market))),
                        (hands[0], hands[1]), p.herds, "".join(map(letter, range(led.deck_next, CARDS))), p.discard,
                        p.goods, bonus, p.taken_goods, (taken[0], taken[1]), p.seed, p.known)
    rd.dirty = False
