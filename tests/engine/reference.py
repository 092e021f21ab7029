"""An independent, deliberately simple reference implementation of RULES.md.

It works only on position JSON dicts (the "jaipur-position/1" form of DESIGN.md)
and never imports the `jaipur` package: the tests compare the engine against it.
Speed is not a goal; obviousness is. Every rule it applies names its id.

Public functions:
    candidate_moves(pos) -> set[str]   every move string of every shape (brute force)
    judge(pos, move) -> str | None      None when legal, else the broken rule id / "unavailable"
    legal(pos) -> list[str]             sorted legal moves
    apply(pos, move) -> dict            the next position (round end and scoring included)
plus helpers for invariants (card_counts, token_problems, check_position) and a
small stand-alone dealer (`deal`) used to test the reference on its own.
"""

from __future__ import annotations

import copy
import itertools
import random
import re
from collections import Counter

# ---------------------------------------------------------------- components (R1-R4)
ORDER = "DGSCPLM"
GOODS = "DGSCPL"
PRECIOUS = "DGS"
CAMEL = "M"
MANIFEST = {"D": 6, "G": 6, "S": 6, "C": 8, "P": 8, "L": 10, "M": 11}  # R1
GOODS_PILES = {  # R2, top first
    "D": [7, 7, 5, 5, 5],
    "G": [6, 6, 5, 5, 5],
    "S": [5, 5, 5, 5, 5],
    "C": [5, 3, 3, 2, 2, 1, 1],
    "P": [5, 3, 3, 2, 2, 1, 1],
    "L": [4, 3, 2, 1, 1, 1, 1, 1, 1],
}
BONUS_PILES = {"3": [1, 1, 2, 2, 2, 3, 3], "4": [4, 4, 5, 5, 6, 6], "5": [8, 8, 9, 10, 10]}  # R3
CAMEL_TOKEN = 5  # R4
MARKET_SIZE = 5
HAND_LIMIT = 7  # R11, R13d, R14


def canon(letters) -> str:
    """Letters sorted into the canonical order D G S C P L M."""
    return "".join(sorted(letters, key=ORDER.index))


def _sub(have: str, remove: str) -> str | None:
    """Multiset difference have - remove (canonical), or None when remove is not inside have."""
    c = Counter(have)
    c.subtract(Counter(remove))
    if any(v < 0 for v in c.values()):
        return None
    return canon(c.elements())


def _inside(have: str, want: str) -> bool:
    """Whether the multiset `want` is inside the multiset `have`."""
    return all(have.count(c) >= want.count(c) for c in set(want))


# ---------------------------------------------------------------- move shapes
_T = re.compile(r"^T([DGSCPLM])$")
_X = re.compile(r"^X([DGSCPLM]+)-([DGSCPLM]+)$")
_S = re.compile(r"^S([1-9][0-9]*)([DGSCPLM])$")


def _multisets(max_size: int = 5) -> list[str]:
    out = []
    for k in range(1, max_size + 1):
        out.extend("".join(c) for c in itertools.combinations_with_replacement(ORDER, k))
    return out


_ALL_CANDIDATES: frozenset[str] | None = None


def all_move_strings() -> frozenset[str]:
    """Every move string of every shape, whatever the position (cached, ~626k strings)."""
    global _ALL_CANDIDATES
    if _ALL_CANDIDATES is None:
        ms = _multisets(5)
        out = {"T" + x for x in ORDER}
        out |= {f"X{a}-{b}" for a in ms for b in ms}
        out |= {f"S{n}{x}" for n in range(1, 8) for x in ORDER}
        _ALL_CANDIDATES = frozenset(out)
    return _ALL_CANDIDATES


def candidate_moves(pos: dict) -> set[str]:
    """Brute force: every move string shape (the position is not consulted)."""
    return set(all_move_strings())


# ---------------------------------------------------------------- judging
# The order in which judge() reports the faults of a move that breaks several
# rules. RULES.md does not fix it; this one is "shape first, then the cards,
# then the hand limit". Tests that compare with the engine accept any code in
# faults(), so they do not depend on this order.
PRIORITY = ("bad-move", "over", "R12", "R15", "R16", "R13b", "R13", "R13a", "unavailable", "R13c", "R11", "R13d")


