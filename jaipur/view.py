"""What one seat may see (R19, R20), and determinization of the hidden rest for search bots."""

from __future__ import annotations

from .cards import BONUS_SIZES, BONUS_TOKENS, CAMEL_INDEX, DECK_COUNTS, GOODS, counts_of, letters_of
from .errors import JaipurError
from .position import Position
from .rng import MASK64, Rng
from .types import TakenView, View

VIEW_FORMAT = "jaipur-view/1"


def view(position: Position, seat: int) -> View:
    """Everything `seat` may see, as JSON-ready data: no opponent card, no deck order,
    no opponent bonus value (until the round is scored), no seed.

    >>> from jaipur import new_match
    >>> v = view(new_match(seed=1), 0)
    >>> v["deck_size"], "deck" in v, "seed" in v
    (40, False, False)
    """
    if isinstance(seat, bool) or seat not in (0, 1):
        raise JaipurError("The seat must be 0 or 1.", "bad-position")
    p = position
    other = 1 - seat
    scored = p.round_over
    taken: list[TakenView] = []
    for s in (0, 1):
        show = s == seat or scored
        taken.append({
            "goods": [[g, v] for g, v in p.taken_goods[s]],
            "bonus": [[size, v if show else None] for size, v in p.taken_bonus[s]],
        })
    out: View = {
        "format": VIEW_FORMAT,
        "seat": seat,
        "mode": p.mode,
        "round": p.round,
        "seals": list(p.seals),
        "to_move": p.to_move,
        "starter": p.starter,
        "market": letters_of(p.market),
        "hand": letters_of(p.hands[seat]),
        "opponent_hand_size": sum(p.hands[other]),
        "herds": list(p.herds),
        "deck_size": len(p.deck),
        "discard": letters_of(p.discard),
        "goods": {g: list(p.goods[i]) for i, g in enumerate(GOODS)},
        "bonus_sizes": {str(size): len(p.bonus[i]) for i, size in enumerate(BONUS_SIZES)},
        "taken": taken,
        "known": [letters_of(k) for k in p.known],
        "status": p.status,
    }
    res = p.result
    if res is not None:
        out["result"] = res
    return out


def unseen_cards(v: View) -> tuple[int, ...]:
    """Counts of the cards this seat cannot see (the opponent's hand and the deck together)."""
    seen = list(counts_of(v["market"] + v["hand"] + v["discard"]))
    seen[CAMEL_INDEX] += v["herds"][0] + v["herds"][1]
    return tuple(DECK_COUNTS[i] - seen[i] for i in range(7))


def determinize(v: View, rng: Rng) -> Position:
    """A full position consistent with the view: the hidden cards and bonus values dealt at random.

    The opponent's hand holds the cards the view says this seat knows of it
    (`known`, public memory); every other unseen physical card is equally
    likely to be anywhere hidden: the unseen goods left are shuffled and the
    rest of the opponent's hand taken from them, the remainder (with the
    unseen camels) shuffled into the deck; unseen bonus values go at random to
    the opponent's bonus tokens and the remaining piles. A view without
    `known` (older callers) means nothing is known.

    >>> from jaipur import new_match
    >>> p = determinize(view(new_match(seed=1), 0), Rng(7))
    >>> view(p, 0) == view(new_match(seed=1), 0)
    True
    """
    return Dealer(v).deal(rng)


