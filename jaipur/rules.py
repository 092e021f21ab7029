"""Legal moves, apply, refill, round end, scoring and the match flow (R5–R30)."""

from __future__ import annotations

from operator import mul

from .cards import (
    BONUS_SIZES,
    BONUS_TOKENS,
    CAMEL_INDEX,
    DEAL,
    DECK_COUNTS,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    INDEX,
    MARKET_CAMELS,
    MARKET_SIZE,
    NAMES,
    ORDER,
    PLURALS,
    PRECIOUS,
    counts_of,
    letters_of,
)
from .errors import IllegalMoveError, JaipurError, MatchOverError
from .notation import CAMELS, SELL, TAKE, Move, parse_move
from .position import MATCH_OVER, MODES, Position
from .rng import round_rng
from .scoring import result as result  # re-exported: `jaipur.rules.result` stays

Counts = tuple[int, ...]
_FULL_GOODS = tuple(GOODS_TOKENS[g] for g in GOODS)


# ---------------------------------------------------------------- dealing


def deal(seed: int, round_number: int, mode: str = "standard",
         seals: tuple[int, int] = (0, 0), starter: int | None = None) -> Position:
    """Deal a round from the seed and the round number (R5–R7); round 1's starter comes from the seed (R8).

    The round's generator shuffles the 52 non-market-camel cards (canonical
    order, Fisher–Yates), then the 3-, 4- and 5-card bonus piles; round 1 then
    draws its starter with `below(2)`. The cards are laid out by `deal_from`.
    """
    if mode not in MODES:
        raise JaipurError(f"Unknown mode '{mode}': use 'standard' or 'single-round'.", "bad-position")
    rng = round_rng(seed, round_number)
    rest = list(DECK_COUNTS)
    rest[CAMEL_INDEX] -= MARKET_CAMELS
    cards = list(letters_of(tuple(rest)))
    rng.shuffle(cards)
    bonus = []
    for size in BONUS_SIZES:
        pile = list(BONUS_TOKENS[size])
        rng.shuffle(pile)
        bonus.append(tuple(pile))
    if starter is None:
        starter = rng.below(2)
    return deal_from("".join(cards), (bonus[0], bonus[1], bonus[2]), round_number, mode, seals, starter, seed)


def deal_from(cards: str, bonus: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], round_number: int,
              mode: str, seals: tuple[int, int], starter: int, seed: int = 0) -> Position:
    """Lay out a round from the order of its 52 shuffled cards and its three bonus piles (top first) (R5–R7).

    Seat 0 gets cards 1–5, seat 1 cards 6–10 (each moves its camels to its herd, R6), cards 11–12 join
    the three camels in the market, the rest is the deck, top first. The caller answers for the order
    (a seeded shuffle in `deal`, a shuffle two players made together in `jaipur.fair`).

    >>> p = deal_from("DDGGS" + "CCPPL" + "MM" + "L" * 40, ((1,), (4,), (8,)), 1, "standard", (0, 0), 0)
    >>> p.market, p.herds, len(p.deck)
    ((0, 0, 0, 0, 0, 0, 5), (0, 0), 40)
    """
    hands = []
    herds = []
    for s in (0, 1):
        dealt = list(counts_of(cards[s * DEAL:(s + 1) * DEAL]))
        herds.append(dealt[CAMEL_INDEX])
        dealt[CAMEL_INDEX] = 0
        hands.append(tuple(dealt))
    market = counts_of("M" * MARKET_CAMELS + cards[2 * DEAL:2 * DEAL + 2])
    return Position(
        mode=mode,
        round=round_number,
        seals=seals,
        to_move=starter,
        starter=starter,
        market=market,
        hands=(hands[0], hands[1]),
        herds=(herds[0], herds[1]),
        deck=cards[2 * DEAL + 2:],
        discard=(0,) * 7,
        goods=_FULL_GOODS,
        bonus=bonus,
        taken_goods=((), ()),
        taken_bonus=((), ()),
        seed=seed,
    )