def faults(pos: dict, move: str) -> set[str]:
    """Every rule `move` breaks in `pos` (empty set when it is legal)."""
    if pos.get("status", "playing") != "playing":
        return {"over"}
    seat = pos["to_move"]
    hand = pos["hands"][seat]
    herd = pos["herds"][seat]
    market = pos["market"]
    out = set()

    m = _T.match(move)
    if m:
        x = m.group(1)
        if x == CAMEL:  # R12: all camels; illegal without any
            if CAMEL not in market:
                out.add("R12")
            return out
        if x not in market:  # R11: a good from the market
            out.add("unavailable")
        if len(hand) >= HAND_LIMIT:  # R11: not with 7 in hand
            out.add("R11")
        return out

    m = _X.match(move)
    if m:
        taken, given = m.group(1), m.group(2)
        if CAMEL in taken:  # R13b
            out.add("R13b")
        if len(taken) != len(given):  # R13: exactly as many back
            out.add("R13")
        if len(taken) < 2:  # R13 "2 or more goods" / R13a one-for-one
            out.add("R13a")
        if set(taken) & set(given):  # R13c
            out.add("R13c")
        given_goods = given.replace(CAMEL, "")
        if not _inside(market, taken) or not _inside(hand, given_goods) or given.count(CAMEL) > herd:
            out.add("unavailable")
        if len(hand) - len(given_goods) + len(taken) > HAND_LIMIT:  # R13d
            out.add("R13d")
        return out

    m = _S.match(move)
    if m:
        n, x = int(m.group(1)), m.group(2)
        if x == CAMEL:  # R15
            return {"R15"}
        if x in PRECIOUS and n < 2:  # R16
            out.add("R16")
        if hand.count(x) < n:
            out.add("unavailable")
        return out

    return {"bad-move"}


def judge(pos: dict, move: str) -> str | None:
    """None when `move` is legal for the side to move, else the id of the broken rule
    (the first of faults() in PRIORITY order).

    "unavailable": cards that are not in the market / hand / herd.
    "bad-move": not a move string; "over": the round is not being played.
    """
    found = faults(pos, move)
    for code in PRIORITY:
        if code in found:
            return code
    assert not found, found
    return None


def legal_bruteforce(pos: dict) -> list[str]:
    """The definition: every candidate the judge accepts (slow: ~626k judgements)."""
    return sorted(mv for mv in candidate_moves(pos) if judge(pos, mv) is None)


def _submultisets(cards: str, k: int) -> set[str]:
    return {"".join(c) for c in itertools.combinations(canon(cards), k)}


def legal(pos: dict) -> list[str]:
    """Same result as legal_bruteforce, but only judges candidates whose cards exist.

    A legal move never uses cards that are not there, so skipping the others
    changes nothing (the self-tests check the two agree).
    """
    if pos.get("status", "playing") != "playing":
        return []
    seat = pos["to_move"]
    hand, herd, market = pos["hands"][seat], pos["herds"][seat], pos["market"]
    cands = {"T" + x for x in set(market)}
    pool = hand + CAMEL * min(herd, MARKET_SIZE)
    for k in range(2, MARKET_SIZE + 1):
        takes = _submultisets(market, k)
        gives = _submultisets(pool, k)
        cands |= {f"X{a}-{b}" for a in takes for b in gives}
    for x in set(hand):
        cands |= {f"S{n}{x}" for n in range(1, hand.count(x) + 1)}
    return sorted(mv for mv in cands if judge(pos, mv) is None)


def plausible_moves(pos: dict) -> set[str]:
    """Candidates built from the cards the side to move can reach, legal or not:
    every take, every sale of 1..7 of each letter, and every exchange of 1..5 cards
    from the market (camels too) against 1..5 from hand + herd. Good for sampling
    near-miss illegal moves (R11, R13*, R16...)."""
    seat = pos["to_move"]
    hand, herd, market = pos["hands"][seat], pos["herds"][seat], pos["market"]
    out = {"T" + x for x in ORDER}
    out |= {f"S{n}{x}" for n in range(1, 8) for x in ORDER}
    pool = hand + CAMEL * min(herd, MARKET_SIZE)
    takes = [t for k in range(1, 6) for t in _submultisets(market, k)]
    gives = [g for k in range(1, 6) for g in _submultisets(pool, k)]
    out |= {f"X{a}-{b}" for a in takes for b in gives}
    return out


