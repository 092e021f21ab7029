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
    seat = v["seat"]
    unseen = unseen_cards(v)
    known_letters = v.get("known", ["", ""])
    known = (counts_of(known_letters[0]), counts_of(known_letters[1]))
    theirs_known = known[1 - seat]
    free = [unseen[i] - theirs_known[i] for i in range(6)]
    n = v["opponent_hand_size"] - sum(theirs_known)
    if min(free) < 0 or n < 0:
        raise JaipurError("The view is inconsistent: it knows of more cards than are unseen or held.", "bad-position")
    goods_pool = list(letters_of(tuple(free) + (0,)))
    rng.shuffle(goods_pool)
    if n > len(goods_pool):
        raise JaipurError("The view is inconsistent: fewer unseen goods than the opponent holds.", "bad-position")
    drawn = counts_of("".join(goods_pool[:n]))
    their_hand = tuple(drawn[i] + theirs_known[i] for i in range(7))
    deck = goods_pool[n:] + ["M"] * unseen[CAMEL_INDEX]
    rng.shuffle(deck)
    # bonus tokens: own values are known; the opponent's (unless revealed) and the piles are not
    taken_bonus: list[list[tuple[int, int]]] = [[], []]
    bonus: list[tuple[int, ...]] = []
    for size in BONUS_SIZES:
        pool = list(BONUS_TOKENS[size])
        for s in (0, 1):
            for tsize, value in v["taken"][s]["bonus"]:
                if tsize == size and value is not None:
                    pool.remove(value)
        rng.shuffle(pool)
        for s in (0, 1):
            slots = v["taken"][s]["bonus"]
            for tsize, value in slots:
                if tsize != size:
                    continue
                if value is None:
                    value = pool.pop()
                taken_bonus[s].append((tsize, value))
        bonus.append(tuple(pool[: v["bonus_sizes"][str(size)]]))
    # keep each seat's bonus tokens in their original order
    ordered: list[tuple[tuple[int, int], ...]] = []
    for s in (0, 1):
        by_size = {size: [t for t in taken_bonus[s] if t[0] == size] for size in BONUS_SIZES}
        ordered.append(tuple(by_size[size].pop(0) for size, _ in v["taken"][s]["bonus"]))
    hands = [counts_of(v["hand"]), their_hand]
    if seat == 1:
        hands.reverse()
    return Position(
        mode=v["mode"],
        round=v["round"],
        seals=(v["seals"][0], v["seals"][1]),
        to_move=v["to_move"],
        starter=v["starter"],
        market=counts_of(v["market"]),
        hands=(hands[0], hands[1]),
        herds=(v["herds"][0], v["herds"][1]),
        deck="".join(deck),
        discard=counts_of(v["discard"]),
        goods=tuple(tuple(v["goods"][g]) for g in GOODS),
        bonus=tuple(bonus),
        taken_goods=tuple(tuple((g, val) for g, val in v["taken"][s]["goods"]) for s in (0, 1)),  # type: ignore[arg-type]
        taken_bonus=(ordered[0], ordered[1]),
        seed=rng.next64() & MASK64,
        known=known,
    )