class Dealer:
    """Deals positions consistent with one view, again and again (what `determinize` does once).

    A search deals thousands of positions from the same view; the dealer reads
    the view once and keeps only what varies between deals: the shuffles of
    the unseen goods, the deck and the unseen bonus values, drawn from `rng`
    in the same order as always, so `Dealer(v).deal(rng)` is exactly
    `determinize(v, rng)`.

    >>> from jaipur import new_match
    >>> v = view(new_match(seed=1), 0)
    >>> Dealer(v).deal(Rng(7)) == determinize(v, Rng(7))
    True
    """

    __slots__ = ("_v", "_seat", "_pool", "_n", "_known", "_theirs_known", "_camels", "_bonus_pools", "_slots",
                 "_pile_sizes", "_taken_bonus", "_own_hand", "_fixed")

    def __init__(self, v: View) -> None:
        seat = v["seat"]
        unseen = unseen_cards(v)
        known_letters = v.get("known", ["", ""])
        known = (counts_of(known_letters[0]), counts_of(known_letters[1]))
        theirs_known = known[1 - seat]
        free = [unseen[i] - theirs_known[i] for i in range(6)]
        n = v["opponent_hand_size"] - sum(theirs_known)
        if min(free) < 0 or n < 0:
            raise JaipurError("The view is inconsistent: it knows of more cards than are unseen or held.", "bad-position")
        pool = list(letters_of(tuple(free) + (0,)))
        if n > len(pool):
            raise JaipurError("The view is inconsistent: fewer unseen goods than the opponent holds.", "bad-position")
        self._v = v
        self._seat = seat
        self._pool = pool
        self._n = n
        self._known = known
        self._theirs_known = theirs_known
        self._camels = ["M"] * unseen[CAMEL_INDEX]
        # bonus tokens: own values are known; the opponent's (unless revealed) and the piles are not
        pools: list[list[int]] = []
        slots: list[list[tuple[int, int]]] = []  # per size, the (seat, slot index) of each hidden value, in deal order
        for size in BONUS_SIZES:
            values = list(BONUS_TOKENS[size])
            hidden: list[tuple[int, int]] = []
            for s in (0, 1):
                for index, (tsize, value) in enumerate(v["taken"][s]["bonus"]):
                    if tsize != size:
                        continue
                    if value is None:
                        hidden.append((s, index))
                    else:
                        values.remove(value)
            pools.append(values)
            slots.append(hidden)
        self._bonus_pools = pools
        self._slots = slots
        self._pile_sizes = [v["bonus_sizes"][str(size)] for size in BONUS_SIZES]
        self._taken_bonus = [[(t[0], t[1]) for t in v["taken"][s]["bonus"]] for s in (0, 1)]  # hidden values: None
        self._own_hand = counts_of(v["hand"])
        self._fixed = (
            (v["seals"][0], v["seals"][1]),
            counts_of(v["market"]),
            (v["herds"][0], v["herds"][1]),
            counts_of(v["discard"]),
            tuple(tuple(v["goods"][g]) for g in GOODS),
            tuple(tuple((g, val) for g, val in v["taken"][s]["goods"]) for s in (0, 1)),
        )

    def deal(self, rng: Rng) -> Position:
        """One full position consistent with the view, its hidden parts drawn from `rng`."""
        v = self._v
        goods_pool = self._pool[:]
        rng.shuffle(goods_pool)
        n = self._n
        theirs_known = self._theirs_known
        drawn = counts_of("".join(goods_pool[:n]))
        their_hand = tuple(drawn[i] + theirs_known[i] for i in range(7))
        deck = goods_pool[n:] + self._camels
        rng.shuffle(deck)
        taken = [self._taken_bonus[0][:], self._taken_bonus[1][:]]
        bonus: list[tuple[int, ...]] = []
        for k in range(len(BONUS_SIZES)):
            values = self._bonus_pools[k][:]
            rng.shuffle(values)
            for s, index in self._slots[k]:
                taken[s][index] = (taken[s][index][0], values.pop())
            bonus.append(tuple(values[: self._pile_sizes[k]]))
        hands = (self._own_hand, their_hand) if self._seat == 0 else (their_hand, self._own_hand)
        seals, market, herds, discard, goods, taken_goods = self._fixed
        return Position(
            mode=v["mode"],
            round=v["round"],
            seals=seals,
            to_move=v["to_move"],
            starter=v["starter"],
            market=market,
            hands=hands,
            herds=herds,
            deck="".join(deck),
            discard=discard,
            goods=goods,
            bonus=tuple(bonus),
            taken_goods=taken_goods,  # type: ignore[arg-type]
            taken_bonus=(tuple(taken[0]), tuple(taken[1])),
            seed=rng.next64() & MASK64,
            known=self._known,
        )