def random_near_move(pos: dict, rng: random.Random) -> str:
    """One random member of plausible_moves(pos) (not uniform; cheap and deterministic for a seeded rng)."""
    seat = pos["to_move"]
    hand, herd, market = pos["hands"][seat], pos["herds"][seat], pos["market"]
    kind = rng.random()
    if kind < 0.15:
        return "T" + rng.choice(ORDER)
    if kind < 0.3:
        return f"S{rng.randint(1, 7)}{rng.choice(ORDER)}"
    pool = hand + CAMEL * min(herd, MARKET_SIZE)
    taken = rng.sample(market, rng.randint(1, len(market))) if market else ["D"]
    given = rng.sample(pool, rng.randint(1, min(5, len(pool)))) if pool else ["L"]
    return f"X{canon(taken)}-{canon(given)}"


# ---------------------------------------------------------------- applying
class Illegal(ValueError):
    def __init__(self, code: str, move: str):
        super().__init__(f"{move}: {code}")
        self.code = code


def apply(pos: dict, move: str) -> dict:
    """The position after the side to move plays `move` (a new dict)."""
    code = judge(pos, move)
    if code is not None:
        raise Illegal(code, move)
    p = copy.deepcopy(pos)
    p.pop("result", None)
    seat = p["to_move"]
    hand = p["hands"][seat]
    market = p["market"]
    refill = 0

    # public memory: what the other seat knows of this hand (only when the position carries it)
    known = p["known"][seat] if "known" in p else None

    if move == "TM":  # R12
        k = market.count(CAMEL)
        market = market.replace(CAMEL, "")
        p["herds"][seat] += k
        refill = k
    elif move[0] == "T":  # R11
        x = move[1]
        market = _sub(market, x)
        hand = canon(hand + x)
        refill = 1
        if known is not None:
            known = canon(known + x)  # watched it go from the market into the hand
    elif move[0] == "X":  # R13 (R13e: no refill)
        taken, given = move[1:].split("-")
        given_goods = given.replace(CAMEL, "")
        if known is not None:
            for c in given_goods:  # a given card may be one of the known ones
                known = known.replace(c, "", 1)
            known = canon(known + taken)
        market = canon(_sub(market, taken) + given)
        hand = canon(_sub(hand, given_goods) + taken)
        p["herds"][seat] -= given.count(CAMEL)
    else:  # R15-R18
        n, x = int(move[1:-1]), move[-1]
        hand = _sub(hand, x * n)
        if known is not None:
            known = known.replace(x, "", n)  # sold cards may be the known ones
        p["discard"] = canon(p["discard"] + x * n)
        pile = p["goods"][x]
        got = pile[:n]  # R17: top tokens, possibly fewer
        p["goods"][x] = pile[n:]
        p["taken"][seat]["goods"].extend([x, v] for v in got)
        if n >= 3:  # R18
            key = str(min(n, 5))
            if p["bonus"][key]:
                v = p["bonus"][key][0]
                p["bonus"][key] = p["bonus"][key][1:]
                p["taken"][seat]["bonus"].append([int(key), v])

    p["hands"][seat] = hand
    if known is not None:
        p["known"][seat] = known
    deck = p["deck"]
    # R10 refill / R22 deck runs short
    short = refill > len(deck)
    market = canon(market + deck[:refill])
    p["deck"] = deck[refill:]
    p["market"] = market
    p["to_move"] = 1 - seat

    empty = sum(1 for g in GOODS if not p["goods"][g])
    if empty >= 3 or short:  # R21 / R22
        _end_round(p)
    else:
        p["status"] = "playing"
    return p


def _end_round(p: dict) -> None:
    """Score the round (R23-R27) and the match (R28-R29)."""
    herds = p["herds"]
    camel = 0 if herds[0] > herds[1] else 1 if herds[1] > herds[0] else None  # R23
    scores = []
    for s in (0, 1):  # R24
        t = p["taken"][s]
        scores.append(
            sum(v for _, v in t["goods"]) + sum(v for _, v in t["bonus"]) + (CAMEL_TOKEN if camel == s else 0)
        )
    winner, tiebreak = None, None
    if scores[0] != scores[1]:  # R25
        winner = 0 if scores[0] > scores[1] else 1
    else:  # R26
        for name, key in (("bonus", "bonus"), ("goods", "goods")):
            a, b = len(p["taken"][0][key]), len(p["taken"][1][key])
            if a != b:
                winner, tiebreak = (0 if a > b else 1), name
                break
    seals = list(p["seals"])
    if winner is not None:
        seals[winner] += 1
    match_winner = None
    if p["mode"] == "single-round":  # R29
        match_winner = "draw" if winner is None else winner
    else:  # R28
        if max(seals) >= 2:
            match_winner = 0 if seals[0] >= 2 else 1
        elif p["round"] >= 3:
            match_winner = "draw" if seals[0] == seals[1] else (0 if seals[0] > seals[1] else 1)
    if match_winner is None:
        # R8: the loser starts; no winner: the one who did not act last (= to_move now)
        next_starter = (1 - winner) if winner is not None else p["to_move"]
        p["status"] = "round-over"
    else:
        next_starter = None
        p["status"] = "match-over"
    p["result"] = {
        "scores": scores,
        "camel_token": camel,
        "winner": winner,
        "tiebreak": tiebreak,
        "seals": seals,
        "next_starter": next_starter,
        "match_winner": match_winner,
    }