def new_match(seed: int = 0, mode: str = "standard") -> Position:
    """The opening position of a new match.

    >>> p = new_match(seed=1)
    >>> p.round, p.status, sum(p.market)
    (1, 'playing', 5)
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < (1 << 64):
        raise JaipurError("The seed must be a whole number from 0 to 2**64 - 1.", "bad-position")
    return deal(seed, 1, mode)


# ---------------------------------------------------------------- legal moves


_SUBSETS_CACHE: dict[Counts, tuple[tuple[str, ...], ...]] = {}
_SUBSET_CAP = 5
"""No exchange moves more than 5 cards (the market's size), so counts above 5 never matter."""


def _subsets_by_size(counts: Counts) -> tuple[tuple[str, ...], ...]:
    """Every sub-multiset of `counts` (7 slots), as canonical letter strings grouped by size.

    >>> _subsets_by_size((1, 0, 0, 0, 0, 0, 2))[2]
    ('MM', 'DM')
    """
    found = _SUBSETS_CACHE.get(counts)
    if found is None:
        strings = [""]
        for i, c in enumerate(counts):
            if c:
                letter = ORDER[i]
                strings = [s + letter * j for s in strings for j in range(c + 1)]
        groups: list[list[str]] = [[] for _ in range(sum(counts) + 1)]
        for s in strings:
            groups[len(s)].append(s)
        found = _SUBSETS_CACHE[counts] = tuple(tuple(g) for g in groups)
    return found


_TAKES_CACHE: dict[Counts, tuple[tuple[str, Counts, int], ...]] = {}


def _takes(market: Counts) -> tuple[tuple[str, Counts, int], ...]:
    """Every way to take 2+ goods from the market: ('X' + letters, 0 for each good taken else 1, how many)."""
    key = market[:6]
    found = _TAKES_CACHE.get(key)
    if found is None:
        groups = _subsets_by_size(key + (0,))
        found = tuple(
            ("X" + t, tuple(0 if ORDER[i] in t else 1 for i in range(6)), k)
            for k in range(2, len(groups))
            for t in groups[k]
        )
        _TAKES_CACHE[key] = found
    return found


def _exchanges(market: Counts, hand: Counts, camels: int) -> list[str]:
    """All legal exchanges (R13): take ≥2 goods, give as many cards of other types or herd camels."""
    out: list[str] = []
    cap = _SUBSET_CAP
    capped = tuple(c if c < cap else cap for c in hand[:6])
    available = sum(capped) + camels
    herd = (camels,)
    for head, keep, k in _takes(market):
        if k > available:
            continue
        pool = tuple(map(mul, keep, capped)) + herd
        groups = _subsets_by_size(pool)
        if k < len(groups):
            out.extend([head + "-" + g for g in groups[k]])
    return out


_LEGAL_CACHE: dict[tuple[Counts, Counts, int], tuple[str, ...]] = {}
_LEGAL_SET_CACHE: dict[tuple[Counts, Counts, int], frozenset[str]] = {}
_CACHE_LIMIT = 400_000


def _legal_key(p: Position) -> tuple[Counts, Counts, int]:
    hand = p.hands[p.to_move]
    room = HAND_LIMIT - sum(hand)
    camels = p.herds[p.to_move]
    if room > _SUBSET_CAP:
        room = _SUBSET_CAP
    return (p.market, hand, camels if camels < room else room)


def _compute_legal(market: Counts, hand: Counts, camels: int) -> tuple[str, ...]:
    moves: list[str] = []
    hand_size = sum(hand)
    if hand_size < HAND_LIMIT:
        moves.extend("T" + GOODS[i] for i in range(6) if market[i])
    if market[CAMEL_INDEX]:
        moves.append("TM")
    for i in range(6):
        low = 2 if GOODS[i] in PRECIOUS else 1
        for n in range(low, hand[i] + 1):
            moves.append(f"S{n}{GOODS[i]}")
    moves.extend(_exchanges(market, hand, camels))
    return tuple(sorted(moves))


def legal_moves(position: Position) -> list[str]:
    """The sorted, duplicate-free list of legal moves for the side to move (empty once the round is over).

    >>> "TM" in legal_moves(new_match(seed=1))
    True
    """
    if position.round_over:
        return []
    return list(legal_tuple(position))


def legal_tuple(p: Position) -> tuple[str, ...]:
    """The sorted legal moves as a memoised tuple, for search (do not call on a finished round).

    Faster than `legal_moves`: the tuple is shared between positions with the same market,
    hand and usable camels, so never change it.

    >>> legal_tuple(new_match(seed=1))[:3]
    ('S1C', 'S1L', 'TG')
    """
    key = _legal_key(p)
    found = _LEGAL_CACHE.get(key)
    if found is None:
        if len(_LEGAL_CACHE) > _CACHE_LIMIT:
            _LEGAL_CACHE.clear()
            _LEGAL_SET_CACHE.clear()
        found = _LEGAL_CACHE[key] = _compute_legal(*key)
    return found




class LegalCache:
    """The memo tables behind `legal_tuple` and `is_legal`: their size, and a way to empty them.

    >>> legal_cache.clear(); len(legal_cache)
    0
    """

    def __len__(self) -> int:
        """How many legal-move tuples are held."""
        return len(_LEGAL_CACHE)

    def clear(self) -> None:
        """Forget every memoised legal-move tuple and set (they are rebuilt on demand)."""
        _LEGAL_CACHE.clear()
        _LEGAL_SET_CACHE.clear()

    def clear_all(self) -> None:
        """Forget every memo table of the rules (legal moves, takes, subsets, move deltas), e.g. for a cold benchmark."""
        self.clear()
        _TAKES_CACHE.clear()
        _SUBSETS_CACHE.clear()
        _DELTAS.clear()


legal_cache = LegalCache()
"""The one `LegalCache` of the rules."""


def _legal_set(p: Position) -> frozenset[str]:
    key = _legal_key(p)
    found = _LEGAL_SET_CACHE.get(key)
    if found is None:
        found = _LEGAL_SET_CACHE[key] = frozenset(legal_tuple(p))
    return found


def is_legal(position: Position, move: Move | str) -> bool:
    """Whether a move (text or Move) is legal for the side to move."""
    return check(position, move) is None


# ---------------------------------------------------------------- why a move is illegal


def _unavailable(message: str) -> IllegalMoveError:
    return IllegalMoveError(message, "unavailable")


def check(position: Position, move: Move | str) -> JaipurError | None:
    """None when the move is legal; otherwise the error saying which rule it breaks, in a player's words.

    >>> check(new_match(seed=1), "XD-L").code
    'R13a'
    """
    if position.status == MATCH_OVER:
        return MatchOverError("The match is over: start a new one.")
    if position.round_over:
        position = next_round(position)
    try:
        m = move if isinstance(move, Move) else parse_move(move)
    except JaipurError as exc:
        return exc
    text = str(m)
    if text in _legal_set(position):
        return None
    return _diagnose(position, m)


def _diagnose(p: Position, m: Move) -> JaipurError:
    seat = p.to_move
    hand = p.hands[seat]
    market = p.market
    herd = p.herds[seat]
    if m.kind == TAKE:
        i = INDEX[m.good]
        if not market[i]:
            return _unavailable(f"There is no {NAMES[m.good]} in the market to take.")
        return IllegalMoveError(
            "Your hand already holds 7 cards: you cannot take another good (R11). Sell or take the camels.", "R11"
        )
    if m.kind == CAMELS:
        return IllegalMoveError("There is no camel in the market to take (R12).", "R12")
    if m.kind == SELL:
        if m.good == "M":
            return IllegalMoveError("Camels can never be sold (R15).", "R15")
        i = INDEX[m.good]
        if m.good in PRECIOUS and m.count < 2:
            return IllegalMoveError(
                f"{PLURALS[m.good].capitalize()} are precious: sell at least two at a time (R16).", "R16"
            )
        return _unavailable(
            f"You hold {hand[i]} {PLURALS[m.good] if hand[i] != 1 else NAMES[m.good]}, not {m.count}."
        )
    # exchange
    taken, given = counts_of(m.taken), counts_of(m.given)
    if taken[CAMEL_INDEX]:
        return IllegalMoveError("Camels can never be taken in an exchange; take all of them instead (R13b).", "R13b")
    if sum(taken) != sum(given):
        return IllegalMoveError(
            f"An exchange gives back exactly as many cards as it takes: {sum(taken)} taken, {sum(given)} given (R13).",
            "R13",
        )
    if sum(taken) < 2:
        return IllegalMoveError("An exchange swaps at least two cards; one for one is not allowed (R13a).", "R13a")
    for i in range(7):
        if taken[i] > market[i]:
            return _unavailable(f"The market does not hold {taken[i]} {PLURALS[GOODS[i]] if i < 6 else 'camels'}.")
    for i in range(6):
        if given[i] > hand[i]:
            return _unavailable(f"Your hand does not hold {given[i]} {PLURALS[GOODS[i]]}.")
    if given[CAMEL_INDEX] > herd:
        return _unavailable(f"Your herd holds {herd} camel(s), not {given[CAMEL_INDEX]}.")
    for i in range(6):
        if taken[i] and given[i]:
            return IllegalMoveError(
                f"You cannot take and give the same good ({NAMES[GOODS[i]]}) in one exchange (R13c).", "R13c"
            )
    after = sum(hand) + given[CAMEL_INDEX]
    return IllegalMoveError(
        f"After this exchange your hand would hold {after} cards; the limit is 7 (R13d).", "R13d"
    )


# ---------------------------------------------------------------- applying

_DELTAS: dict[str, tuple[str, int, int, Counts, Counts]] = {}


def move_delta(text: str) -> tuple[str, int, int, Counts, Counts]:
    """A move's effect as (kind, goods index or -1, count, taken counts, given counts), memoised.

    >>> move_delta("S3D")[:3]
    ('sell', 0, 3)
    """
    found = _DELTAS.get(text)
    if found is None:
        m = parse_move(text)
        idx = INDEX[m.good] if m.good else -1
        found = _DELTAS[text] = (m.kind, idx, m.count, counts_of(m.taken), counts_of(m.given))
    return found


def apply(position: Position, move: Move | str) -> Position:
    """The position after `move`, always validated; a finished round first deals the next one.

    Raises IllegalMoveError (code: rule id or "unavailable"), BadMoveError or MatchOverError.

    >>> p = apply(new_match(seed=1), "TM")
    >>> p.to_move != new_match(seed=1).to_move
    True
    """
    p = position
    if p.round_over:
        p = next_round(p)
    text = move if isinstance(move, str) else str(move)
    if text not in _legal_set(p):
        m = move if isinstance(move, Move) else parse_move(move)
        text = str(m)
        if text not in _legal_set(p):
            raise _diagnose(p, m)
    return play_unchecked(p, text)


def play_unchecked(p: Position, move: str) -> Position:
    """The position after a move KNOWN to be legal (canonical text, round not over); no check, for search.

    >>> p = new_match(seed=1)
    >>> play_unchecked(p, "TM") == apply(p, "TM")
    True
    """
    text = move
    kind, idx, count, taken, given = move_delta(text)
    seat = p.to_move
    market = list(p.market)
    hand = list(p.hands[seat])
    herds = list(p.herds)
    deck = p.deck
    discard = p.discard
    goods = p.goods
    bonus = p.bonus
    taken_goods = p.taken_goods
    taken_bonus = p.taken_bonus
    known = p.known
    mine = known[seat]
    if kind == SELL:
        if mine[idx]:
            k = list(mine)
            k[idx] = k[idx] - count if k[idx] > count else 0
            known = _remember(known, seat, tuple(k))
        hand[idx] -= count
        d = list(discard)
        d[idx] += count
        discard = tuple(d)
        pile = goods[idx]
        got = pile[:count]
        g = list(goods)
        g[idx] = pile[count:]
        goods = tuple(g)
        letter = GOODS[idx]
        mine_goods = taken_goods[seat] + tuple((letter, v) for v in got)
        taken_goods = (mine_goods, taken_goods[1]) if seat == 0 else (taken_goods[0], mine_goods)
        if count >= 3:
            b = 0 if count == 3 else (1 if count == 4 else 2)
            bpile = bonus[b]
            if bpile:
                bl = list(bonus)
                bl[b] = bpile[1:]
                bonus = tuple(bl)
                mine_bonus = taken_bonus[seat] + ((BONUS_SIZES[b], bpile[0]),)
                taken_bonus = (mine_bonus, taken_bonus[1]) if seat == 0 else (taken_bonus[0], mine_bonus)
    else:
        if kind == TAKE:
            market[idx] -= 1
            hand[idx] += 1
            k = list(mine)
            k[idx] += 1
            known = _remember(known, seat, tuple(k))
        elif kind == CAMELS:
            herds[seat] += market[CAMEL_INDEX]
            market[CAMEL_INDEX] = 0
        else:  # exchange: what the seat gives leaves its known cards first, what it takes is known
            k = list(mine)
            for i in range(6):
                if given[i]:
                    k[i] = k[i] - given[i] if k[i] > given[i] else 0
                k[i] += taken[i]
            known = _remember(known, seat, tuple(k))
            for i in range(6):
                if taken[i]:
                    market[i] -= taken[i]
                    hand[i] += taken[i]
                if given[i]:
                    hand[i] -= given[i]
                    market[i] += given[i]
            if given[CAMEL_INDEX]:
                herds[seat] -= given[CAMEL_INDEX]
                market[CAMEL_INDEX] += given[CAMEL_INDEX]
        need = MARKET_SIZE - sum(market)
        if need:
            drawn, deck = deck[:need], deck[need:]
            for ch in drawn:
                market[INDEX[ch]] += 1
    hands = (tuple(hand), p.hands[1]) if seat == 0 else (p.hands[0], tuple(hand))
    return Position(
        p.mode, p.round, p.seals, 1 - seat, p.starter, tuple(market), hands, (herds[0], herds[1]),
        deck, discard, goods, bonus, taken_goods, taken_bonus, p.seed, known,
    )


def _remember(known: tuple[Counts, Counts], seat: int, mine: Counts) -> tuple[Counts, Counts]:
    """The public memory with `seat`'s known cards replaced by `mine`."""
    return (mine, known[1]) if seat == 0 else (known[0], mine)


# ---------------------------------------------------------------- scoring and the match


def next_round(position: Position) -> Position:
    """Deal the next round after a finished one (R8, R30): seals carry over, the rest is dealt anew."""
    if not position.round_over:
        raise JaipurError("The round is still being played: there is no next round yet.", "bad-position")
    res = result(position)
    if res["match_winner"] is not None:
        raise MatchOverError("The match is over: start a new one.")
    seals = res["seals"]
    return deal(position.seed, position.round + 1, position.mode, (seals[0], seals[1]), res["next_starter"])