# ---------------------------------------------------------------- invariants
def card_counts(pos: dict) -> Counter:
    c = Counter(pos["market"]) + Counter(pos["deck"]) + Counter(pos["discard"])
    for h in pos["hands"]:
        c += Counter(h)
    c[CAMEL] += sum(pos["herds"])
    return c


def token_problems(pos: dict) -> list[str]:
    """Conservation of goods and bonus tokens: remaining piles + taken == full piles."""
    out = []
    for g in GOODS:
        remaining = list(pos["goods"][g])
        taken = [v for s in (0, 1) for (x, v) in pos["taken"][s]["goods"] if x == g]
        full = GOODS_PILES[g]
        if remaining != full[len(full) - len(remaining):]:
            out.append(f"goods pile {g} {remaining} is not the bottom of {full}")
        if sorted(remaining + taken) != sorted(full):
            out.append(f"goods {g}: remaining {remaining} + taken {taken} != {full}")
    for k in ("3", "4", "5"):
        remaining = list(pos["bonus"][k])
        taken = [v for s in (0, 1) for (size, v) in pos["taken"][s]["bonus"] if size == int(k)]
        if sorted(remaining + taken) != sorted(BONUS_PILES[k]):
            out.append(f"bonus {k}: remaining {remaining} + taken {taken} != {BONUS_PILES[k]}")
    for s in (0, 1):
        for size, _ in pos["taken"][s]["bonus"]:
            if size not in (3, 4, 5):
                out.append(f"bonus token from pile {size}")
    return out


def check_position(pos: dict) -> list[str]:
    """Every manifest/shape problem of a position (empty list when it is sound)."""
    out = []
    cc = card_counts(pos)
    if dict(cc) != {k: v for k, v in MANIFEST.items()}:
        out.append(f"cards {dict(cc)} != manifest {MANIFEST}")
    out += token_problems(pos)
    for h in pos["hands"]:
        if CAMEL in h:
            out.append(f"camel in hand {h}")
        if len(h) > HAND_LIMIT:
            out.append(f"hand of {len(h)}")
        if h != canon(h):
            out.append(f"hand not canonical {h}")
    if CAMEL in pos["discard"]:
        out.append("camel in the discard pile")
    for name in ("market", "discard"):
        if pos[name] != canon(pos[name]):
            out.append(f"{name} not canonical {pos[name]}")
    if pos.get("status", "playing") == "playing" and len(pos["market"]) != MARKET_SIZE:
        out.append(f"market of {len(pos['market'])} while playing")
    return out


# ---------------------------------------------------------------- a stand-alone dealer
def deal(seed: int, mode: str = "standard", round_no: int = 1, seals=(0, 0), starter: int | None = None) -> dict:
    """A fresh round dealt with Python's `random` (R5-R7). NOT the engine's deal:
    only for testing the reference by itself."""
    r = random.Random(seed)
    cards = [x for x, n in MANIFEST.items() for _ in range(n)]
    for _ in range(3):
        cards.remove(CAMEL)
    r.shuffle(cards)
    h0, h1, extra, deck = cards[:5], cards[5:10], cards[10:12], cards[12:]
    if starter is None:
        starter = r.randrange(2)
    bonus = {}
    for k, pile in BONUS_PILES.items():
        pile = list(pile)
        r.shuffle(pile)
        bonus[k] = pile
    return {
        "format": "jaipur-position/1",
        "mode": mode,
        "round": round_no,
        "seals": list(seals),
        "to_move": starter,
        "starter": starter,
        "market": canon("MMM" + "".join(extra)),
        "hands": [canon(x for x in h if x != CAMEL) for h in (h0, h1)],
        "herds": [h0.count(CAMEL), h1.count(CAMEL)],
        "deck": "".join(deck),
        "discard": "",
        "goods": {g: list(v) for g, v in GOODS_PILES.items()},
        "bonus": bonus,
        "taken": [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}],
        "seed": seed,
        "known": ["", ""],
        "status": "playing",
    }
